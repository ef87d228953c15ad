#include "solver/lap/approx/random_assignment.h"

#include <array>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "solver/core/errors.h"

namespace ms::lap {
namespace {

inline constexpr std::array<std::string_view, 3> kRandomCounterNames = {"row", "col", "cost"};

// Fisher-Yates from the last position down: step k fixes row n-1-k to a column drawn uniformly from the
// columns not yet used. The generator is std::mt19937_64 with the given seed.
template <CostType T>
class RandomAssignment final : public LapSolver<T> {
 public:
  RandomAssignment(const CostMatrix<T>& costs, uint64_t seed) : costs_(costs), random_(seed) {
    if constexpr (std::is_floating_point_v<T>) {
      for (int64_t k = 0; k < costs.size(); ++k) {
        if (isForbidden(costs.data()[k])) {
          throw SolveError("random draws a uniform permutation and cannot avoid forbidden (inf) entries");
        }
      }
    }
    permutation_.resize(static_cast<std::size_t>(costs.rows()));
    std::iota(permutation_.begin(), permutation_.end(), 0);
    if (costs.rows() == 0) this->markFinished();
  }

  std::string_view algorithmName() const override { return "random"; }
  std::span<const std::string_view> counterNames() const override { return kRandomCounterNames; }

 private:
  std::string_view pendingPhase() const override { return "draw"; }
  int32_t iteration() const override { return drawn_; }

  void runStep(StepRecord& record) override {
    const int32_t row = costs_.rows() - 1 - drawn_;
    std::uniform_int_distribution<int32_t> pick(0, row);
    std::swap(permutation_[static_cast<std::size_t>(row)],
              permutation_[static_cast<std::size_t>(pick(random_))]);
    const int32_t col = permutation_[static_cast<std::size_t>(row)];
    objective_ += static_cast<DualOf<T>>(costs_(row, col));
    ++drawn_;
    record.counters[0] = row;
    record.counters[1] = col;
    record.counters[2] = static_cast<double>(costs_(row, col));
    if (drawn_ == costs_.rows()) this->markFinished();
  }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    LapSnapshot* lap = std::get_if<LapSnapshot>(&out);
    if (lap == nullptr) lap = &out.emplace<LapSnapshot>();
    const int32_t n = costs_.rows();
    lap->n = n;
    // Only the rows drawn so far (the last drawn_ positions) hold their final column.
    lap->rowAssignment.assign(static_cast<std::size_t>(n), -1);
    lap->colAssignment.assign(static_cast<std::size_t>(n), -1);
    lap->rowCovered.assign(static_cast<std::size_t>(n), 0);
    lap->colCovered.assign(static_cast<std::size_t>(n), 0);
    for (int32_t row = n - drawn_; row < n; ++row) {
      const int32_t col = permutation_[static_cast<std::size_t>(row)];
      lap->rowAssignment[static_cast<std::size_t>(row)] = col;
      lap->colAssignment[static_cast<std::size_t>(col)] = row;
      lap->rowCovered[static_cast<std::size_t>(row)] = 1;
      lap->colCovered[static_cast<std::size_t>(col)] = 1;
    }
    summariseAssignment(*lap, costs_.data());
    ApproximationState& approx = lap->approximation;
    approx = ApproximationState{};
    approx.kind = ApproximationKind::Random;
    if (drawn_ > 0) {
      approx.takenRow = n - drawn_;
      approx.takenCol = permutation_[static_cast<std::size_t>(approx.takenRow)];
      approx.takenCost = static_cast<double>(costs_(approx.takenRow, approx.takenCol));
    }
    approx.gapBound = std::numeric_limits<double>::infinity();
    return lap;
  }

  LapSolution<T> finalSolution() const override {
    LapSolution<T> result;
    result.rowToCol = permutation_;
    result.objective = objective_;
    result.iterations = drawn_;
    result.gapBound = std::numeric_limits<double>::infinity();
    return result;
  }

  const CostMatrix<T>& costs_;
  std::mt19937_64 random_;
  std::vector<int32_t> permutation_;
  int32_t drawn_ = 0;
  DualOf<T> objective_ = 0;
};

}  // namespace

template <CostType T>
std::unique_ptr<LapSolver<T>> makeRandomAssignment(const CostMatrix<T>& costs, uint64_t seed) {
  return std::make_unique<RandomAssignment<T>>(costs, seed);
}

template std::unique_ptr<LapSolver<int32_t>> makeRandomAssignment(const CostMatrix<int32_t>&, uint64_t);
template std::unique_ptr<LapSolver<int64_t>> makeRandomAssignment(const CostMatrix<int64_t>&, uint64_t);
template std::unique_ptr<LapSolver<float>> makeRandomAssignment(const CostMatrix<float>&, uint64_t);
template std::unique_ptr<LapSolver<double>> makeRandomAssignment(const CostMatrix<double>&, uint64_t);

}  // namespace ms::lap
