#include "solver/lap/approx/greedy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "solver/core/errors.h"

namespace ms::lap {
namespace {

enum GreedyCounter : int { kGreedyRow = 0, kGreedyCol, kGreedyCost, kGreedyScanned, kGreedyCounterCount };
inline constexpr std::array<std::string_view, kGreedyCounterCount> kGreedyCounterNames = {
    "row", "col", "cost", "entries_scanned"};

// What is still uncovered: lists in ascending order (the naive scan meets ties row-major) and flags.
struct Uncovered {
  std::vector<int32_t> rows, cols;
  std::vector<uint8_t> rowCovered, colCovered;
};

// The smallest uncovered entry by scanning all of them, first in row-major order on ties.
template <CostType T>
class NaiveScan {
 public:
  explicit NaiveScan(const CostMatrix<T>& costs) : costs_(costs) {}
  static constexpr std::string_view kName = "greedy-naive";
  static constexpr std::string_view kSetupPhase = "setup";

  int64_t prepare() { return 0; }

  // Returns the row-major index of the entry, or -1 when every uncovered entry is forbidden.
  int64_t next(const Uncovered& uncovered, int64_t& scanned) {
    int64_t best = -1;
    T bestCost = 0;
    const int32_t n = costs_.cols();
    for (int32_t i : uncovered.rows) {
      const T* row = costs_.row(i);
      for (int32_t j : uncovered.cols) {
        if (!isForbidden(row[j]) && (best == -1 || row[j] < bestCost)) {
          bestCost = row[j];
          best = int64_t{i} * n + j;
        }
      }
    }
    scanned += static_cast<int64_t>(uncovered.rows.size()) * static_cast<int64_t>(uncovered.cols.size());
    return best;
  }

 private:
  const CostMatrix<T>& costs_;
};

// The article's sorted structure: a queue of every finite entry in (cost, row, col) order, read from the
// head. Two differences in how it is kept, neither changing the order or the picks:
// - The article unlinks a covered row and column from the queue at once (O(n) per step); here an entry of a
//   covered row or column is skipped when the head reaches it. Each entry is passed once, so the loop is
//   O(n^2) in all either way, and the queue is read in order instead of unlinked at random places.
// - The sort is lazy: one pass distributes the entries into value buckets (equal-width ranges between the
//   smallest and largest finite cost, about kBucketSize entries each on average, at most kMaxBuckets), and
//   each bucket is sorted when the head reaches it, after dropping the entries whose row or column is
//   covered by then (the article's deletion, done late). Buckets are consecutive ranges of the sorted
//   order, so the queue is the same; small buckets sort in cache. The worst case (every entry in one
//   bucket) is the article's O(n^2 log n) comparison sort.
template <CostType T>
class SortedQueue {
 public:
  explicit SortedQueue(const CostMatrix<T>& costs) : costs_(costs) {}
  static constexpr std::string_view kName = "greedy";
  static constexpr std::string_view kSetupPhase = "sort";
  static constexpr int64_t kBucketSize = 64;
  // The distribution pass writes to every bucket at once: with more buckets than cache lines in a core's
  // L2 (4096 x 64 B = 256 KB), each write misses, and the pass slowed from 9 to 14 ns per entry between
  // n = 500 and 2000. Later buckets are mostly dropped as covered before they are sorted, so larger ones
  // cost little.
  static constexpr int64_t kMaxBuckets = 4096;

  int64_t prepare() {
    const T* data = costs_.data();
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    int64_t finite = 0;
    for (int64_t k = 0; k < costs_.size(); ++k) {
      if (isForbidden(data[k])) continue;
      low = std::min(low, static_cast<double>(data[k]));
      high = std::max(high, static_cast<double>(data[k]));
      ++finite;
    }
    const int64_t buckets = std::clamp<int64_t>(finite / kBucketSize, 1, kMaxBuckets);
    const double perUnit = high > low ? static_cast<double>(buckets) / (high - low) : 0.0;
    auto bucketOf = [&](T cost) {
      return std::min(buckets - 1, static_cast<int64_t>((static_cast<double>(cost) - low) * perUnit));
    };
    // Counting sort by bucket; within a bucket the entries stay in row-major order.
    bucketStart_.assign(static_cast<std::size_t>(buckets + 1), 0);
    for (int64_t k = 0; k < costs_.size(); ++k) {
      if (!isForbidden(data[k])) ++bucketStart_[static_cast<std::size_t>(bucketOf(data[k]) + 1)];
    }
    for (std::size_t b = 1; b < bucketStart_.size(); ++b) bucketStart_[b] += bucketStart_[b - 1];
    entries_.resize(static_cast<std::size_t>(finite));
    std::vector<int64_t> fill(bucketStart_.begin(), bucketStart_.end() - 1);
    for (int64_t k = 0; k < costs_.size(); ++k) {
      if (isForbidden(data[k])) continue;
      entries_[static_cast<std::size_t>(fill[static_cast<std::size_t>(bucketOf(data[k]))]++)] = {
          data[k], static_cast<uint32_t>(k)};
    }
    return finite;
  }

  int64_t next(const Uncovered& uncovered, int64_t& scanned) {
    const auto n = static_cast<uint32_t>(costs_.cols());
    while (true) {
      if (head_ == sortedEnd_ && !sortNextBucket(uncovered, scanned)) return -1;
      const uint32_t index = entries_[head_++].index;
      ++scanned;
      if (!uncovered.rowCovered[index / n] && !uncovered.colCovered[index % n]) return index;
    }
  }

 private:
  struct Entry {
    T cost;
    uint32_t index;  // row-major position
  };

  // Moves the head to the next bucket with uncovered entries, drops its covered ones (the head would skip
  // them anyway) and sorts the rest. False when no bucket is left.
  bool sortNextBucket(const Uncovered& uncovered, int64_t& scanned) {
    const auto n = static_cast<uint32_t>(costs_.cols());
    while (nextBucket_ + 1 < bucketStart_.size()) {
      const auto begin = entries_.begin() + bucketStart_[nextBucket_];
      const auto end = entries_.begin() + bucketStart_[nextBucket_ + 1];
      ++nextBucket_;
      scanned += end - begin;
      const auto live = std::remove_if(begin, end, [&](const Entry& e) {
        return uncovered.rowCovered[e.index / n] || uncovered.colCovered[e.index % n];
      });
      if (live == begin) continue;
      std::sort(begin, live, [](const Entry& a, const Entry& b) {
        return a.cost < b.cost || (a.cost == b.cost && a.index < b.index);
      });
      head_ = static_cast<std::size_t>(begin - entries_.begin());
      sortedEnd_ = static_cast<std::size_t>(live - entries_.begin());
      return true;
    }
    return false;
  }

  const CostMatrix<T>& costs_;
  std::vector<Entry> entries_;        // the finite entries, bucket by bucket
  std::vector<int64_t> bucketStart_;  // first entry of each bucket, and the end
  std::size_t nextBucket_ = 0;        // first bucket not yet sorted
  std::size_t head_ = 0;              // next entry of the queue
  std::size_t sortedEnd_ = 0;         // end of the sorted live entries of the head's bucket
};

template <CostType T, class Finder>
class Greedy final : public LapSolver<T> {
 public:
  explicit Greedy(const CostMatrix<T>& costs) : costs_(costs), finder_(costs) {
    if (costs.size() > int64_t{std::numeric_limits<uint32_t>::max()}) {
      throw SolveError(std::string(Finder::kName) + ": n x n must stay below 2^32 entries");
    }
  }

  std::string_view algorithmName() const override { return Finder::kName; }
  std::span<const std::string_view> counterNames() const override { return kGreedyCounterNames; }

 private:
  std::string_view pendingPhase() const override {
    return prepared_ ? std::string_view("take") : Finder::kSetupPhase;
  }
  int32_t iteration() const override { return taken_; }

  void runStep(StepRecord& record) override {
    if (prepared_) {
      take(record);
    } else {
      prepare(record);
    }
  }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    LapSnapshot* lap = std::get_if<LapSnapshot>(&out);
    if (lap == nullptr) lap = &out.emplace<LapSnapshot>();
    const auto n = static_cast<std::size_t>(costs_.rows());
    lap->n = costs_.rows();
    lap->rowAssignment = rowToCol_.empty() ? std::vector<int32_t>(n, -1) : rowToCol_;
    lap->colAssignment = colToRow_.empty() ? std::vector<int32_t>(n, -1) : colToRow_;
    lap->rowCovered = prepared_ ? uncovered_.rowCovered : std::vector<uint8_t>(n, 0);
    lap->colCovered = prepared_ ? uncovered_.colCovered : std::vector<uint8_t>(n, 0);
    summariseAssignment(*lap, costs_.data());
    ApproximationState& approx = lap->approximation;
    approx = ApproximationState{};
    approx.kind = ApproximationKind::Greedy;
    approx.takenRow = lastRow_;
    approx.takenCol = lastCol_;
    if (lastRow_ != -1) approx.takenCost = static_cast<double>(costs_(lastRow_, lastCol_));
    approx.gapBound = std::numeric_limits<double>::infinity();
    return lap;
  }

  LapSolution<T> finalSolution() const override {
    LapSolution<T> result;
    result.rowToCol = rowToCol_;
    result.objective = objective_;
    result.iterations = taken_;
    result.gapBound = std::numeric_limits<double>::infinity();
    return result;
  }

  void prepare(StepRecord& record) {
    const auto n = static_cast<std::size_t>(costs_.rows());
    rowToCol_.assign(n, -1);
    colToRow_.assign(n, -1);
    uncovered_.rowCovered.assign(n, 0);
    uncovered_.colCovered.assign(n, 0);
    for (int32_t k = 0; k < costs_.rows(); ++k) {
      uncovered_.rows.push_back(k);
      uncovered_.cols.push_back(k);
    }
    record.counters[kGreedyScanned] = static_cast<double>(finder_.prepare());
    prepared_ = true;
    if (n == 0) this->markFinished();
  }

  void take(StepRecord& record) {
    int64_t scanned = 0;
    const int64_t index = finder_.next(uncovered_, scanned);
    record.counters[kGreedyScanned] = static_cast<double>(scanned);
    if (index == -1) {
      // Not InfeasibleError: another assignment may well avoid the forbidden entries.
      throw SolveError(std::string(Finder::kName) + ": stuck after " + std::to_string(taken_) +
                       " assignments: every uncovered entry is forbidden (inf); greedy cannot backtrack");
    }
    const auto row = static_cast<int32_t>(index / costs_.cols());
    const auto col = static_cast<int32_t>(index % costs_.cols());
    rowToCol_[static_cast<std::size_t>(row)] = col;
    colToRow_[static_cast<std::size_t>(col)] = row;
    uncovered_.rowCovered[static_cast<std::size_t>(row)] = 1;
    uncovered_.colCovered[static_cast<std::size_t>(col)] = 1;
    std::erase(uncovered_.rows, row);
    std::erase(uncovered_.cols, col);
    objective_ += static_cast<DualOf<T>>(costs_(row, col));
    lastRow_ = row;
    lastCol_ = col;
    ++taken_;
    record.counters[kGreedyRow] = row;
    record.counters[kGreedyCol] = col;
    record.counters[kGreedyCost] = static_cast<double>(costs_(row, col));
    if (taken_ == costs_.rows()) this->markFinished();
  }

  const CostMatrix<T>& costs_;
  Finder finder_;
  bool prepared_ = false;
  int32_t taken_ = 0;
  int32_t lastRow_ = -1;
  int32_t lastCol_ = -1;
  std::vector<int32_t> rowToCol_, colToRow_;
  Uncovered uncovered_;
  DualOf<T> objective_ = 0;
};

}  // namespace

template <CostType T>
std::unique_ptr<LapSolver<T>> makeGreedy(const CostMatrix<T>& costs, GreedyVariant variant) {
  if (variant == GreedyVariant::Naive) return std::make_unique<Greedy<T, NaiveScan<T>>>(costs);
  return std::make_unique<Greedy<T, SortedQueue<T>>>(costs);
}

template std::unique_ptr<LapSolver<int32_t>> makeGreedy(const CostMatrix<int32_t>&, GreedyVariant);
template std::unique_ptr<LapSolver<int64_t>> makeGreedy(const CostMatrix<int64_t>&, GreedyVariant);
template std::unique_ptr<LapSolver<float>> makeGreedy(const CostMatrix<float>&, GreedyVariant);
template std::unique_ptr<LapSolver<double>> makeGreedy(const CostMatrix<double>&, GreedyVariant);

}  // namespace ms::lap
