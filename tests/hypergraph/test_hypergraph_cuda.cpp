// Suitor matching on the GPU: the same matching as the CPU kernels (the mutual-proposal fixed point does not
// depend on the order threads run in) on random hypergraphs, on Table II profiles, and on matrices whose
// nodes go through the medium and heavy (block per node) and overflow (dense array) tiers, whose candidate
// lists get cut short and rescanned; with a rating cap; whole bipartitions too. The contraction on the GPU
// builds exactly the level applyCoarsening builds, array by array, from random matchings and from the
// suitor's own, level after level on the device. Jet's kernels follow their definitions and move as the
// host's do. Skipped where no CUDA device is usable.
#include <QtTest/QtTest>

#include <numeric>
#include <random>
#include "hypergraph_test_support.h"

#include "solver/core/cuda_device.h"
#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/contraction_kernels.h"
#include "solver/hypergraph/jet_refinement.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/rating_level.h"
#include "solver/hypergraph/suitor_kernels.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

namespace {

void compareBackends(const Hypergraph& g, int32_t levels, const QString& what, int32_t ratingCap = 0) {
  HypergraphOptions options = coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cpu, levels);
  options.suitorRatingCap = ratingCap;
  const Solved cpu = solve(g, options);
  options.backend = lap::Backend::Cuda;
  const Solved gpu = solve(g, options);
  QVERIFY2(gpu.result.mate == cpu.result.mate, qPrintable(what));
  QCOMPARE(gpu.result.levels.size(), cpu.result.levels.size());
  for (std::size_t l = 0; l < cpu.result.levels.size(); ++l) {
    QCOMPARE(gpu.result.levels[l].nodes, cpu.result.levels[l].nodes);
    QCOMPARE(gpu.result.levels[l].edges, cpu.result.levels[l].edges);
    QCOMPARE(gpu.result.levels[l].pins, cpu.result.levels[l].pins);
  }
  QCOMPARE(gpu.result.coarseningMap, cpu.result.coarseningMap);
  // The levels after the input were contracted on the device and downloaded once each.
  QCOMPARE(gpu.result.downloadNs.size(), gpu.result.levels.size() - 1);
  QCOMPARE(gpu.result.hostFillNs.size(), gpu.result.levels.size() - 1);
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

// A random hypergraph with the shapes contraction must keep: hyperedges of one pin, empty hyperedges (every
// fifth), nodes in no hyperedge (a tail of `isolated` nodes, besides those the draw missed), weights.
Hypergraph raggedHypergraph(const RandomHypergraphSpec& spec, int32_t isolated) {
  const Hypergraph drawn = generateRandom(spec);
  std::mt19937_64 random(spec.seed + 1);
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins, edgeWeights;
  for (int32_t e = 0; e < drawn.edgeCount(); ++e) {
    if (e % 5 == 0) {  // an empty hyperedge before this one
      offsets.push_back(static_cast<int64_t>(pins.size()));
      edgeWeights.push_back(static_cast<int32_t>(random() % 7) + 1);
    }
    const auto edge = drawn.pins(e);
    pins.insert(pins.end(), edge.begin(), edge.end());
    offsets.push_back(static_cast<int64_t>(pins.size()));
    edgeWeights.push_back(drawn.edgeWeight(e));
  }
  std::vector<int32_t> nodeWeights = drawn.nodeWeights();
  for (int32_t v = 0; v < isolated; ++v) nodeWeights.push_back(static_cast<int32_t>(random() % 9) + 1);
  return Hypergraph(drawn.nodeCount() + isolated, offsets, pins, edgeWeights, nodeWeights);
}

// A random matching: nodes in a shuffled order paired two by two, each pair kept with probability 3/4.
std::vector<int32_t> randomMatching(int32_t nodes, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<int32_t> order(static_cast<std::size_t>(nodes));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), random);
  std::vector<int32_t> mate(static_cast<std::size_t>(nodes), -1);
  for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
    if (random() % 4 == 0) continue;
    mate[static_cast<std::size_t>(order[i])] = order[i + 1];
    mate[static_cast<std::size_t>(order[i + 1])] = order[i];
  }
  return mate;
}

// The device's level against applyCoarsening's, array by array.
// The device's level goes to *coarse when asked for.
void compareContraction(const Hypergraph& fine, const std::vector<int32_t>& mate, ContractedLevel level,
                        const QString& what, Hypergraph* coarse = nullptr) {
  const std::vector<int32_t> map = coarseningMap(mate);
  const int32_t clusters = map.empty() ? 0 : *std::max_element(map.begin(), map.end()) + 1;
  const Hypergraph cpu = applyCoarsening(fine, map, clusters);
  const bool sized = level.size.nodes == cpu.nodeCount() && level.size.edges == cpu.edgeCount() &&
                     level.size.pins == cpu.pinCount();
  const bool timed = level.deviceNs >= 0 && level.downloadNs >= 0;
  HostLevel gpu = level.host.get();
  QVERIFY2(sized, qPrintable(what + ": sizes"));
  QVERIFY2(timed && gpu.fillNs >= 0, qPrintable(what + ": timings"));
  QVERIFY2(gpu.map == map, qPrintable(what + ": f"));
  QVERIFY2(gpu.graph.nodeCount() == cpu.nodeCount(), qPrintable(what + ": nodes"));
  QVERIFY2(gpu.graph.edgeOffsets() == cpu.edgeOffsets(), qPrintable(what + ": hyperedge offsets"));
  QVERIFY2(gpu.graph.pinArray() == cpu.pinArray(), qPrintable(what + ": pins"));
  QVERIFY2(gpu.graph.edgeWeights() == cpu.edgeWeights(), qPrintable(what + ": hyperedge weights"));
  QVERIFY2(gpu.graph.nodeWeights() == cpu.nodeWeights(), qPrintable(what + ": node weights"));
  QVERIFY2(gpu.graph.totalNodeWeight() == cpu.totalNodeWeight(), qPrintable(what + ": total weight"));
  QVERIFY2(gpu.graph.nodeOffsets() == cpu.nodeOffsets(), qPrintable(what + ": node offsets"));
  QVERIFY2(gpu.graph.incidenceArray() == cpu.incidenceArray(), qPrintable(what + ": incidence"));
  // The kernels were made for a partitioner: the new level's compaction plan came with it, the host's.
  QVERIFY2(gpu.compaction == compactionRepresentatives(cpu),
           qPrintable(what + ": compaction representatives"));
  if (coarse != nullptr) *coarse = std::move(gpu.graph);
}

// Runs the suitor kernels' rounds to the end of the level.
void matchLevel(SuitorKernels& suitor) {
  bool everyNode = true;
  for (;;) {
    suitor.propose(everyNode);
    everyNode = false;
    const SuitorRound round = suitor.matchProposals();
    if (round.newPairs == 0 || round.queueSize == 0) return;
  }
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

  // With a rating cap the device scans the rating level it builds itself (device_rating_level.h): the same
  // matching as the host's on hub-heavy profiles over three levels (the cap binding on the coarse levels
  // too) and around a hyperedge of 15,000 pins, and the brute-force suitor of the host's rating level on
  // small hypergraphs with caps that bind almost everywhere.
  void ratingCapMatchesTheCpu() {
    for (Profile profile : {Profile::Flickr, Profile::Wikipedia}) {
      const int32_t size = std::max(2 * profileStats(profile).max, 30'000);
      compareBackends(generateProfile(profile, size, baseSeed()), 3,
                      QString::fromUtf8(profileStats(profile).name.data()) + " cap 64", 64);
    }
    compareBackends(hubHypergraph(20'000, 15'000, baseSeed()), 2, "hub 15000 cap 3", 3);
    for (const RandomHypergraphSpec& spec : smallSpecs(60, baseSeed() + 8500)) {
      const Hypergraph g = generateRandom(spec);
      for (int32_t cap : {1, 2}) {
        HypergraphOptions options = coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cuda);
        options.suitorRatingCap = cap;
        const std::shared_ptr<const Hypergraph> level = ratingLevel(g, cap);
        QVERIFY2(solve(g, options).result.mate == bruteSuitor(level ? *level : g),
                 qPrintable(describe(spec) + QString(" cap %1").arg(cap)));
      }
    }
  }

  void heavyAndOverflowTiersMatchTheCpu() {
    compareBackends(hubHypergraph(20'000, 300, baseSeed()), 2, "hub 300 (medium tier)");
    compareBackends(hubHypergraph(20'000, 15'000, baseSeed()), 2, "hub 15000 (overflow tier)");
    compareBackends(generateHeavyColumns({20'000, 200, 3'000, baseSeed()}), 1, "heavy columns (heavy tier)");
    // 20,000 nodes in about 40 hyperedges of up to 64 pins each: nearly every node scans more than 1,024
    // nonzeros (cuda_suitor.cu's heavy tier), more than 32 per heavy block (two per multiprocessor), so the
    // first proposals run the heavy blocks of 256 threads and the later rounds those of 512.
    const Hypergraph longQueue = generateRandom({20'000, 25'000, 64, 3, 1, baseSeed()});
    int32_t heavy = 0;
    for (int32_t v = 0; v < longQueue.nodeCount(); ++v) {
      int64_t work = 0;
      for (int32_t e : longQueue.edgesOf(v)) work += static_cast<int64_t>(longQueue.pins(e).size());
      heavy += work > 1024 ? 1 : 0;
    }
    QVERIFY2(heavy > 32 * 2 * cudaDevice().multiprocessors, qPrintable(QString("%1 heavy nodes").arg(heavy)));
    compareBackends(longQueue, 2, "long heavy queue");
  }

  void contractionFromRandomMatchingsMatchesTheCpu() {
    const uint64_t seed = baseSeed() + 27;
    int shape = 0;
    for (const auto& [spec, isolated] : std::vector<std::pair<RandomHypergraphSpec, int32_t>>{
             {{1, 3, 1, 1, 1, seed}, 0},              // one node, single-pin and empty hyperedges
             {{2, 1, 2, 1, 1, seed + 1}, 3},          // three nodes in no hyperedge
             {{30, 12, 4, 5, 3, seed + 2}, 5},        // small, weighted
             {{200, 600, 8, 1, 1, seed + 3}, 20},     // dense, unit weights (many repeats after mapping)
             {{40, 3'000, 3, 4, 1, seed + 6}, 0},     // small hyperedges on few nodes: many identical
             {{5'000, 2'000, 3, 9, 7, seed + 4}, 0},  // sparse: many nodes in no hyperedge
             {{20'000, 30'000, 40, 4, 2, seed + 5}, 100}}) {
      const Hypergraph g = raggedHypergraph(spec, isolated);
      const QString what = describe(spec) + QString(" isolated=%1").arg(isolated);
      for (int draw = 0; draw < 3; ++draw) {
        auto suitor = makeCudaSuitorKernels();
        suitor->begin(g);
        auto contraction = makeCudaContractionKernels(*suitor, true);
        const std::vector<int32_t> mate =
            draw == 0 ? std::vector<int32_t>(static_cast<std::size_t>(g.nodeCount()), -1)
                      : randomMatching(g.nodeCount(), seed + 100 * static_cast<uint64_t>(++shape));
        compareContraction(g, mate, contraction->contract(g, &mate), what + QString(" draw %1").arg(draw));
      }
    }
    auto suitor = makeCudaSuitorKernels();
    const Hypergraph empty(0, {0}, {});
    suitor->begin(empty);
    const std::vector<int32_t> none;
    compareContraction(empty, none, makeCudaContractionKernels(*suitor, true)->contract(empty, &none),
                       "no nodes");
  }

  void compactionPlanFallsBackToTheHost() {
    // Three identical hyperedges of weight 2^30 - 1 do not fit one int32 weight: the host merges two and
    // keeps the third, so the device leaves the level to it (an empty plan); kernels made for coarsening
    // alone plan nothing.
    const int32_t heavy = (1 << 30) - 1;
    const Hypergraph g(4, {0, 2, 4, 6, 8}, {0, 1, 0, 1, 0, 1, 2, 3}, {heavy, heavy, heavy, 1});
    const std::vector<int32_t> unmatched(4, -1);
    for (const bool plan : {true, false}) {
      auto suitor = makeCudaSuitorKernels();
      suitor->begin(g);
      HostLevel level = makeCudaContractionKernels(*suitor, plan)->contract(g, &unmatched).host.get();
      QVERIFY(level.compaction.empty());
    }
    QCOMPARE(compactionRepresentatives(g), (std::vector<int32_t>{0, 0, 2, 3}));
  }

  void suitorLevelsContractOnTheDevice() {
    // The suitor's matching stays on the device; each contracted level is matched there again without an
    // upload, and every level equals the host contraction of the matching downloaded for the check.
    for (Profile profile : {Profile::Flickr, Profile::Stanford}) {
      const Hypergraph input =
          generateProfile(profile, std::max(2 * profileStats(profile).max, 30'000), baseSeed());
      auto suitor = makeCudaSuitorKernels();
      auto contraction = makeCudaContractionKernels(*suitor, true);
      suitor->begin(input);
      Hypergraph level = input;
      for (int l = 0; l < 3; ++l) {
        matchLevel(*suitor);
        const std::vector<int32_t> mate = suitor->mates();
        const Hypergraph fine = std::move(level);
        compareContraction(
            fine, mate, contraction->contract(fine, nullptr),
            QString("%1 level %2").arg(QString::fromUtf8(profileStats(profile).name.data())).arg(l), &level);
        suitor->beginContracted();
      }
    }
  }

  void jetKernelsFollowTheirDefinitions() {
    checkJetKernelsAgainstDefinitions(*makeCudaJetKernels(), baseSeed() + 500);
  }

  // Jet to its end on the device and on the host's threads from the same grown partition: the same
  // partition, on the Table II profiles and around a hyperedge of 15,000 pins.
  void jetMatchesTheCpu() {
    std::vector<std::pair<Hypergraph, QString>> inputs;
    for (Profile profile : kProfiles) {
      inputs.emplace_back(
          generateProfile(profile, std::max(2 * profileStats(profile).max, 30'000), baseSeed()),
          QString::fromUtf8(profileStats(profile).name.data()));
    }
    inputs.emplace_back(hubHypergraph(20'000, 15'000, baseSeed()), "hub");
    for (const auto& [g, what] : inputs) {
      const SideLimits limits = sideLimits(g.totalNodeWeight(), kDefaultEpsilon, {1, 1});
      const Partition start = growPartition(g, sideTarget(g.totalNodeWeight(), {1, 1}));
      JetMeasure cpuLast, gpuLast;
      const Partition cpu = refineToEnd(*makeCpuJetKernels(0), g, start, limits, &cpuLast);
      const Partition gpu = refineToEnd(*makeCudaJetKernels(), g, start, limits, &gpuLast);
      QVERIFY2(gpu == cpu, qPrintable(what));
      QCOMPARE(gpuLast.cut, cpuLast.cut);
      QCOMPARE(gpuLast.cut, cutOf(g, gpu));
    }
  }

  // A whole bipartition with Jet on the GPU is the one with Jet on the host's threads (the same matchings,
  // contractions and Jet moves; FM on the host either way).
  void jetBipartitionOnTheGpuIsTheCpus() {
    const Hypergraph g = generateProfile(Profile::StanfordBerkeley, 20'000, baseSeed());
    HypergraphOptions o;
    o.algorithm = HypergraphAlgorithm::Bipartition;
    o.bipartitionMatching = MatchingRule::Suitor;
    o.refinement = Refinement::Jet;
    o.backend = lap::Backend::Cpu;
    const Solved cpu = solve(g, o);
    o.backend = lap::Backend::Cuda;
    const Solved gpu = solve(g, o);
    QVERIFY(gpu.result.partition == cpu.result.partition);
    QCOMPARE(gpu.result.cut, cpu.result.cut);
    QVERIFY(gpu.result.imbalance <= kDefaultEpsilon + 1e-12);
    QCOMPARE(cutOf(g, gpu.result.partition), gpu.result.cut);
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
