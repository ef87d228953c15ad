#pragma once
// Shared by the studio's widget and view tests: instances and headless reference solves.

#include <QtTest/QtTest>
#include <initializer_list>
#include <memory>
#include <utility>

#include "solver/core/trace.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_solver.h"

namespace ms::studio::testing {

inline std::shared_ptr<const lap::AnyCostMatrix> uniformInstance(int32_t n, uint64_t seed,
                                                                 lap::CostRange range = lap::CostRange::N) {
  return std::make_shared<const lap::AnyCostMatrix>(lap::generate({lap::Generator::Uniform, n, range, seed}));
}

inline lap::LapOptions sequential(lap::LapAlgorithm algorithm) {
  return {algorithm, lap::Backend::Sequential, 1};
}

// The snapshot of a machine after each of its steps, stepped headless to the end.
template <class Visit>
void forEachStep(StepMachine& machine, Visit visit) {
  Snapshot snapshot;
  while (!machine.done()) {
    const StepRecord record = machine.step();
    machine.snapshot(snapshot);
    visit(record, snapshot);
  }
}

// The first of `fields` (its name, and whether two snapshots agree on it) that differs, named with the step;
// empty when they agree everywhere.
inline QString firstDifference(std::initializer_list<std::pair<const char*, bool>> fields, int64_t step) {
  for (const auto& [name, same] : fields) {
    if (!same) return QStringLiteral("%1 differs at step %2").arg(QLatin1String(name)).arg(step);
  }
  return {};
}

}  // namespace ms::studio::testing
