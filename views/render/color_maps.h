#pragma once
// The colour maps of the matrix view: 256 sRGB entries each, low end first.

#include <array>

#include "views/render/matrix_style.h"

namespace ms::render {

enum class ColorMap { Viridis, Cividis };

using ColorTable = std::array<Rgb8, 256>;

const ColorTable& colorTable(ColorMap map);
// For signed quantities (slack): red below zero, near-white at zero (entries 127/128), blue above.
const ColorTable& divergingTable();

// The entry nearest to position t in [0, 1] (clamped), as the shaders pick it.
Rgb8 colorAt(const ColorTable& table, double t);

}  // namespace ms::render
