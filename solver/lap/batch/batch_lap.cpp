#include "solver/lap/batch/batch_lap.h"

#include <algorithm>

#include "solver/core/errors.h"
#include "solver/lap/batch/cpu/batch_cpu.h"
#include "solver/lap/batch/cuda/batch_cuda.h"
#include "solver/lap/cost_range.h"

namespace ms::lap {

template <CostType T>
CostMatrix<T> BatchCosts<T>::problemMatrix(int32_t k) const {
  CostMatrix<T> single(n_, n_);
  std::copy_n(problem(k), single.size(), single.data());
  return single;
}

template <CostType T>
BatchCosts<T> BatchCosts<T>::fromStacked(CostMatrix<T>&& stacked, int32_t count) {
  const int32_t rows = count == 0 ? 0 : stacked.rows() / count, cols = stacked.cols();
  if (rows == cols) return BatchCosts(count, rows, std::move(stacked));
  BatchCosts padded(count, std::max(rows, cols));
  const int32_t n = padded.n();
  for (int32_t k = 0; k < count; ++k) {
    T* problem = padded.problem(k);
    std::fill_n(problem, static_cast<std::size_t>(n) * static_cast<std::size_t>(n), T(0));
    for (int32_t i = 0; i < rows; ++i)
      std::copy_n(stacked.row(k * rows + i), cols, problem + static_cast<std::size_t>(i) * n);
  }
  return padded;
}

template <CostType T>
BatchSolution<T> solveBatch(const BatchCosts<T>& costs, Backend backend, int threads) {
  const int32_t n = costs.n();
  if constexpr (!std::is_same_v<T, int32_t>) requireSummableRange<T>(maxAbsFiniteCost(costs.stacked()), n);
  BatchSolution<T> out;
  out.n = n;
  const auto entries = static_cast<std::size_t>(costs.count()) * static_cast<std::size_t>(n);
  out.rowToCol.assign(entries, -1);
  out.rowDual.assign(entries, 0);
  out.colDual.assign(entries, 0);
  out.feasible.assign(static_cast<std::size_t>(costs.count()), 0);
  switch (backend) {
    case Backend::Cuda:
      solveBatchCuda(costs.stacked().data(), costs.count(), n, out.rowToCol.data(), out.rowDual.data(),
                     out.colDual.data(), out.feasible.data(), &out.kernelMs);
      break;
    case Backend::Cpu:
      solveBatchCpu(costs, out, cpuThreads(threads));
      break;
    case Backend::Sequential:
      solveBatchCpu(costs, out, 1);
      break;
    case Backend::Auto:
      throw SolveError("solveBatch: resolve the backend first (resolveBackend)");
  }
  out.objective.assign(static_cast<std::size_t>(costs.count()), 0);
  for (int32_t k = 0; k < costs.count(); ++k) {
    const std::size_t offset = static_cast<std::size_t>(k) * static_cast<std::size_t>(n);
    if (!out.feasible[static_cast<std::size_t>(k)]) {
      std::fill_n(out.rowToCol.begin() + static_cast<std::ptrdiff_t>(offset), n, -1);
      continue;
    }
    DualOf<T> objective = 0;
    for (int32_t i = 0; i < n; ++i) {
      objective += static_cast<DualOf<T>>(costs.problem(
          k)[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(out.rowToCol[offset + i])]);
    }
    out.objective[static_cast<std::size_t>(k)] = objective;
  }
  return out;
}

template class BatchCosts<int32_t>;
template class BatchCosts<int64_t>;
template class BatchCosts<float>;
template class BatchCosts<double>;
template BatchSolution<int32_t> solveBatch(const BatchCosts<int32_t>&, Backend, int);
template BatchSolution<int64_t> solveBatch(const BatchCosts<int64_t>&, Backend, int);
template BatchSolution<float> solveBatch(const BatchCosts<float>&, Backend, int);
template BatchSolution<double> solveBatch(const BatchCosts<double>&, Backend, int);

}  // namespace ms::lap
