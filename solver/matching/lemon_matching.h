#pragma once
// The one door to LEMON (liblemon-dev 1.3.1). LEMON's headers do not compile as C++20 (they call
// std::allocator members C++20 removed), so its translation unit is built as C++17 and this header keeps to
// plain types.

#include <cstdint>

namespace ms::matching {

// Maximum weight perfect matching (Edmonds' blossom algorithm, LEMON's MaxWeightedPerfectMatching on a
// FullGraph) of the complete graph with the row-major n x n symmetric `weights`; n must be even. Writes each
// vertex's partner to mate[0..n) and returns the optimal weight.
double lemonMaxWeightPerfectMatching(const float* weights, int32_t n, int32_t* mate);

}  // namespace ms::matching
