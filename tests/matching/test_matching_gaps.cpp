// Gap to optimality against LEMON, compared with Hovland's Table 5.9 (parallel ROMA 2, 8 phases, one graph
// per size averaged over 5 runs) at sizes that run fast here: n = 2048 for uniform and exponential weights,
// n = 1024 for geometric graphs (LEMON needs about 150 s for a geometric graph of 2048 vertices here).
// The thesis's figures come from single instances; measured here, the gap of one instance at n = 2048
// varies by about 3% (relative) from instance to instance, so the mean of two instances gets 5% of room.
// Deterministic runs (sequential ROMA, and parallel ROMA 2's phase on one thread) get that room; with two
// threads the flips that lose a lock race differ from run to run (uniform n = 2048: 0.685-0.710 % on a
// loaded machine), so that run gets 10%.
#include <QtTest/QtTest>

#include "matching_test_support.h"

using namespace ms;
using namespace ms::matching;
using namespace ms::matching::testing;

namespace {

struct GapCase {
  Distribution distribution;
  int32_t n;
  int instances;
  double table59;  // percent
};

double gapPercent(double weight, double optimum) {
  return 100.0 * (1.0 - weight / optimum);
}

MatchingOptions roma(MatchingAlgorithm algorithm, lap::Backend backend, int threads,
                     InitialMatching initial) {
  MatchingOptions out;
  out.algorithm = algorithm;
  out.backend = backend;
  out.threads = threads;
  out.initial = initial;
  out.seed = baseSeed();
  return out;
}

}  // namespace

class TestMatchingGaps : public QObject {
  Q_OBJECT

 private slots:
  void gapsWithinTableFiveNine() {
    const GapCase cases[] = {{Distribution::Uniform, 2048, 2, 0.67850},
                             {Distribution::Exponential, 2048, 2, 7.66658},
                             {Distribution::Geometric, 1024, 1, 0.41312}};
    const std::pair<MatchingOptions, double> configurations[] = {
        {roma(MatchingAlgorithm::Roma, lap::Backend::Sequential, 1, InitialMatching::Neighbour), 1.05},
        {roma(MatchingAlgorithm::ParallelRoma2, lap::Backend::Sequential, 1, InitialMatching::Neighbour),
         1.05},
        {roma(MatchingAlgorithm::ParallelRoma2, lap::Backend::Cpu, 2, InitialMatching::Neighbour), 1.10}};
    for (const GapCase& c : cases) {
      std::vector<double> optima;
      for (int k = 0; k < c.instances; ++k) {
        const CompleteGraph graph =
            generateGraph({c.distribution, c.n, baseSeed() + static_cast<uint64_t>(k)});
        optima.push_back(solveChecked(graph,
                                      roma(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1,
                                           InitialMatching::Neighbour),
                                      "exact")
                             .solution.weight);
      }
      for (const auto& [o, room] : configurations) {
        double sum = 0;
        for (int k = 0; k < c.instances; ++k) {
          const GraphSpec spec{c.distribution, c.n, baseSeed() + static_cast<uint64_t>(k)};
          const Solved solved = solveChecked(generateGraph(spec), o, describe(spec) + " " + describe(o));
          if (QTest::currentTestFailed()) return;
          sum += gapPercent(solved.solution.weight, optima[k]);
        }
        const double mean = sum / c.instances;
        const double bound = c.table59 * (c.instances > 1 ? room : 1.0);
        qInfo("%s n=%d %s: mean gap %.5f%% (Table 5.9: %.5f%%)", distributionName(c.distribution).data(), c.n,
              qPrintable(describe(o)), mean, c.table59);
        QVERIFY2(mean <= bound, qPrintable(QString("mean gap %1% above %2%").arg(mean).arg(bound)));
      }
    }
  }

  // Thesis, Section 5.6.2: a greedy start should close much of exponential graphs' large gap.
  void greedyStartNarrowsTheExponentialGap() {
    const GraphSpec spec{Distribution::Exponential, 1024, baseSeed()};
    const CompleteGraph graph = generateGraph(spec);
    const double optimum =
        solveChecked(graph,
                     roma(MatchingAlgorithm::Exact, lap::Backend::Sequential, 1, InitialMatching::Neighbour),
                     "exact")
            .solution.weight;
    for (MatchingAlgorithm algorithm : {MatchingAlgorithm::Roma, MatchingAlgorithm::ParallelRoma2}) {
      const auto backend =
          algorithm == MatchingAlgorithm::Roma ? lap::Backend::Sequential : lap::Backend::Cpu;
      const double neighbour =
          gapPercent(solveChecked(graph, roma(algorithm, backend, 2, InitialMatching::Neighbour), "neighbour")
                         .solution.weight,
                     optimum);
      const double greedy = gapPercent(
          solveChecked(graph, roma(algorithm, backend, 2, InitialMatching::Greedy), "greedy").solution.weight,
          optimum);
      if (QTest::currentTestFailed()) return;
      qInfo("exponential n=1024 %s: gap %.3f%% from the neighbour matching, %.3f%% from greedy",
            matchingAlgorithmName(algorithm).data(), neighbour, greedy);
      QVERIFY(greedy < 0.5 * neighbour);
    }
  }
};

QTEST_GUILESS_MAIN(TestMatchingGaps)
#include "test_matching_gaps.moc"
