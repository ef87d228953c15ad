#include "solver/lap/batch/cpu/batch_cpu.h"

#include <algorithm>

#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/batch/cpu/shortest_path.h"

namespace ms::lap {
namespace {

// The exact solver of one problem on one thread, chosen by measurement (one thread, 2026-11-25, see
// bench/results/2026-11-25-python/): on integer costs in [0, n) the classical Hungarian solves a batch 1.4x
// (n = 128) to 3.4x (n = 1000) faster than shortest augmenting paths, its many exact zeros letting one
// search assign many rows; on real costs shortest paths are 2.3x to 3.7x faster than either Hungarian.
template <CostType T>
class ProblemSolver {
 public:
  explicit ProblemSolver(int32_t n)
      : shortestPath_(n), single_(std::is_integral_v<T> ? n : 0, std::is_integral_v<T> ? n : 0) {}

  bool solve(const T* costs, int32_t* rowToCol, DualOf<T>* u, DualOf<T>* v) {
    if constexpr (!std::is_integral_v<T>) {
      return shortestPath_.solve(costs, rowToCol, u, v);
    } else {
      std::copy_n(costs, single_.size(), single_.data());
      auto solver = makeLapSolver(
          single_, LapOptions{LapAlgorithm::Classical, Backend::Sequential, 1, Granularity::Search});
      try {
        runToEnd(*solver);
      } catch (const InfeasibleError&) {
        return false;
      }
      const LapSolution<T> solution = solver->solution();
      std::copy(solution.rowToCol.begin(), solution.rowToCol.end(), rowToCol);
      std::copy(solution.rowDual.begin(), solution.rowDual.end(), u);
      std::copy(solution.colDual.begin(), solution.colDual.end(), v);
      return true;
    }
  }

 private:
  ShortestPathLap<T> shortestPath_;
  CostMatrix<T> single_;  // integer costs: the problem as the Hungarian takes it, reused by the thread
};

}  // namespace

template <CostType T>
void solveBatchCpu(const BatchCosts<T>& costs, BatchSolution<T>& out, int threads) {
  const int32_t n = costs.n();
  // Dynamic schedule: a problem's time depends on its costs, so threads take the next one when free.
#pragma omp parallel num_threads(threads)
  {
    ProblemSolver<T> solver(n);  // work arrays once per thread
#pragma omp for schedule(dynamic)
    for (int32_t k = 0; k < costs.count(); ++k) {
      const std::size_t offset = static_cast<std::size_t>(k) * static_cast<std::size_t>(n);
      out.feasible[static_cast<std::size_t>(k)] =
          solver.solve(costs.problem(k), out.rowToCol.data() + offset, out.rowDual.data() + offset,
                       out.colDual.data() + offset);
    }
  }
}

template void solveBatchCpu(const BatchCosts<int32_t>&, BatchSolution<int32_t>&, int);
template void solveBatchCpu(const BatchCosts<int64_t>&, BatchSolution<int64_t>&, int);
template void solveBatchCpu(const BatchCosts<float>&, BatchSolution<float>&, int);
template void solveBatchCpu(const BatchCosts<double>&, BatchSolution<double>&, int);

}  // namespace ms::lap
