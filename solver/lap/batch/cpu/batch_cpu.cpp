#include "solver/lap/batch/cpu/batch_cpu.h"

#include "solver/lap/batch/cpu/shortest_path.h"

namespace ms::lap {

template <CostType T>
void solveBatchCpu(const BatchCosts<T>& costs, BatchSolution<T>& out, int threads) {
  const int32_t n = costs.n();
  // Dynamic schedule: a problem's time depends on its costs, so threads take the next one when free.
#pragma omp parallel num_threads(threads)
  {
    ShortestPathLap<T> solver(n);  // work arrays once per thread
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
