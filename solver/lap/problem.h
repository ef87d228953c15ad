#pragma once
// From a user's instance to the square minimisation form the solvers take, and back.
// Rectangular matrices are padded with dummy entries of cost 0: every assignment then pays the same
// constant for its dummies, so the optimum is unchanged, and no large sentinel can overflow.
// Maximisation negates the finite costs; forbidden (+inf) entries stay forbidden.

#include <cstdint>
#include <optional>
#include <vector>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

template <CostType T>
struct LapAnswer {
  std::vector<int32_t> rowToCol;  // per original row: its column, or -1 when it was matched to padding
  DualOf<T> objective = 0;        // in the original costs and sense
  int32_t assigned = 0;           // pairs of real rows and real columns
};

template <CostType T>
class PreparedProblem {
 public:
  // Throws InputError when a cost cannot be negated for maximisation (the most negative integer).
  PreparedProblem(const CostMatrix<T>& original, bool maximize);

  const CostMatrix<T>& square() const { return transformed_ ? *transformed_ : original_; }
  bool isTransformed() const { return transformed_.has_value(); }
  // Throws SolveError when the objective does not fit DualOf<T> (int64 sums of huge int64 costs, float64
  // sums beyond 1.8e308): never a wrapped or infinite objective.
  LapAnswer<T> answer(const std::vector<int32_t>& squareRowToCol) const;

 private:
  const CostMatrix<T>& original_;
  bool maximize_;
  std::optional<CostMatrix<T>> transformed_;
};

}  // namespace ms::lap
