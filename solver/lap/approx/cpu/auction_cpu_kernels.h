#pragma once
// CPU kernel set of the auction (../auction.h): the bids of a round are computed in parallel (OpenMP) or in a
// plain loop (sequential), then resolved on one thread in bidder order, so both backends give the same
// result.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "solver/core/execution.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/approx/auction_snapshot.h"
#include "solver/lap/cost_matrix.h"
#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

template <CostType T, class Execution>
class AuctionCpuKernels {
 public:
  using Cost = T;
  using Price = AuctionPriceOf<T>;

  AuctionCpuKernels(const CostMatrix<T>& costs, Execution execution)
      : costs_(costs.data()), n_(costs.rows()), exec_(execution) {}

  void allocate() {
    const auto n = static_cast<std::size_t>(n_);
    prices_.assign(n, 0);
    rowAssign_.assign(n, -1);
    colOwner_.assign(n, -1);
    bidCol_.assign(n, -1);
    bidPrice_.assign(n, 0);
    colWinner_.assign(n, -1);
    bidders_.reserve(n);
    nextBidders_.reserve(n);
    lastBidders_.reserve(n);
  }

  FiniteCostRange finiteRange() const {
    std::vector<FiniteCostRange> rows(static_cast<std::size_t>(n_));
    exec_.forEach(n_, n_, [&](int32_t i) {
      FiniteCostRange& range = rows[static_cast<std::size_t>(i)];
      range.min = std::numeric_limits<double>::infinity();
      range.max = -std::numeric_limits<double>::infinity();
      const T* row = rowOf(i);
      for (int32_t j = 0; j < n_; ++j) {
        if (isForbidden(row[j])) {
          range.anyForbidden = true;
        } else {
          range.min = std::min(range.min, static_cast<double>(row[j]));
          range.max = std::max(range.max, static_cast<double>(row[j]));
          range.anyFinite = true;
        }
      }
    });
    FiniteCostRange all{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                        false, false};
    for (const FiniteCostRange& range : rows) {
      all.min = std::min(all.min, range.min);
      all.max = std::max(all.max, range.max);
      all.anyForbidden = all.anyForbidden || range.anyForbidden;
      all.anyFinite = all.anyFinite || range.anyFinite;
    }
    return all;
  }

  void configure(Price scale, Price forbiddenCost) {
    scale_ = scale;
    forbiddenCost_ = forbiddenCost;
  }

  void startScalingPhase() {
    std::fill(rowAssign_.begin(), rowAssign_.end(), -1);
    std::fill(colOwner_.begin(), colOwner_.end(), -1);
    bidders_.resize(static_cast<std::size_t>(n_));
    for (int32_t i = 0; i < n_; ++i) bidders_[static_cast<std::size_t>(i)] = i;
  }

  AuctionRounds bid(Price epsilon, int64_t maxRounds) {
    AuctionRounds result;
    while (!bidders_.empty() && (maxRounds == 0 || result.rounds < maxRounds)) {
      const auto count = static_cast<int32_t>(bidders_.size());
      exec_.forEach(count, n_,
                    [&](int32_t k) { computeBid(bidders_[static_cast<std::size_t>(k)], epsilon); });
      resolveBids();
      lastBidders_.swap(bidders_);
      bidders_.swap(nextBidders_);
      nextBidders_.clear();
      ++result.rounds;
      result.bids += count;
    }
    result.unassigned = static_cast<int32_t>(bidders_.size());
    return result;
  }

  std::vector<int32_t> rowAssignment() const { return rowAssign_; }

  void snapshot(LapSnapshot& out, double pricesPerCostUnit) const {
    fillAuctionSnapshot<Price>(out, {n_, rowAssign_, colOwner_, bidCol_, lastBidders_}, prices_, bidPrice_,
                               pricesPerCostUnit, costs_);
  }

  void beginPhase() {}
  int64_t endPhase() { return -1; }

 private:
  const T* rowOf(int32_t i) const {
    return costs_ + static_cast<std::size_t>(i) * static_cast<std::size_t>(n_);
  }

  // Row i's cheapest column j1 (the lowest on ties) at value w1 = c + p, and the second cheapest value w2.
  void computeBid(int32_t i, Price epsilon) {
    const T* row = rowOf(i);
    constexpr Price kNone = std::numeric_limits<Price>::has_infinity ? std::numeric_limits<Price>::infinity()
                                                                     : std::numeric_limits<Price>::max();
    Price best = kNone;
    Price second = kNone;
    int32_t bestCol = 0;
    for (int32_t j = 0; j < n_; ++j) {
      const Price value = priced(row[j]) + prices_[static_cast<std::size_t>(j)];
      if (value < best) {
        second = best;
        best = value;
        bestCol = j;
      } else if (value < second) {
        second = value;
      }
    }
    const Price increment = (second == kNone ? 0 : second - best) + epsilon;
    bidCol_[static_cast<std::size_t>(i)] = bestCol;
    bidPrice_[static_cast<std::size_t>(i)] = prices_[static_cast<std::size_t>(bestCol)] + increment;
  }

  Price priced(T cost) const {
    if (isForbidden(cost)) return forbiddenCost_;
    return static_cast<Price>(cost) * scale_;
  }

  // Each column bid on goes to its highest bid (the lowest row on ties); its former owner and the losing
  // bidders bid again next round.
  void resolveBids() {
    for (int32_t i : bidders_) {
      const int32_t j = bidCol_[static_cast<std::size_t>(i)];
      int32_t& winner = colWinner_[static_cast<std::size_t>(j)];
      if (winner == -1 ||
          bidPrice_[static_cast<std::size_t>(i)] > bidPrice_[static_cast<std::size_t>(winner)] ||
          (bidPrice_[static_cast<std::size_t>(i)] == bidPrice_[static_cast<std::size_t>(winner)] &&
           i < winner)) {
        winner = i;
      }
    }
    for (int32_t i : bidders_) {
      const int32_t j = bidCol_[static_cast<std::size_t>(i)];
      if (colWinner_[static_cast<std::size_t>(j)] != i) continue;
      const int32_t former = colOwner_[static_cast<std::size_t>(j)];
      if (former != -1) {
        rowAssign_[static_cast<std::size_t>(former)] = -1;
        nextBidders_.push_back(former);
      }
      colOwner_[static_cast<std::size_t>(j)] = i;
      rowAssign_[static_cast<std::size_t>(i)] = j;
      prices_[static_cast<std::size_t>(j)] = bidPrice_[static_cast<std::size_t>(i)];
    }
    for (int32_t i : bidders_) {
      const int32_t j = bidCol_[static_cast<std::size_t>(i)];
      colWinner_[static_cast<std::size_t>(j)] = -1;
      if (colOwner_[static_cast<std::size_t>(j)] != i) nextBidders_.push_back(i);
    }
  }

  const T* costs_;
  int32_t n_;
  Execution exec_;
  Price scale_ = 1;
  Price forbiddenCost_ = 0;
  std::vector<Price> prices_;
  std::vector<int32_t> rowAssign_, colOwner_;
  std::vector<int32_t> bidCol_;
  std::vector<Price> bidPrice_;
  std::vector<int32_t> colWinner_;  // per column, the best bidder of the round being resolved (-1 none)
  std::vector<int32_t> bidders_, nextBidders_, lastBidders_;
};

}  // namespace ms::lap
