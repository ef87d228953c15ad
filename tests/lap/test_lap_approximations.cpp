// Property tests of the LAP approximations (greedy-lap-approximation.txt and Bertsekas' auction) on the CPU:
// every solver returns a valid assignment, the two greedy variants take the same entries under the tie rule
// and each take is the smallest uncovered entry, random is a seeded uniform permutation, the auction reaches
// the Hungarian optimum on integer costs and stays within its reported bound on real ones (ties, rectangular,
// maximise, forbidden entries), brute force matches the optimum, and every LAP machine steps, snapshots and
// fails through the one step-machine frame.
#include <QtTest/QtTest>

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <random>

#include "solver/core/errors.h"
#include "solver/core/snapshot.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/problem.h"
#include "tests/lap/approximation_test_support.h"

using namespace ms;
using namespace ms::lap;
using namespace ms::lap::testing;

namespace {

const LapOptions kOptimum{LapAlgorithm::Tree, Backend::Sequential, 1};
constexpr LapAlgorithm kEveryAlgorithm[] = {
    LapAlgorithm::Classical,   LapAlgorithm::Tree,   LapAlgorithm::Brute,  LapAlgorithm::Random,
    LapAlgorithm::GreedyNaive, LapAlgorithm::Greedy, LapAlgorithm::Auction};

LapOptions auctionOn(Backend backend, int threads = 1) {
  return LapOptions{LapAlgorithm::Auction, backend, threads};
}

// The sizes the property tests draw: tiny ones (n = 1, 2) and a spread up to a few dozen.
int32_t drawSize(std::mt19937_64& random) {
  return std::uniform_int_distribution<int32_t>(1, 40)(random);
}

}  // namespace

class TestLapApproximations : public QObject {
  Q_OBJECT

 private slots:
  void everySolverReturnsAValidAssignment() {
    std::mt19937_64 random(baseSeed());
    const LapAlgorithm algorithms[] = {LapAlgorithm::Random, LapAlgorithm::GreedyNaive, LapAlgorithm::Greedy,
                                       LapAlgorithm::Auction};
    for (int instance = 0; instance < 60; ++instance) {
      const int32_t rows = drawSize(random), cols = drawSize(random);
      const uint64_t seed = baseSeed() + instance;
      const bool maximize = instance % 3 == 0;
      const CostMatrix<int32_t> integers = randomIntegers(rows, cols, -5, 20, seed);
      const CostMatrix<double> reals = randomReals(rows, cols, 0.0, seed);
      for (LapAlgorithm algorithm : algorithms) {
        const QString where = QString("%1 %2x%3 seed %4%5")
                                  .arg(QString::fromUtf8(algorithmName(algorithm).data()))
                                  .arg(rows)
                                  .arg(cols)
                                  .arg(seed)
                                  .arg(maximize ? " maximise" : "");
        const PreparedProblem<int32_t> intProblem(integers, maximize);
        const PreparedProblem<double> realProblem(reals, maximize);
        LapOptions options{algorithm, Backend::Sequential, 1};
        options.seed = seed;
        verifyAssignment(intProblem.square(), solveWith(intProblem.square(), options), where + " int");
        verifyAssignment(realProblem.square(), solveWith(realProblem.square(), options), where + " real");
        // Every original row gets a distinct original column, or padding where there are fewer columns.
        const LapAnswer<int32_t> answer = intProblem.answer(solveWith(intProblem.square(), options).rowToCol);
        QCOMPARE(answer.assigned, std::min(rows, cols));
      }
    }
  }

  void greedyVariantsTakeTheSameEntries() {
    // Costs in [0, 3) make most entries tie; forbidden shares up to 40 % make some instances stick.
    std::mt19937_64 random(baseSeed() + 1);
    int stuck = 0;
    for (int instance = 0; instance < 300; ++instance) {
      const int32_t n = drawSize(random);
      const uint64_t seed = baseSeed() + 1000 + instance;
      const QString where = QString("n %1 seed %2").arg(n).arg(seed);
      const CostMatrix<int32_t> ties = randomIntegers(n, n, 0, 3, seed);
      const Trace naive = greedyTrace(ties, LapAlgorithm::GreedyNaive);
      QVERIFY2(sameTakes(naive, greedyTrace(ties, LapAlgorithm::Greedy)), qPrintable(where + " ties"));
      verifyEachTakeIsTheSmallest(ties, naive, where);

      const CostMatrix<double> forbidden = randomReals(n, n, 0.4 * (instance % 2), seed);
      std::string naiveError, sortedError;
      const Trace naiveReal = greedyTrace(forbidden, LapAlgorithm::GreedyNaive, &naiveError);
      const Trace sortedReal = greedyTrace(forbidden, LapAlgorithm::Greedy, &sortedError);
      QVERIFY2(sameTakes(naiveReal, sortedReal), qPrintable(where + " forbidden"));
      QCOMPARE(naiveError.empty(), sortedError.empty());
      if (!naiveError.empty()) {
        ++stuck;
        QVERIFY2(naiveError.find("stuck after") != std::string::npos, naiveError.c_str());
      }
    }
    QVERIFY2(stuck > 0, "no instance exercised greedy getting stuck on forbidden entries");
  }

  void greedyVariantsAgreeWhenBucketsAreCapped() {
    // From n = 513 on the sorted queue's buckets hold more than the average of 64 entries.
    std::mt19937_64 random(baseSeed() + 2);
    const int32_t n = std::uniform_int_distribution<int32_t>(560, 640)(random);
    const uint64_t seed = baseSeed() + 2000;
    const QString where = QString("n %1 seed %2").arg(n).arg(seed);
    const CostMatrix<int32_t> ties = randomIntegers(n, n, 0, 50, seed);
    QVERIFY2(sameTakes(greedyTrace(ties, LapAlgorithm::GreedyNaive), greedyTrace(ties, LapAlgorithm::Greedy)),
             qPrintable(where + " ties"));
    const CostMatrix<double> reals = randomReals(n, n, 0.2, seed);
    std::string naiveError, sortedError;
    QVERIFY2(sameTakes(greedyTrace(reals, LapAlgorithm::GreedyNaive, &naiveError),
                       greedyTrace(reals, LapAlgorithm::Greedy, &sortedError)),
             qPrintable(where + " forbidden"));
    QCOMPARE(naiveError, sortedError);
  }

  void greedyObjectiveOnAKnownMatrix() {
    // The article's point about ties: greedy takes the first smallest entry in row-major order.
    CostMatrix<int32_t> costs(3, 3);
    const int32_t values[] = {1, 1, 5,  //
                              9, 1, 9,  //
                              9, 9, 1};
    std::copy(std::begin(values), std::end(values), costs.data());
    for (LapAlgorithm algorithm : {LapAlgorithm::GreedyNaive, LapAlgorithm::Greedy}) {
      const LapSolution<int32_t> solution = solveWith(costs, LapOptions{algorithm, Backend::Sequential, 1});
      QCOMPARE(solution.rowToCol, (std::vector<int32_t>{0, 1, 2}));  // (0,0), then (1,1), then (2,2)
      QCOMPARE(solution.objective, int64_t{3});
      QVERIFY(std::isinf(solution.gapBound));
    }
  }

  void randomIsASeededUniformPermutation() {
    CostMatrix<int32_t> costs(3, 3);
    std::iota(costs.data(), costs.data() + 9, 0);
    std::map<std::vector<int32_t>, int> seen;
    const int draws = 6000;
    for (int k = 0; k < draws; ++k) {
      LapOptions options{LapAlgorithm::Random, Backend::Sequential, 1};
      options.seed = baseSeed() + k;
      ++seen[solveWith(costs, options).rowToCol];
    }
    QCOMPARE(seen.size(), std::size_t{6});
    double chiSquare = 0;
    for (const auto& [permutation, count] : seen)
      chiSquare += std::pow(count - draws / 6.0, 2) / (draws / 6.0);
    // 5 degrees of freedom: P(chi2 > 20.5) < 0.001.
    QVERIFY2(chiSquare < 20.5, qPrintable(QString("chi-square %1 over 6 permutations").arg(chiSquare)));
    LapOptions same{LapAlgorithm::Random, Backend::Sequential, 1};
    same.seed = 42;
    const CostMatrix<int32_t> big = randomIntegers(200, 200, 0, 100, 5);
    QCOMPARE(solveWith(big, same).rowToCol, solveWith(big, same).rowToCol);
  }

  void randomRefusesForbiddenEntries() {
    const CostMatrix<double> costs = randomReals(5, 5, 0.3, 7);
    try {
      makeLapSolver(costs, LapOptions{LapAlgorithm::Random, Backend::Sequential, 1});
      QFAIL("random accepted forbidden entries");
    } catch (const SolveError& error) {
      QVERIFY(std::string(error.what()).find("forbidden") != std::string::npos);
    }
  }

  void auctionIsOptimalOnIntegerCosts() {
    std::mt19937_64 random(baseSeed() + 2);
    const std::pair<int32_t, int32_t> ranges[] = {{0, 2}, {0, 10}, {-50, 50}, {0, 1000}, {0, 1 << 20}};
    for (int instance = 0; instance < 300; ++instance) {
      const int32_t rows = drawSize(random), cols = drawSize(random);
      const auto [low, high] = ranges[instance % 5];
      const uint64_t seed = baseSeed() + 2000 + instance;
      const bool maximize = instance % 4 == 1;
      const CostMatrix<int32_t> original = randomIntegers(rows, cols, low, high, seed);
      const PreparedProblem<int32_t> problem(original, maximize);
      const CostMatrix<int32_t>& costs = problem.square();
      const QString where = QString("%1x%2 [%3,%4) seed %5%6")
                                .arg(rows)
                                .arg(cols)
                                .arg(low)
                                .arg(high)
                                .arg(seed)
                                .arg(maximize ? " maximise" : "");
      const int64_t optimum = solveWith(costs, kOptimum).objective;
      const LapSolution<int32_t> sequential = solveWith(costs, auctionOn(Backend::Sequential));
      verifyAssignment(costs, sequential, where);
      QVERIFY2(
          sequential.objective == optimum,
          qPrintable(where + QString(": auction %1, optimum %2").arg(sequential.objective).arg(optimum)));
      QCOMPARE(sequential.gapBound, 0.0);
      // Rounds resolve bids in bidder order on one thread: the OpenMP backend gives the same assignment.
      QVERIFY2(solveWith(costs, auctionOn(Backend::Cpu, 2)).rowToCol == sequential.rowToCol,
               qPrintable(where));
    }
  }

  void auctionStaysWithinItsBoundOnRealCosts() {
    std::mt19937_64 random(baseSeed() + 3);
    int infeasible = 0;
    for (int instance = 0; instance < 300; ++instance) {
      const int32_t n = drawSize(random);
      const uint64_t seed = baseSeed() + 3000 + instance;
      const double share = (instance % 3 == 2) ? 0.5 : 0.0;
      const CostMatrix<double> costs = randomReals(n, n, share, seed);
      LapOptions options = auctionOn(Backend::Sequential);
      // Coarse final epsilons too, so that the bound, not rounding, is what is tested.
      options.auction.finalEpsilon = (instance % 2 == 0) ? 0.0 : 0.05 / n;
      const QString where = QString("n %1 seed %2 forbidden %3").arg(n).arg(seed).arg(share);
      LapSolution<double> solution;
      if (!verifyAuctionWithinBound(costs, options, where, &solution)) {
        ++infeasible;
        continue;
      }
      const double expectedBound =
          n * (options.auction.finalEpsilon > 0 ? options.auction.finalEpsilon
                                                : kDefaultGapFraction * maxAbsFiniteCost(costs) / n);
      QVERIFY2(std::abs(solution.gapBound - expectedBound) <= 1e-12 * expectedBound, qPrintable(where));
    }
    QVERIFY2(infeasible > 0, "no instance exercised infeasibility");
  }

  // Forbidden entries are priced at M, about n times the largest cost, and the prices climb above it phase by
  // phase: an epsilon that was above the step of the costs alone raised no price there, and the n = 300 band
  // below bid forever (over 60 s). It is refused before bidding, naming the step it needs.
  void auctionRefusesEpsilonBelowTheStepOfItsPrices() {
    constexpr int32_t n = 300;
    std::mt19937_64 random(baseSeed() + 7);
    std::uniform_real_distribution<double> cost(1e6, 2e6);
    CostMatrix<double> costs(n, n);
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = 0; j < n; ++j)
        costs(i, j) = j > i + 1 ? std::numeric_limits<double>::infinity() : cost(random);
    }
    LapOptions options = auctionOn(Backend::Sequential);
    options.auction.finalEpsilon = 3e-9;
    auto solver = makeLapSolver(costs, options);
    try {
      runToEnd(*solver);
      QFAIL("an epsilon below the prices' step was accepted");
    } catch (const SolveError& error) {
      QVERIFY2(QString(error.what()).contains("below the representable step"), error.what());
    }
    options.auction.finalEpsilon = 0;  // the automatic epsilon is raised to the step and solves
    LapSolution<double> solution;
    QVERIFY(verifyAuctionWithinBound(costs, options, "band of forbidden entries", &solution));
  }

  // A kernel set whose bids never settle a phase (what a bid that raises no price amounts to) meets the round
  // bound of the phase: one line naming it, not an endless loop. Here n = 2, price span 3 (span 1 x (n + 1)),
  // epsilon 1: 2 x ((0 + 2 x (3 + 1)) / (1 / 2) + 1) + 1 = 35 rounds.
  void auctionRoundsAreBounded() {
    struct StalledKernels {
      using Cost = int32_t;
      using Price = int64_t;
      int32_t n = 2;
      void allocate() {}
      FiniteCostRange finiteRange() const { return {0, 1, false, true}; }
      void configure(Price, Price) {}
      void startScalingPhase() {}
      AuctionRounds bid(Price, int64_t maxRounds) {
        volatile int64_t rounds = 0;  // maxRounds 0 (no limit) loops forever
        while (maxRounds == 0 || rounds < maxRounds) rounds = rounds + 1;
        return {rounds, rounds * n, n};
      }
      std::vector<int32_t> rowAssignment() const { return std::vector<int32_t>(2, -1); }
      void snapshot(LapSnapshot&, double) const {}
      void beginPhase() {}
      int64_t endPhase() { return -1; }
    };
    CostMatrix<int32_t> costs(2, 2);
    costs(0, 1) = costs(1, 0) = 1;
    Auction<StalledKernels> solver("auction/stalled", costs, StalledKernels{}, AuctionSettings{});
    try {
      runToEnd(solver);
      QFAIL("a phase that never settles ended");
    } catch (const SolveError& error) {
      QVERIFY2(QString(error.what()).contains("ran past its bound of 35 bidding rounds"), error.what());
    }
  }

  void auctionSnapshotsShowEveryRound() {
    const CostMatrix<int32_t> costs = randomIntegers(12, 12, 0, 30, baseSeed() + 4);
    LapOptions options = auctionOn(Backend::Sequential);
    options.auction.roundsPerStep = 1;
    auto solver = makeLapSolver(costs, options);
    Snapshot state;
    int bidding = 0;
    while (!solver->done()) {
      const StepRecord record = solver->step();
      solver->snapshot(state);
      const LapSnapshot& lap = std::get<LapSnapshot>(state);
      if (record.phase != "bidding") continue;
      ++bidding;
      verifyRoundBids(lap, record, QString("step %1").arg(record.step));
      // Within a scaling phase the snapshot shows the epsilon the round bid with; once the phase ends, the
      // next.
      if (record.counters[kAuctionUnassigned] > 0)
        QCOMPARE(lap.approximation.epsilon, record.counters[kAuctionEpsilon]);
    }
    QVERIFY(bidding > 1);
    verifyEpsilonSlackness(costs, std::get<LapSnapshot>(state), 1e-9, "12x12");
    QCOMPARE(std::get<LapSnapshot>(state).objective,
             static_cast<double>(solveWith(costs, kOptimum).objective));
  }

  // The step-machine frame is the same for every LAP machine: steps numbered from 0 in the phase nextPhase()
  // announced, the snapshot's header agreeing with the latest record, step() refused once done.
  void everyLapMachineSharesTheStepFrame() {
    const CostMatrix<int32_t> costs = randomIntegers(6, 6, 0, 20, baseSeed());
    for (LapAlgorithm algorithm : kEveryAlgorithm) {
      const QString where = QString::fromUtf8(algorithmName(algorithm).data());
      auto solver = makeLapSolver(costs, LapOptions{algorithm, Backend::Sequential, 1});
      Snapshot snapshot;
      solver->snapshot(snapshot);
      QCOMPARE(std::get<LapSnapshot>(snapshot).step, int64_t{0});
      QVERIFY2(std::get<LapSnapshot>(snapshot).lastPhase.empty(), qPrintable(where));
      int64_t steps = 0;
      while (!solver->done()) {
        const std::string_view announced = solver->nextPhase();
        const StepRecord record = solver->step();
        QCOMPARE(record.step, steps++);
        QVERIFY2(record.phase == announced, qPrintable(where));
        QVERIFY2(record.wall_ns >= 0, qPrintable(where));
        solver->snapshot(snapshot);
        const LapSnapshot& header = std::get<LapSnapshot>(snapshot);
        QCOMPARE(header.step, steps);
        QCOMPARE(header.iteration, record.iteration);
        QVERIFY2(header.lastPhase == record.phase, qPrintable(where));
        QVERIFY2(header.nextPhase == solver->nextPhase(), qPrintable(where));
        QCOMPARE(header.done, solver->done());
      }
      QVERIFY2(solver->nextPhase().empty(), qPrintable(where));
      QVERIFY_THROWS_EXCEPTION(SolveError, solver->step());
      QCOMPARE(solver->solution().rowToCol.size(), std::size_t{6});
    }
  }

  // A step that throws leaves every LAP machine done, with no next phase, no further step and no solution.
  void aFailedStepEndsEveryLapMachine() {
    CostMatrix<double> costs = randomReals(5, 5, 0.0, baseSeed());
    for (int32_t j = 0; j < 5; ++j) costs(2, j) = std::numeric_limits<double>::infinity();
    for (LapAlgorithm algorithm : kEveryAlgorithm) {
      if (algorithm == LapAlgorithm::Random) continue;  // refuses forbidden entries when made
      const QString where = QString::fromUtf8(algorithmName(algorithm).data());
      auto solver = makeLapSolver(costs, LapOptions{algorithm, Backend::Sequential, 1});
      bool threw = false;
      while (!solver->done()) {
        try {
          solver->step();
        } catch (const SolveError&) {
          threw = true;
        }
      }
      QVERIFY2(threw, qPrintable(where));
      QVERIFY2(solver->nextPhase().empty(), qPrintable(where));
      QVERIFY_THROWS_EXCEPTION(SolveError, solver->step());
      QVERIFY_THROWS_EXCEPTION(SolveError, solver->solution());
    }
  }

  void bruteForceMatchesTheOptimum() {
    for (int instance = 0; instance < 40; ++instance) {
      const int32_t n = 1 + instance % 8;
      const CostMatrix<int32_t> costs = randomIntegers(n, n, 0, 5, baseSeed() + 5000 + instance);
      const LapSolution<int32_t> brute =
          solveWith(costs, LapOptions{LapAlgorithm::Brute, Backend::Sequential, 1});
      verifyAssignment(costs, brute, QString("brute n %1").arg(n));
      QCOMPARE(brute.objective, solveWith(costs, kOptimum).objective);
    }
    try {
      makeBruteForce(randomIntegers(11, 11, 0, 5, 1));
      QFAIL("brute force accepted n = 11");
    } catch (const SolveError& error) {
      QVERIFY(std::string(error.what()).find("n <= 10") != std::string::npos);
    }
  }

 private:
  // The greedy's trace; `error` receives the message of a stuck greedy (then the trace holds the takes so
  // far).
  template <CostType T>
  static Trace greedyTrace(const CostMatrix<T>& costs, LapAlgorithm algorithm, std::string* error = nullptr) {
    auto solver = makeLapSolver(costs, LapOptions{algorithm, Backend::Sequential, 1});
    Trace trace(solver->counterNames());
    try {
      while (!solver->done()) trace.append(solver->step());
    } catch (const SolveError& failure) {
      if (error == nullptr) throw;
      *error = failure.what();
    }
    return trace;
  }

  static bool sameTakes(const Trace& a, const Trace& b) {
    auto takes = [](const Trace& trace) {
      std::vector<std::pair<double, double>> out;
      for (const StepRecord& record : trace.records()) {
        if (record.phase == "take") out.emplace_back(record.counters[0], record.counters[1]);
      }
      return out;
    };
    return takes(a) == takes(b);
  }

  // Each take is the smallest uncovered entry, the first in row-major order among equals.
  template <CostType T>
  static void verifyEachTakeIsTheSmallest(const CostMatrix<T>& costs, const Trace& trace,
                                          const QString& where) {
    const int32_t n = costs.rows();
    std::vector<uint8_t> rowCovered(static_cast<std::size_t>(n), 0),
        colCovered(static_cast<std::size_t>(n), 0);
    for (const StepRecord& record : trace.records()) {
      if (record.phase != "take") continue;
      int32_t bestRow = -1, bestCol = -1;
      for (int32_t i = 0; i < n; ++i) {
        for (int32_t j = 0; j < n; ++j) {
          if (rowCovered[i] || colCovered[j]) continue;
          if (bestRow == -1 || costs(i, j) < costs(bestRow, bestCol)) {
            bestRow = i;
            bestCol = j;
          }
        }
      }
      QVERIFY2(record.counters[0] == bestRow && record.counters[1] == bestCol, qPrintable(where));
      rowCovered[bestRow] = 1;
      colCovered[bestCol] = 1;
    }
  }
};

QTEST_GUILESS_MAIN(TestLapApproximations)
#include "test_lap_approximations.moc"
