#include "solver/lap/problem.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "solver/core/errors.h"

namespace ms::lap {

template <CostType T>
PreparedProblem<T>::PreparedProblem(const CostMatrix<T>& original, bool maximize)
    : original_(original), maximize_(maximize) {
  const int32_t rows = original.rows(), cols = original.cols();
  if (rows == cols && !maximize) return;
  const int32_t n = std::max(rows, cols);
  CostMatrix<T>& square = transformed_.emplace(n, n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      if (i >= rows || j >= cols) {
        square(i, j) = T(0);
        continue;
      }
      const T cost = original(i, j);
      if (!maximize || isForbidden(cost)) {
        square(i, j) = cost;
      } else {
        if constexpr (std::is_integral_v<T>) {
          if (cost == std::numeric_limits<T>::min()) {
            throw InputError("", "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1),
                             "cost " + std::to_string(cost) + " cannot be negated to maximise");
          }
        }
        square(i, j) = -cost;
      }
    }
  }
}

namespace {

// The objective is summed in a wider type (128-bit integers, x87 long double), so that no order of the terms
// overflows on the way, and refused when the total does not fit the objective's type.
__extension__ typedef __int128 Int128;  // __extension__: a GNU type, fine under -Wpedantic

template <CostType T>
using WideSum = std::conditional_t<std::is_integral_v<T>, Int128, long double>;

template <CostType T>
DualOf<T> narrowObjective(WideSum<T> sum) {
  using Limits = std::numeric_limits<DualOf<T>>;
  if (sum >= static_cast<WideSum<T>>(Limits::lowest()) && sum <= static_cast<WideSum<T>>(Limits::max())) {
    return static_cast<DualOf<T>>(sum);
  }
  char total[40];
  std::snprintf(total, sizeof total, "%.6Lg", static_cast<long double>(sum));
  throw SolveError(std::string("the objective overflows: the assigned costs sum to ") + total +
                   ", beyond the range of " + (std::is_integral_v<T> ? "int64" : "float64"));
}

}  // namespace

template <CostType T>
LapAnswer<T> PreparedProblem<T>::answer(const std::vector<int32_t>& squareRowToCol) const {
  LapAnswer<T> result;
  result.rowToCol.assign(static_cast<std::size_t>(original_.rows()), -1);
  WideSum<T> objective = 0;
  for (int32_t i = 0; i < original_.rows(); ++i) {
    const int32_t j = squareRowToCol[static_cast<std::size_t>(i)];
    if (j < 0 || j >= original_.cols()) continue;
    result.rowToCol[static_cast<std::size_t>(i)] = j;
    objective += static_cast<WideSum<T>>(original_(i, j));
    ++result.assigned;
  }
  result.objective = narrowObjective<T>(objective);
  return result;
}

template class PreparedProblem<int32_t>;
template class PreparedProblem<int64_t>;
template class PreparedProblem<float>;
template class PreparedProblem<double>;

}  // namespace ms::lap
