#include "solver/matching/complete_graph.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/lap/memory_check.h"

namespace ms::matching {

CompleteGraph::CompleteGraph(WeightMatrix weights, std::vector<Point> points)
    : weights_(std::move(weights)), points_(std::move(points)) {}

CompleteGraph graphFromPoints(std::vector<Point> points) {
  const auto n = static_cast<int32_t>(points.size());
  lap::requireMemoryFor(n, n, sizeof(float), "geometric graph");
  WeightMatrix weights(n, n);
  // A distance beyond float's range would become an infinite weight (and an infinite matching weight):
  // the first pair in row-major order that does not fit is reported instead.
  int64_t firstTooFar = std::numeric_limits<int64_t>::max();
#pragma omp parallel for schedule(static) reduction(min : firstTooFar)
  for (int32_t i = 0; i < n; ++i) {
    float* row = weights.row(i);
    const Point p = points[static_cast<std::size_t>(i)];
    // hypot does not overflow on the way; |-a| == |a| exactly, so the matrix comes out symmetric.
    for (int32_t j = 0; j < n; ++j) {
      const double distance = std::hypot(p.x - points[static_cast<std::size_t>(j)].x,
                                         p.y - points[static_cast<std::size_t>(j)].y);
      if (!(distance <= std::numeric_limits<float>::max()))
        firstTooFar = std::min(firstTooFar, int64_t{i} * n + j);
      row[j] = static_cast<float>(distance);
    }
  }
  if (firstTooFar != std::numeric_limits<int64_t>::max()) {
    const int64_t i = firstTooFar / n, j = firstTooFar % n;
    throw InputError("geometric graph", "points " + std::to_string(i) + " and " + std::to_string(j),
                     "their distance exceeds the 32-bit float range of the weights (3.4e38)");
  }
  return CompleteGraph(std::move(weights), std::move(points));
}

namespace {

std::string entry(int64_t i, int64_t j) {
  return "entry (" + std::to_string(i) + "," + std::to_string(j) + ")";
}

bool validValue(float w) {
  return std::isfinite(w) && w >= 0;
}

}  // namespace

void validateWeights(const WeightMatrix& weights, const std::string& source) {
  if (!weights.isSquare()) {
    throw InputError(source, "",
                     "a complete graph needs a square weight matrix, found " +
                         std::to_string(weights.rows()) + " x " + std::to_string(weights.cols()));
  }
  const int32_t n = weights.rows();
  if (n == 0) throw InputError(source, "", "empty graph: no vertices");
  // Tiles keep the mirror reads cache-friendly; the reduction reports the first bad entry in row-major order.
  constexpr int32_t kTile = 64;
  const int32_t tiles = (n + kTile - 1) / kTile;
  int64_t firstBad = std::numeric_limits<int64_t>::max();
#pragma omp parallel for schedule(dynamic) reduction(min : firstBad)
  for (int32_t ti = 0; ti < tiles; ++ti) {
    for (int32_t tj = ti; tj < tiles; ++tj) {
      for (int32_t i = ti * kTile; i < std::min(n, (ti + 1) * kTile); ++i) {
        for (int32_t j = std::max(i, tj * kTile); j < std::min(n, (tj + 1) * kTile); ++j) {
          const float a = weights(i, j), b = weights(j, i);
          if (validValue(a) && validValue(b) && a == b) continue;
          // Report the invalid one of the pair (the upper entry when both are, or when they differ).
          const bool mirrorBad = validValue(a) && !validValue(b);
          firstBad = std::min(firstBad, mirrorBad ? int64_t{j} * n + i : int64_t{i} * n + j);
        }
      }
    }
  }
  if (firstBad == std::numeric_limits<int64_t>::max()) return;
  const int64_t i = firstBad / n, j = firstBad % n;
  const float value = weights(static_cast<int32_t>(i), static_cast<int32_t>(j));
  const float mirror = weights(static_cast<int32_t>(j), static_cast<int32_t>(i));
  if (std::isnan(value)) throw InputError(source, entry(i, j), "weight is NaN");
  if (std::isinf(value))
    throw InputError(source, entry(i, j), "weight " + formatNumber(value) + " is not finite");
  if (value < 0) {
    throw InputError(source, entry(i, j),
                     "weight " + formatNumber(value) + " is negative (weights must be >= 0)");
  }
  throw InputError(source, entry(i, j),
                   "weight " + formatNumber(value) + " differs from " + entry(j, i) + " = " +
                       formatNumber(mirror) + " (an undirected graph needs a symmetric matrix)");
}

}  // namespace ms::matching
