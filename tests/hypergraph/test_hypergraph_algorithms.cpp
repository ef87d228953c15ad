// Coarsening, contraction and bipartitioning on the CPU backends against brute-force oracles: greedy equals
// Fig. 4 over brute-force similarities; every coarsening map is a valid matching of the metric closure with
// f(v) = min{v, mate(v)}; suitor matching reaches the mutual-proposal fixed point, weighs at least half of
// LEMON's maximum weight matching of the metric closure and is the same on every backend, and with a rating
// cap it is the suitor of the rating level (whose hyperedges are checked against an oracle); apply-coarsening
// follows eq. 3-4; compacting a level keeps every cut and similarity; FM never worsens the cut and its
// set-up gives the same pass on several threads; bipartitions are balanced and report the cut of their
// partition file. k-way partitioning is tested in test_hypergraph_kway.cpp.
#include <QtTest/QtTest>

#include <filesystem>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <utility>

#include "hypergraph_test_support.h"
#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/contraction_kernels.h"
#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/kway_partition.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/rating_level.h"
#include "solver/matching/lemon_matching.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

namespace {

// Mates are neighbours, the matching is mutual, and f(v) = min{v, mate(v)} renumbered in increasing order.
void checkCoarseningMap(const Hypergraph& g, const HypergraphResult& r, const QString& what) {
  const auto n = static_cast<std::size_t>(g.nodeCount());
  QCOMPARE(r.mate.size(), n);
  QCOMPARE(r.coarseningMap.size(), n);
  std::vector<int32_t> labels;
  for (std::size_t v = 0; v < n; ++v) {
    const int32_t m = r.mate[v];
    if (m >= 0) {
      QVERIFY2(r.mate[static_cast<std::size_t>(m)] == static_cast<int32_t>(v),
               qPrintable(what + " not mutual"));
      QVERIFY2(areNeighbours(g, static_cast<int32_t>(v), m), qPrintable(what + " mates are not neighbours"));
    }
    labels.push_back(m >= 0 ? std::min<int32_t>(static_cast<int32_t>(v), m) : static_cast<int32_t>(v));
  }
  std::vector<int32_t> distinct = labels;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (std::size_t v = 0; v < n; ++v) {
    const auto rank = std::lower_bound(distinct.begin(), distinct.end(), labels[v]) - distinct.begin();
    QVERIFY2(r.coarseningMap[v] == rank, qPrintable(what + " f(v) is not min{v, mate(v)}"));
  }
  QCOMPARE(r.levels.size(), std::size_t{2});
  QCOMPARE(r.levels[1].nodes, static_cast<int32_t>(distinct.size()));
}

// Maximum weight matching of the metric closure: LEMON's perfect matching on the complete graph whose
// non-edges weigh 0 (plus one zero vertex when n is odd).
double lemonOptimum(const Hypergraph& g) {
  const int32_t n = g.nodeCount() + g.nodeCount() % 2;
  std::vector<float> weights(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0f);
  for (int32_t u = 0; u < g.nodeCount(); ++u) {
    for (int32_t v = 0; v < g.nodeCount(); ++v) {
      if (u != v)
        weights[static_cast<std::size_t>(u) * static_cast<std::size_t>(n) + static_cast<std::size_t>(v)] =
            static_cast<float>(bruteSimilarity(g, u, v));
    }
  }
  std::vector<int32_t> mate(static_cast<std::size_t>(n));
  return matching::lemonMaxWeightPerfectMatching(weights.data(), n, mate.data());
}

// One hyperedge per point of a side x side grid: the point and its grid neighbours (the SuiteSparse-like
// grids of bench/hypergraph/compare_with_zoltan.py).
Hypergraph grid(int32_t side) {
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins;
  for (int32_t r = 0; r < side; ++r) {
    for (int32_t c = 0; c < side; ++c) {
      pins.push_back(r * side + c);
      for (const auto& [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        if (r + dr >= 0 && r + dr < side && c + dc >= 0 && c + dc < side)
          pins.push_back((r + dr) * side + c + dc);
      }
      offsets.push_back(static_cast<int64_t>(pins.size()));
    }
  }
  return Hypergraph(side * side, std::move(offsets), std::move(pins));
}

// Bipartition options (coarsening by `rule` on the sequential backend).
HypergraphOptions bipartitionOptions(MatchingRule rule, double epsilon,
                                     int32_t bruteForceBelow = kDefaultBruteForceBelow) {
  HypergraphOptions o;
  o.algorithm = HypergraphAlgorithm::Bipartition;
  o.backend = lap::Backend::Sequential;
  o.bipartitionMatching = rule;
  o.epsilon = epsilon;
  o.bruteForceBelow = bruteForceBelow;
  return o;
}

}  // namespace

class TestHypergraphAlgorithms : public QObject {
  Q_OBJECT

 private slots:
  void greedyEqualsBruteForceFig4() {
    for (const RandomHypergraphSpec& spec : smallSpecs(60, baseSeed())) {
      const Hypergraph g = generateRandom(spec);
      const Solved solved =
          solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenGreedy, lap::Backend::Sequential));
      QVERIFY2(solved.result.mate == bruteGreedy(g), qPrintable(describe(spec)));
      checkCoarseningMap(g, solved.result, describe(spec));
      if (QTest::currentTestFailed()) return;
    }
  }

  // Every level but the last shrinks by the pairs its matching made, until a level stalls (< 5 %) or is
  // small.
  void everyLevelIsCoarsenedByItsMatching() {
    const Hypergraph g = generateRandom({3000, 3000, 5, 3, 1, baseSeed()});
    for (HypergraphAlgorithm algorithm :
         {HypergraphAlgorithm::CoarsenGreedy, HypergraphAlgorithm::CoarsenSuitor}) {
      const Solved solved = solve(g, coarsenOptions(algorithm, lap::Backend::Sequential, 0));
      const auto& levels = solved.result.levels;
      QVERIFY(levels.size() >= 3);
      int contractions = 0;
      for (const StepRecord& r : solved.trace.records()) {
        if (r.phase != kContractionPhase) continue;
        const auto l = static_cast<std::size_t>(r.counters[kLevel]);  // the new level
        QCOMPARE(static_cast<double>(levels[l].nodes), levels[l - 1].nodes - r.counters[kMatchedPairs]);
        QVERIFY(r.counters[kMatchedPairs] > 0);
        ++contractions;
      }
      QCOMPARE(contractions + 1, static_cast<int>(levels.size()));
      for (std::size_t l = 1; l + 1 < levels.size(); ++l)
        QVERIFY(levels[l].nodes <= 0.95 * levels[l - 1].nodes);
    }
  }

  void greedyStepsNodeByNodeLikeALevel() {
    const RandomHypergraphSpec spec{30, 40, 5, 3, 1, baseSeed()};
    const Hypergraph g = generateRandom(spec);
    HypergraphOptions o = coarsenOptions(HypergraphAlgorithm::CoarsenGreedy, lap::Backend::Sequential);
    o.nodesPerStep = 1;
    auto solver = makeHypergraphSolver(std::make_shared<const Hypergraph>(g), o);
    int steps = 0;
    Snapshot snapshot;
    while (!solver->done()) {
      const StepRecord record = solver->step();
      if (record.phase != kGreedyMatchingPhase) continue;
      ++steps;
      solver->snapshot(snapshot);
      const auto& s = std::get<HypergraphSnapshot>(snapshot);
      // A node matched before its turn scans nothing: the step shows no node.
      if (s.currentNode < 0) {
        QVERIFY(s.mate[static_cast<std::size_t>(steps - 1)] >= 0);
        continue;
      }
      QCOMPARE(s.currentNode, steps - 1);
      int64_t nonzeros = 0;
      for (int32_t e : s.currentEdges) nonzeros += static_cast<int64_t>(g.pins(e).size());
      QCOMPARE(static_cast<int64_t>(s.lanes.size()), nonzeros);
      for (const Neighbour& k : s.neighbours)
        QCOMPARE(k.similarity, bruteSimilarity(g, s.currentNode, k.node));
    }
    QCOMPARE(steps, g.nodeCount());
    QCOMPARE(solver->result().mate, bruteGreedy(g));
  }

  void suitorReachesTheMutualProposalFixedPoint() {
    for (const RandomHypergraphSpec& spec : smallSpecs(60, baseSeed() + 1000)) {
      const Hypergraph g = generateRandom(spec);
      const std::vector<int32_t> expected = bruteSuitor(g);
      for (lap::Backend backend : {lap::Backend::Sequential, lap::Backend::Cpu}) {
        const Solved solved = solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, backend));
        QVERIFY2(solved.result.mate == expected, qPrintable(describe(spec)));
        checkCoarseningMap(g, solved.result, describe(spec));
        // Maximal: no two unmatched nodes are neighbours.
        for (int32_t u = 0; u < g.nodeCount(); ++u) {
          for (int32_t v = u + 1; v < g.nodeCount(); ++v) {
            QVERIFY(solved.result.mate[static_cast<std::size_t>(u)] >= 0 ||
                    solved.result.mate[static_cast<std::size_t>(v)] >= 0 || !areNeighbours(g, u, v));
          }
        }
        if (QTest::currentTestFailed()) return;
      }
    }
  }

  void suitorWeighsAtLeastHalfOfTheOptimum() {
    int tight = 0;
    for (const RandomHypergraphSpec& spec : smallSpecs(60, baseSeed() + 2000)) {
      const Hypergraph g = generateRandom(spec);
      const Solved solved =
          solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Sequential));
      const double weight = matchingWeight(g, solved.result.mate), optimum = lemonOptimum(g);
      QVERIFY2(weight >= 0.5 * optimum - 1e-9,
               qPrintable(describe(spec) + QString(" %1 < %2 / 2").arg(weight).arg(optimum)));
      QVERIFY(weight <= optimum + 1e-9);
      if (weight < optimum) ++tight;
    }
    qInfo("%d of 60 suitor matchings below the optimum", tight);
  }

  void suitorIsTheSameOnLargerInstancesAcrossBackends() {
    for (Profile profile : {Profile::Stanford, Profile::Flickr}) {
      const Hypergraph g =
          generateProfile(profile, std::max(2 * profileStats(profile).max, 20'000), baseSeed());
      const Solved sequential =
          solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Sequential, 2));
      const Solved openmp =
          solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cpu, 2));
      QCOMPARE(openmp.result.mate, sequential.result.mate);
      QCOMPARE(openmp.result.levels.size(), sequential.result.levels.size());
      QCOMPARE(openmp.result.levels.back().nodes, sequential.result.levels.back().nodes);
    }
  }

  // On a hub-heavy input the hubs stay unmatched for many rounds while the neighbours they prefer pair up;
  // their re-proposals must come from their kept neighbours, not from rescans of their thousands of
  // hyperedges (before: the later rounds scanned 1.6x the first round's nonzeros on flickr-like 20k; now
  // 0.30x).
  void suitorReProposalsScanLittleBeyondTheFirstRound() {
    const Hypergraph g = generateProfile(Profile::Flickr, 20'000, baseSeed());
    for (lap::Backend backend : {lap::Backend::Sequential, lap::Backend::Cpu}) {
      const Solved solved = solve(g, coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, backend));
      double first = -1, later = 0;
      int rounds = 0;
      for (const StepRecord& r : solved.trace.records()) {
        if (r.phase != kProposalsPhase) continue;
        ++rounds;
        (first < 0 ? first : later) += r.counters[kPinVisits];
      }
      QVERIFY(rounds > 10);  // the hubs do hold the matching up
      QVERIFY2(later <= 0.5 * first,
               qPrintable(QString("first round %1, later rounds %2").arg(first).arg(later)));
    }
  }

  // The rating level, against an oracle that sorts each node's hyperedges in full: a node of more than the
  // cap keeps its first cap hyperedges by weight per other pin, hash and number; a hyperedge keeps the pins
  // that kept it, in their order; the same level on one and three threads; none when no node is capped.
  void ratingLevelKeepsEachNodesHeaviestHyperedges() {
    int capped = 0;
    for (const RandomHypergraphSpec& spec : smallSpecs(60, baseSeed() + 2200)) {
      const Hypergraph g = generateRandom(spec);
      const auto perPin = [&](int32_t e) {
        const auto others = static_cast<double>(g.pins(e).size()) - 1;
        return others > 0 ? g.edgeWeight(e) / others : -1.0;
      };
      const auto first = [&](int32_t a, int32_t b) {
        if (perPin(a) != perPin(b)) return perPin(a) > perPin(b);
        if (edgeTieKey(a, a) != edgeTieKey(b, b)) return edgeTieKey(a, a) > edgeTieKey(b, b);
        return a < b;
      };
      for (int32_t cap : {1, 2, 4}) {
        const QString what = describe(spec) + QString(" cap %1").arg(cap);
        std::vector<std::vector<int32_t>> rated(static_cast<std::size_t>(g.nodeCount()));
        bool anyCapped = false;
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          std::vector<int32_t> edges(g.edgesOf(v).begin(), g.edgesOf(v).end());
          std::sort(edges.begin(), edges.end(), first);
          anyCapped = anyCapped || edges.size() > static_cast<std::size_t>(cap);
          edges.resize(std::min(edges.size(), static_cast<std::size_t>(cap)));
          std::sort(edges.begin(), edges.end());
          rated[static_cast<std::size_t>(v)] = edges;
        }
        const std::shared_ptr<const Hypergraph> level = ratingLevel(g, cap, 1);
        QVERIFY2((level != nullptr) == anyCapped, qPrintable(what));
        if (!level) continue;
        ++capped;
        QCOMPARE(level->nodeCount(), g.nodeCount());
        QCOMPARE(level->edgeCount(), g.edgeCount());
        QCOMPARE(level->edgeWeights(), g.edgeWeights());
        QCOMPARE(level->nodeWeights(), g.nodeWeights());
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          const auto edges = level->edgesOf(v);
          QVERIFY2(std::vector<int32_t>(edges.begin(), edges.end()) == rated[static_cast<std::size_t>(v)],
                   qPrintable(what + QString(" node %1").arg(v)));
        }
        for (int32_t e = 0; e < g.edgeCount(); ++e) {
          std::vector<int32_t> expected;
          for (int32_t v : g.pins(e)) {
            const auto& kept = rated[static_cast<std::size_t>(v)];
            if (std::find(kept.begin(), kept.end(), e) != kept.end()) expected.push_back(v);
          }
          const auto pins = level->pins(e);
          QVERIFY2(std::vector<int32_t>(pins.begin(), pins.end()) == expected,
                   qPrintable(what + QString(" hyperedge %1").arg(e)));
        }
        const std::shared_ptr<const Hypergraph> threaded = ratingLevel(g, cap, 3);
        QVERIFY(threaded && threaded->pinArray() == level->pinArray() &&
                threaded->incidenceArray() == level->incidenceArray());
      }
    }
    QVERIFY(capped > 60);  // most instances have nodes above the caps
  }

  // With a rating cap, the suitor on the host (sequential and OpenMP) is the brute-force suitor of the rating
  // level, and its pairs share a hyperedge of the level itself.
  void suitorWithARatingCapIsTheSuitorOfItsRatingLevel() {
    for (const RandomHypergraphSpec& spec : smallSpecs(40, baseSeed() + 2300)) {
      const Hypergraph g = generateRandom(spec);
      for (int32_t cap : {1, 3}) {
        const std::shared_ptr<const Hypergraph> level = ratingLevel(g, cap);
        const std::vector<int32_t> expected = bruteSuitor(level ? *level : g);
        for (lap::Backend backend : {lap::Backend::Sequential, lap::Backend::Cpu}) {
          HypergraphOptions options = coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, backend);
          options.suitorRatingCap = cap;
          const Solved solved = solve(g, options);
          const QString what = describe(spec) + QString(" cap %1").arg(cap);
          QVERIFY2(solved.result.mate == expected, qPrintable(what));
          checkCoarseningMap(g, solved.result, what);
          if (QTest::currentTestFailed()) return;
        }
      }
    }
  }

  // On flickr-like the hubs' scans are most of the suitor's nonzeros; a cap of 64 leaves a small part of
  // them (0.16 at 100k), and the matching stays the same on one and two threads.
  void suitorRatingCapShortensHubHeavyScans() {
    const Hypergraph g = generateProfile(Profile::Flickr, 20'000, baseSeed());
    const auto nonzeros = [](const Solved& solved) {
      double sum = 0;
      for (const StepRecord& r : solved.trace.records()) {
        if (r.phase == kProposalsPhase) sum += r.counters[kPinVisits];
      }
      return sum;
    };
    HypergraphOptions options = coarsenOptions(HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Sequential);
    const double all = nonzeros(solve(g, options));
    options.suitorRatingCap = 64;
    const Solved sequential = solve(g, options);
    QVERIFY2(nonzeros(sequential) <= 0.33 * all,
             qPrintable(QString("%1 of %2 nonzeros").arg(nonzeros(sequential)).arg(all)));
    options.backend = lap::Backend::Cpu;
    options.threads = 2;
    QCOMPARE(solve(g, options).result.mate, sequential.result.mate);
  }

  // Fig. 4 on several threads: one thread is Fig. 4 (matching and nonzeros scanned); with two and three, a
  // valid matching of the metric closure (mates share a hyperedge, mutual) that is maximal up to the few
  // nodes that saw a neighbour claimed while it was being let go.
  void parallelGreedyIsFig4OnOneThreadAndValidOnMore() {
    int64_t unmatchedNeighbours = 0, nodes = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(40, baseSeed() + 2500)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 10 + spec.nodes * 20;
      spec.edges = 5 + spec.edges * 12;
      const Hypergraph g = generateRandom(spec);
      for (int threads : {1, 2, 3}) {
        std::vector<NeighbourScan> scans;
        for (int t = 0; t < threads; ++t) scans.emplace_back(g.nodeCount());
        std::vector<int32_t> mate(static_cast<std::size_t>(g.nodeCount()), -1);
        int32_t last = -1;
        const int64_t visits = parallelGreedyMatch(g, 0, g.nodeCount(), mate, scans, &last);
        const QString what = describe(spec) + QString(" threads %1").arg(threads);
        if (threads == 1) {
          QVERIFY2(mate == bruteGreedy(g), qPrintable(what));
          NeighbourScan scan(g.nodeCount());
          std::vector<int32_t> sequential(mate.size(), -1);
          int32_t lastSequential = -1;
          QCOMPARE(visits, greedyMatch(g, 0, g.nodeCount(), sequential, scan, &lastSequential));
          QCOMPARE(last, lastSequential);
        }
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          const int32_t m = mate[static_cast<std::size_t>(v)];
          if (m >= 0) {
            QVERIFY2(mate[static_cast<std::size_t>(m)] == v && areNeighbours(g, v, m), qPrintable(what));
            continue;
          }
          ++nodes;
          for (int32_t u = 0; u < g.nodeCount(); ++u) {
            if (mate[static_cast<std::size_t>(u)] < 0 && areNeighbours(g, u, v)) {
              ++unmatchedNeighbours;
              break;
            }
          }
        }
      }
    }
    QVERIFY2(unmatchedNeighbours * 100 <= nodes,
             qPrintable(QString("%1 of %2").arg(unmatchedNeighbours).arg(nodes)));
  }

  // The bipartition coarsened by greedy matching on two threads is as balanced and about as good as with
  // Fig. 4.
  void parallelGreedyBipartitionIsAsGood() {
    for (Profile profile : {Profile::Stanford, Profile::Flickr}) {
      const Hypergraph g =
          generateProfile(profile, std::max(2 * profileStats(profile).max, 20'000), baseSeed());
      HypergraphOptions o = bipartitionOptions(MatchingRule::Greedy, 0.03);
      const Solved sequential = solve(g, o);
      o.backend = lap::Backend::Cpu;
      o.threads = 2;
      const Solved parallel = solve(g, o);
      QVERIFY(parallel.result.imbalance <= 0.03 + 1e-9);
      QVERIFY2(parallel.result.cut <= 1.05 * static_cast<double>(sequential.result.cut),
               qPrintable(QString("%1 against %2").arg(parallel.result.cut).arg(sequential.result.cut)));
    }
  }

  // Two-hop pairs: only nodes the matching left alone, each pair's nodes share their most similar
  // neighbour (brute force over all nodes, matched or not) or have no neighbour at all, within the weight
  // cap; and on a star (a hub in a two-pin hyperedge with every leaf) all leaves but the hub's partner pair
  // up.
  void twoHopPairsShareTheirMostSimilarNeighbour() {
    const auto mostSimilar = [](const Hypergraph& g, int32_t u) {
      return bruteBest(g, u, std::vector<int32_t>(static_cast<std::size_t>(g.nodeCount()), -1));
    };
    int64_t paired = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(40, baseSeed() + 2700)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 10 + spec.nodes * 4;
      spec.maxNodeWeight = 1 + static_cast<int32_t>(base.seed % 3);
      const Hypergraph g = generateRandom(spec);
      NeighbourScan scan(g.nodeCount());
      std::vector<int32_t> matched(static_cast<std::size_t>(g.nodeCount()), -1);
      int32_t last = -1;
      greedyMatch(g, 0, g.nodeCount() / 3, matched, scan, &last);  // a partial matching leaves many alone
      std::vector<int32_t> mate = matched;
      const int64_t cap = 3;
      pairByCommonNeighbour(g, mate, cap);
      std::vector<int32_t> onThreads = matched;  // the scans on three threads pair the same nodes
      pairByCommonNeighbour(g, onThreads, cap, 3);
      QCOMPARE(onThreads, mate);
      for (int32_t v = 0; v < g.nodeCount(); ++v) {
        const int32_t m = mate[static_cast<std::size_t>(v)];
        if (matched[static_cast<std::size_t>(v)] >= 0) {
          QCOMPARE(m, matched[static_cast<std::size_t>(v)]);
          continue;
        }
        if (m < 0) continue;
        ++paired;
        QCOMPARE(mate[static_cast<std::size_t>(m)], v);
        QVERIFY(matched[static_cast<std::size_t>(m)] < 0);
        QCOMPARE(mostSimilar(g, v), mostSimilar(g, m));
        QVERIFY(g.nodeWeight(v) + g.nodeWeight(m) <= cap);
      }
    }
    QVERIFY(paired > 0);

    const int32_t leaves = 9;
    std::vector<int64_t> offsets{0};
    std::vector<int32_t> pins;
    for (int32_t leaf = 1; leaf <= leaves; ++leaf) {
      pins.insert(pins.end(), {0, leaf});
      offsets.push_back(static_cast<int64_t>(pins.size()));
    }
    const Hypergraph star(leaves + 1, offsets, pins);
    std::vector<int32_t> mate = bruteGreedy(star);
    QCOMPARE(std::count_if(mate.begin(), mate.end(), [](int32_t m) { return m < 0; }), leaves - 1);
    pairByCommonNeighbour(star, mate, 2);
    QCOMPARE(std::count_if(mate.begin(), mate.end(), [](int32_t m) { return m < 0; }), 0);
  }

  // The bipartition coarsens a flickr-like hypergraph to a few hundred nodes at most (it stopped at
  // thousands when only matched pairs were contracted).
  void bipartitionCoarsensHubHeavyInputsFar() {
    for (Profile profile : {Profile::Flickr, Profile::Wikipedia}) {
      const Hypergraph g =
          generateProfile(profile, std::max(2 * profileStats(profile).max, 20'000), baseSeed());
      const Solved solved = solve(g, bipartitionOptions(MatchingRule::Greedy, 0.03));
      QVERIFY2(solved.result.levels.back().nodes <= 640,
               qPrintable(QString("%1: %2 nodes")
                              .arg(profileStats(profile).name.data())
                              .arg(solved.result.levels.back().nodes)));
    }
  }

  // Coarsening ends at the first level of at most coarsestNodesFor(|V|) nodes that still holds a third of the
  // input's pins (or at a level that kept 95 % of the nodes, or below the brute-force size): hub-heavy inputs
  // stop at the limit, a grid, whose hyperedges collapse, goes on to brute force.
  void bipartitionCoarsensToItsContractionLimit() {
    QCOMPARE(coarsestNodesFor(4'000'000), 320);
    QCOMPARE(coarsestNodesFor(10'000), 100);
    QVERIFY(coarsestNodesFor(200) < kDefaultBruteForceBelow);
    std::vector<std::pair<QString, Hypergraph>> inputs;
    for (const int32_t nodes : {400, 3'000, 150'000}) {
      const RandomHypergraphSpec spec{nodes, nodes, 6, 1, 1, baseSeed() + static_cast<uint64_t>(nodes)};
      inputs.emplace_back(QString("random %1").arg(nodes), generateRandom(spec));
    }
    inputs.emplace_back("flickr-like 20000", generateProfile(Profile::Flickr, 20'000, baseSeed()));
    inputs.emplace_back("grid 150 x 150", grid(150));
    for (const auto& [name, g] : inputs) {
      for (const int32_t coarsest : {0, 1, 50}) {
        HypergraphOptions options = bipartitionOptions(MatchingRule::Greedy, 0.03);
        options.coarsestNodes = coarsest;
        const std::vector<LevelSize> levels = solve(g, options).result.levels;
        const int32_t limit = coarsest > 0 ? coarsest : coarsestNodesFor(g.nodeCount());
        const auto atLimit = [&](const LevelSize& level) {
          return level.nodes <= limit && 3 * level.pins >= levels.front().pins;
        };
        const QString what = QString("%1, coarsest %2: levels end at %3, %4 nodes")
                                 .arg(name)
                                 .arg(coarsest)
                                 .arg(levels[levels.size() - 2].nodes)
                                 .arg(levels.back().nodes);
        QVERIFY2(levels.size() >= 3, qPrintable(what));
        for (std::size_t l = 1; l + 1 < levels.size(); ++l)
          QVERIFY2(!atLimit(levels[l]) && levels[l].nodes >= kDefaultBruteForceBelow, qPrintable(what));
        const int32_t last = levels.back().nodes, before = levels[levels.size() - 2].nodes;
        QVERIFY2(atLimit(levels.back()) || last < kDefaultBruteForceBelow || last > 0.95 * before,
                 qPrintable(what));
      }
    }
    // The hub-heavy input stops at Mt-KaHyPar's limit, the grid goes on to brute force.
    QVERIFY(
        solve(inputs[3].second, bipartitionOptions(MatchingRule::Greedy, 0.03)).result.levels.back().nodes >
        kDefaultBruteForceBelow);
    QVERIFY(
        solve(inputs[4].second, bipartitionOptions(MatchingRule::Greedy, 0.03)).result.levels.back().nodes <
        kDefaultBruteForceBelow);
  }

  void applyCoarseningFollowsEq3And4() {
    for (const RandomHypergraphSpec& base : smallSpecs(30, baseSeed() + 3000)) {
      RandomHypergraphSpec spec = base;
      spec.maxNodeWeight = 4;
      const Hypergraph g = generateRandom(spec);
      const std::vector<int32_t> mate = bruteGreedy(g);
      const std::vector<int32_t> map = coarseningMap(mate);
      const int32_t clusters = g.nodeCount() == 0 ? 0 : *std::max_element(map.begin(), map.end()) + 1;
      const Hypergraph coarse = applyCoarsening(g, map, clusters);
      QCOMPARE(coarse.edgeCount(), g.edgeCount());
      for (int32_t e = 0; e < g.edgeCount(); ++e) {
        std::vector<int32_t> expected;
        for (int32_t v : g.pins(e)) expected.push_back(map[static_cast<std::size_t>(v)]);
        std::sort(expected.begin(), expected.end());
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        QCOMPARE(std::vector<int32_t>(coarse.pins(e).begin(), coarse.pins(e).end()), expected);
        QCOMPARE(coarse.edgeWeight(e), g.edgeWeight(e));
      }
      for (int32_t c = 0; c < clusters; ++c) {
        int32_t weight = 0;
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          if (map[static_cast<std::size_t>(v)] == c) weight += g.nodeWeight(v);
        }
        QCOMPARE(coarse.nodeWeight(c), weight);
      }
    }
  }

  void givenNodeSideIsKeptAndItsSizesChecked() {
    // The constructor a device contraction's download uses takes the node side as given (checking sizes).
    RandomHypergraphSpec spec{40, 30, 5, 3, 4, baseSeed() + 3500};
    const Hypergraph g = generateRandom(spec);
    const Hypergraph given(g.nodeCount(), g.edgeOffsets(), g.pinArray(), g.edgeWeights(), g.nodeWeights(),
                           g.nodeOffsets(), g.incidenceArray());
    QCOMPARE(given.nodeOffsets(), g.nodeOffsets());
    QCOMPARE(given.incidenceArray(), g.incidenceArray());
    QCOMPARE(given.totalNodeWeight(), g.totalNodeWeight());
    std::vector<int32_t> shortIncidence = g.incidenceArray();
    shortIncidence.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             Hypergraph(g.nodeCount(), g.edgeOffsets(), g.pinArray(), g.edgeWeights(),
                                        g.nodeWeights(), g.nodeOffsets(), shortIncidence));
    std::vector<int64_t> oneNodeShort = g.nodeOffsets();
    oneNodeShort.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             Hypergraph(g.nodeCount(), g.edgeOffsets(), g.pinArray(), g.edgeWeights(),
                                        g.nodeWeights(), oneNodeShort, g.incidenceArray()));
  }

  void hostContractionKernelsApplyCoarsening() {
    auto kernels = makeCpuContractionKernels();
    for (const RandomHypergraphSpec& spec : smallSpecs(10, baseSeed() + 3600)) {
      const Hypergraph g = generateRandom(spec);
      const std::vector<int32_t> mate = bruteGreedy(g);
      ContractedLevel next = kernels->contract(g, &mate);
      const std::vector<int32_t> map = coarseningMap(mate);
      const Hypergraph expected = applyCoarsening(g, map, *std::max_element(map.begin(), map.end()) + 1);
      QCOMPARE(next.downloadNs, int64_t{-1});
      QCOMPARE(next.size.nodes, expected.nodeCount());
      QCOMPARE(next.size.pins, expected.pinCount());
      // The host kernels hand the level over ready.
      QCOMPARE(next.host.wait_for(std::chrono::seconds(0)), std::future_status::ready);
      const HostLevel host = next.host.get();
      QCOMPARE(host.map, map);
      QCOMPARE(host.graph.pinArray(), expected.pinArray());
      QCOMPARE(host.graph.incidenceArray(), expected.incidenceArray());
      QCOMPARE(host.graph.nodeWeights(), expected.nodeWeights());
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kernels->contract(Hypergraph(), nullptr));
  }

  void bruteForcePartitionIsOptimal() {
    for (const RandomHypergraphSpec& base : smallSpecs(25, baseSeed() + 4000)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 2 + spec.nodes % 11;
      spec.maxNodeWeight = 3;
      const Hypergraph g = generateRandom(spec);
      const int64_t bound = maxSideWeight(g.totalNodeWeight(), 0.1, 2);
      const Partition best = bruteForcePartition(g, {bound, bound});
      // Every partition by counting (independent of the Gray code walk).
      int64_t bestFeasibleCut = -1;
      for (uint32_t code = 0; code < (1u << g.nodeCount()); ++code) {
        Partition p(static_cast<std::size_t>(g.nodeCount()));
        int64_t side1 = 0;
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          p[static_cast<std::size_t>(v)] = (code >> v) & 1u;
          if (p[static_cast<std::size_t>(v)]) side1 += g.nodeWeight(v);
        }
        if (std::max(side1, g.totalNodeWeight() - side1) > bound) continue;
        const int64_t cut = cutOf(g, p);
        if (bestFeasibleCut < 0 || cut < bestFeasibleCut) bestFeasibleCut = cut;
      }
      if (bestFeasibleCut >= 0) QCOMPARE(cutOf(g, best), bestFeasibleCut);
    }
  }

  // Eq. 2 with node weights: whenever some split keeps the heavier side within the bound (found by
  // enumeration), the multilevel bipartition (brute force only below 2 nodes, so coarsening, initial
  // partition and FM all run) returns a split within it too.
  void weightedBipartitionHonoursEq2WheneverASplitDoes() {
    int feasible = 0, violations = 0;
    QString first;
    for (const RandomHypergraphSpec& base : smallSpecs(200, baseSeed() + 4500)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 3 + spec.nodes % 10;
      spec.maxNodeWeight = 1 + base.edges % 9;
      const Hypergraph g = generateRandom(spec);
      for (const double epsilon : {0.0, 0.05, 0.2, 0.5}) {
        const int64_t bound = maxSideWeight(g.totalNodeWeight(), epsilon);
        bool exists = false;
        for (uint32_t code = 0; code < (1u << g.nodeCount()) && !exists; ++code) {
          int64_t side1 = 0;
          for (int32_t v = 0; v < g.nodeCount(); ++v) side1 += ((code >> v) & 1u) * g.nodeWeight(v);
          exists = std::max(side1, g.totalNodeWeight() - side1) <= bound;
        }
        if (!exists) continue;
        ++feasible;
        for (const MatchingRule rule : {MatchingRule::Greedy, MatchingRule::Suitor}) {
          const HypergraphResult r = solve(g, bipartitionOptions(rule, epsilon, 2)).result;
          int64_t side1 = 0;
          for (int32_t v = 0; v < g.nodeCount(); ++v)
            side1 += r.partition[static_cast<std::size_t>(v)] * g.nodeWeight(v);
          if (std::max(side1, g.totalNodeWeight() - side1) <= bound) continue;
          if (++violations == 1) {
            first = describe(spec) + QString(" epsilon %1: heavier side %2 > %3")
                                         .arg(epsilon)
                                         .arg(std::max(side1, g.totalNodeWeight() - side1))
                                         .arg(bound);
          }
        }
      }
    }
    QVERIFY(feasible >= 200);
    QVERIFY2(violations == 0, qPrintable(QString::number(violations) + " violations, first: " + first));
  }

  // Compacting a contracted level (single-pin hyperedges dropped, identical ones merged) keeps every cut,
  // km1, similarity and grown partition (the partitioner grows a coarsest level FM does not run on without
  // compacting it), leaves no single-pin or repeated hyperedge, and merges no weights past int32.
  void compactEdgesKeepsCutsAndSimilarities() {
    std::mt19937_64 random(baseSeed() + 4900);
    int compacted = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(30, baseSeed() + 4900)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 12 + spec.nodes * 4;
      spec.edges = spec.nodes * 6;
      const Hypergraph fine = generateRandom(spec);
      // Contract onto few clusters so that hyperedges collapse and repeat.
      const int32_t clusters = 2 + static_cast<int32_t>(random() % 6);
      std::vector<int32_t> map(static_cast<std::size_t>(fine.nodeCount()));
      for (int32_t& c : map) c = static_cast<int32_t>(random() % static_cast<uint64_t>(clusters));
      for (int32_t c = 0; c < clusters; ++c) map[static_cast<std::size_t>(c)] = c;  // every cluster used
      const Hypergraph g = applyCoarsening(fine, map, clusters);
      const std::shared_ptr<const Hypergraph> compact =
          compactEdges(g, 0, 1 + static_cast<int>(random() % 3));
      if (!compact) continue;
      ++compacted;
      // The threads check runs of equal hashes in any order; the result is the one-thread result.
      const std::shared_ptr<const Hypergraph> oneThread = compactEdges(g, 0, 1);
      QCOMPARE(compact->edgeOffsets(), oneThread->edgeOffsets());
      QCOMPARE(compact->pinArray(), oneThread->pinArray());
      QCOMPARE(compact->edgeWeights(), oneThread->edgeWeights());
      QCOMPARE(compact->nodeCount(), g.nodeCount());
      QCOMPARE(compact->nodeWeights(), g.nodeWeights());
      std::set<std::vector<int32_t>> seen;
      for (int32_t e = 0; e < compact->edgeCount(); ++e) {
        const auto pins = compact->pins(e);
        QVERIFY(pins.size() >= 2);
        QVERIFY2(seen.insert(std::vector<int32_t>(pins.begin(), pins.end())).second, "a repeated hyperedge");
      }
      for (int trial = 0; trial < 8; ++trial) {
        const int32_t parts = 2 + trial % 3;
        std::vector<int32_t> part(static_cast<std::size_t>(g.nodeCount()));
        for (int32_t& p : part) p = static_cast<int32_t>(random() % static_cast<uint64_t>(parts));
        Partition sides(part.size());
        for (std::size_t v = 0; v < part.size(); ++v) sides[v] = static_cast<uint8_t>(part[v] % 2);
        QCOMPARE(cutOf(*compact, sides), cutOf(g, sides));
        QCOMPARE(km1Of(*compact, part), km1Of(g, part));
      }
      const int64_t target = 1 + static_cast<int64_t>(random() % static_cast<uint64_t>(g.totalNodeWeight()));
      QCOMPARE(growPartition(*compact, target), growPartition(g, target));
      NeighbourScan before(g.nodeCount()), after(g.nodeCount());
      for (int32_t v = 0; v < g.nodeCount(); ++v) {
        before.scanAllUnmatched(g, v);
        after.scanAllUnmatched(*compact, v);
        const std::vector<Neighbour> a = before.neighbours(), b = after.neighbours();
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
          QCOMPARE(a[i].node, b[i].node);
          QCOMPARE(a[i].similarity, b[i].similarity);
        }
      }
    }
    QVERIFY(compacted > 20);

    // Two identical hyperedges whose weights would overflow int32 stay apart; nothing to do gives nullptr.
    const int32_t heavy = std::numeric_limits<int32_t>::max() - 1;
    const Hypergraph twins(3, {0, 2, 4, 6}, {0, 1, 0, 1, 1, 2}, {heavy, heavy, 1});
    QVERIFY(compactEdges(twins) == nullptr);
    const Hypergraph light(3, {0, 2, 4, 5}, {0, 1, 0, 1, 2}, {3, 4, 1});
    const std::shared_ptr<const Hypergraph> merged = compactEdges(light);
    QVERIFY(merged != nullptr);
    QCOMPARE(merged->edgeCount(), 1);
    QCOMPARE(merged->edgeWeight(0), 7);
    QVERIFY(compactEdges(light, 0.9) == nullptr);  // drops 3 of 5 pins: less than 0.9 of them
  }

  // The FM pass's set-up on several threads gives the pass of one thread, move for move.
  void fmPassIsTheSameOnSeveralThreads() {
    for (const RandomHypergraphSpec& base : smallSpecs(10, baseSeed() + 5100)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 200 + spec.nodes * 30;
      spec.edges = spec.nodes * 2;
      const Hypergraph g = generateRandom(spec);
      Partition one = growPartition(g, g.totalNodeWeight() / 2), four = one;
      const int64_t bound = maxSideWeight(g.totalNodeWeight(), 0.03);
      for (int pass = 0; pass < 3; ++pass) {
        const FmPassResult a = fmPass(g, one, {bound, bound}, 1), b = fmPass(g, four, {bound, bound}, 4);
        QCOMPARE(b.cutBefore, a.cutBefore);
        QCOMPARE(b.cutAfter, a.cutAfter);
        QCOMPARE(b.movesTried, a.movesTried);
        QVERIFY(four == one);
      }
    }
  }

  // Hyperedge weights whose gains reach beyond the bucket arrays (a node's weighted degree above 2^25) are
  // queued in ordered sets instead (they were refused): the same pass, move for move, as on the same
  // hypergraph with weights 2^26 times smaller.
  void fmPassIsTheSameWithGainsBeyondTheBuckets() {
    constexpr int32_t kScale = int32_t{1} << 26;
    for (const RandomHypergraphSpec& base : smallSpecs(10, baseSeed() + 5200)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 200 + spec.nodes * 30;
      spec.edges = spec.nodes * 2;
      const Hypergraph light = generateRandom(spec);
      std::vector<int32_t> heavyWeights = light.edgeWeights();
      for (int32_t& w : heavyWeights) w *= kScale;
      const Hypergraph heavy(light.nodeCount(), light.edgeOffsets(), light.pinArray(), heavyWeights,
                             light.nodeWeights());
      Partition small = growPartition(light, light.totalNodeWeight() / 2), large = small;
      const int64_t bound = maxSideWeight(light.totalNodeWeight(), 0.03);
      for (int pass = 0; pass < 3; ++pass) {
        const FmPassResult a = fmPass(light, small, {bound, bound}), b = fmPass(heavy, large, {bound, bound});
        QCOMPARE(b.cutBefore, a.cutBefore * kScale);
        QCOMPARE(b.cutAfter, a.cutAfter * kScale);
        QCOMPARE(b.movesTried, a.movesTried);
        QVERIFY2(large == small, qPrintable(describe(spec)));
      }
    }
  }

  void fmNeverWorsensTheCutAndKeepsBalance() {
    std::mt19937_64 random(baseSeed() + 5000);
    for (const RandomHypergraphSpec& base : smallSpecs(40, baseSeed() + 5000)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 20 + spec.nodes * 8;
      spec.edges = spec.nodes * 2;
      const Hypergraph g = generateRandom(spec);
      // A random balanced start: a shuffled half on side 1.
      std::vector<int32_t> order(static_cast<std::size_t>(g.nodeCount()));
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), random);
      Partition p(order.size(), 0);
      for (std::size_t i = 0; i < order.size() / 2; ++i) p[static_cast<std::size_t>(order[i])] = 1;
      const int64_t bound = maxSideWeight(g.totalNodeWeight(), 0.05);
      for (int pass = 0; pass < 4; ++pass) {
        const int64_t before = cutOf(g, p);
        const FmPassResult r = fmPass(g, p, {bound, bound});
        QCOMPARE(r.cutBefore, before);
        QCOMPARE(r.cutAfter, cutOf(g, p));
        QVERIFY2(r.cutAfter <= before, qPrintable(describe(spec)));
        QVERIFY(imbalanceOf(g, p) <= 0.05 + 1.0 / g.nodeCount());
        int64_t side1 = 0;
        for (int32_t v = 0; v < g.nodeCount(); ++v) side1 += p[static_cast<std::size_t>(v)] * g.nodeWeight(v);
        QVERIFY(std::max(side1, g.totalNodeWeight() - side1) <= bound);
      }
    }
  }

  void bipartitionIsBalancedAndReportsItsFilesCut() {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "matchscope_hg_bipartition";
    std::filesystem::create_directories(folder);
    std::vector<Hypergraph> instances;
    for (const RandomHypergraphSpec& base : smallSpecs(8, baseSeed() + 6000)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 50 + spec.nodes * 40;
      spec.edges = spec.nodes;
      instances.push_back(generateRandom(spec));
    }
    instances.push_back(generateProfile(Profile::Stanford, 3000, baseSeed()));
    int32_t pinHeavyLevels = 0;
    for (const Hypergraph& g : instances) {
      for (MatchingRule rule : {MatchingRule::Greedy, MatchingRule::Suitor}) {
        for (double epsilon : {0.0, 0.03, 0.1}) {
          const Solved solved = solve(g, bipartitionOptions(rule, epsilon));
          const HypergraphResult& r = solved.result;
          QCOMPARE(static_cast<int32_t>(r.partition.size()), g.nodeCount());
          QVERIFY2(r.imbalance <= std::max(epsilon, 1.0 / g.nodeCount()) + 1e-12,
                   qPrintable(QString("imbalance %1 > %2").arg(r.imbalance).arg(epsilon)));
          writePartitionFile(r.partition, folder / "p.part");
          const Partition read = readPartitionFile(folder / "p.part", g.nodeCount());
          QCOMPARE(cutOf(g, read), r.cut);
          QCOMPARE(imbalanceOf(g, read), r.imbalance);
          // On the input level, every FM pass that starts from a balanced partition keeps or lowers its cut
          // (one that starts overweight may trade cut for balance).
          double previousCut = -1, previousImbalance = 1;
          std::map<int64_t, int32_t> passesPerLevel;
          std::map<int64_t, bool> pinHeavy;  // per level, as refined: at least 32 pins per node
          int64_t coarsest = 0;
          for (const StepRecord& step : solved.trace.records()) {
            if (step.phase == kInitialPartitionPhase) coarsest = step.iteration;
            if (step.phase == kInitialPartitionPhase || step.phase == kProjectionPhase)
              pinHeavy[step.counters[kLevel]] = step.counters[kPins] >= 32 * step.counters[kNodes];
            if (step.phase == kFmPassPhase) ++passesPerLevel[step.iteration];
            if (step.phase == kFmPassPhase && step.iteration == 0 && previousCut >= 0 &&
                previousImbalance <= std::max(epsilon, 1.0 / g.nodeCount()) + 1e-12) {
              QVERIFY(step.counters[kCut] <= previousCut);
            }
            if (step.phase == kFmPassPhase || step.phase == kProjectionPhase ||
                step.phase == kInitialPartitionPhase) {
              previousCut = step.counters[kCut];
              previousImbalance = step.counters[kImbalance];
            }
          }
          // Pin-heavy levels other than the input get their own limit of FM passes (none by default), the
          // coarsest only where coarsening stopped there at the contraction limit; every other level at least
          // one pass.
          const HypergraphOptions options = bipartitionOptions(rule, epsilon);
          const LevelSize& last = r.levels.back();
          const bool stoppedAtLimit =
              last.nodes <= coarsestNodesFor(g.nodeCount()) && 3 * last.pins >= r.levels.front().pins;
          for (int64_t level = 0; level <= coarsest; ++level) {
            const int32_t passes = passesPerLevel[level];
            if (level > 0 && (level < coarsest || stoppedAtLimit) && pinHeavy[level]) {
              QVERIFY(passes <= options.maxPinHeavyFmPasses);
              ++pinHeavyLevels;
            } else {
              QVERIFY2(passes >= 1 && passes <= options.maxFmPasses,
                       qPrintable(QString("level %1: %2 FM passes").arg(level).arg(passes)));
            }
          }
        }
      }
    }
    QVERIFY(pinHeavyLevels > 0);  // the limit was put to the test
    std::filesystem::remove_all(folder);
  }

  // A cut far below a random balanced bipartition's on a hypergraph with planted structure: two dense halves
  // joined by a few hyperedges.
  void bipartitionFindsAPlantedCut() {
    std::mt19937_64 random(baseSeed() + 7000);
    const int32_t half = 200;
    std::vector<int64_t> offsets{0};
    std::vector<int32_t> pins;
    std::uniform_int_distribution<int32_t> node(0, half - 1);
    for (int32_t e = 0; e < 1200; ++e) {
      const int32_t side = e % 2, base = side * half;
      std::vector<int32_t> edge;
      while (edge.size() < 3) {
        const int32_t v = base + node(random);
        if (std::find(edge.begin(), edge.end(), v) == edge.end()) edge.push_back(v);
      }
      if (e < 6) edge.push_back((1 - side) * half + node(random));  // 6 crossing hyperedges
      pins.insert(pins.end(), edge.begin(), edge.end());
      offsets.push_back(static_cast<int64_t>(pins.size()));
    }
    const Hypergraph g(2 * half, offsets, pins);
    const Solved solved = solve(g, bipartitionOptions(MatchingRule::Greedy, 0.03));
    QVERIFY2(solved.result.cut <= 6, qPrintable(QString("cut %1").arg(solved.result.cut)));
  }
};

QTEST_APPLESS_MAIN(TestHypergraphAlgorithms)
#include "test_hypergraph_algorithms.moc"
