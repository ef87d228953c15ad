#pragma once
// The auction's snapshot, filled the same way by every kernel set from host copies of its arrays. Free of
// Eigen, so the CUDA kernel set's host code uses it too.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

struct AuctionArrays {
  int32_t n = 0;
  std::vector<int32_t> rowAssign, colOwner;  // -1 = unassigned
  std::span<const int32_t> bidCol;           // per row: column of its latest bid
  std::span<const int32_t> lastBidders;      // the rows that bid in the latest round
};

// Assignment and covers (an assigned row or column counts as covered), prices and the latest round's bids in
// cost units (prices / pricesPerCostUnit), and the objective of the partial assignment.
template <class Price, class Cost>
void fillAuctionSnapshot(LapSnapshot& out, AuctionArrays arrays, std::span<const Price> prices,
                         std::span<const Price> bidPrice, double pricesPerCostUnit, const Cost* costs) {
  const auto n = static_cast<std::size_t>(arrays.n);
  out.n = arrays.n;
  out.rowCovered.assign(n, 0);
  out.colCovered.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) out.rowCovered[i] = arrays.rowAssign[i] != -1;
  for (std::size_t j = 0; j < n; ++j) out.colCovered[j] = arrays.colOwner[j] != -1;
  out.rowAssignment = std::move(arrays.rowAssign);
  out.colAssignment = std::move(arrays.colOwner);
  ApproximationState& approx = out.approximation;
  approx.prices.resize(n);
  for (std::size_t j = 0; j < n; ++j) approx.prices[j] = static_cast<double>(prices[j]) / pricesPerCostUnit;
  approx.bidColumn.assign(n, -1);
  approx.bidPrice.assign(n, std::nan(""));
  for (const int32_t row : arrays.lastBidders) {
    const auto i = static_cast<std::size_t>(row);
    approx.bidColumn[i] = arrays.bidCol[i];
    approx.bidPrice[i] = static_cast<double>(bidPrice[i]) / pricesPerCostUnit;
  }
  summariseAssignment(out, costs);
}

}  // namespace ms::lap
