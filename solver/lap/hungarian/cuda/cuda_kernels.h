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
//
// A kernel set may hold a slice of the matrix for the distributed backend (solver/lap/hungarian/distributed/,
// classical: rows, tree: columns): only the slice is uploaded and read, the O(n) state stays whole, and the
// per-kernel launches cover the held rows or columns (the device-resident search needs the whole matrix).
// The distributed wrapper combines the ranks' results through the hooks at the end of the class, as it does
// for the CPU kernel set.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "solver/lap/cost_types.h"
#include "solver/lap/hungarian/device_memory_use.h"
#include "solver/lap/hungarian/search_summary.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

enum class HungarianVariant { Classical, Tree };

// The device a rank of a distributed solve takes: `localRank` modulo the visible devices, and which of the
// ranks on that device it is (0 for the first; ranks sharing a device take turns at set-up).
struct RankDevice {
  int device;
  int turn;
};
// Makes the device of `localRank` current for this process. Throws SolveError when no device is usable.
RankDevice useDeviceOfLocalRank(int localRank);

template <CostType T>
class CudaKernels {
 public:
  using Cost = T;
  using Dual = DualOf<T>;
  static constexpr Dual kInfinity = kDualInfinity<Dual>;

  // `hostCosts` is the row-major n x n matrix; it must outlive the kernel set. The variant decides which
  // work arrays allocate() reserves (the zero-slack lists or the column slacks). `searchOnly`: the solve
  // runs device-resident searches only (search granularity), so the classical variant's closure search on
  // floating costs needs no zero-slack lists (n^2 entries).
  CudaKernels(const T* hostCosts, int32_t n, HungarianVariant variant, bool searchOnly = false);
  // A slice of a distributed solve, on the current device: `hostSlice` holds the slice's rows x columns
  // (row-major) and must outlive the kernel set; `zeroSlack` is the whole matrix's zero tolerance. With
  // `deviceTransfers`, the hooks hand the communicator device memory (a CUDA-aware MPI), else pinned host
  // copies. `memory`, if given, receives what allocate() measured.
  CudaKernels(const T* hostSlice, const MatrixSlice& slice, Dual zeroSlack, HungarianVariant variant,
              bool deviceTransfers, DeviceMemoryUse* memory);
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

  // --- Hooks of the distributed wrapper (solver/lap/hungarian/distributed/distributed_kernels.h), as in the
  // CPU kernel set: each hands `combine` the state the ranks combine and keeps what it leaves there. The
  // duals (once per solve, and the host checks them for +inf) go through pinned host memory; the per-level
  // exchanges through device memory where the communicator takes it, else through pinned host memory.
  template <class Combine>
  void combineRowDuals(Combine&& combine) {
    combine(exportDuals(true));
    importDuals(true);
  }
  template <class Combine>
  void combineColDuals(Combine&& combine) {
    combine(exportDuals(false));
    importDuals(false);
  }
  // Classical: the row that reached each column; tree: the row of each held column's smallest slack.
  template <class Combine>
  void combineColPredecessors(Combine&& combine) {
    combine(exportInts(kColPredecessors));
    importInts(kColPredecessors);
  }
  // The row and column assignments (one span of 2n: rows, then columns).
  template <class Combine>
  void combineAssignment(Combine&& combine) {
    combine(exportInts(kAssignment));
    importInts(kAssignment);
  }
  // The frontier rows and the reverse columns as two bit sets of ceil(n / 64) words each; the combined sets
  // become the frontier and the reverse columns (`reached`: after a forward level, each row reached through
  // its assigned column; else after a tree dual update).
  template <class Combine>
  void combineFrontier(bool reached, Combine&& combine) {
    combine(exportFrontier());
    importFrontier(reached);
  }

 private:
  struct Device;  // CUDA state, defined in cuda_kernels.cu
  enum ExchangedInts { kColPredecessors, kAssignment };

  std::span<Dual> exportDuals(bool rows);
  void importDuals(bool rows);
  std::span<int32_t> exportInts(ExchangedInts which);
  void importInts(ExchangedInts which);
  std::span<uint64_t> exportFrontier();
  void importFrontier(bool reached);

  // After a BFS level's launch: make the next frontier current; unless on a slice (whose sizes come from the
  // exchange that follows), wait and read its size and the reverse count.
  int32_t finishLevel();

  const T* hostCosts_;  // the slice's rows x columns
  int32_t n_;
  HungarianVariant variant_;
  bool searchOnly_ = false;
  MatrixSlice slice_;
  bool sliced_ = false;  // a distributed slice (possibly the whole matrix of one rank)
  Dual zeroSlack_ = 0;   // sliced: the whole matrix's zero tolerance
  bool deviceTransfers_ = false;
  DeviceMemoryUse* memory_ = nullptr;
  std::unique_ptr<Device> device_;
  int32_t frontierSize_ = 0, reverseCount_ = 0, rootCount_ = 0;
  int64_t rowsScanned_ = 0;
  bool zeroListsBuilt_ = false;  // classical: compressZeroSlack() has listed every row once
  mutable std::vector<int32_t> rowAssign_;
  mutable std::vector<Dual> rowDual_, colDual_;
};

}  // namespace ms::lap
