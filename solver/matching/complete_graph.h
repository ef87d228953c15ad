#pragma once
// Complete undirected graphs with symmetric, non-negative float weights, stored as the dense n x n weight
// matrix (Hovland's representation: every lookup is one load, at the price of storing both triangles).
// Geometric graphs also keep their points, for the views and the point-list file format.

#include <cstdint>
#include <string>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/matching/point.h"

namespace ms::matching {

using WeightMatrix = lap::CostMatrix<float>;

class CompleteGraph {
 public:
  CompleteGraph() = default;
  // `weights` must be square, symmetric and non-negative (validateWeights); points, when given, are the
  // vertices' positions (one per vertex, or one per vertex but a trailing padding vertex).
  explicit CompleteGraph(WeightMatrix weights, std::vector<Point> points = {});

  int32_t vertexCount() const { return weights_.rows(); }
  const WeightMatrix& weights() const { return weights_; }
  float weight(int32_t u, int32_t v) const { return weights_(u, v); }
  const float* row(int32_t u) const { return weights_.row(u); }

  bool hasPoints() const { return !points_.empty(); }
  const std::vector<Point>& points() const { return points_; }

 private:
  WeightMatrix weights_;
  std::vector<Point> points_;
};

// The Euclidean distances between the points (Hovland's geometric graphs). Throws ResourceError when the
// n x n matrix does not fit in memory.
CompleteGraph graphFromPoints(std::vector<Point> points);

// Throws InputError(source, "entry (i,j)", problem) at the first entry that is NaN, infinite or negative, or
// that differs from its mirror entry. The diagonal is never read by the algorithms but is checked alike.
void validateWeights(const WeightMatrix& weights, const std::string& source);

}  // namespace ms::matching
