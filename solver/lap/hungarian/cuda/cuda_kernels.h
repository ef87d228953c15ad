#pragma once
// CUDA kernel set of Date & Nagi's Hungarian algorithms behind the shared orchestration (hungarian.h).
// Same methods and semantics as the reference CPU kernel set (cpu/cpu_kernels.h): integral dual update
// (uncovered rows += theta, covered columns -= theta), zero tolerance 1e-10 * max|finite cost| for floating
// costs, +inf = forbidden.
//
// Every method that returns a count or value ends with one synchronisation on the phase's end event and
// reads the value from mapped pinned memory, where the last block of the kernel wrote it; methods without a
// result only enqueue work. searchIterations() runs whole iterations on the device (search_device.cuh) and
// synchronises once. Device arrays are allocated once, in allocate(); host copies are made only by
// snapshot() and the result accessors.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/lap/cost_types.h"
#include "solver/lap/hungarian/search_summary.h"
#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

enum class HungarianVariant { Classical, Tree };

template <CostType T>
class CudaKernels {
 public:
  using Cost = T;
  using Dual = DualOf<T>;
  static constexpr Dual kInfinity = kDualInfinity<Dual>;

  // `hostCosts` is the row-major n x n matrix; it must outlive the kernel set. The variant decides which
  // work arrays allocate() reserves (the zero-slack lists or the column slacks).
  CudaKernels(const T* hostCosts, int32_t n, HungarianVariant variant);
  CudaKernels(CudaKernels&&) noexcept;
  CudaKernels& operator=(CudaKernels&&) noexcept;
  ~CudaKernels();

  // Checks the memory estimate against the device's free memory (ResourceError when it does not fit),
  // allocates every buffer and uploads the matrix.
  void allocate();
  int32_t size() const { return n_; }

  bool reduceRows();
  bool reduceColumns();
  int32_t checkOptimality();
  int64_t compressZeroSlack();
  int32_t startForwardPass();
  int32_t frontierSize() const { return frontierSize_; }
  int32_t reverseCount() const { return reverseCount_; }
  int32_t expandClassical();
  int32_t expandTree();
  int32_t reversePass();
  void augmentPass();
  Dual minUncoveredSlack();
  void updateDuals(Dual theta);
  Dual minColumnSlack();
  int32_t updateDualsAndSlack(Dual theta);
  // Rows read in full by the last minUncoveredSlack() or compressZeroSlack().
  int64_t rowsScanned() const { return rowsScanned_; }

  // Device-resident search: up to `iterationLimit` whole iterations in one cooperative launch (grid-wide
  // barriers instead of host synchronisations), right after an optimality check that left rows unassigned.
  SearchSummary searchIterations(bool zerosStale, int32_t iterationLimit);

  void beginPhase();
  int64_t endPhase();  // device time of the phase in ns (CUDA events)

  Dual objective() const;
  const std::vector<int32_t>& rowAssignment() const;
  const std::vector<Dual>& rowDuals() const;
  const std::vector<Dual>& colDuals() const;
  void snapshot(LapSnapshot& out, bool withSlack) const;

 private:
  struct Device;  // CUDA state, defined in cuda_kernels.cu

  // After a BFS level's launch: wait, make the next frontier current, read its size and the reverse count.
  int32_t finishLevel();

  const T* hostCosts_;
  int32_t n_;
  HungarianVariant variant_;
  std::unique_ptr<Device> device_;
  int32_t frontierSize_ = 0, reverseCount_ = 0, rootCount_ = 0;
  int64_t rowsScanned_ = 0;
  bool zeroListsBuilt_ = false;  // classical: compressZeroSlack() has listed every row once
  mutable std::vector<int32_t> rowAssign_;
  mutable std::vector<Dual> rowDual_, colDual_;
};

}  // namespace ms::lap
