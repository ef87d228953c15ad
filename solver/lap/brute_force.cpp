#include "solver/lap/brute_force.h"

#include <numeric>
#include <string>
#include <vector>

#include "solver/core/errors.h"

namespace ms::lap {
namespace {

inline constexpr std::array<std::string_view, 2> kBruteCounterNames = {"permutations", "objective"};

template <CostType T>
class BruteForce final : public LapSolver<T> {
 public:
  explicit BruteForce(const CostMatrix<T>& costs) : costs_(costs) {
    if (costs.rows() > kBruteForceMaxSize) {
      throw SolveError("brute force enumerates n! assignments and is limited to n <= " +
                       std::to_string(kBruteForceMaxSize) +
                       " (this instance has n = " + std::to_string(costs.rows()) + ")");
    }
  }

  std::string_view algorithmName() const override { return "brute"; }
  std::span<const std::string_view> counterNames() const override { return kBruteCounterNames; }

 private:
  std::string_view pendingPhase() const override { return "enumerate"; }
  int32_t iteration() const override { return 0; }

  void runStep(StepRecord& record) override {
    record.counters[0] = static_cast<double>(enumerate());
    if (best_.empty())
      throw InfeasibleError("brute: infeasible: every assignment uses a forbidden (inf) entry");
    record.counters[1] = static_cast<double>(bestCost_);
    this->markFinished();
  }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    LapSnapshot& lap = out.emplace<LapSnapshot>();
    lap.n = costs_.rows();
    lap.rowAssignment = best_.empty() ? std::vector<int32_t>(static_cast<std::size_t>(lap.n), -1) : best_;
    lap.colAssignment.assign(static_cast<std::size_t>(lap.n), -1);
    for (int32_t i = 0; i < static_cast<int32_t>(best_.size()); ++i) lap.colAssignment[best_[i]] = i;
    lap.assignedCount = static_cast<int32_t>(best_.size());
    lap.objective = static_cast<double>(bestCost_);
    lap.approximation.kind = ApproximationKind::Brute;
    lap.approximation.gapBound = 0;
    return &lap;
  }

  LapSolution<T> finalSolution() const override {
    LapSolution<T> result;
    result.rowToCol = best_;
    result.objective = bestCost_;
    return result;
  }

  // Heap's algorithm, iterative form; the running sum changes in O(1) per swap. Returns permutations seen.
  int64_t enumerate() {
    const int32_t n = costs_.rows();
    std::vector<int32_t> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::vector<int32_t> counter(static_cast<std::size_t>(n), 0);
    int32_t forbidden = 0;
    DualOf<T> sum = 0;
    auto add = [&](int32_t row, int32_t sign) {
      const T cost = costs_(row, perm[row]);
      if (isForbidden(cost)) {
        forbidden += sign;
      } else {
        sum += sign * static_cast<DualOf<T>>(cost);
      }
    };
    for (int32_t i = 0; i < n; ++i) add(i, +1);
    auto consider = [&] {
      if (forbidden == 0 && (best_.empty() || sum < bestCost_)) {
        best_ = perm;
        bestCost_ = sum;
      }
    };
    consider();
    int64_t seen = 1;
    for (int32_t i = 1; i < n;) {
      if (counter[i] < i) {
        const int32_t other = (i % 2 == 0) ? 0 : counter[i];
        add(other, -1);
        add(i, -1);
        std::swap(perm[other], perm[i]);
        add(other, +1);
        add(i, +1);
        if constexpr (std::is_floating_point_v<T>) sum = recomputeIfDrifted(perm, sum);
        consider();
        ++seen;
        ++counter[i];
        i = 1;
      } else {
        counter[i] = 0;
        ++i;
      }
    }
    return seen;
  }

  // Floating sums accumulate rounding over millions of swaps; recompute exactly now and then.
  DualOf<T> recomputeIfDrifted(const std::vector<int32_t>& perm, DualOf<T> sum) {
    if (++sinceRecompute_ < 4096) return sum;
    sinceRecompute_ = 0;
    DualOf<T> exact = 0;
    for (int32_t i = 0; i < costs_.rows(); ++i) {
      if (!isForbidden(costs_(i, perm[i]))) exact += costs_(i, perm[i]);
    }
    return exact;
  }

  const CostMatrix<T>& costs_;
  std::vector<int32_t> best_;
  DualOf<T> bestCost_ = 0;
  int32_t sinceRecompute_ = 0;
};

}  // namespace

template <CostType T>
std::unique_ptr<LapSolver<T>> makeBruteForce(const CostMatrix<T>& costs) {
  return std::make_unique<BruteForce<T>>(costs);
}

template std::unique_ptr<LapSolver<int32_t>> makeBruteForce(const CostMatrix<int32_t>&);
template std::unique_ptr<LapSolver<int64_t>> makeBruteForce(const CostMatrix<int64_t>&);
template std::unique_ptr<LapSolver<float>> makeBruteForce(const CostMatrix<float>&);
template std::unique_ptr<LapSolver<double>> makeBruteForce(const CostMatrix<double>&);

}  // namespace ms::lap
