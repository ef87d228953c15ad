#include "solver/matching/relaxation_bound.h"

#include <algorithm>
#include <limits>

#include "solver/core/trace.h"

namespace ms::matching {

RelaxationBound bipartiteRelaxationBound(const CompleteGraph& graph, lap::Backend backend, int threads) {
  const int32_t n = graph.vertexCount();
  if (n == 0) return {0, true};
  // Minimisation form c(i, j) = top - w(i, j) >= 0, the diagonal forbidden.
  double top = 0;
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) top = std::max(top, static_cast<double>(graph.weight(i, j)));
  }
  lap::CostMatrix<double> costs(n, n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      costs(i, j) =
          i == j ? std::numeric_limits<double>::infinity() : top - static_cast<double>(graph.weight(i, j));
    }
  }
  auto solver = lap::makeLapSolver(costs, {lap::LapAlgorithm::Tree, backend, threads});
  runToEnd(*solver);
  const lap::LapSolution<double> solution = solver->solution();

  // Weak duality with the duals' largest violation e: every permutation costs at least sum(u) + sum(v) - n e.
  double dualSum = 0, violation = 0;
  for (int32_t i = 0; i < n; ++i) {
    dualSum += solution.rowDual[i] + solution.colDual[i];
    for (int32_t j = 0; j < n; ++j) {
      if (i != j) violation = std::max(violation, solution.rowDual[i] + solution.colDual[j] - costs(i, j));
    }
  }
  const double cheapestPermutation = dualSum - n * violation;
  RelaxationBound bound;
  bound.upperBound = 0.5 * (n * top - cheapestPermutation);
  bound.tight = true;
  for (int32_t i = 0; i < n; ++i) {
    bound.tight = bound.tight && solution.rowToCol[solution.rowToCol[i]] == i;
  }
  return bound;
}

}  // namespace ms::matching
