#pragma once
// The legend entries of the matrix view's marks, in the renderer's own colours (views/render/matrix_style.h,
// views/palette.h), for the problem kinds to compose into their legends.

#include <QColor>
#include <QString>

#include "views/legend/legend.h"
#include "views/render/color_maps.h"
#include "views/render/matrix_renderer.h"

namespace ms::studio {

QColor toQColor(render::Rgb8 colour);
// The cell colours: `valueName` (cost, weight, ...) on the colour map, or slack on the diverging map.
views::LegendEntry colourScaleEntry(render::ColorMap map, render::MatrixQuantity quantity,
                                    const QString& valueName);
views::LegendEntry assignmentEntry(const QString& text);
views::LegendEntry coverEntry(const QString& text);
views::LegendEntry markEntry(render::Rgb8 colour, const QString& text);
// The first `count` colours of the palette (at least one), as squares.
views::LegendEntry pathEntry(int count, const QString& text);
views::LegendEntry barEntry(render::Rgb8 colour, const QString& text);
views::LegendEntry numbersEntry(const QString& valueName);
// What every matrix legend ends with: the numbering of rows and columns.
QString numberingNote();

}  // namespace ms::studio
