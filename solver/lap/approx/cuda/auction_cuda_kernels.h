#pragma once
// CUDA kernel set of the auction (../auction.h). bid() runs one cooperative kernel that loops over bidding
// rounds on the device (grid-wide barriers between the bid, the winner choice and the assignment), so a whole
// scaling phase costs one launch and one read-back. One thread block computes one bidder's bid.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/lap/approx/auction_types.h"
#include "solver/lap/lap_snapshot.h"

namespace ms::lap {

template <CostType T>
class AuctionCudaKernels {
 public:
  using Cost = T;
  using Price = AuctionPriceOf<T>;

  // Borrows the row-major n x n host matrix (page-locked when the device was probed before it was made).
  AuctionCudaKernels(const T* costs, int32_t n);
  ~AuctionCudaKernels();
  AuctionCudaKernels(AuctionCudaKernels&&) noexcept;
  AuctionCudaKernels& operator=(AuctionCudaKernels&&) noexcept;

  void allocate();
  FiniteCostRange finiteRange();
  void configure(Price scale, Price forbiddenCost);
  void startScalingPhase();
  AuctionRounds bid(Price epsilon, int64_t maxRounds);
  std::vector<int32_t> rowAssignment() const;
  void snapshot(LapSnapshot& out, double pricesPerCostUnit) const;
  void beginPhase();
  int64_t endPhase();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ms::lap
