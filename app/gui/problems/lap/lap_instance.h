#pragma once
// What the studio needs to know about linear assignment problems: where an instance comes from, the
// square form the solvers and views share, a machine factory for the run controller, what each Hungarian
// phase did in words.

#include <QString>
#include <memory>

#include "app/gui/run_controller.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_solver.h"

namespace ms::studio {

struct LapInstanceSource {
  QString file;  // read this file when set, else generate
  lap::GeneratorSpec generator;
};

// An instance in the square minimisation form (rectangular input padded with zero-cost dummies).
struct LapInstance {
  std::shared_ptr<const lap::AnyCostMatrix> costs;
  QString description;    // "uniform n=200 range=[0,200) seed=1", or the file name
  int32_t givenRows = 0;  // before padding
  int32_t givenCols = 0;
  int32_t n() const;
};

// Throws ms::InputError for a bad file, ms::ResourceError when it cannot fit in memory.
LapInstance loadLapInstance(const LapInstanceSource& source);

// Each call builds a fresh solver on `costs`. options.backend must be resolved (see lap::resolveBackend).
MachineFactory lapMachineFactory(std::shared_ptr<const lap::AnyCostMatrix> costs, lap::LapOptions options);

// One line on what a Hungarian step did, from its phase and counters; n is the square size.
QString explainLapStep(const StepRecord& record, int32_t n);

}  // namespace ms::studio
