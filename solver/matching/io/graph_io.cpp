#include "solver/matching/io/graph_io.h"

#include <cmath>
#include <limits>
#include <string>
#include <variant>

#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::matching {
namespace {

// Float conversion of a weight matrix read in any cost type; values beyond float's range are refused here
// (they would silently become inf), everything else is checked by validateWeights.
template <lap::CostType T>
WeightMatrix toFloatWeights(const lap::CostMatrix<T>& matrix, const std::string& file) {
  WeightMatrix weights(matrix.rows(), matrix.cols());
  for (int32_t i = 0; i < matrix.rows(); ++i) {
    for (int32_t j = 0; j < matrix.cols(); ++j) {
      const T value = matrix(i, j);
      if constexpr (!std::is_same_v<T, float>) {
        if (std::isfinite(static_cast<double>(value)) &&
            std::abs(static_cast<double>(value)) > std::numeric_limits<float>::max()) {
          throw InputError(file, "entry (" + std::to_string(i) + "," + std::to_string(j) + ")",
                           "weight " + formatNumber(value) + " does not fit a 32-bit float");
        }
      }
      weights(i, j) = static_cast<float>(value);
    }
  }
  return weights;
}

std::vector<Point> toPoints(const lap::AnyCostMatrix& matrix, const std::string& file) {
  return std::visit(
      [&](const auto& coordinates) {
        if (coordinates.cols() != 2) {
          throw InputError(
              file, "",
              "a point list has 2 values per line (x y), found " + std::to_string(coordinates.cols()));
        }
        std::vector<Point> points(static_cast<std::size_t>(coordinates.rows()));
        for (int32_t i = 0; i < coordinates.rows(); ++i) {
          Point& p = points[static_cast<std::size_t>(i)];
          p.x = static_cast<double>(coordinates(i, 0));
          p.y = static_cast<double>(coordinates(i, 1));
          if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
            throw InputError(file, "point " + std::to_string(i), "coordinates must be finite numbers");
          }
        }
        return points;
      },
      matrix);
}

}  // namespace

bool isPointListPath(const std::filesystem::path& path) {
  return path.extension() == ".points" || path.extension() == ".pts";
}

GraphFormat graphFormatOf(const std::filesystem::path& path) {
  if (isPointListPath(path)) return GraphFormat::PointList;
  return path.extension() == ".npy" ? GraphFormat::WeightNpy : GraphFormat::WeightText;
}

CompleteGraph readGraph(const std::filesystem::path& path) {
  InputSource source = InputSource::open(path);
  return readGraph(source, graphFormatOf(path));
}

CompleteGraph readGraph(InputSource& source, GraphFormat format) {
  const std::string& file = source.name();
  if (format == GraphFormat::PointList) {
    return graphFromPoints(toPoints(lap::readTextMatrix(source, {"coordinate", false}), file));
  }
  constexpr lap::ValueKind kWeights{"weight", false};
  const lap::AnyCostMatrix matrix = format == GraphFormat::WeightNpy ? lap::readNpyMatrix(source, kWeights)
                                                                     : lap::readTextMatrix(source, kWeights);
  WeightMatrix weights = std::visit([&](const auto& m) { return toFloatWeights(m, file); }, matrix);
  validateWeights(weights, file);
  return CompleteGraph(std::move(weights));
}

void writeGraph(const CompleteGraph& graph, const std::filesystem::path& path) {
  if (!isPointListPath(path)) {
    // The LAP writers take their own variant; one copy of the matrix is the price of not duplicating them.
    lap::writeCostMatrix(lap::AnyCostMatrix(graph.weights()), path);
    return;
  }
  if (!graph.hasPoints()) {
    throw InputError(path.string(), "", "this graph has no points to write (write .txt or .npy instead)");
  }
  lap::CostMatrix<double> coordinates(static_cast<int32_t>(graph.points().size()), 2);
  for (std::size_t i = 0; i < graph.points().size(); ++i) {
    coordinates(static_cast<int32_t>(i), 0) = graph.points()[i].x;
    coordinates(static_cast<int32_t>(i), 1) = graph.points()[i].y;
  }
  lap::writeTextMatrix(lap::AnyCostMatrix(std::move(coordinates)), path);
}

}  // namespace ms::matching
