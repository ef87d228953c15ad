#pragma once
// Plain types the auction orchestration and its kernel sets exchange. Free of Eigen, so CUDA sources use
// them.

#include <cstdint>
#include <type_traits>

#include "solver/lap/cost_types.h"

namespace ms::lap {

// Integer costs are auctioned in exact 64-bit prices (costs scaled by n + 1), real costs in double.
template <CostType T>
using AuctionPriceOf = std::conditional_t<std::is_integral_v<T>, int64_t, double>;

struct FiniteCostRange {
  double min = 0;
  double max = 0;
  bool anyForbidden = false;
  bool anyFinite = false;
};

struct AuctionRounds {
  int64_t rounds = 0;      // bidding rounds run by this call
  int64_t bids = 0;        // bids made in them
  int32_t unassigned = 0;  // rows without a column after the last round
};

}  // namespace ms::lap
