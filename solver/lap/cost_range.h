#pragma once
// The cost ranges whose sums every solver can carry: checked before solving, from the largest |cost|.

#include <cstdint>

namespace ms::lap {

// Throws SolveError when int64 costs up to `largestAbsCost` could overflow the exact 64-bit duals for size n.
void requireExactInt64Duals(int64_t largestAbsCost, int32_t n);
// The same for floating costs, whose sums would overflow to infinity.
void requireFiniteDualSums(double largestAbsCost, int32_t n);

}  // namespace ms::lap
