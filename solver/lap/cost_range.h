#pragma once
// The cost ranges whose sums every solver can carry: checked before solving, from the largest |cost|.

#include <cstdint>
#include <type_traits>

namespace ms::lap {

// Throws SolveError when int64 costs up to `largestAbsCost` could overflow the exact 64-bit duals for size n.
void requireExactInt64Duals(int64_t largestAbsCost, int32_t n);
// The same for floating costs, whose sums would overflow to infinity.
void requireFiniteDualSums(double largestAbsCost, int32_t n);

// Whichever of the two cost type T needs (int32 costs always fit the int64 duals).
template <class T, class Magnitude>
void requireSummableRange(Magnitude largestAbsCost, int32_t n) {
  if constexpr (std::is_same_v<T, int64_t>) requireExactInt64Duals(largestAbsCost, n);
  if constexpr (std::is_floating_point_v<T>) requireFiniteDualSums(static_cast<double>(largestAbsCost), n);
}

}  // namespace ms::lap
