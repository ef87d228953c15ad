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
//   columns it found are gathered on every rank, which adopts their union as the next frontier;
// - reverse pass: the column predecessors are combined by an element-wise max (any rank's is a valid tree
//   edge; in the tree variant only the column's owner has one), then rank 0's augmentation is broadcast,
//   so that ranks whose threads chose different paths still agree;
// - dual updates: the smallest slack is a min over ranks (Algorithms 7 and 9).

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "solver/lap/distributed/communicator.h"
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
    std::vector<int32_t> rows = communicator_->allGather(local_.frontierRows());
    distinctSorted(rows);
    local_.adoptFrontier(rows, false);
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

  // One message per rank: the rows it reached (>= 0) and its unassigned columns as -(j + 1).
  int32_t adoptForwardLevel() {
    std::vector<int32_t> message(local_.frontierRows().begin(), local_.frontierRows().end());
    for (const int32_t j : local_.reverseColumns()) message.push_back(-(j + 1));
    std::vector<int32_t> gathered = communicator_->allGather(message);
    const auto columnsStart =
        std::partition(gathered.begin(), gathered.end(), [](int32_t v) { return v >= 0; });
    std::vector<int32_t> columns;
    columns.reserve(static_cast<std::size_t>(gathered.end() - columnsStart));
    for (auto it = columnsStart; it != gathered.end(); ++it) columns.push_back(-*it - 1);
    gathered.erase(columnsStart, gathered.end());
    distinctSorted(gathered);
    distinctSorted(columns);
    local_.adoptFrontier(gathered, true);
    local_.adoptReverseColumns(columns);
    return local_.frontierSize();
  }

  static void distinctSorted(std::vector<int32_t>& values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
  }

  Local local_;
  Communicator* communicator_;
};

}  // namespace ms::lap
