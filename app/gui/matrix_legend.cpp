#include "app/gui/matrix_legend.h"

#include <QObject>
#include <algorithm>

#include "views/palette.h"
#include "views/render/matrix_style.h"

namespace ms::studio {

using views::LegendEntry;
using views::LegendMark;

QColor toQColor(render::Rgb8 colour) {
  return QColor(colour.r, colour.g, colour.b);
}

LegendEntry colourScaleEntry(render::ColorMap map, render::MatrixQuantity quantity,
                             const QString& valueName) {
  const bool slack = quantity == render::MatrixQuantity::Slack;
  const render::ColorTable& table = slack ? render::divergingTable() : render::colorTable(map);
  LegendEntry entry{LegendMark::Gradient, {}, {}};
  for (int k = 0; k < 5; ++k) entry.colours.push_back(toQColor(render::colorAt(table, k / 4.0)));
  entry.text = slack ? QObject::tr("cell colour: slack c − u − v; red below 0, white at 0, blue above")
                     : QObject::tr("cell colour: %1, low (left) to high (right)").arg(valueName);
  return entry;
}

LegendEntry assignmentEntry(const QString& text) {
  return {LegendMark::Frame, {toQColor(render::style::kAssignment)}, text};
}

LegendEntry coverEntry(const QString& text) {
  return {LegendMark::Tint, {toQColor(render::style::kCoverTint)}, text};
}

LegendEntry markEntry(render::Rgb8 colour, const QString& text) {
  return {LegendMark::Square, {toQColor(colour)}, text};
}

LegendEntry pathEntry(int count, const QString& text) {
  LegendEntry entry{LegendMark::Square, {}, text};
  const int shown = std::clamp(count, 1, static_cast<int>(palette::kQualitative.size()));
  for (int k = 0; k < shown; ++k)
    entry.colours.push_back(toQColor(palette::pathColour(static_cast<std::size_t>(k))));
  return entry;
}

LegendEntry barEntry(render::Rgb8 colour, const QString& text) {
  return {LegendMark::Bar, {toQColor(colour)}, text};
}

LegendEntry numbersEntry(const QString& valueName) {
  return {LegendMark::Digits,
          {Qt::white},
          QObject::tr("numbers: the %1 of each cell, once zoomed in far enough; hover a cell for its values")
              .arg(valueName)};
}

QString numberingNote() {
  return QObject::tr(
      "Rows, columns, nodes and steps are numbered from 1 everywhere (margins, tooltips, "
      "captions, tree view, step log).");
}

}  // namespace ms::studio
