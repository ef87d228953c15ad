#include "solver/lap/cost_range.h"

#include <limits>
#include <string>

#include "solver/core/errors.h"
#include "solver/core/number_format.h"

namespace ms::lap {

void requireExactInt64Duals(int64_t largestAbsCost, int32_t n) {
  // Duals and slacks stay within about n times the largest |cost|; keep that inside 64 bits.
  const int64_t limit = (int64_t{1} << 62) / (int64_t{n} + 1);
  if (largestAbsCost > limit) {
    throw SolveError("int64 costs must stay within +-" + std::to_string(limit) +
                     " for n = " + std::to_string(n) + " so that the exact 64-bit duals cannot overflow");
  }
}

void requireFiniteDualSums(double largestAbsCost, int32_t n) {
  // As for int64: duals and slacks stay within about n times the largest |cost|; keep that below +inf.
  const double limit = std::numeric_limits<double>::max() / 4 / (static_cast<double>(n) + 1);
  if (largestAbsCost > limit) {
    throw SolveError("float costs must stay within +-" + formatNumber(limit) +
                     " for n = " + std::to_string(n) + " so that sums of duals cannot overflow to infinity");
  }
}

}  // namespace ms::lap
