#include "solver/hypergraph/recursive_bisection.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "solver/core/trace.h"

namespace ms::hypergraph {
namespace {

// Splits `nodes` (of `graph`) into parts [first, first + parts) of `out`.
void split(const Hypergraph& graph, const std::vector<int32_t>& nodes, int32_t first, int32_t parts,
           const HypergraphOptions& options, std::vector<int32_t>& out) {
  if (parts == 1 || nodes.size() < 2) {
    for (int32_t v : nodes) out[static_cast<std::size_t>(v)] = first;
    return;
  }
  auto sub = std::make_shared<const Hypergraph>(inducedSubhypergraph(graph, nodes));
  auto solver = makeHypergraphSolver(sub, options);
  runToEnd(*solver);
  const std::vector<uint8_t> side = solver->result().partition;
  std::vector<int32_t> halves[2];
  for (std::size_t i = 0; i < nodes.size(); ++i) halves[side[i]].push_back(nodes[i]);
  split(graph, halves[0], first, parts / 2, options, out);
  split(graph, halves[1], first + parts / 2, parts / 2, options, out);
}

}  // namespace

Hypergraph inducedSubhypergraph(const Hypergraph& graph, const std::vector<int32_t>& nodes) {
  std::vector<int32_t> local(static_cast<std::size_t>(graph.nodeCount()), -1);
  std::vector<int32_t> nodeWeights;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    local[static_cast<std::size_t>(nodes[i])] = static_cast<int32_t>(i);
    nodeWeights.push_back(graph.nodeWeight(nodes[i]));
  }
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins, edgeWeights;
  for (int32_t e = 0; e < graph.edgeCount(); ++e) {
    const std::size_t begin = pins.size();
    for (int32_t v : graph.pins(e)) {
      if (local[static_cast<std::size_t>(v)] >= 0) pins.push_back(local[static_cast<std::size_t>(v)]);
    }
    if (pins.size() - begin < 2) {
      pins.resize(begin);
      continue;
    }
    offsets.push_back(static_cast<int64_t>(pins.size()));
    edgeWeights.push_back(graph.edgeWeight(e));
  }
  return Hypergraph(static_cast<int32_t>(nodes.size()), std::move(offsets), std::move(pins),
                    std::move(edgeWeights), std::move(nodeWeights));
}

int64_t kWayCut(const Hypergraph& graph, const std::vector<int32_t>& part) {
  int64_t cut = 0;
  for (int32_t e = 0; e < graph.edgeCount(); ++e) {
    const auto pins = graph.pins(e);
    if (std::any_of(pins.begin(), pins.end(), [&](int32_t v) {
          return part[static_cast<std::size_t>(v)] != part[static_cast<std::size_t>(pins[0])];
        })) {
      cut += graph.edgeWeight(e);
    }
  }
  return cut;
}

double kWayImbalance(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts) {
  std::vector<int64_t> weight(static_cast<std::size_t>(parts), 0);
  for (int32_t v = 0; v < graph.nodeCount(); ++v)
    weight[static_cast<std::size_t>(part[static_cast<std::size_t>(v)])] += graph.nodeWeight(v);
  const int64_t total = graph.totalNodeWeight();
  if (total == 0) return 0;
  return static_cast<double>(parts * *std::max_element(weight.begin(), weight.end()) - total) /
         static_cast<double>(total);
}

KWayPartition recursiveBisection(const std::shared_ptr<const Hypergraph>& graph, int32_t parts,
                                 const HypergraphOptions& options) {
  if (parts < 2 || !std::has_single_bit(static_cast<uint32_t>(parts))) {
    throw std::invalid_argument("recursive bisection: the number of parts must be a power of two >= 2");
  }
  if (options.algorithm != HypergraphAlgorithm::Bipartition) {
    throw std::invalid_argument("recursive bisection: the options must select bipartition");
  }
  KWayPartition out;
  out.part.assign(static_cast<std::size_t>(graph->nodeCount()), 0);
  std::vector<int32_t> all(static_cast<std::size_t>(graph->nodeCount()));
  for (std::size_t v = 0; v < all.size(); ++v) all[v] = static_cast<int32_t>(v);
  split(*graph, all, 0, parts, options, out.part);
  out.cut = kWayCut(*graph, out.part);
  out.imbalance = kWayImbalance(*graph, out.part, parts);
  return out;
}

}  // namespace ms::hypergraph
