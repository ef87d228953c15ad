#pragma once
// The colours and sizes of the matrix view's marks. The renderer passes them to its shaders and builds its
// overlay from them; tests read them to know what to expect.

#include <array>
#include <cstdint>

#include "views/palette.h"

namespace ms::render {

using palette::Rgb8;

namespace style {

inline constexpr Rgb8 kBackground{32, 32, 32};  // outside the matrix and in empty margins
inline constexpr Rgb8 kForbidden{0, 0, 0};      // +inf cost (not in any colour map)

// Zero-slack cells: a white dot, a third of the cell, outlined in black once it is 5 pixels or more; where
// cells are under kMinDotCellPixels the whole cell (or pixel) is blended half-way to white instead.
inline constexpr Rgb8 kZeroMark{255, 255, 255};
inline constexpr Rgb8 kZeroOutline{0, 0, 0};
inline constexpr double kZeroDotFraction = 1.0 / 3.0;
inline constexpr double kMinDotCellPixels = 6.0;
inline constexpr double kZeroBlend = 0.5;

// Covered rows and columns are blended this far towards the tint (a cell covered twice, twice).
inline constexpr Rgb8 kCoverTint{255, 255, 255};
inline constexpr double kCoverTintWeight = 0.45;

// The assignment: a frame inside the cell (a filled cell, at least one pixel, where cells are under
// kMinFrameCellPixels); magenta is in none of the colour maps.
inline constexpr Rgb8 kAssignment{255, 0, 255};
inline constexpr double kMinFrameCellPixels = 6.0;

// Augmenting paths: a line through the centres of their cells and a square on each cell, in
// palette::pathColour(path).

// An approximation's marks: the entry greedy took or the position random drew in the latest step, and the
// cells the auction's rows bid on in the latest round; squares of kMarkFraction of the cell, at least
// kMinMarkPixels.
inline constexpr Rgb8 kTakenMark{0, 230, 118};
inline constexpr Rgb8 kBidMark{86, 180, 233};
inline constexpr double kMarkFraction = 0.5;
inline constexpr double kMinMarkPixels = 3.0;

// Dual bars in the margins.
inline constexpr Rgb8 kDualPositive{170, 170, 170};
inline constexpr Rgb8 kDualNegative{240, 120, 60};

// A pixel reads at most this many cells or pyramid blocks; past that it reads a coarser level.
inline constexpr int kLodReadBudget = 16;

}  // namespace style
}  // namespace ms::render
