#pragma once
// Shared by the hypergraph test suites: seeds, instance families, and oracles written independently of the
// solver (similarities by merging columns, neighbours by brute force over all node pairs).

#include <QtTest/QtTest>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "solver/core/trace.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"
#include "solver/hypergraph/jet_refinement.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/preference.h"

namespace ms::hypergraph::testing {

// Base seed of the property tests (MATCHSCOPE_TEST_SEED=<n> draws other instances).
inline uint64_t baseSeed() {
  const QByteArray fromEnvironment = qgetenv("MATCHSCOPE_TEST_SEED");
  return fromEnvironment.isEmpty() ? 20261125 : fromEnvironment.toULongLong();
}

inline QString describe(const RandomHypergraphSpec& s) {
  return QString("random nodes=%1 edges=%2 size<=%3 w<=%4 seed=%5")
      .arg(s.nodes)
      .arg(s.edges)
      .arg(s.maxEdgeSize)
      .arg(s.maxEdgeWeight)
      .arg(s.seed);
}

// Small random hypergraphs of several shapes: sparse, dense, heavy ties (unit weights), weighted.
inline std::vector<RandomHypergraphSpec> smallSpecs(int count, uint64_t seed) {
  std::vector<RandomHypergraphSpec> out;
  for (int i = 0; i < count; ++i) {
    RandomHypergraphSpec s;
    s.nodes = 2 + (i * 7) % 23;
    s.edges = 1 + (i * 5) % 31;
    s.maxEdgeSize = 2 + i % 5;
    s.maxEdgeWeight = i % 3 == 0 ? 1 : 5;
    s.maxNodeWeight = 1;
    s.seed = seed + static_cast<uint64_t>(i);
    out.push_back(s);
  }
  return out;
}

// Whether u and v share a hyperedge (the metric closure's edge), by brute force over the hyperedges.
inline bool areNeighbours(const Hypergraph& g, int32_t u, int32_t v) {
  if (u == v) return false;
  for (int32_t e = 0; e < g.edgeCount(); ++e) {
    const auto pins = g.pins(e);
    if (std::find(pins.begin(), pins.end(), u) != pins.end() &&
        std::find(pins.begin(), pins.end(), v) != pins.end())
      return true;
  }
  return false;
}

// The similarity of eq. 7 summed over hyperedges directly.
inline Similarity bruteSimilarity(const Hypergraph& g, int32_t u, int32_t v) {
  Similarity sum = 0;
  for (int32_t e = 0; e < g.edgeCount(); ++e) {
    const auto pins = g.pins(e);
    if (std::find(pins.begin(), pins.end(), u) != pins.end() &&
        std::find(pins.begin(), pins.end(), v) != pins.end())
      sum += g.edgeWeight(e);
  }
  return sum;
}

// The unmatched neighbour u prefers: most similar, ties broken by the edge hash of preference.h (the rule
// is part of the specification); -1 if none.
inline int32_t bruteBest(const Hypergraph& g, int32_t u, const std::vector<int32_t>& mate) {
  int32_t best = -1;
  Similarity bestS = 0;
  for (int32_t k = 0; k < g.nodeCount(); ++k) {
    if (mate[static_cast<std::size_t>(k)] != -1 || !areNeighbours(g, u, k)) continue;
    const Similarity s = bruteSimilarity(g, u, k);
    if (best < 0 || s > bestS || (s == bestS && edgeTieKey(u, k) > edgeTieKey(u, best))) {
      best = k;
      bestS = s;
    }
  }
  return best;
}

// Fig. 4 written from scratch over the brute-force similarities.
inline std::vector<int32_t> bruteGreedy(const Hypergraph& g) {
  std::vector<int32_t> mate(static_cast<std::size_t>(g.nodeCount()), -1);
  for (int32_t j = 0; j < g.nodeCount(); ++j) {
    if (mate[static_cast<std::size_t>(j)] != -1) continue;
    const int32_t k = bruteBest(g, j, mate);
    if (k < 0) continue;
    mate[static_cast<std::size_t>(j)] = k;
    mate[static_cast<std::size_t>(k)] = j;
  }
  return mate;
}

// Suitor matching run to its fixed point by brute force: every round, all unmatched nodes propose to their
// preferred unmatched neighbour and mutual proposals become pairs.
inline std::vector<int32_t> bruteSuitor(const Hypergraph& g) {
  const auto n = static_cast<std::size_t>(g.nodeCount());
  std::vector<int32_t> mate(n, -1);
  while (true) {
    std::vector<int32_t> cand(n, -1);
    for (int32_t j = 0; j < g.nodeCount(); ++j) {
      if (mate[static_cast<std::size_t>(j)] == -1) cand[static_cast<std::size_t>(j)] = bruteBest(g, j, mate);
    }
    bool matched = false;
    for (std::size_t j = 0; j < n; ++j) {
      const int32_t c = cand[j];
      if (c >= 0 && cand[static_cast<std::size_t>(c)] == static_cast<int32_t>(j)) {
        mate[j] = c;
        matched = true;
      }
    }
    if (!matched) return mate;
  }
}

inline double matchingWeight(const Hypergraph& g, const std::vector<int32_t>& mate) {
  double sum = 0;
  for (std::size_t v = 0; v < mate.size(); ++v) {
    if (mate[v] > static_cast<int32_t>(v))
      sum += static_cast<double>(bruteSimilarity(g, static_cast<int32_t>(v), mate[v]));
  }
  return sum;
}

struct Solved {
  HypergraphResult result;
  Trace trace;
};

inline Solved solve(const Hypergraph& g, const HypergraphOptions& options) {
  auto solver = makeHypergraphSolver(std::make_shared<const Hypergraph>(g), options);
  Solved out{{}, runToEnd(*solver)};
  out.result = solver->result();
  return out;
}

inline HypergraphOptions coarsenOptions(HypergraphAlgorithm algorithm, lap::Backend backend,
                                        int32_t levels = 1) {
  HypergraphOptions o;
  o.algorithm = algorithm;
  o.backend = backend;
  o.maxLevels = levels;
  return o;
}

// Pins of hyperedge e on `side` under `part`.
inline int32_t pinsOnSide(const Hypergraph& g, const Partition& part, int32_t e, int side) {
  int32_t count = 0;
  for (int32_t v : g.pins(e)) count += part[static_cast<std::size_t>(v)] == side;
  return count;
}

// What moving v to the other side would gain in cut, counted from the partition.
inline int64_t bruteMoveGain(const Hypergraph& g, const Partition& part, int32_t v) {
  int64_t gain = 0;
  const int own = part[static_cast<std::size_t>(v)];
  for (int32_t e : g.edgesOf(v)) {
    const int32_t mine = pinsOnSide(g, part, e, own), size = static_cast<int32_t>(g.pins(e).size());
    gain += (mine == 1 ? g.edgeWeight(e) : 0) - (mine == size ? g.edgeWeight(e) : 0);
  }
  return gain;
}

// One Jet move iteration from its definition (jet_refinement.h): the unlocked nodes Jet's filter admits,
// each priced by applying the candidates before it in jetOrder to a copy of the partition, one by one; those
// priced at no loss move.
inline Partition bruteJetMoves(const Hypergraph& g, const Partition& part,
                               const std::vector<uint8_t>& locked) {
  std::vector<std::pair<uint64_t, int32_t>> candidates;
  for (int32_t v = 0; v < g.nodeCount(); ++v) {
    int64_t benefit = 0, penalty = 0;
    for (int32_t e : g.edgesOf(v)) {
      const int32_t mine = pinsOnSide(g, part, e, part[static_cast<std::size_t>(v)]);
      if (mine == 1) benefit += g.edgeWeight(e);
      if (mine == static_cast<int32_t>(g.pins(e).size())) penalty += g.edgeWeight(e);
    }
    if (!locked[static_cast<std::size_t>(v)] && isJetCandidate(benefit, penalty))
      candidates.emplace_back(jetOrder(benefit - penalty, v), v);
  }
  std::sort(candidates.begin(), candidates.end());
  Partition ahead = part, out = part;  // ahead: the candidates before the one priced, moved
  for (const auto& [key, v] : candidates) {
    if (bruteMoveGain(g, ahead, v) >= 0) out[static_cast<std::size_t>(v)] ^= 1;
    ahead[static_cast<std::size_t>(v)] ^= 1;
  }
  return out;
}

// Jet's rebalancing from its definition: the heavy side's nodes of at most maxNodeWeight in jetOrder of
// their gain, moved while those moved before weigh less than `excess`.
inline Partition bruteJetRebalance(const Hypergraph& g, const Partition& part, int heavySide, int64_t excess,
                                   int64_t maxNodeWeight) {
  std::vector<std::pair<uint64_t, int32_t>> order;
  for (int32_t v = 0; v < g.nodeCount(); ++v) {
    if (part[static_cast<std::size_t>(v)] == heavySide && g.nodeWeight(v) <= maxNodeWeight)
      order.emplace_back(jetOrder(bruteMoveGain(g, part, v), v), v);
  }
  std::sort(order.begin(), order.end());
  Partition out = part;
  int64_t moved = 0;
  for (const auto& [key, v] : order) {
    if (moved >= excess) break;
    out[static_cast<std::size_t>(v)] ^= 1;
    moved += g.nodeWeight(v);
  }
  return out;
}

inline Partition randomPartition(int32_t nodes, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Partition part(static_cast<std::size_t>(nodes));
  for (auto& side : part) side = static_cast<uint8_t>(rng() & 1);
  return part;
}

// Jet's kernels against the definitions above on small random hypergraphs: two move iterations (the second
// with the first's moves locked), then a rebalancing of the heavier side; and measure() against cutOf.
inline void checkJetKernelsAgainstDefinitions(JetKernels& kernels, uint64_t seed) {
  for (RandomHypergraphSpec spec : smallSpecs(60, seed)) {
    spec.maxNodeWeight = 1 + static_cast<int32_t>(spec.seed % 3);  // rebalancing skips nodes over 2
    const Hypergraph g = generateRandom(spec);
    const Partition start = randomPartition(g.nodeCount(), spec.seed);
    kernels.load(g, start);
    std::vector<uint8_t> locked(static_cast<std::size_t>(g.nodeCount()), 0);
    Partition expected = start;
    for (int iteration = 0; iteration < 2; ++iteration) {
      const Partition before = expected;
      expected = bruteJetMoves(g, before, locked);
      const int64_t moved = kernels.moveCandidates();
      QVERIFY2(kernels.partition() == expected, qPrintable(describe(spec)));
      int64_t changed = 0;
      for (std::size_t v = 0; v < locked.size(); ++v) {
        locked[v] = before[v] != expected[v];
        changed += locked[v];
      }
      QCOMPARE(moved, changed);
    }
    JetMeasure m = kernels.measure();
    QCOMPARE(m.cut, cutOf(g, expected));
    int64_t side1 = 0;
    for (int32_t v = 0; v < g.nodeCount(); ++v)
      side1 += expected[static_cast<std::size_t>(v)] * g.nodeWeight(v);
    QCOMPARE(m.sideWeights[1], side1);
    QCOMPARE(m.sideWeights[0], g.totalNodeWeight() - side1);
    const int heavy = m.sideWeights[0] >= m.sideWeights[1] ? 0 : 1;
    const int64_t excess = (m.sideWeights[heavy] - m.sideWeights[1 - heavy] + 1) / 2;
    kernels.rebalance(heavy, excess, 2);
    QVERIFY2(kernels.partition() == bruteJetRebalance(g, expected, heavy, excess, 2),
             qPrintable(describe(spec)));
    QCOMPARE(kernels.measure().cut, cutOf(g, kernels.partition()));
  }
}

// Jet to its end on `kernels`: the partition it ends with, and its last measure into *last.
inline Partition refineToEnd(JetKernels& kernels, const Hypergraph& g, const Partition& start,
                             SideLimits limits, JetMeasure* last = nullptr) {
  JetRefinement jet(kernels, g, start, limits);
  while (!jet.done()) jet.step();
  if (last != nullptr) *last = jet.current();
  return kernels.partition();
}

inline bool within(const Hypergraph& g, const Partition& part, SideLimits limits) {
  std::array<int64_t, 2> weight{0, 0};
  for (int32_t v = 0; v < g.nodeCount(); ++v) weight[part[static_cast<std::size_t>(v)]] += g.nodeWeight(v);
  return weight[0] <= limits[0] && weight[1] <= limits[1];
}

}  // namespace ms::hypergraph::testing
