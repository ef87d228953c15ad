#pragma once
// Distributed kernel set of Date & Nagi's Section 5: one rank per device, each holding a slice of the cost
// matrix (rows for the classical variant, columns for the tree variant) in a local kernel set (the CPU one,
// cpu/cpu_kernels.h), behind the same orchestration (hungarian.h) as every single-process backend.
//
// Every rank keeps the O(n) state whole (duals, assignment, covers, frontier) and runs every kernel on it;
// kernels that read costs cover only the rank's slice, and their results are combined with collectives:
// - initial reduction: per-rank row and column minima, combined by an element-wise min (the paper gathers
//   them at the root and broadcasts; one allreduce does both);
// - optimality check: the assignment is the same on every rank, so each counts it alone;
// - classical zero-slack lists: each rank lists its own rows; the forward pass expands a frontier row on the
//   rank that holds it (the others find its list empty);
// - forward level (both variants) and tree dual update: the rows each rank reached and the unassigned
//   columns it found are combined on every rank, which adopts their union as the next frontier: one
//   bitwise-or allreduce of two n-bit sets per BFS level (the paper gathers the local frontiers at the root
//   and broadcasts the global one: two collectives, and a sort to merge);
// - reverse pass: the column predecessors are combined by an element-wise max (any rank's is a valid tree
//   edge; in the tree variant only the column's owner has one), then rank 0's augmentation is broadcast,
//   so that ranks whose threads chose different paths still agree;
// - dual updates: the smallest slack is a min over ranks (Algorithms 7 and 9).

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "solver/lap/hungarian/distributed/communicator.h"
#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

template <class Local>
class DistributedKernels {
 public:
  using Cost = typename Local::Cost;
  using Dual = typename Local::Dual;
  static constexpr Dual kInfinity = Local::kInfinity;

  DistributedKernels(Local local, Communicator& communicator)
      : local_(std::move(local)), communicator_(&communicator) {}

  void allocate() { local_.allocate(); }
  int32_t size() const { return local_.size(); }

  bool reduceRows() {
    local_.reduceRows();
    return combineMinima(local_.rowDualState());
  }
  bool reduceColumns() {
    local_.reduceColumns();
    return combineMinima(local_.colDualState());
  }

  int32_t checkOptimality() { return local_.checkOptimality(); }
  int64_t compressZeroSlack() { return communicator_->sum(local_.compressZeroSlack()); }
  int32_t startForwardPass() { return local_.startForwardPass(); }
  int32_t frontierSize() const { return local_.frontierSize(); }
  int32_t reverseCount() const { return local_.reverseCount(); }

  int32_t expandClassical() {
    local_.expandClassical();
    return adoptForwardLevel();
  }
  int32_t expandTree() {
    local_.expandTree();
    return adoptForwardLevel();
  }

  int32_t reversePass() {
    communicator_->maxInPlace(local_.colPredecessorState());
    return local_.reversePass();
  }
  void augmentPass() {
    local_.augmentPass();
    communicator_->broadcast(local_.rowAssignmentState(), 0);
    communicator_->broadcast(local_.colAssignmentState(), 0);
  }

  Dual minUncoveredSlack() { return communicator_->min(local_.minUncoveredSlack()); }
  void updateDuals(Dual theta) { local_.updateDuals(theta); }
  Dual minColumnSlack() { return communicator_->min(local_.minColumnSlack()); }
  int32_t updateDualsAndSlack(Dual theta) {
    local_.updateDualsAndSlack(theta);
    exchangeSets(local_.frontierRows(), {});
    local_.adoptFrontier(rows_, false);
    return local_.frontierSize();
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

  int32_t adoptForwardLevel() {
    exchangeSets(local_.frontierRows(), local_.reverseColumns());
    local_.adoptFrontier(rows_, true);
    local_.adoptReverseColumns(columns_);
    return local_.frontierSize();
  }

  // The unions over the ranks of `rows` and of `columns`, in increasing order, into rows_ and columns_:
  // both as bit sets of n bits in one bitwise-or allreduce.
  void exchangeSets(std::span<const int32_t> rows, std::span<const int32_t> columns) {
    const auto words = static_cast<std::size_t>(local_.size() + 63) / 64;
    bits_.assign(2 * words, 0);
    for (const int32_t i : rows) bits_[static_cast<std::size_t>(i) / 64] |= uint64_t{1} << (i % 64);
    for (const int32_t j : columns)
      bits_[words + static_cast<std::size_t>(j) / 64] |= uint64_t{1} << (j % 64);
    communicator_->bitwiseOrInPlace(bits_);
    decode(std::span(bits_).first(words), rows_);
    decode(std::span(bits_).subspan(words), columns_);
  }

  static void decode(std::span<const uint64_t> words, std::vector<int32_t>& members) {
    members.clear();
    for (std::size_t w = 0; w < words.size(); ++w) {
      for (uint64_t word = words[w]; word != 0; word &= word - 1) {
        members.push_back(static_cast<int32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(word))));
      }
    }
  }

  Local local_;
  Communicator* communicator_;
  std::vector<uint64_t> bits_;           // exchangeSets(): the two bit sets
  std::vector<int32_t> rows_, columns_;  // ... and their members
};

}  // namespace ms::lap
