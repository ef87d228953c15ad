#pragma once
// Bertsekas' auction algorithm (Annals of OR 4, 1988) with epsilon scaling, written once against a kernel
// set (sequential, OpenMP or CUDA), as hungarian.h is for Date & Nagi.
//
// Minimisation form: a row i values column j at c_ij + p_j and, when unassigned, bids for its cheapest
// column j1, raising p_j1 by (second cheapest - cheapest) + epsilon. Bids are Jacobi rounds: every
// unassigned row bids at once, each column goes to its highest bid (ties: the lowest row), and the rows it
// displaces bid again in the next round. A scaling phase runs rounds until every row is assigned; the next
// phase divides epsilon, unassigns every row and keeps the prices. The final assignment satisfies
// epsilon-complementary slackness, so it lies within n x epsilon of the optimum.
//
// Integer costs are multiplied by n + 1 and the last phase runs at epsilon 1: n x 1 < n + 1, one unit of the
// original costs, so the result is optimal. Real costs end at the final epsilon of AuctionSettings and the
// solution reports n x epsilon as its gapBound. Forbidden (+inf) entries are priced at a cost M so large
// that any assignment using one costs more than every assignment avoiding them plus n x epsilon: the auction
// then uses one only when no assignment avoids them, and that is reported as infeasible.
//
// Every loop is bounded. While a row is unassigned some column is unowned and keeps its price of the phase's
// start, so a bid with another unowned column at hand prices its column at most (price span + epsilon) above
// the highest starting price; only the phase's last bid can add that again. The highest price thus grows by
// at most 2 (span + epsilon) per phase (priceCeiling_), and each round raises some price by epsilon: a phase
// has at most n x (ceiling / epsilon + 1) rounds. Real costs also need epsilon above the representable step
// of prices that large (else a bid raises no price); it is checked against the last phase's ceiling.
//
// Kernel-set contract (cpu/auction_cpu_kernels.h is the reference):
//   using Cost; using Price (int64 for integer costs, double for real);
//   allocate();                                    buffers (and the upload on a device)
//   FiniteCostRange finiteRange();                 smallest and largest finite cost, any forbidden entry
//   configure(Price scale, Price forbiddenCost);   price units: cost x scale; forbidden entries cost M
//   startScalingPhase();                           every row unassigned, prices kept
//   AuctionRounds bid(Price epsilon, int64_t maxRounds);  rounds until all rows are assigned (0 = no limit)
//   rowAssignment();  snapshot(LapSnapshot&, double pricesPerCostUnit);  beginPhase();  endPhase() -> ns/-1

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/lap/approx/auction_types.h"
#include "solver/lap/lap_solver.h"

namespace ms::lap {

// Default final epsilon of real costs, as a fraction of the largest |cost| / n: the proven gap n x epsilon is
// then 1e-7 of the largest cost.
inline constexpr double kDefaultGapFraction = 1e-7;

enum AuctionCounter : int {
  kAuctionEpsilon = 0,
  kAuctionScalingPhase,
  kAuctionRounds,
  kAuctionBids,
  kAuctionUnassigned,
  kAuctionCounterCount
};
inline constexpr std::array<std::string_view, kAuctionCounterCount> kAuctionCounterNames = {
    "epsilon", "scaling_phase", "rounds", "bids", "unassigned"};

template <class Kernels>
class Auction final : public LapSolver<typename Kernels::Cost> {
 public:
  using Cost = typename Kernels::Cost;
  using Price = typename Kernels::Price;

  Auction(std::string name, const CostMatrix<Cost>& costs, Kernels kernels, const AuctionSettings& settings)
      : name_(std::move(name)), costs_(costs), kernels_(std::move(kernels)), settings_(settings) {
    if (!(settings.scalingFactor > 1)) throw SolveError("auction: the epsilon scaling factor must exceed 1");
    if (settings.finalEpsilon < 0 || !std::isfinite(settings.finalEpsilon)) {
      throw SolveError("auction: the final epsilon must be finite and positive (0 = automatic)");
    }
  }

  std::string_view algorithmName() const override { return name_; }
  std::span<const std::string_view> counterNames() const override { return kAuctionCounterNames; }

 private:
  enum class State { Setup, Bidding, Finished };

  std::string_view pendingPhase() const override { return state_ == State::Setup ? "setup" : "bidding"; }
  int32_t iteration() const override { return scalingPhase_; }
  void beginDeviceTiming() override { kernels_.beginPhase(); }
  int64_t endDeviceTiming() override { return kernels_.endPhase(); }

  void runStep(StepRecord& record) override {
    if (state_ == State::Setup) {
      setUp();
      return;
    }
    const Price epsilonOfStep = epsilon_;  // bidRound() moves to the next phase's epsilon when this one ends
    bidRound(record);
    record.counters[kAuctionEpsilon] = static_cast<double>(epsilonOfStep) / static_cast<double>(scale_);
    record.counters[kAuctionScalingPhase] = scalingPhase_;
  }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    LapSnapshot* lap = std::get_if<LapSnapshot>(&out);
    if (lap == nullptr) lap = &out.emplace<LapSnapshot>();
    const bool started = this->stepsTaken() > 0;
    if (started) {
      kernels_.snapshot(*lap, static_cast<double>(scale_));
    } else {
      *lap = LapSnapshot{};
    }
    ApproximationState& approx = lap->approximation;
    approx.kind = ApproximationKind::Auction;
    approx.epsilon = started ? static_cast<double>(epsilon_) / static_cast<double>(scale_) : std::nan("");
    approx.scalingPhase = scalingPhase_;
    approx.rounds = totalRounds_;
    approx.gapBound = gapBound();
    return lap;
  }

  LapSolution<Cost> finalSolution() const override {
    LapSolution<Cost> result;
    result.rowToCol = kernels_.rowAssignment();
    result.objective = objective_;
    result.iterations = scalingPhase_;
    result.gapBound = gapBound();
    return result;
  }

  double gapBound() const {
    if constexpr (std::is_integral_v<Price>) {
      return 0;
    } else {
      return costs_.rows() * finalEpsilon_;
    }
  }

  void setUp() {
    kernels_.allocate();
    const FiniteCostRange range = kernels_.finiteRange();
    const int32_t n = costs_.rows();
    if (!range.anyFinite) throw InfeasibleError(name_ + ": infeasible: every entry is forbidden (inf)");
    const double span = std::max(range.max - range.min, 0.0);
    if constexpr (std::is_integral_v<Price>) {
      // n + 1 times the largest |cost|, times the prices' headroom (span x (n + 2)), must stay in 63 bits.
      scale_ = Price{n} + 1;
      const double largest = std::max(std::abs(range.min), std::abs(range.max));
      const double scaledSpan = span * static_cast<double>(scale_);
      if ((largest + span) * static_cast<double>(scale_) * (n + 2.0) > 0x1p62 ||
          largest * static_cast<double>(scale_) + finalCeiling(scaledSpan, scaledSpan / 2, 1) > 0x1p62) {
        throw SolveError(name_ + ": integer costs up to " + std::to_string(largest) +
                         " are too large to scale by n + 1 = " + std::to_string(scale_) + " in 64 bits");
      }
      finalEpsilon_ = 1;
      kernels_.configure(scale_, 0);
      priceSpan_ = scaledSpan;
      epsilon_ = std::max<Price>(1, static_cast<Price>(span) * scale_ / 2);
    } else {
      scale_ = 1;
      const double largest =
          std::max({std::abs(range.min), std::abs(range.max), std::numeric_limits<double>::min()});
      // A bid of epsilon below the representable step of the values c + p raises no price, and tied rows
      // would outbid each other forever. The values reach the largest |priced cost| (forbidden entries cost
      // M) plus the last phase's price ceiling. The automatic epsilon is raised to the step (large n,
      // forbidden entries); a given one below it is refused.
      finalEpsilon_ = settings_.finalEpsilon > 0 ? settings_.finalEpsilon : kDefaultGapFraction * largest / n;
      const auto step = [&](double epsilon) {
        const double forbidden = forbiddenCostOf(range, n, epsilon);
        const double priceSpan = range.anyForbidden ? forbidden - range.min : span;
        const double magnitude = std::max(largest, range.anyForbidden ? std::abs(forbidden) : 0.0);
        return 0x1p-50 * (magnitude + finalCeiling(priceSpan, std::max(epsilon, priceSpan / 2), epsilon));
      };
      if (settings_.finalEpsilon <= 0) finalEpsilon_ = std::max(finalEpsilon_, step(finalEpsilon_));
      if (finalEpsilon_ < step(finalEpsilon_)) {
        throw SolveError(name_ + ": epsilon " + formatNumber(finalEpsilon_) +
                         " is below the representable step of these costs' prices; give at least " +
                         formatNumber(step(finalEpsilon_)));
      }
      const double forbiddenCost = forbiddenCostOf(range, n, finalEpsilon_);
      kernels_.configure(1, forbiddenCost);
      priceSpan_ = range.anyForbidden ? forbiddenCost - range.min : span;
      epsilon_ = std::max(finalEpsilon_, priceSpan_ / 2);
    }
    state_ = State::Bidding;
    phaseStarting_ = true;
  }

  void bidRound(StepRecord& record) {
    const double epsilon = static_cast<double>(epsilon_);
    if (phaseStarting_) {
      kernels_.startScalingPhase();
      ++scalingPhase_;
      phaseStarting_ = false;
      phaseRounds_ = 0;
      // Half an epsilon per round: a real price rounds the rise of epsilon (>= 4 steps) by half a step.
      const double rounds =
          costs_.rows() * ((priceCeiling_ + 2 * (priceSpan_ + epsilon)) / (epsilon / 2) + 1);
      roundBound_ = rounds < 0x1p62 ? static_cast<int64_t>(rounds) + 1 : int64_t{1} << 62;
    }
    const int64_t left = roundBound_ - phaseRounds_;
    const int64_t limit = settings_.roundsPerStep > 0 ? std::min(settings_.roundsPerStep, left) : left;
    const AuctionRounds rounds = kernels_.bid(epsilon_, limit);
    phaseRounds_ += rounds.rounds;
    if (rounds.unassigned > 0 && phaseRounds_ >= roundBound_) {
      throw SolveError(name_ + ": scaling phase " + std::to_string(scalingPhase_) +
                       " ran past its bound of " + std::to_string(roundBound_) +
                       " bidding rounds (n = " + std::to_string(costs_.rows()) + ", epsilon " +
                       formatNumber(epsilon / static_cast<double>(scale_)) + "): its prices stopped rising");
    }
    totalRounds_ += rounds.rounds;
    record.counters[kAuctionRounds] = static_cast<double>(rounds.rounds);
    record.counters[kAuctionBids] = static_cast<double>(rounds.bids);
    record.counters[kAuctionUnassigned] = rounds.unassigned;
    if (rounds.unassigned > 0) return;
    if (epsilon_ <= static_cast<Price>(finalEpsilon_)) {
      finish();
      return;
    }
    priceCeiling_ += 2 * (priceSpan_ + epsilon);
    if constexpr (std::is_integral_v<Price>) {
      epsilon_ =
          std::max<Price>(1, static_cast<Price>(static_cast<double>(epsilon_) / settings_.scalingFactor));
    } else {
      epsilon_ = std::max(finalEpsilon_, epsilon_ / settings_.scalingFactor);
    }
    phaseStarting_ = true;
  }

  // Any assignment through a forbidden entry, priced M, costs at least M + (n - 1) min; every one avoiding
  // them at most n max (+inf: none).
  static double forbiddenCostOf(const FiniteCostRange& range, int32_t n, double finalEpsilon) {
    const double span = std::max(range.max - range.min, 0.0);
    return range.anyForbidden ? n * range.max - (n - 1) * range.min + n * finalEpsilon + span + 1
                              : std::numeric_limits<double>::infinity();
  }

  // The price ceiling of the last phase: 2 (span + epsilon) per phase before it, epsilon falling from
  // `start` by the scaling factor to `last`.
  double finalCeiling(double priceSpan, double start, double last) const {
    double ceiling = 0;
    for (double epsilon = std::max(start, last); epsilon > last;
         epsilon = std::max(last, epsilon / settings_.scalingFactor))
      ceiling += 2 * (priceSpan + epsilon);
    return ceiling;
  }

  void finish() {
    state_ = State::Finished;
    this->markFinished();
    const std::vector<int32_t> rowToCol = kernels_.rowAssignment();
    DualOf<Cost> total = 0;
    for (int32_t i = 0; i < costs_.rows(); ++i) {
      const Cost cost = costs_(i, rowToCol[static_cast<std::size_t>(i)]);
      if (isForbidden(cost)) {
        throw InfeasibleError(name_ + ": infeasible: no assignment avoids the forbidden (inf) entries");
      }
      total += static_cast<DualOf<Cost>>(cost);
    }
    objective_ = total;
  }

  std::string name_;
  const CostMatrix<Cost>& costs_;
  Kernels kernels_;
  AuctionSettings settings_;
  State state_ = State::Setup;
  int64_t totalRounds_ = 0;
  int32_t scalingPhase_ = 0;
  bool phaseStarting_ = false;
  Price scale_ = 1;
  Price epsilon_ = 0;
  double finalEpsilon_ = 0;
  double priceSpan_ = 0;     // in price units: the costs' span times the scale (up to M - min with forbidden)
  double priceCeiling_ = 0;  // bound on the highest price at the start of the current phase
  int64_t phaseRounds_ = 0, roundBound_ = 0;
  DualOf<Cost> objective_ = 0;
};

}  // namespace ms::lap
