#include "views/charts/min_max_decimation.h"

#include <algorithm>
#include <cmath>

namespace ms::views {

QList<QPointF> decimateMinMax(std::span<const QPointF> points, double xMin, double xMax, int columns) {
  QList<QPointF> out;
  if (columns <= 0 || points.size() <= 4 * static_cast<std::size_t>(columns) || !(xMax > xMin)) {
    out = QList<QPointF>(points.begin(), points.end());
    return out;
  }
  out.reserve(3 * columns);
  const double perColumn = columns / (xMax - xMin);
  std::size_t k = 0;
  while (k < points.size()) {
    const long column = std::lround(std::floor((points[k].x() - xMin) * perColumn));
    const QPointF first = points[k];
    QPointF low = first, high = first;
    std::size_t j = k + 1;
    for (; j < points.size() && std::lround(std::floor((points[j].x() - xMin) * perColumn)) == column; ++j) {
      if (points[j].y() < low.y()) low = points[j];
      if (points[j].y() > high.y()) high = points[j];
    }
    out.append(first);
    // The extremes in the order they occurred, skipping duplicates of the first point.
    const QPointF& earlier = low.x() <= high.x() ? low : high;
    const QPointF& later = low.x() <= high.x() ? high : low;
    if (earlier != first) out.append(earlier);
    if (later != first && later != earlier) out.append(later);
    k = j;
  }
  return out;
}

}  // namespace ms::views
