#include "views/render/color_maps.h"

#include <algorithm>
#include <cmath>

namespace ms::render {

namespace {

constexpr ColorTable kViridis{{
#include "resources/colormaps/viridis.inc"
}};

constexpr ColorTable kCividis{{
#include "resources/colormaps/cividis.inc"
}};

constexpr ColorTable kDiverging{{
#include "resources/colormaps/diverging.inc"
}};

}  // namespace

const ColorTable& colorTable(ColorMap map) {
  return map == ColorMap::Cividis ? kCividis : kViridis;
}

const ColorTable& divergingTable() {
  return kDiverging;
}

Rgb8 colorAt(const ColorTable& table, double t) {
  const long index = std::lround(std::clamp(t, 0.0, 1.0) * 255.0);
  return table[static_cast<std::size_t>(index)];
}

}  // namespace ms::render
