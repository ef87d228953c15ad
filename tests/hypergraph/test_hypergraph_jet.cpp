// Jet refinement on the host's threads: its kernels against a move iteration and a rebalancing written from
// their definitions (hypergraph_test_support.h), the same partitions on one thread and several, a refinement
// that ends within the balance limits without worsening a feasible start, and bipartitions that refine each
// level with Jet and then FM. The CUDA kernels are checked against the same definitions and against these
// in test_hypergraph_cuda.cpp.
#include <QtTest/QtTest>

#include <random>

#include "hypergraph_test_support.h"
#include "solver/hypergraph/jet_refinement.h"
#include "solver/hypergraph/partition.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

class TestHypergraphJet : public QObject {
  Q_OBJECT

 private slots:
  void kernelsFollowTheirDefinitions() {
    checkJetKernelsAgainstDefinitions(*makeCpuJetKernels(1), baseSeed() + 300);
    checkJetKernelsAgainstDefinitions(*makeCpuJetKernels(3), baseSeed() + 400);
  }

  // From a random start (overweight or not) the refinement ends within the limits; from a feasible one it
  // never ends above the start's cut; the cut it reports is the partition's.
  void refinementEndsWithinTheLimits() {
    std::mt19937_64 draw(std::random_device{}());
    for (int i = 0; i < 12; ++i) {
      RandomHypergraphSpec spec;
      spec.nodes = 200 + static_cast<int32_t>(draw() % 3000);
      spec.edges = spec.nodes;
      spec.maxEdgeSize = 2 + static_cast<int32_t>(draw() % 12);
      spec.maxEdgeWeight = 1 + static_cast<int32_t>(draw() % 4);
      spec.seed = draw();
      const Hypergraph g = generateRandom(spec);
      const SideLimits limits = sideLimits(g.totalNodeWeight(), kDefaultEpsilon, {1, 1});
      Partition start = randomPartition(g.nodeCount(), spec.seed);
      if (i % 3 == 0) std::fill(start.begin(), start.end(), uint8_t{0});  // all on one side
      const bool startsWithin = within(g, start, limits);
      const auto kernels = makeCpuJetKernels(2);
      JetMeasure last;
      const Partition refined = refineToEnd(*kernels, g, start, limits, &last);
      QVERIFY2(within(g, refined, limits), qPrintable(describe(spec)));
      QCOMPARE(last.cut, cutOf(g, refined));
      if (startsWithin) QVERIFY2(last.cut <= cutOf(g, start), qPrintable(describe(spec)));
    }
  }

  void threadsGiveTheSamePartition() {
    const Hypergraph g = generateProfile(Profile::Stanford, 20'000, baseSeed());
    const SideLimits limits = sideLimits(g.totalNodeWeight(), kDefaultEpsilon, {1, 1});
    const Partition start = growPartition(g, sideTarget(g.totalNodeWeight(), {1, 1}));
    const Partition one = refineToEnd(*makeCpuJetKernels(1), g, start, limits);
    QVERIFY(one != start);
    QVERIFY(refineToEnd(*makeCpuJetKernels(4), g, start, limits) == one);
  }

  // Each refined level runs its Jet iterations, then FM passes; the partition is balanced and its cut the
  // reported one, and no worse than FM alone by more than 2 % on the Table II-like profiles (measured: -1.5 %
  // to 0 at 100k).
  void bipartitionRunsJetThenFm() {
    for (Profile profile : kProfiles) {
      const Hypergraph g =
          generateProfile(profile, std::max(2 * profileStats(profile).max, 20'000), baseSeed());
      HypergraphOptions o;
      o.backend = lap::Backend::Sequential;  // Refinement::Auto picks FM here
      const Solved fm = solve(g, o);
      QVERIFY(std::none_of(fm.trace.records().begin(), fm.trace.records().end(),
                           [](const StepRecord& r) { return r.phase == kJetIterationPhase; }));
      o.refinement = Refinement::Jet;
      const Solved jet = solve(g, o);
      const QString what = QString::fromUtf8(profileStats(profile).name.data());
      QVERIFY2(jet.result.imbalance <= kDefaultEpsilon + 1e-12, qPrintable(what));
      QCOMPARE(cutOf(g, jet.result.partition), jet.result.cut);
      QVERIFY2(static_cast<double>(jet.result.cut) <= 1.02 * static_cast<double>(fm.result.cut),
               qPrintable(what + QString(": %1 against FM's %2").arg(jet.result.cut).arg(fm.result.cut)));
      int jetSteps = 0;
      const auto& records = jet.trace.records();
      for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].phase != kJetIterationPhase) continue;
        ++jetSteps;
        // Within a level no Jet iteration follows an FM pass.
        QVERIFY(i == 0 || records[i - 1].phase != kFmPassPhase ||
                records[i - 1].iteration != records[i].iteration);
      }
      QVERIFY2(jetSteps > 0, qPrintable(what));
    }
  }
};

QTEST_APPLESS_MAIN(TestHypergraphJet)
#include "test_hypergraph_jet.moc"
