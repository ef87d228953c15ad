#pragma once
// Reduces a long series to what a chart can show: per pixel column, the first point, the minimum and the
// maximum, in x order, so no spike disappears however many points share a column.

#include <QList>
#include <QPointF>
#include <span>

namespace ms::views {

// `points` sorted by x. Series with at most about 4 points per column come back unchanged.
QList<QPointF> decimateMinMax(std::span<const QPointF> points, double xMin, double xMax, int columns);

}  // namespace ms::views
