#pragma once
// Shared by the hypergraph test suites: seeds, instance families, and oracles written independently of the
// solver (similarities by merging columns, neighbours by brute force over all node pairs).

#include <QtTest/QtTest>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "solver/core/trace.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"
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

}  // namespace ms::hypergraph::testing
