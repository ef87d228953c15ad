// Parallel ROMA 1 and 2 on the GPU: every step leaves a perfect matching whose weight never drops and whose
// flip log replays; at convergence no 4-cycle flip is left; results stay within the thesis's gaps. Skipped
// where no CUDA device is usable.
#include <QtTest/QtTest>

#include "matching_test_support.h"
#include "solver/core/cuda_device.h"
#include "solver/matching/problem.h"
#include "solver/matching/relaxation_bound.h"

using namespace ms;
using namespace ms::matching;
using namespace ms::matching::testing;

namespace {

MatchingOptions onGpu(MatchingAlgorithm algorithm, InitialMatching initial,
                      int32_t maxPhases = kDefaultMaxPhases, int32_t flipRetries = 0) {
  MatchingOptions out;
  out.flipRetries = flipRetries;
  out.algorithm = algorithm;
  out.backend = lap::Backend::Cuda;
  out.initial = initial;
  out.maxPhases = maxPhases;
  out.seed = baseSeed();
  return out;
}

constexpr MatchingAlgorithm kVariants[] = {MatchingAlgorithm::ParallelRoma1,
                                           MatchingAlgorithm::ParallelRoma2};

}  // namespace

class TestMatchingCuda : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (!cudaDevice().usable)
      QSKIP(qPrintable("no usable CUDA device: " + QString::fromStdString(cudaDevice().reason)));
  }

  // Sizes below and above a block, not multiples of 4 (the scalar path) and odd (padded).
  void everyStepIsAPerfectMatching() {
    int solved = 0;
    for (Distribution distribution : distributions()) {
      for (int32_t n : {2, 4, 6, 13, 64, 130, 1000, 1030, 3000}) {
        const GraphSpec spec{distribution, n, baseSeed() + static_cast<uint64_t>(n)};
        const CompleteGraph graph = generateGraph(spec);
        const PreparedGraph prepared(graph);
        for (MatchingAlgorithm algorithm : kVariants) {
          for (InitialMatching initial : {InitialMatching::Neighbour, InitialMatching::Half,
                                          InitialMatching::Shuffled, InitialMatching::Greedy}) {
            const MatchingOptions o = onGpu(algorithm, initial);
            solveChecked(prepared.even(), o, describe(spec) + " " + describe(o));
            if (QTest::currentTestFailed()) return;
            ++solved;
          }
        }
      }
    }
    qInfo("%d solves checked step by step", solved);
  }

  // Minimising (the negated weights uploaded): every step valid, the weight never rises, the result on the
  // right side of LEMON's minimum and, from the greedy start, within greedy's bound (objective.h).
  void minimisingStaysAboveTheMinimum() {
    for (Distribution distribution : distributions()) {
      for (int32_t n : {6, 13, 130, 1030}) {
        const GraphSpec spec{distribution, n, baseSeed() + 5 * static_cast<uint64_t>(n)};
        const CompleteGraph graph = generateGraph(spec);
        const PreparedGraph prepared(graph);
        MatchingOptions exact = onGpu(MatchingAlgorithm::Exact, InitialMatching::Neighbour);
        exact.backend = lap::Backend::Sequential;
        exact.objective = Objective::Minimise;
        const double minimum = solveChecked(prepared.even(), exact, describe(spec)).solution.weight;
        const double pairs = prepared.even().vertexCount() / 2;
        const double bound = 0.5 * (pairs * prepared.even().weights().eigen().maxCoeff() + minimum);
        for (MatchingAlgorithm algorithm : kVariants) {
          for (InitialMatching initial : {InitialMatching::Neighbour, InitialMatching::Greedy}) {
            MatchingOptions o = onGpu(algorithm, initial, 0);
            o.objective = Objective::Minimise;
            const QString context = describe(spec) + " " + describe(o) + " min";
            const double weight = solveChecked(prepared.even(), o, context).solution.weight;
            if (QTest::currentTestFailed()) return;
            QVERIFY2(gapPercent(Objective::Minimise, weight, minimum) >= -1e-4, qPrintable(context));
            if (initial == InitialMatching::Greedy)
              QVERIFY2(weight <= bound + 1e-6 * bound, qPrintable(context));
          }
        }
      }
    }
  }

  // Geometric graphs: thousands of blocks compete for the locks of the same far-apart vertices; with retries,
  // the losers search again while the winners' flips land.
  void heavyContentionKeepsMatchingsValid() {
    for (int32_t n : {4096, 8192}) {
      const GraphSpec spec{Distribution::Geometric, n, baseSeed()};
      const CompleteGraph graph = generateGraph(spec);
      for (const MatchingOptions& o :
           {onGpu(MatchingAlgorithm::ParallelRoma1, InitialMatching::Neighbour, 0),
            onGpu(MatchingAlgorithm::ParallelRoma2, InitialMatching::Neighbour, 0),
            onGpu(MatchingAlgorithm::ParallelRoma1, InitialMatching::Neighbour, 0, 3),
            onGpu(MatchingAlgorithm::ParallelRoma2, InitialMatching::Neighbour, 0, 3)}) {
        const Solved solved = solveChecked(graph, o, describe(spec) + " " + describe(o));
        if (QTest::currentTestFailed()) return;
        double failed = 0;
        for (const StepRecord& r : solved.trace.records()) {
          if (r.phase == kRomaPhase) failed += r.counters[kFailedLocks] + r.counters[kStaleMates];
        }
        qInfo("%s: %d phases, %.0f flips given up", qPrintable(describe(spec) + " " + describe(o)),
              solved.solution.phases, failed);
        QVERIFY2(failed > 0, "no lock was ever contended: the test does not test contention");
      }
    }
  }

  void convergedRomaLeavesNoGainingFlip() {
    for (Distribution distribution : distributions()) {
      for (int32_t n : {8, 60, 256}) {
        const GraphSpec spec{distribution, n, baseSeed() + 3};
        const CompleteGraph graph = generateGraph(spec);
        for (MatchingAlgorithm algorithm : kVariants) {
          const MatchingOptions o = onGpu(algorithm, InitialMatching::Shuffled, 0);
          const Solved solved = solveChecked(graph, o, describe(spec) + " " + describe(o));
          if (QTest::currentTestFailed()) return;
          const float left = bestRemainingFlip(graph, solved.solution.mate);
          QVERIFY2(left <= o.gainThreshold + 1e-6f,
                   qPrintable(describe(spec) + QString(": gain %1 left").arg(left)));
        }
      }
    }
  }

  // Table 5.9's setting: parallel ROMA 2 for at most 8 phases from the neighbour matching (see
  // test_matching_gaps.cpp for the sizes and the room given for instance-to-instance spread). The geometric
  // graph of 4096 vertices, where LEMON takes minutes, is measured against the bipartite relaxation's upper
  // bound, which can only overstate the gap; its bound of 0.00041 % fails a search that flips with edges
  // that changed after it read them (Algorithm 7 rejects those).
  void gapsWithinTableFiveNine() {
    struct Case {
      Distribution distribution;
      int32_t n;
      int instances;
      double table59;
      double room;
    };
    // room: how far above the table a mean may lie. The GPU's lock races differ from run to run (uniform
    // n = 2048: means of 0.681-0.704 % over three runs on the H100), so the cases get the 10 % room of the
    // CPU's threaded runs, except geometric n = 4096: its gaps are a few flips out of millions of weight,
    // 0.00039-0.00143 % over 3 graphs x 3 runs of one build
    // (bench/results/2026-11-25-main-c87d1b8-h100/roma-geometric-4096-spread-h100.csv),
    // and 0.00078 % in one run of this test. The flip bug that case guards against gave 0.0043 %.
    const Case cases[] = {{Distribution::Uniform, 2048, 2, 0.67850, 1.10},
                          {Distribution::Exponential, 2048, 2, 7.66658, 1.10},
                          {Distribution::Geometric, 1024, 1, 0.41312, 1.10},
                          {Distribution::Geometric, 4096, 1, 0.00041, 5.0}};
    for (const Case& c : cases) {
      double sum = 0;
      for (int k = 0; k < c.instances; ++k) {
        const GraphSpec spec{c.distribution, c.n, baseSeed() + static_cast<uint64_t>(k)};
        const CompleteGraph graph = generateGraph(spec);
        MatchingOptions exact;
        exact.algorithm = MatchingAlgorithm::Exact;
        exact.backend = lap::Backend::Sequential;
        const double optimum = c.n <= 2048 ? solveChecked(graph, exact, "exact").solution.weight
                                           : bipartiteRelaxationBound(graph, lap::Backend::Cuda).upperBound;
        const double weight =
            solveChecked(graph, onGpu(MatchingAlgorithm::ParallelRoma2, InitialMatching::Neighbour),
                         describe(spec))
                .solution.weight;
        if (QTest::currentTestFailed()) return;
        sum += 100.0 * (1.0 - weight / optimum);
      }
      const double mean = sum / c.instances;
      qInfo("%s n=%d parallel-roma-2/cuda: mean gap %.5f%% (Table 5.9: %.5f%%)",
            distributionName(c.distribution).data(), c.n, mean, c.table59);
      QVERIFY(mean <= c.table59 * c.room);
    }
  }
};

QTEST_GUILESS_MAIN(TestMatchingCuda)
#include "test_matching_cuda.moc"
