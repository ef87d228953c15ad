#pragma once
// Host mirrors of the shaders' uniform block (resources/shaders/matrix.frag, std140) and push constants.
// The static_asserts pin the offsets the shaders read: change both sides together.

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>

#include "views/render/frame_data.h"

namespace ms::render::detail {

using Vec4 = std::array<float, 4>;
using IVec4 = std::array<int32_t, 4>;

// Duals of the slack pyramid live in a 2D texture this wide (kDualTextureWidth in matrix_interface.glsl).
inline constexpr uint32_t kDualTextureWidth = 4096;

struct FrameUniforms {
  Vec4 area{};
  Vec4 cell{};
  IVec4 lookup{};
  IVec4 tiling{};
  Vec4 scale{};
  Vec4 background{};
  Vec4 forbidden{};
  Vec4 zeroMark{};
  Vec4 zeroOutline{};
  Vec4 coverTint{};
  Vec4 dualPositive{};
  Vec4 dualNegative{};
};
static_assert(offsetof(FrameUniforms, lookup) == 32);
static_assert(offsetof(FrameUniforms, scale) == 64);
static_assert(sizeof(FrameUniforms) == 192);

// matrix.frag's specialisation constants (constant_id 0, 1, 2 in that order; the enums' values are the
// shader's kArea ..., kLargeCells ...).
enum class MatrixPart : int32_t { Area = 0, RowBars = 1, ColumnBars = 2 };
// Large: cells of at least style::kMinDotCellPixels a side (zero dots); Small: at least a pixel; SubPixel:
// smaller than pixels (a pyramid level).
enum class CellScale : int32_t { Large = 0, Small = 1, SubPixel = 2 };
struct MatrixVariant {
  MatrixPart part = MatrixPart::Area;
  CellScale cells = CellScale::Large;
  uint32_t tiled = 0;  // a bool: 32 bits wide in SPIR-V
  auto operator<=>(const MatrixVariant&) const = default;
};
static_assert(offsetof(MatrixVariant, cells) == 4 && offsetof(MatrixVariant, tiled) == 8);

// reduce_base.frag
struct ReduceBasePush {
  IVec4 matrix{};  // rows, cols, tile rows, tile cols
  IVec4 params{};  // tiles across, block side, 1 = slack, unused
};

// overlay.vert; its per-instance attributes are an OverlayQuad.
struct OverlayPush {
  std::array<float, 2> targetSize{};
};
static_assert(sizeof(OverlayQuad) == 32 && offsetof(OverlayQuad, colour) == 16);

}  // namespace ms::render::detail
