#include "solver/matching/problem.h"

#include <algorithm>

#include "solver/lap/memory_check.h"

namespace ms::matching {

PreparedGraph::PreparedGraph(const CompleteGraph& original) : original_(original) {
  const int32_t n = original.vertexCount();
  if (n % 2 == 0) return;
  lap::requireMemoryFor(n + 1, n + 1, sizeof(float), "padded graph");
  WeightMatrix weights(n + 1, n + 1);
  for (int32_t i = 0; i < n; ++i) {
    std::copy_n(original.row(i), n, weights.row(i));
    weights(i, n) = 0;
  }
  std::fill_n(weights.row(n), n + 1, 0.0f);
  padded_.emplace(std::move(weights), original.points());
}

MatchingAnswer PreparedGraph::answer(std::span<const int32_t> evenMate) const {
  const int32_t n = original_.vertexCount();
  MatchingAnswer result;
  result.mate.assign(static_cast<std::size_t>(n), -1);
  for (int32_t u = 0; u < n; ++u) {
    const int32_t v = evenMate[static_cast<std::size_t>(u)];
    if (v < 0 || v >= n) continue;
    result.mate[static_cast<std::size_t>(u)] = v;
    if (u < v) {
      result.weight += original_.weight(u, v);
      ++result.pairs;
    }
  }
  return result;
}

}  // namespace ms::matching
