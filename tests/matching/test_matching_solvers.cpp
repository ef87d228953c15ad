// Weighted matching on the CPU: every algorithm and kernel set returns a perfect matching; ROMA only gains,
// its flip log replays, and at convergence no 4-cycle flip is left; greedy is Algorithm 1's matching and at
// least half the optimum; LEMON's optimum agrees with exhaustive search; the bipartite relaxation bounds it.
// Under both objectives (maximise, minimise) every algorithm is checked against the exact solver.
#include <QtTest/QtTest>

#include "matching_test_support.h"
#include "solver/core/errors.h"
#include "solver/matching/greedy.h"
#include "solver/matching/problem.h"
#include "solver/matching/relaxation_bound.h"

#include <limits>

using namespace ms;
using namespace ms::matching;
using namespace ms::matching::testing;

namespace {

MatchingOptions options(MatchingAlgorithm algorithm, lap::Backend backend, int threads,
                        InitialMatching initial = InitialMatching::Neighbour,
                        int32_t maxPhases = kDefaultMaxPhases) {
  MatchingOptions out;
  out.algorithm = algorithm;
  out.backend = backend;
  out.threads = threads;
  out.initial = initial;
  out.maxPhases = maxPhases;
  out.seed = baseSeed();
  return out;
}

MatchingOptions minimising(MatchingOptions o) {
  o.objective = Objective::Minimise;
  return o;
}

MatchingOptions withRetries(MatchingOptions o, int32_t flipRetries) {
  o.flipRetries = flipRetries;
  return o;
}

// ROMA on every CPU kernel set; OpenMP with 2 threads races on the locks, 8 threads on 2 cores also gets
// preempted while holding them (and then searches again after the failed flips when retries are allowed).
std::vector<MatchingOptions> romaConfigurations(InitialMatching initial, int32_t maxPhases) {
  return {
      options(MatchingAlgorithm::Roma, lap::Backend::Sequential, 1, initial, maxPhases),
      options(MatchingAlgorithm::ParallelRoma1, lap::Backend::Cpu, 2, initial, maxPhases),
      options(MatchingAlgorithm::ParallelRoma2, lap::Backend::Cpu, 2, initial, maxPhases),
      options(MatchingAlgorithm::ParallelRoma2, lap::Backend::Sequential, 1, initial, maxPhases),
      options(MatchingAlgorithm::ParallelRoma1, lap::Backend::Cpu, 8, initial, maxPhases),
      options(MatchingAlgorithm::ParallelRoma2, lap::Backend::Cpu, 8, initial, maxPhases),
      withRetries(options(MatchingAlgorithm::ParallelRoma1, lap::Backend::Cpu, 8, initial, maxPhases), 2),
      withRetries(options(MatchingAlgorithm::ParallelRoma2, lap::Backend::Cpu, 8, initial, maxPhases), 2)};
}

}  // namespace

class TestMatchingSolvers : public QObject {
  Q_OBJECT

 private slots:
  void everyAlgorithmGivesAPerfectMatching() {
    int solved = 0;
    for (Distribution distribution : distributions()) {
      for (int32_t n : {1, 2, 3, 4, 6, 11, 16, 51, 128}) {
        for (uint64_t k = 0; k < 2; ++k) {
          const GraphSpec spec{distribution, n, baseSeed() + 31 * k + static_cast<uint64_t>(n)};
          const CompleteGraph graph = generateGraph(spec);
          const PreparedGraph prepared(graph);
          std::vector<MatchingOptions> all = {options(MatchingAlgorithm::Greedy, lap::Backend::Sequential, 1),
                                              options(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1)};
          for (InitialMatching initial : {InitialMatching::Neighbour, InitialMatching::Half,
                                          InitialMatching::Shuffled, InitialMatching::Greedy}) {
            for (const MatchingOptions& o : romaConfigurations(initial, kDefaultMaxPhases)) all.push_back(o);
          }
          for (const MatchingOptions& o : all) {
            const QString context = describe(spec) + " " + describe(o);
            const Solved solved1 = solveChecked(prepared.even(), o, context);
            if (QTest::currentTestFailed()) return;
            const MatchingAnswer answer = prepared.answer(solved1.solution.mate);
            QVERIFY2(std::abs(answer.weight - solved1.solution.weight) <= 1e-6 * std::max(1.0, answer.weight),
                     qPrintable(context));
            QCOMPARE(answer.pairs, n / 2);
            ++solved;
          }
        }
      }
    }
    qInfo("%d solves checked", solved);
  }

  // Two matched edges, a vertical and a diagonal flip of known gain: ROMA must find the better one.
  void aFourCycleFlipsToItsBetterSide() {
    WeightMatrix weights(4, 4);
    // Matched (0,1) and (2,3) weigh 1 + 1; vertical (0,2)+(1,3) = 2 + 3; diagonal (0,3)+(1,2) = 4 + 4.
    const float values[] = {0, 1, 2, 4, 1, 0, 4, 3, 2, 4, 0, 1, 4, 3, 1, 0};
    std::copy(std::begin(values), std::end(values), weights.data());
    const CompleteGraph graph(std::move(weights));
    for (const MatchingOptions& o : romaConfigurations(InitialMatching::Neighbour, kDefaultMaxPhases)) {
      const Solved solved = solveChecked(graph, o, describe(o));
      if (QTest::currentTestFailed()) return;
      QCOMPARE(solved.solution.mate, (std::vector<int32_t>{3, 2, 1, 0}));
      QCOMPARE(solved.solution.weight, 8.0);
      QCOMPARE(solved.trace.records()[1].counters[kFlips], 1.0);
      QCOMPARE(solved.trace.records()[1].counters[kBestGain], 6.0);
    }
  }

  // Run to convergence, ROMA leaves no 4-cycle flip above the threshold (a 2-opt local optimum), under heavy
  // lock contention too: on geometric graphs many edges want the same few far-apart vertices.
  void convergedRomaLeavesNoGainingFlip() {
    for (Distribution distribution : distributions()) {
      for (int32_t n : {8, 40, 150}) {
        const GraphSpec spec{distribution, n, baseSeed() + 7};
        const CompleteGraph graph = generateGraph(spec);
        for (const MatchingOptions& o : romaConfigurations(InitialMatching::Shuffled, 0)) {
          const QString context = describe(spec) + " " + describe(o);
          const Solved solved = solveChecked(graph, o, context);
          if (QTest::currentTestFailed()) return;
          const float left = bestRemainingFlip(graph, solved.solution.mate);
          QVERIFY2(left <= o.gainThreshold + 1e-6f,
                   qPrintable(context + QString(": a flip of gain %1 is left").arg(left)));
          QCOMPARE(solved.trace.records().back().counters[kFlips], 0.0);
        }
      }
    }
  }

  void phasesStopAtTheLimit() {
    const CompleteGraph graph = generateGraph({Distribution::Exponential, 400, baseSeed()});
    for (const MatchingOptions& o : romaConfigurations(InitialMatching::Neighbour, 2)) {
      const Solved solved = solveChecked(graph, o, describe(o));
      if (QTest::currentTestFailed()) return;
      QCOMPARE(solved.solution.phases, 2);
      QCOMPARE(solved.trace.records().size(), std::size_t{3});  // setup + 2 phases
    }
  }

  void greedyIsAlgorithmOne() {
    for (uint64_t k = 0; k < 20; ++k) {
      const int32_t n = 2 * static_cast<int32_t>(1 + k * 7 % 60);
      std::vector<CompleteGraph> graphs;
      graphs.push_back(tiedGraph(n, 3, baseSeed() + k));  // many equal weights
      for (Distribution distribution : distributions())
        graphs.push_back(generateGraph({distribution, n, baseSeed() + k}));
      for (const CompleteGraph& graph : graphs) {
        QCOMPARE(greedyMatching(graph), sortedEdgeGreedy(graph));
      }
    }
  }

  void greedyGetsHalfTheOptimumAndRomaNoMore() {
    for (Distribution distribution : distributions()) {
      for (uint64_t k = 0; k < 6; ++k) {
        const GraphSpec spec{distribution, 10 + 38 * static_cast<int32_t>(k), baseSeed() + k};
        const CompleteGraph graph = generateGraph(spec);
        const double optimum =
            solveChecked(graph, options(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1),
                         describe(spec))
                .solution.weight;
        const double greedy =
            solveChecked(graph, options(MatchingAlgorithm::Greedy, lap::Backend::Sequential, 1),
                         describe(spec))
                .solution.weight;
        if (QTest::currentTestFailed()) return;
        QVERIFY2(greedy >= 0.5 * optimum && greedy <= optimum * (1 + 1e-9), qPrintable(describe(spec)));
        for (const MatchingOptions& o : romaConfigurations(InitialMatching::Greedy, kDefaultMaxPhases)) {
          const double roma = solveChecked(graph, o, describe(spec)).solution.weight;
          QVERIFY2(roma >= greedy && roma <= optimum * (1 + 1e-9),
                   qPrintable(describe(spec) + " " + describe(o)));
        }
      }
    }
  }

  // Each algorithm under each objective on fresh instances (odd ones padded): the exact solver equals
  // exhaustive search for that objective; greedy is Algorithm 1 on the negated weights when minimising and
  // keeps its 1/2-guarantee on C - w (objective.h: W <= (P C + W*) / 2); ROMA from greedy's start stays
  // within that bound; every approximation lies on the right side of the optimum (gap >= 0).
  void everyAlgorithmUnderBothObjectivesMeetsTheExactSolver() {
    int checked = 0;
    for (Objective objective : {Objective::Maximise, Objective::Minimise}) {
      for (Distribution distribution : distributions()) {
        for (int32_t n : {2, 5, 8, 11, 12, 37, 64}) {
          const GraphSpec spec{distribution, n, baseSeed() + 7919 * static_cast<uint64_t>(n) + 3};
          const CompleteGraph graph = generateGraph(spec);
          const PreparedGraph prepared(graph);
          const CompleteGraph& even = prepared.even();
          const QString context = describe(spec) + " objective=" + objectiveName(objective).data();
          auto sense = [&](MatchingOptions o) {
            o.objective = objective;
            return o;
          };
          const double optimum =
              solveChecked(even, sense(options(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1)),
                           context)
                  .solution.weight;
          if (QTest::currentTestFailed()) return;
          const double tolerance = 1e-5 * std::max(1.0, std::abs(optimum));
          if (even.vertexCount() <= 12) {
            const double brute = bruteForceOptimum(even, objective);
            QVERIFY2(std::abs(optimum - brute) <= tolerance,
                     qPrintable(context + QString(": exact %1, exhaustive %2").arg(optimum).arg(brute)));
          }
          const Solved greedy = solveChecked(
              even, sense(options(MatchingAlgorithm::Greedy, lap::Backend::Sequential, 1)), context);
          if (QTest::currentTestFailed()) return;
          const MaximisedGraph maximised(even, objective);
          QCOMPARE(greedy.solution.mate, sortedEdgeGreedy(maximised.maximised()));
          const double pairs = even.vertexCount() / 2;
          const double largest = even.weights().eigen().maxCoeff();
          const double greedyBound =
              objective == Objective::Maximise ? 0.5 * optimum : 0.5 * (pairs * largest + optimum);
          const auto withinGreedyBound = [&](double w) {
            return objective == Objective::Maximise ? w >= greedyBound - tolerance
                                                    : w <= greedyBound + tolerance;
          };
          QVERIFY2(withinGreedyBound(greedy.solution.weight),
                   qPrintable(context +
                              QString(": greedy %1, bound %2").arg(greedy.solution.weight).arg(greedyBound)));
          QVERIFY2(gapPercent(objective, greedy.solution.weight, optimum) >= -1e-4, qPrintable(context));
          for (InitialMatching initial : {InitialMatching::Neighbour, InitialMatching::Greedy}) {
            for (const MatchingOptions& o : romaConfigurations(initial, 0)) {
              const QString where = context + " " + describe(o);
              const Solved roma = solveChecked(even, sense(o), where);
              if (QTest::currentTestFailed()) return;
              const double gap = gapPercent(objective, roma.solution.weight, optimum);
              QVERIFY2(gap >= -1e-4, qPrintable(where + QString(": gap %1 %").arg(gap)));
              if (initial == InitialMatching::Greedy)
                QVERIFY2(withinGreedyBound(roma.solution.weight), qPrintable(where));
              ++checked;
            }
          }
        }
      }
    }
    qInfo("%d ROMA solves checked against the exact optimum", checked);
  }

  // The two objectives give different matchings on points: the shortest is strictly shorter than the longest.
  void minimisingPointsFindsAShortMatching() {
    const CompleteGraph graph = generateGraph({Distribution::Geometric, 40, baseSeed()});
    QCOMPARE(defaultObjective(graph), Objective::Minimise);
    QCOMPARE(defaultObjective(generateGraph({Distribution::Uniform, 4, 1})), Objective::Maximise);
    for (MatchingAlgorithm algorithm :
         {MatchingAlgorithm::Exact, MatchingAlgorithm::Greedy, MatchingAlgorithm::ParallelRoma2}) {
      const MatchingOptions maximise =
          options(algorithm, lap::Backend::Cpu, 2, InitialMatching::Neighbour, 0);
      const double longest = solveChecked(graph, maximise, "max").solution.weight;
      const double shortest = solveChecked(graph, minimising(maximise), "min").solution.weight;
      QVERIFY2(shortest < 0.5 * longest, qPrintable(QString("%1: min %2, max %3")
                                                        .arg(matchingAlgorithmName(algorithm).data())
                                                        .arg(shortest)
                                                        .arg(longest)));
    }
    QCOMPARE(parseObjective("min"), Objective::Minimise);
    QCOMPARE(parseObjective("max"), Objective::Maximise);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseObjective("minimum"));
  }

  void exactAgreesWithExhaustiveSearch() {
    for (uint64_t k = 0; k < 60; ++k) {
      const int32_t n = 2 * static_cast<int32_t>(1 + k % 6);
      const CompleteGraph graph = k % 4 == 3 ? tiedGraph(n, 2, baseSeed() + k)
                                             : generateGraph({distributions()[k % 3], n, baseSeed() + k});
      const Solved exact = solveChecked(graph, options(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1),
                                        QString("n=%1 k=%2").arg(n).arg(k));
      if (QTest::currentTestFailed()) return;
      const double brute = bruteForceOptimum(graph);
      QVERIFY2(std::abs(exact.solution.weight - brute) <= 1e-5 * std::max(1.0, brute),
               qPrintable(QString("n=%1 k=%2: LEMON %3, exhaustive %4")
                              .arg(n)
                              .arg(k)
                              .arg(exact.solution.weight)
                              .arg(brute)));
      QVERIFY(std::abs(matchingWeight(graph, exact.solution.mate) - brute) <= 1e-5 * std::max(1.0, brute));
    }
  }

  // The bipartite relaxation bounds the optimum from above; it equals half the best derangement (exhaustive
  // LAP search with the diagonal forbidden), and the optimum itself when its permutation is a matching.
  void relaxationBoundsTheOptimum() {
    int tightCount = 0;
    for (uint64_t k = 0; k < 48; ++k) {
      const int32_t n = 2 * static_cast<int32_t>(1 + k % 4);
      const CompleteGraph graph = k % 4 == 3 ? tiedGraph(n, 3, baseSeed() + k)
                                             : generateGraph({distributions()[k % 3], n, baseSeed() + k});
      const lap::Backend backend = k % 2 == 0 ? lap::Backend::Sequential : lap::Backend::Cpu;
      const RelaxationBound bound = bipartiteRelaxationBound(graph, backend, 2);
      const double optimum = bruteForceOptimum(graph);
      const QString context =
          QString("n=%1 k=%2: bound %3, optimum %4").arg(n).arg(k).arg(bound.upperBound).arg(optimum);
      const double tolerance = 1e-6 * std::max(1.0, optimum);
      QVERIFY2(bound.upperBound >= optimum - tolerance, qPrintable(context));
      if (bound.tight) {
        ++tightCount;
        QVERIFY2(std::abs(bound.upperBound - optimum) <= tolerance, qPrintable(context));
      }
      lap::CostMatrix<double> derangement(n, n);
      for (int32_t i = 0; i < n; ++i) {
        for (int32_t j = 0; j < n; ++j) {
          derangement(i, j) = i == j ? std::numeric_limits<double>::infinity() : -double(graph.weight(i, j));
        }
      }
      auto brute = lap::makeLapSolver(derangement, {lap::LapAlgorithm::Brute, lap::Backend::Sequential, 1});
      runToEnd(*brute);
      QVERIFY2(std::abs(bound.upperBound + 0.5 * brute->solution().objective) <= tolerance,
               qPrintable(context));
    }
    QVERIFY(tightCount > 0);  // both outcomes occur on these families
    QVERIFY(tightCount < 48);
  }

  void badOptionsAreRefused() {
    const CompleteGraph odd = generateGraph({Distribution::Uniform, 5, 1});
    QVERIFY_THROWS_EXCEPTION(
        SolveError, makeMatchingSolver(odd, options(MatchingAlgorithm::Roma, lap::Backend::Sequential, 1)));
    const CompleteGraph even = generateGraph({Distribution::Uniform, 6, 1});
    QVERIFY_THROWS_EXCEPTION(
        SolveError, makeMatchingSolver(even, options(MatchingAlgorithm::Greedy, lap::Backend::Cuda, 1)));
    QVERIFY_THROWS_EXCEPTION(
        SolveError, makeMatchingSolver(even, options(MatchingAlgorithm::Roma, lap::Backend::Auto, 1)));
    QVERIFY_THROWS_EXCEPTION(
        SolveError,
        makeMatchingSolver(even,
                           withRetries(options(MatchingAlgorithm::ParallelRoma2, lap::Backend::Cpu, 1), -1)));
  }
};

QTEST_GUILESS_MAIN(TestMatchingSolvers)
#include "test_matching_solvers.moc"
