#include "solver/matching/matching.h"

namespace ms::matching {

std::string perfectMatchingProblem(std::span<const int32_t> mate) {
  const auto n = static_cast<int64_t>(mate.size());
  if (n % 2 != 0) return "an odd number of vertices (" + std::to_string(n) + ") has no perfect matching";
  for (int64_t u = 0; u < n; ++u) {
    const int32_t v = mate[static_cast<std::size_t>(u)];
    const std::string vertex = "vertex " + std::to_string(u);
    if (v == -1) return vertex + " is unmatched";
    if (v < 0 || v >= n) return vertex + " has mate " + std::to_string(v) + ", out of range";
    if (v == u) return vertex + " is matched to itself";
    const int32_t back = mate[static_cast<std::size_t>(v)];
    if (back != u)
      return vertex + " has mate " + std::to_string(v) + ", whose mate is " + std::to_string(back);
  }
  return "";
}

double matchingWeight(const CompleteGraph& graph, std::span<const int32_t> mate) {
  double total = 0;
  for (std::size_t u = 0; u < mate.size(); ++u) {
    const int32_t v = mate[u];
    if (v > static_cast<int32_t>(u)) total += graph.weight(static_cast<int32_t>(u), v);
  }
  return total;
}

}  // namespace ms::matching
