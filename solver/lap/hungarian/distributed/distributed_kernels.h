#pragma once
// Distributed kernel set of Date & Nagi's Section 5: one rank per device, each holding a slice of the cost
// matrix (rows for the classical variant, columns for the tree variant) in a local kernel set (the CPU one,
// cpu/cpu_kernels.h, or the CUDA one, cuda/cuda_kernels.h), behind the same orchestration (hungarian.h) as
// every single-process backend.
//
// Every rank keeps the O(n) state whole (duals, assignment, covers, frontier) and runs every kernel on it;
// kernels that read costs cover only the rank's slice, and their results are combined with collectives
// (the local kernel set hands each state to combine through a hook: in place on the CPU, through pinned host
// memory or, with a CUDA-aware MPI, device memory on a GPU):
// - initial reduction: per-rank row and column minima, combined by an element-wise min (the paper gathers
//   them at the root and broadcasts; one allreduce does both);
// - optimality check: the assignment is the same on every rank, so each counts it alone;
// - classical zero-slack lists: each rank lists its own rows; the forward pass expands a frontier row on the
//   rank that holds it (the others find its list empty);
// - forward level (both variants) and tree dual update: the rows each rank reached and the unassigned
//   columns it found are combined on every rank, which adopts their union as the next frontier: one
//   bitwise or of two n-bit sets per BFS level (for large n only the words some rank has set travel:
//   Communicator::sparseBitwiseOrInPlace); the paper gathers the local frontiers at the root and
//   broadcasts the global one: two collectives, and a sort to merge;
// - reverse pass: the column predecessors are combined by an element-wise max (any rank's is a valid tree
//   edge; in the tree variant only the column's owner has one), then rank 0's augmentation is broadcast,
//   so that ranks whose threads chose different paths still agree;
// - dual updates: the smallest slack is a min over ranks (Algorithms 7 and 9).

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>

#include "solver/lap/hungarian/distributed/communicator.h"
#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

template <class Local>
class DistributedKernels {
 public:
  using Cost = typename Local::Cost;
  using Dual = typename Local::Dual;
  static constexpr Dual kInfinity = Local::kInfinity;

  // `allocationTurn`: which of the ranks sharing this rank's device it is (0 without a device).
  DistributedKernels(Local local, Communicator& communicator, int32_t allocationTurn = 0)
      : local_(std::move(local)), communicator_(&communicator), allocationTurn_(allocationTurn) {}

  // Ranks sharing a device allocate one after the other, so that each measures its own allocations
  // (cudaMemGetInfo reports the device's free memory); ranks on different devices allocate, and upload
  // their slices, at once. The first collective waits until every rank has created its kernel set (on a
  // device: its context).
  void allocate() {
    int32_t turns = allocationTurn_ + 1;
    communicator_->maxInPlace(std::span<int32_t>(&turns, 1));
    for (int32_t turn = 0; turn < turns; ++turn) {
      if (turn == allocationTurn_) local_.allocate();
      communicator_->barrier();
    }
  }
  int32_t size() const { return local_.size(); }

  bool reduceRows() {
    local_.reduceRows();
    bool feasible = false;
    local_.combineRowDuals([&](std::span<Dual> duals) { feasible = combineMinima(duals); });
    return feasible;
  }
  bool reduceColumns() {
    local_.reduceColumns();
    bool feasible = false;
    local_.combineColDuals([&](std::span<Dual> duals) { feasible = combineMinima(duals); });
    return feasible;
  }

  int32_t checkOptimality() { return local_.checkOptimality(); }
  int64_t compressZeroSlack() { return communicator_->sum(local_.compressZeroSlack()); }
  int32_t startForwardPass() { return local_.startForwardPass(); }
  int32_t frontierSize() const { return local_.frontierSize(); }
  int32_t reverseCount() const { return local_.reverseCount(); }

  int32_t expandClassical() {
    local_.expandClassical();
    return combineFrontier(true);
  }
  int32_t expandTree() {
    local_.expandTree();
    return combineFrontier(true);
  }

  int32_t reversePass() {
    local_.combineColPredecessors(
        [&](std::span<int32_t> predecessors) { communicator_->maxInPlace(predecessors); });
    return local_.reversePass();
  }
  void augmentPass() {
    local_.augmentPass();
    local_.combineAssignment([&](std::span<int32_t> assignment) { communicator_->broadcast(assignment, 0); });
  }

  Dual minUncoveredSlack() { return communicator_->min(local_.minUncoveredSlack()); }
  void updateDuals(Dual theta) { local_.updateDuals(theta); }
  Dual minColumnSlack() { return communicator_->min(local_.minColumnSlack()); }
  int32_t updateDualsAndSlack(Dual theta) {
    local_.updateDualsAndSlack(theta);
    return combineFrontier(false);
  }

  int64_t rowsScanned() const { return communicator_->sum(local_.rowsScanned()); }

  void beginPhase() { local_.beginPhase(); }
  int64_t endPhase() { return local_.endPhase(); }

  Dual objective() const { return communicator_->sum(local_.objective()); }
  decltype(auto) rowAssignment() const { return local_.rowAssignment(); }
  decltype(auto) rowDuals() const { return local_.rowDuals(); }
  decltype(auto) colDuals() const { return local_.colDuals(); }
  // The whole state as this rank holds it (column slacks: only of its own columns).
  void snapshot(LapSnapshot& out, bool withSlack) const { local_.snapshot(out, withSlack); }

 private:
  // Each entry the smallest over the ranks; false if some row or column has only forbidden entries.
  bool combineMinima(std::span<Dual> duals) {
    communicator_->minInPlace(duals);
    return std::none_of(duals.begin(), duals.end(), [](Dual d) { return d == kInfinity; });
  }

  // The union over the ranks of the rows reached (or, after a tree dual update, activated) and of the
  // unassigned columns found: a bitwise or of two n-bit sets, mostly zero. Returns the next frontier's size.
  int32_t combineFrontier(bool reached) {
    local_.combineFrontier(reached,
                           [&](std::span<uint64_t> bits) { communicator_->sparseBitwiseOrInPlace(bits); });
    return local_.frontierSize();
  }

  Local local_;
  Communicator* communicator_;
  int32_t allocationTurn_;
};

}  // namespace ms::lap
