#include "solver/matching/lemon_matching.h"

#include <lemon/full_graph.h>
#include <lemon/matching.h>

#include <cstddef>
#include <stdexcept>

namespace ms::matching {

double lemonMaxWeightPerfectMatching(const float* weights, int32_t n, int32_t* mate) {
  using Graph = lemon::FullGraph;
  Graph graph(n);
  Graph::EdgeMap<double> weight(graph);
  for (Graph::EdgeIt edge(graph); edge != lemon::INVALID; ++edge) {
    const auto u = static_cast<std::size_t>(graph.index(graph.u(edge)));
    const auto v = static_cast<std::size_t>(graph.index(graph.v(edge)));
    weight[edge] = weights[u * static_cast<std::size_t>(n) + v];
  }
  lemon::MaxWeightedPerfectMatching<Graph, Graph::EdgeMap<double>> blossom(graph, weight);
  if (!blossom.run()) throw std::runtime_error("LEMON found no perfect matching (odd vertex count?)");
  for (int32_t u = 0; u < n; ++u) mate[u] = graph.index(blossom.mate(graph(u)));
  return static_cast<double>(blossom.matchingWeight());
}

}  // namespace ms::matching
