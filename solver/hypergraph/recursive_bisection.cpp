#include "solver/hypergraph/recursive_bisection.h"

#include <cmath>

#include "solver/core/trace.h"

namespace ms::hypergraph {

Hypergraph inducedSubhypergraph(const Hypergraph& graph, const std::vector<int32_t>& nodes,
                                bool splitCutEdges) {
  std::vector<int32_t> local(static_cast<std::size_t>(graph.nodeCount()), -1);
  std::vector<int32_t> nodeWeights;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    local[static_cast<std::size_t>(nodes[i])] = static_cast<int32_t>(i);
    nodeWeights.push_back(graph.nodeWeight(nodes[i]));
  }
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins, edgeWeights;
  std::vector<uint8_t> edgeSeen(static_cast<std::size_t>(graph.edgeCount()), 0);
  // Only the hyperedges of `nodes` can keep two pins: reach them through the nodes, in increasing order.
  std::vector<int32_t> edges;
  for (int32_t v : nodes) {
    for (int32_t e : graph.edgesOf(v)) {
      if (!edgeSeen[static_cast<std::size_t>(e)]) {
        edgeSeen[static_cast<std::size_t>(e)] = 1;
        edges.push_back(e);
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  for (int32_t e : edges) {
    const std::size_t begin = pins.size();
    bool inside = true;
    for (int32_t v : graph.pins(e)) {
      if (local[static_cast<std::size_t>(v)] >= 0) {
        pins.push_back(local[static_cast<std::size_t>(v)]);
      } else {
        inside = false;
      }
    }
    if (pins.size() - begin < 2 || (!inside && !splitCutEdges)) {
      pins.resize(begin);
      continue;
    }
    offsets.push_back(static_cast<int64_t>(pins.size()));
    edgeWeights.push_back(graph.edgeWeight(e));
  }
  return Hypergraph(static_cast<int32_t>(nodes.size()), std::move(offsets), std::move(pins),
                    std::move(edgeWeights), std::move(nodeWeights));
}

double bisectionEpsilon(int64_t maxPart, int64_t weight, int32_t parts) {
  if (weight <= 0) return 0;
  const double depth = std::ceil(std::log2(static_cast<double>(std::max(parts, 2))));
  const double room = static_cast<double>(maxPart) * parts / static_cast<double>(weight);
  return std::max(0.0, std::pow(room, 1.0 / depth) - 1.0);
}

std::vector<BisectionTask> bisect(const Hypergraph& graph, const BisectionTask& task,
                                  const HypergraphOptions& options, double epsilon, bool splitCutEdges,
                                  std::vector<int32_t>& part) {
  const int32_t leftParts = task.parts / 2;
  BisectionTask sides[2] = {{{}, task.firstPart, leftParts},
                            {{}, task.firstPart + leftParts, task.parts - leftParts}};
  if (task.nodes.size() < 2) {
    sides[0].nodes = task.nodes;
  } else {
    auto sub = std::make_shared<const Hypergraph>(inducedSubhypergraph(graph, task.nodes, splitCutEdges));
    HypergraphOptions settings = options;
    settings.algorithm = HypergraphAlgorithm::Bipartition;
    settings.sideShares = {sides[0].parts, sides[1].parts};
    settings.epsilon = epsilon;
    // Jet pays on a whole input's bisection on the GPU, not on these: at k = 8 on the H100 it took stanford-
    // and flickr-like from 10.1 to 11.4 s and 78.1 to 90.4 s for km1 0.45 % and 0.02 % lower
    // (bench/results/2026-11-27-jet-refinement).
    if (settings.refinement == Refinement::Auto) settings.refinement = Refinement::Fm;
    auto solver = makeHypergraphSolver(sub, settings);
    runToEnd(*solver);
    const std::vector<uint8_t> side = solver->result().partition;
    for (std::size_t i = 0; i < task.nodes.size(); ++i) sides[side[i]].nodes.push_back(task.nodes[i]);
  }
  // A side of one node or none is final: its node stays in the side's first part, its other parts empty (more
  // parts than nodes would otherwise bisect nothing k times).
  std::vector<BisectionTask> further;
  for (BisectionTask& s : sides) {
    for (int32_t v : s.nodes) part[static_cast<std::size_t>(v)] = s.firstPart;
    if (s.parts > 1 && s.nodes.size() > 1) further.push_back(std::move(s));
  }
  return further;
}

}  // namespace ms::hypergraph
