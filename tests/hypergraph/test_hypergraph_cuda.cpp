// Suitor matching on the GPU: the same matching as the CPU kernels (the mutual-proposal fixed point does not
// depend on the order threads run in) on random hypergraphs, on Table II profiles, and on matrices whose
// nodes go through the medium and heavy (block per node) and overflow (dense array) tiers, whose candidate
// lists get cut short and rescanned; whole bipartitions too.
// Skipped where no CUDA device is usable.
#include <QtTest/QtTest>

#include "hypergraph_test_support.h"
#include "solver/core/cuda_device.h"
#include "solver/hypergraph/partition.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

namespace {

void compareBackends(const Hypergraph& g, int32_t levels, const QString& what) {
  const Solved cpu = solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cpu, levels));
  const Solved gpu = solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cuda, levels));
  QVERIFY2(gpu.result.mate == cpu.result.mate, qPrintable(what));
  QCOMPARE(gpu.result.levels.size(), cpu.result.levels.size());
  for (std::size_t l = 0; l < cpu.result.levels.size(); ++l)
    QCOMPARE(gpu.result.levels[l].nodes, cpu.result.levels[l].nodes);
  // The trace of the GPU run carries device time for its suitor steps.
  for (const StepRecord& r : gpu.trace.records()) {
    if (r.phase == kProposalsPhase) QVERIFY(r.device_ns >= 0);
  }
}

// One hyperedge holding `hub` and `width` other nodes plus random small hyperedges: the hub has `width`
// distinct neighbours, enough to overflow a heavy block's table when width > 6144.
Hypergraph hubHypergraph(int32_t nodes, int32_t width, uint64_t seed) {
  Hypergraph small = generateRandom({nodes, nodes, 4, 3, 1, seed});
  std::vector<int64_t> offsets = small.edgeOffsets();
  std::vector<int32_t> pins = small.pinArray(), weights = small.edgeWeights();
  for (int32_t v = 0; v < width; ++v) pins.push_back(v);
  offsets.push_back(static_cast<int64_t>(pins.size()));
  weights.push_back(1);
  return Hypergraph(nodes, offsets, pins, weights);
}

}  // namespace

class TestHypergraphCuda : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (!cudaDevice().usable)
      QSKIP(qPrintable("no usable CUDA device: " + QString::fromStdString(cudaDevice().reason)));
  }

  void smallRandomHypergraphsMatchTheOracle() {
    for (const RandomHypergraphSpec& spec : smallSpecs(80, baseSeed() + 8000)) {
      const Hypergraph g = generateRandom(spec);
      const Solved gpu = solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cuda));
      QVERIFY2(gpu.result.mate == bruteSuitor(g), qPrintable(describe(spec)));
    }
  }

  void profilesMatchTheCpu() {
    for (Profile profile : kProfiles) {
      const int32_t size = std::max(2 * profileStats(profile).max, 30'000);
      compareBackends(generateProfile(profile, size, baseSeed()), 3,
                      QString::fromUtf8(profileStats(profile).name.data()));
    }
  }

  void heavyAndOverflowTiersMatchTheCpu() {
    compareBackends(hubHypergraph(20'000, 300, baseSeed()), 2, "hub 300 (medium tier)");
    compareBackends(hubHypergraph(20'000, 15'000, baseSeed()), 2, "hub 15000 (overflow tier)");
    compareBackends(generateHeavyColumns({20'000, 200, 3'000, baseSeed()}), 1, "heavy columns (heavy tier)");
  }

  void bipartitionOnTheGpuIsBalanced() {
    const Hypergraph g = generateProfile(Profile::StanfordBerkeley, 20'000, baseSeed());
    HypergraphOptions o;
    o.algorithm = HypergraphAlgorithm::Bipartition;
    o.backend = lap::Backend::Cuda;
    o.bipartitionMatching = MatchingRule::Suitor;
    const Solved solved = solve(g, o);
    QVERIFY(solved.result.imbalance <= kDefaultEpsilon + 1e-12);
    QCOMPARE(cutOf(g, solved.result.partition), solved.result.cut);
  }
};

QTEST_APPLESS_MAIN(TestHypergraphCuda)
#include "test_hypergraph_cuda.moc"
