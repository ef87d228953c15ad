#pragma once
// Shared by the LAP test suites: instance families, solving through every configuration, and the checks
// every optimal solution must pass.

#include <QtTest/QtTest>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "solver/core/trace.h"
#include "solver/lap/certificate.h"
#include "solver/lap/generators.h"
#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/lap_solver.h"

namespace ms::lap::testing {

// Base seed of the property tests: fixed for reproducibility, overridable to draw other instances
// (MATCHSCOPE_TEST_SEED=<n>). Failures print the seed of the failing instance.
inline uint64_t baseSeed() {
  const QByteArray fromEnvironment = qgetenv("MATCHSCOPE_TEST_SEED");
  return fromEnvironment.isEmpty() ? 20261122 : fromEnvironment.toULongLong();
}

// Every generator family, with the paper's three integer ranges.
inline std::vector<std::pair<std::string, GeneratorSpec>> generatorFamilies(int32_t n, uint64_t seed) {
  return {
      {"uniform[0,n/10)", {Generator::Uniform, n, CostRange::TenthN, seed}},
      {"uniform[0,n)", {Generator::Uniform, n, CostRange::N, seed}},
      {"uniform[0,10n)", {Generator::Uniform, n, CostRange::TenN, seed}},
      {"real", {Generator::Real, n, CostRange::N, seed}},
      {"exponential", {Generator::Exponential, n, CostRange::N, seed}},
      {"euclidean", {Generator::Euclidean, n, CostRange::N, seed}},
  };
}

// Copies `costs` with each entry forbidden (+inf) with probability `share`.
inline CostMatrix<double> withForbiddenEntries(const CostMatrix<double>& costs, double share, uint64_t seed) {
  CostMatrix<double> out(costs.rows(), costs.cols());
  std::mt19937_64 random(seed);
  std::bernoulli_distribution forbid(share);
  for (int64_t k = 0; k < costs.size(); ++k) {
    out.data()[k] = forbid(random) ? std::numeric_limits<double>::infinity() : costs.data()[k];
  }
  return out;
}

// The tied families (lap::tiedCosts) with their optimum, -1 where none is known in closed form.
inline const std::vector<std::string> kTiedKinds = {"equal", "one-row", "one-column", "duplicates"};
inline int64_t tiedOptimum(const std::string& kind, int32_t n) {
  return kind == "equal" ? n : kind == "duplicates" ? -1 : 1;
}

// Iterations a tied matrix may take: random costs of a few hundred rows take 15-20; before the tie rules,
// tied ones took one iteration per row.
inline constexpr int32_t kTiedIterationLimit = 24;

struct Configuration {
  LapAlgorithm algorithm;
  Backend backend;
  int threads;
  Granularity granularity = Granularity::Phase;
  std::string label() const {
    return std::string(algorithmName(algorithm)) + "/" + std::string(backendName(backend)) +
           (backend == Backend::Cpu ? std::to_string(threads) : "") +
           (granularity == Granularity::Search ? "/search" : "");
  }
};

// Both Hungarian variants on both CPU kernel sets (OpenMP with 2 threads exercises the races).
inline std::vector<Configuration> cpuConfigurations() {
  return {{LapAlgorithm::Classical, Backend::Sequential, 1},
          {LapAlgorithm::Classical, Backend::Cpu, 2},
          {LapAlgorithm::Tree, Backend::Sequential, 1},
          {LapAlgorithm::Tree, Backend::Cpu, 2}};
}

template <CostType T>
struct Solved {
  LapSolution<T> solution;
  Trace trace;
};

template <CostType T>
Solved<T> solve(const CostMatrix<T>& costs, const Configuration& configuration) {
  auto solver = makeLapSolver(costs, LapOptions{configuration.algorithm, configuration.backend,
                                                configuration.threads, configuration.granularity});
  Solved<T> out;
  out.trace = runToEnd(*solver);
  out.solution = solver->solution();
  return out;
}

// Objectives of two optimal solutions agree: exactly for integers, within n * tolerance for reals.
template <CostType T>
bool sameOptimum(DualOf<T> a, DualOf<T> b, const CostMatrix<T>& costs) {
  if constexpr (std::is_integral_v<T>) {
    return a == b;
  } else {
    const double slack = 4.0 * (costs.rows() + 1) * std::max(zeroTolerance(costs), 1e-12);
    return std::abs(a - b) <= slack;
  }
}

// Certificate tolerance used by the tests: a few times the solver's own zero tolerance.
template <CostType T>
double certificateTolerance(const CostMatrix<T>& costs) {
  return 4.0 * static_cast<double>(zeroTolerance(costs));
}

// The solution is a permutation, its objective is its cost, and its duals certify it.
template <CostType T>
void verifyOptimal(const CostMatrix<T>& costs, const LapSolution<T>& solution, const QString& context) {
  const CertificateReport report = checkCertificate(costs, solution.rowToCol, solution.rowDual,
                                                    solution.colDual, certificateTolerance(costs));
  QVERIFY2(report.valid, qPrintable(context + ": " + QString::fromStdString(report.problem)));
  DualOf<T> total = 0;
  for (int32_t i = 0; i < costs.rows(); ++i) total += static_cast<DualOf<T>>(costs(i, solution.rowToCol[i]));
  QVERIFY2(sameOptimum(total, solution.objective, costs),
           qPrintable(context + ": objective is not the assignment's cost"));
}

// Steps the classical variant phase by phase; before every dual update recomputes, from the snapshot, the
// smallest slack over the uncovered rows and columns, which the update's theta must equal (it keeps each
// row's argmin instead of reading the matrix: exactly for integers, up to rounding of the slacks for reals),
// and checks that the update and the zero-slack lists read no row that is covered.
template <CostType T>
void checkClassicalDualUpdates(const CostMatrix<T>& costs, const Configuration& configuration,
                               const QString& context) {
  auto solver = makeLapSolver(costs, LapOptions{LapAlgorithm::Classical, configuration.backend,
                                                configuration.threads, Granularity::Phase});
  const double tolerance = std::is_integral_v<T> ? 0.0 : certificateTolerance(costs);
  Snapshot snapshot;
  int updates = 0;
  while (!solver->done()) {
    const std::string_view phase = solver->nextPhase();
    if (phase != "dual_update" && phase != "compress_zeros") {
      solver->step();
      continue;
    }
    solver->snapshot(snapshot);
    const LapSnapshot& state = std::get<LapSnapshot>(snapshot);
    double smallest = std::numeric_limits<double>::infinity();
    int32_t uncoveredRows = 0;
    for (int32_t i = 0; i < costs.rows(); ++i) {
      if (state.rowCovered[i] != 0) continue;
      ++uncoveredRows;
      for (int32_t j = 0; j < costs.cols(); ++j) {
        if (state.colCovered[j] == 0)
          smallest =
              std::min(smallest, static_cast<double>(costs(i, j)) - state.rowDual[i] - state.colDual[j]);
      }
    }
    const StepRecord record = solver->step();
    const QString where = context + QString(" step %1").arg(record.step);
    if (phase == "dual_update") {
      ++updates;
      QVERIFY2(std::abs(record.counters[kTheta] - smallest) <= tolerance,
               qPrintable(where + QString(": theta %1, smallest uncovered slack %2")
                                      .arg(record.counters[kTheta], 0, 'g', 17)
                                      .arg(smallest, 0, 'g', 17)));
    }
    // The first lists of a solve read every row; afterwards only uncovered rows are read.
    if (!(phase == "compress_zeros" && updates == 0))
      QVERIFY2(record.counters[kRowsScanned] <= uncoveredRows,
               qPrintable(where + ": a covered row was read"));
  }
  QVERIFY2(updates > 0, qPrintable(context + ": no dual update to check"));
}

}  // namespace ms::lap::testing
