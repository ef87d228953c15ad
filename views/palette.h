#pragma once
// The studio's one qualitative palette: the colour of each augmenting path and of each alternating tree, the
// same in the matrix view (its renderer), the tree view, the legend and every export. Okabe-Ito's
// colour-blind-safe set without black, cycling after seven. Qt-free: the Vulkan renderer reads it too.

#include <array>
#include <cstddef>
#include <cstdint>

namespace ms::palette {

struct Rgb8 {
  uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb8&) const = default;
};

inline constexpr std::array<Rgb8, 7> kQualitative{{{230, 159, 0},
                                                   {86, 180, 233},
                                                   {0, 158, 115},
                                                   {240, 228, 66},
                                                   {0, 114, 178},
                                                   {213, 94, 0},
                                                   {204, 121, 167}}};

// Path k of a snapshot's augmentingPaths (in the snapshot's order).
inline constexpr Rgb8 pathColour(std::size_t path) {
  return kQualitative[path % kQualitative.size()];
}

// A tree's colour slot: the tree that holds augmenting path k takes slot k, so tree and path share a colour;
// the trees without a path take the slots after the last path, in root order
// (views/tree/alternating_forest.h).
inline constexpr Rgb8 treeColour(std::size_t slot) {
  return pathColour(slot);
}

}  // namespace ms::palette
