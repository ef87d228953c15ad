#pragma once
// Batches of independent small LAPs solved together (tracking, detection training: thousands of matrices
// of 100-1000 rows). The b problems share one size n and are stored stacked in one b*n x n matrix, so the
// batch uploads to a device in a few large copies. Each problem is solved exactly and keeps its duals, so
// every result carries its own certificate. CUDA: one block per problem, one launch per chunk of the batch,
// by shortest augmenting paths (Jonker & Volgenant's Dijkstra search in the form of Crouse 2016, scipy's
// algorithm). CPU: one problem per OpenMP thread, by shortest augmenting paths for floating costs and by
// the classical Hungarian for integer costs (cpu/batch_cpu.cpp says why).

#include <cstdint>
#include <utility>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/lap_solver.h"

namespace ms::lap {

template <CostType T>
class BatchCosts {
 public:
  BatchCosts(int32_t count, int32_t n) : count_(count), n_(n), stacked_(count * n, n) {}
  // `count` problems stacked row-wise in `stacked` (a 3-D .npy as read): taken over when square, else each
  // padded to max(rows, cols) with cost-0 dummies, as PreparedProblem pads a single matrix.
  static BatchCosts fromStacked(CostMatrix<T>&& stacked, int32_t count);

  int32_t count() const { return count_; }
  int32_t n() const { return n_; }
  T* problem(int32_t k) { return stacked_.row(k * n_); }
  const T* problem(int32_t k) const { return stacked_.row(k * n_); }
  const CostMatrix<T>& stacked() const { return stacked_; }
  // A copy of problem k as its own matrix (certificates, single solves in tests).
  CostMatrix<T> problemMatrix(int32_t k) const;

 private:
  BatchCosts(int32_t count, int32_t n, CostMatrix<T>&& stacked)
      : count_(count), n_(n), stacked_(std::move(stacked)) {}

  int32_t count_, n_;
  CostMatrix<T> stacked_;
};

template <CostType T>
struct BatchSolution {
  int32_t n = 0;
  std::vector<int32_t> rowToCol;            // count x n, problem after problem; -1 for infeasible problems
  std::vector<DualOf<T>> rowDual, colDual;  // count x n
  std::vector<DualOf<T>> objective;         // per problem, in the costs solved
  std::vector<uint8_t> feasible;            // per problem: 0 when no assignment avoids the forbidden entries
  // CUDA: device time from the first chunk's launch to the last kernel's end (cuda/batch_cuda.h); 0 on the
  // CPU
  double kernelMs = 0;

  std::vector<int32_t> problemRowToCol(int32_t k) const { return slice(rowToCol, k); }
  std::vector<DualOf<T>> problemRowDual(int32_t k) const { return slice(rowDual, k); }
  std::vector<DualOf<T>> problemColDual(int32_t k) const { return slice(colDual, k); }

 private:
  template <class V>
  std::vector<V> slice(const std::vector<V>& all, int32_t k) const {
    const auto begin = all.begin() + static_cast<std::ptrdiff_t>(k) * n;
    return {begin, begin + n};
  }
};

// Solves every problem of the batch. `backend` must be resolved: Cpu (OpenMP over problems, `threads`,
// 0 = all cores), Sequential (one thread) or Cuda (one block per problem; throws ResourceError when n is
// too large for a block's shared memory). int64 costs must satisfy requireExactInt64Duals.
template <CostType T>
BatchSolution<T> solveBatch(const BatchCosts<T>& costs, Backend backend, int threads = 0);

}  // namespace ms::lap
