// Property tests of the exact LAP solvers on the CPU: both Hungarian variants on both CPU kernel sets,
// checked by their dual certificates, against brute force, against each other, and through their traces.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>

#include "solver/core/errors.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/certificate.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/problem.h"
#include "tests/lap/lap_test_support.h"

using namespace ms;
using namespace ms::lap;
using namespace ms::lap::testing;

namespace {

template <CostType T>
DualOf<T> bruteForceOptimum(const CostMatrix<T>& costs) {
  auto solver = makeBruteForce(costs);
  runToEnd(*solver);
  return solver->solution().objective;
}

// Solves with every CPU configuration, verifies each certificate and that all reach the same optimum.
template <CostType T>
DualOf<T> solveEverywhere(const CostMatrix<T>& costs, const QString& context) {
  DualOf<T> first = 0;
  bool haveFirst = false;
  for (const Configuration& configuration : cpuConfigurations()) {
    const QString where = context + " " + QString::fromStdString(configuration.label());
    const Solved<T> solved = solve(costs, configuration);
    verifyOptimal(costs, solved.solution, where);
    if (QTest::currentTestFailed()) return first;
    if (!haveFirst) {
      first = solved.solution.objective;
      haveFirst = true;
    }
    if (!sameOptimum(first, solved.solution.objective, costs)) {
      QTest::qFail(qPrintable(where + ": optimum differs from the other configurations"), __FILE__, __LINE__);
      return first;
    }
  }
  return first;
}

template <CostType T>
CostMatrix<T> randomMatrix(int32_t rows, int32_t cols, T low, T high, uint64_t seed) {
  std::mt19937_64 random(seed);
  CostMatrix<T> costs(rows, cols);
  for (int64_t k = 0; k < costs.size(); ++k) {
    if constexpr (std::is_integral_v<T>) {
      costs.data()[k] = std::uniform_int_distribution<T>(low, high)(random);
    } else {
      costs.data()[k] = std::uniform_real_distribution<T>(low, high)(random);
    }
  }
  return costs;
}

}  // namespace

class TestLapSolvers : public QObject {
  Q_OBJECT

 private slots:
  // Degenerate costs (all equal, one row or column of ones, {0, 1, 2}) cost about what random ones cost:
  // every variant and kernel set solves them optimally in at most kTiedIterationLimit iterations. Before
  // the tie rules each took n iterations (all-equal 2000 x 2000: 6-59 s against 75 ms for random costs).
  void tiedCostsTakeAboutAsFewIterationsAsRandomOnes() {
    constexpr int32_t n = 400;
    for (const std::string& kind : kTiedKinds) {
      const CostMatrix<int32_t> costs = tiedCosts(kind, n, baseSeed() + 900);
      int64_t optimum = tiedOptimum(kind, n);
      if (optimum < 0) optimum = solve(costs, cpuConfigurations().front()).solution.objective;
      for (const Configuration& configuration : cpuConfigurations()) {
        const QString where = QString::fromStdString(kind + " n=400 " + configuration.label());
        const Solved<int32_t> solved = solve(costs, configuration);
        verifyOptimal(costs, solved.solution, where);
        QVERIFY2(solved.solution.objective == optimum, qPrintable(where));
        QVERIFY2(solved.solution.iterations <= kTiedIterationLimit,
                 qPrintable(where + QString(": %1 iterations").arg(solved.solution.iterations)));
      }
    }
  }

  // Hundreds of instances: every generator family at every size 1..64, four configurations each.
  void certificateOnEverySmallSize() {
    const uint64_t seed0 = baseSeed();
    int solved = 0;
    for (int32_t n = 1; n <= 64; ++n) {
      for (const auto& [family, spec] : generatorFamilies(n, seed0 + static_cast<uint64_t>(n))) {
        const AnyCostMatrix costs = generate(spec);
        const QString context = QString("%1 n=%2 seed=%3").arg(family.c_str()).arg(n).arg(spec.seed);
        std::visit([&](const auto& m) { solveEverywhere(m, context); }, costs);
        if (QTest::currentTestFailed()) return;
        ++solved;
      }
    }
    QCOMPARE(solved, 64 * 6);
  }

  // Duals near the int64 limits: u + v - c wraps to a negative number in int64; the check must see the
  // true excess 2^63 and refuse, and a NaN dual must never pass as feasible.
  void certificateArithmeticDoesNotWrap() {
    CostMatrix<int64_t> costs(1, 1);
    costs(0, 0) = 0;
    const CertificateReport wrapped = checkCertificate(
        costs, std::vector<int32_t>{0}, std::vector<int64_t>{std::numeric_limits<int64_t>::max()},
        std::vector<int64_t>{1}, 0.0);
    QVERIFY(!wrapped.valid);
    QVERIFY2(wrapped.worstViolation > 9e18, qPrintable(QString::number(wrapped.worstViolation)));
    CostMatrix<double> real(1, 1);
    real(0, 0) = 1;
    const CertificateReport nan = checkCertificate(
        real, std::vector<int32_t>{0}, std::vector<double>{std::nan("")}, std::vector<double>{0}, 1e-9);
    QVERIFY(!nan.valid);
    // The largest |cost| saturates instead of wrapping, so the summable-range check refuses it.
    CostMatrix<int64_t> extreme(1, 2);
    extreme(0, 0) = std::numeric_limits<int64_t>::min();
    extreme(0, 1) = 1;
    QCOMPARE(maxAbsFiniteCost(extreme), std::numeric_limits<int64_t>::max());
    QVERIFY_THROWS_EXCEPTION(SolveError, requireExactInt64Duals(maxAbsFiniteCost(extreme), 2));
  }

  void matchesBruteForceUpToNine() {
    const uint64_t seed0 = baseSeed() + 1000;
    for (int32_t n = 1; n <= 9; ++n) {
      for (uint64_t trial = 0; trial < 4; ++trial) {
        for (const auto& [family, spec] :
             generatorFamilies(n, seed0 + 10 * static_cast<uint64_t>(n) + trial)) {
          const AnyCostMatrix costs = generate(spec);
          std::visit(
              [&](const auto& m) {
                const QString context = QString("%1 n=%2 seed=%3").arg(family.c_str()).arg(n).arg(spec.seed);
                const auto optimum = solveEverywhere(m, context);
                if (QTest::currentTestFailed()) return;
                QVERIFY2(sameOptimum(optimum, bruteForceOptimum(m), m),
                         qPrintable(context + ": differs from brute force"));
              },
              costs);
          if (QTest::currentTestFailed()) return;
        }
      }
    }
  }

  // Forbidden entries: every configuration is optimal when brute force finds a feasible assignment and
  // reports infeasibility exactly when brute force does.
  void forbiddenEntriesAgreeWithBruteForce() {
    const uint64_t seed0 = baseSeed() + 2000;
    int feasible = 0, infeasible = 0;
    for (int32_t n = 2; n <= 8; ++n) {
      for (uint64_t trial = 0; trial < 12; ++trial) {
        const uint64_t seed = seed0 + 100 * static_cast<uint64_t>(n) + trial;
        const auto base = std::get<CostMatrix<double>>(generate({Generator::Real, n, CostRange::N, seed}));
        const CostMatrix<double> costs = withForbiddenEntries(base, 0.55, seed);
        const QString context = QString("forbidden n=%1 seed=%2").arg(n).arg(seed);
        bool bruteFeasible = true;
        double optimum = 0;
        try {
          optimum = bruteForceOptimum(costs);
        } catch (const InfeasibleError&) {
          bruteFeasible = false;
        }
        for (const Configuration& configuration : cpuConfigurations()) {
          const QString where = context + " " + QString::fromStdString(configuration.label());
          if (bruteFeasible) {
            const Solved<double> solved = solve(costs, configuration);
            verifyOptimal(costs, solved.solution, where);
            QVERIFY2(sameOptimum(solved.solution.objective, optimum, costs),
                     qPrintable(where + ": not optimal"));
          } else {
            QVERIFY_THROWS_EXCEPTION(InfeasibleError, solve(costs, configuration));
          }
        }
        (bruteFeasible ? feasible : infeasible)++;
      }
    }
    // The share of forbidden entries is chosen so that both outcomes occur often.
    QVERIFY2(feasible > 10 && infeasible > 10,
             qPrintable(QString("feasible %1, infeasible %2").arg(feasible).arg(infeasible)));
  }

  void infeasibleStructuresAreReportedNotLooped() {
    const double inf = std::numeric_limits<double>::infinity();
    CostMatrix<double> emptyRow(3, 3);
    CostMatrix<double> hallViolation(4, 4);
    for (int32_t i = 0; i < 4; ++i) {
      for (int32_t j = 0; j < 4; ++j) {
        if (i < 3 && j < 3) emptyRow(i, j) = i == 1 ? inf : 1.0 + i + j;
        // Rows 0..2 may only use columns 0 and 1: three rows, two columns.
        hallViolation(i, j) = (i < 3 && j >= 2) ? inf : 1.0 + (i * j) % 3;
      }
    }
    for (Configuration configuration : cpuConfigurations()) {
      for (Granularity granularity : {Granularity::Phase, Granularity::Search}) {
        configuration.granularity = granularity;
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, solve(emptyRow, configuration));
        QVERIFY_THROWS_EXCEPTION(InfeasibleError, solve(hallViolation, configuration));
      }
    }
  }

  void largerInstancesAgree() {
    const uint64_t seed = baseSeed() + 3000;
    const std::vector<std::pair<int32_t, GeneratorSpec>> cases = {
        {200, {Generator::Uniform, 200, CostRange::TenN, seed}},
        {200, {Generator::Exponential, 200, CostRange::N, seed + 1}},
        {500, {Generator::Uniform, 500, CostRange::N, seed + 2}},
        {500, {Generator::Euclidean, 500, CostRange::N, seed + 3}},
        {1000, {Generator::Uniform, 1000, CostRange::TenthN, seed + 4}},
        {1000, {Generator::Uniform, 1000, CostRange::N, seed + 5}},
        {700, {Generator::Real, 700, CostRange::N, seed + 6}},
    };
    for (const auto& [n, spec] : cases) {
      const AnyCostMatrix costs = generate(spec);
      const QString context = QString("%1 n=%2").arg(generatorName(spec.generator).data()).arg(n);
      std::visit([&](const auto& m) { solveEverywhere(m, context); }, costs);
      if (QTest::currentTestFailed()) return;
    }
  }

  void integerAndFloatCostTypes() {
    const uint64_t seed = baseSeed() + 4000;
    for (int32_t n : {5, 9, 40}) {
      // int64 costs far beyond int32, still exact.
      const auto wide = randomMatrix<int64_t>(n, n, -4'000'000'000'000LL, 4'000'000'000'000LL, seed + n);
      const auto wideOptimum = solveEverywhere(wide, QString("int64 n=%1").arg(n));
      if (n <= 9) QCOMPARE(wideOptimum, bruteForceOptimum(wide));
      const auto single = randomMatrix<float>(n, n, -50.0f, 50.0f, seed + 100 + n);
      const auto singleOptimum = solveEverywhere(single, QString("float n=%1").arg(n));
      if (n <= 9) QVERIFY(sameOptimum(singleOptimum, bruteForceOptimum(single), single));
      if (QTest::currentTestFailed()) return;
    }
  }

  // Rectangular and maximisation instances, against an independent enumeration of injective maps.
  void rectangularAndMaximizeMatchEnumeration() {
    const uint64_t seed = baseSeed() + 5000;
    for (const auto& [rows, cols] :
         std::vector<std::pair<int32_t, int32_t>>{{3, 6}, {6, 3}, {5, 7}, {7, 4}, {1, 5}}) {
      for (bool maximize : {false, true}) {
        const auto costs = randomMatrix<int32_t>(rows, cols, -20, 60, seed + 31 * rows + cols + maximize);
        // Enumerate assignments of the smaller side into the larger one.
        const bool byRows = rows <= cols;
        const int32_t small = byRows ? rows : cols, large = byRows ? cols : rows;
        std::vector<int32_t> order(static_cast<std::size_t>(large));
        std::iota(order.begin(), order.end(), 0);
        int64_t best = maximize ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
        do {
          int64_t total = 0;
          for (int32_t k = 0; k < small; ++k) total += byRows ? costs(k, order[k]) : costs(order[k], k);
          best = maximize ? std::max(best, total) : std::min(best, total);
        } while (std::next_permutation(order.begin(), order.end()));

        const PreparedProblem<int32_t> problem(costs, maximize);
        for (const Configuration& configuration : cpuConfigurations()) {
          const Solved<int32_t> solved = solve(problem.square(), configuration);
          const LapAnswer<int32_t> answer = problem.answer(solved.solution.rowToCol);
          const QString context = QString("%1x%2 %3 %4")
                                      .arg(rows)
                                      .arg(cols)
                                      .arg(maximize ? "max" : "min")
                                      .arg(configuration.label().c_str());
          QVERIFY2(answer.objective == best,
                   qPrintable(context + QString(": %1 != %2").arg(answer.objective).arg(best)));
          QCOMPARE(answer.assigned, small);
          std::set<int32_t> usedColumns;
          for (int32_t j : answer.rowToCol) {
            if (j >= 0) QVERIFY2(usedColumns.insert(j).second, qPrintable(context + ": column used twice"));
          }
        }
      }
    }
  }

  // The trace accounts for every assignment: paths found by the reverse passes sum to n, each optimality
  // check reports the running total, and step indices are consecutive.
  void traceAccountsForEveryAssignment() {
    const uint64_t seed = baseSeed() + 6000;
    for (const Configuration& configuration : cpuConfigurations()) {
      for (int32_t n : {1, 17, 150}) {
        const auto costs =
            std::get<CostMatrix<int32_t>>(generate({Generator::Uniform, n, CostRange::TenN, seed + n}));
        const Solved<int32_t> solved = solve(costs, configuration);
        const auto& records = solved.trace.records();
        double pathsSoFar = 0;
        int augments = 0;
        for (std::size_t k = 0; k < records.size(); ++k) {
          const StepRecord& r = records[k];
          QCOMPARE(r.step, static_cast<int64_t>(k));
          QVERIFY(r.wall_ns > 0);
          if (r.phase == "reverse_pass") pathsSoFar += r.counters[kPaths];
          if (r.phase == "augment") ++augments;
          if (r.phase == "optimality_check") QCOMPARE(r.counters[kAssigned], pathsSoFar);
          if (r.phase == "dual_update") QVERIFY(r.counters[kTheta] > 0);
        }
        QCOMPARE(pathsSoFar, static_cast<double>(n));
        QCOMPARE(augments, solved.solution.iterations);
        QCOMPARE(records.back().phase, std::string_view("optimality_check"));
      }
    }
  }

  // The search granularity runs the same phases, grouped into search steps: on the sequential kernel set the
  // same assignment, and each search step's counts add up to the phase-by-phase trace's.
  void searchGranularityGroupsTheSamePhases() {
    const uint64_t seed = baseSeed() + 6500;
    for (Configuration configuration : cpuConfigurations()) {
      for (const GeneratorSpec& spec : {GeneratorSpec{Generator::Uniform, 150, CostRange::TenN, seed},
                                        GeneratorSpec{Generator::Real, 120, CostRange::N, seed + 1}}) {
        std::visit(
            [&](const auto& costs) {
              configuration.granularity = Granularity::Phase;
              const auto byPhase = solve(costs, configuration);
              configuration.granularity = Granularity::Search;
              const auto bySearch = solve(costs, configuration);
              const QString where =
                  QString::fromStdString(configuration.label()) + " " + generatorName(spec.generator).data();
              verifyOptimal(costs, bySearch.solution, where);
              if (QTest::currentTestFailed()) return;
              QVERIFY2(sameOptimum(bySearch.solution.objective, byPhase.solution.objective, costs),
                       qPrintable(where));
              double levels = 0, dualUpdates = 0, rowsScanned = 0, searchLevels = 0, searchUpdates = 0,
                     searchPaths = 0, searchRowsScanned = 0;
              for (const StepRecord& r : byPhase.trace.records()) {
                levels += r.phase == "forward_level";
                dualUpdates += r.phase == "dual_update";
                if (!std::isnan(r.counters[kRowsScanned])) rowsScanned += r.counters[kRowsScanned];
              }
              int searches = 0;
              for (const StepRecord& r : bySearch.trace.records()) {
                QVERIFY2(r.phase != "forward_level" && r.phase != "dual_update" && r.phase != "augment",
                         qPrintable(where + ": a phase step at search granularity"));
                if (r.phase != "search") continue;
                ++searches;
                searchLevels += r.counters[kLevels];
                searchUpdates += r.counters[kDualUpdates];
                searchPaths += r.counters[kPaths];
                if (!std::isnan(r.counters[kRowsScanned])) searchRowsScanned += r.counters[kRowsScanned];
                QVERIFY(r.counters[kForwardNs] + r.counters[kDualUpdateNs] + r.counters[kAugmentNs] <=
                        r.wall_ns);
              }
              QCOMPARE(searchPaths, static_cast<double>(costs.rows()));
              QCOMPARE(bySearch.trace.records().back().counters[kAssigned],
                       static_cast<double>(costs.rows()));
              QCOMPARE(searches,
                       (bySearch.solution.iterations + kIterationsPerSearch - 1) / kIterationsPerSearch);
              if (configuration.backend == Backend::Sequential) {
                QVERIFY2(bySearch.solution.rowToCol == byPhase.solution.rowToCol, qPrintable(where));
                QCOMPARE(bySearch.solution.iterations, byPhase.solution.iterations);
                QCOMPARE(searchLevels, levels);
                QCOMPARE(searchUpdates, dualUpdates);
                QCOMPARE(searchRowsScanned, rowsScanned);
              }
            },
            generate(spec));
        if (QTest::currentTestFailed()) return;
      }
    }
  }

  // The classical dual update's incremental theta and row reads, on both CPU kernel sets, against a full
  // recomputation before every update (test_lap_cuda runs the same check on the CUDA kernel set).
  void classicalDualUpdateMatchesAFullPass() {
    const uint64_t seed = baseSeed() + 7000;
    for (const Configuration& configuration : cpuConfigurations()) {
      if (configuration.algorithm != LapAlgorithm::Classical) continue;
      for (const GeneratorSpec& spec : {GeneratorSpec{Generator::Uniform, 90, CostRange::TenN, seed},
                                        GeneratorSpec{Generator::Uniform, 80, CostRange::N, seed + 1},
                                        GeneratorSpec{Generator::Real, 80, CostRange::N, seed + 2},
                                        GeneratorSpec{Generator::Euclidean, 70, CostRange::N, seed + 3}}) {
        const QString context = QString::fromStdString(configuration.label()) + " " +
                                generatorName(spec.generator).data() + QString(" seed %1").arg(spec.seed);
        std::visit([&](const auto& costs) { checkClassicalDualUpdates(costs, configuration, context); },
                   generate(spec));
        if (QTest::currentTestFailed()) return;
      }
    }
  }

  // After each reverse pass the snapshot's paths are vertex-disjoint alternating paths of zero-slack edges
  // from an unassigned row to an unassigned column, and the augmentation adds exactly one assignment each.
  void snapshotPathsAreDisjointAugmentingPaths() {
    const uint64_t seed = baseSeed() + 7000;
    for (const Configuration& configuration : cpuConfigurations()) {
      const int32_t n = 300;  // large enough for the OpenMP kernel set to run its loops in parallel
      const auto costs = std::get<CostMatrix<int32_t>>(generate({Generator::Uniform, n, CostRange::N, seed}));
      auto solver = makeLapSolver(
          costs, LapOptions{configuration.algorithm, configuration.backend, configuration.threads});
      Snapshot snapshot;
      int checkedPaths = 0;
      while (!solver->done()) {
        const StepRecord record = solver->step();
        if (record.phase != "reverse_pass") continue;
        solver->snapshot(snapshot);
        const LapSnapshot& s = std::get<LapSnapshot>(snapshot);
        QCOMPARE(static_cast<double>(s.augmentingPaths.size()), record.counters[kPaths]);
        std::set<int32_t> rowsSeen, colsSeen;
        for (const std::vector<int32_t>& path : s.augmentingPaths) {
          QVERIFY(path.size() >= 2 && path.size() % 2 == 0);
          QCOMPARE(s.rowAssignment[path.front()], -1);
          QCOMPARE(s.colAssignment[path.back()], -1);
          for (std::size_t k = 0; k < path.size(); k += 2) {
            const int32_t row = path[k], col = path[k + 1];
            QVERIFY2(rowsSeen.insert(row).second && colsSeen.insert(col).second, "paths share a vertex");
            QCOMPARE(costs(row, col) - s.rowDual[row] - s.colDual[col], 0.0);  // zero slack, unassigned edge
            if (k > 0) QCOMPARE(s.rowAssignment[row], path[k - 1]);            // assigned edge into the row
          }
        }
        const int32_t before = s.assignedCount;
        const auto paths = static_cast<int32_t>(s.augmentingPaths.size());
        QCOMPARE(solver->step().phase, std::string_view("augment"));
        solver->snapshot(snapshot);  // overwrites s
        QCOMPARE(std::get<LapSnapshot>(snapshot).assignedCount, before + paths);
        checkedPaths += paths;
      }
      QCOMPARE(checkedPaths, n);
    }
  }

  // The counter stream draws entry (i, j) from (seed, i, j) alone: the slices of P = 1, 2 or 3 ranks, over
  // rows or columns, each generated by itself, assemble to the whole matrix, for every family.
  void counterStreamSlicesAssembleToTheWholeMatrix() {
    std::mt19937_64 random(baseSeed() + 8000);
    for (int trial = 0; trial < 6; ++trial) {
      const auto n = static_cast<int32_t>(std::uniform_int_distribution<int>(1, 37)(random));
      for (auto [name, spec] : generatorFamilies(n, random())) {
        spec.stream = GeneratorStream::Counter;
        const AnyCostMatrix whole = generate(spec);
        for (const SliceAxis axis : {SliceAxis::Rows, SliceAxis::Columns}) {
          for (const int ranks : {1, 2, 3}) {
            const QString context = QString("%1 n=%2 seed=%3 ranks=%4 %5")
                                        .arg(QString::fromStdString(name))
                                        .arg(n)
                                        .arg(spec.seed)
                                        .arg(ranks)
                                        .arg(axis == SliceAxis::Rows ? "rows" : "columns");
            std::visit([&](const auto& matrix) { checkSlices(spec, axis, ranks, matrix, context); }, whole);
          }
        }
      }
    }
  }

  void counterStreamCoversTheRangeAndStaysInIt() {
    for (const CostRange range : {CostRange::TenthN, CostRange::N, CostRange::TenN}) {
      GeneratorSpec spec{Generator::Uniform, 300, range, baseSeed()};
      spec.stream = GeneratorStream::Counter;
      const auto costs = std::get<CostMatrix<int32_t>>(generate(spec));
      const int32_t* begin = costs.data();
      const int32_t* end = begin + costs.size();
      // 90000 draws reach both ends of each range used here (at most 3000 values) and never leave it.
      QCOMPARE(*std::min_element(begin, end), 0);
      QCOMPARE(int64_t{*std::max_element(begin, end)}, costRangeBound(range, spec.n) - 1);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             generateSlice({Generator::Real, 10, CostRange::N, 1}, MatrixSlice::whole(10)));
  }

 private:
  template <CostType T>
  static void checkSlices(const GeneratorSpec& spec, SliceAxis axis, int ranks, const CostMatrix<T>& whole,
                          const QString& context) {
    for (int rank = 0; rank < ranks; ++rank) {
      const MatrixSlice slice = sliceOf(spec.n, axis, rank, ranks);
      const auto part = std::get<CostMatrix<T>>(generateSlice(spec, slice));
      QCOMPARE(part.rows(), slice.rows());
      QCOMPARE(part.cols(), slice.cols());
      for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i) {
        for (int32_t j = slice.colBegin; j < slice.colEnd; ++j) {
          QVERIFY2(part(i - slice.rowBegin, j - slice.colBegin) == whole(i, j),
                   qPrintable(context + QString(" rank %1 entry (%2, %3)").arg(rank).arg(i).arg(j)));
        }
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestLapSolvers)
#include "test_lap_solvers.moc"
