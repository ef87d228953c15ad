// The CUDA backend of the auction: the shared orchestration over the CUDA kernel set.
#include "solver/lap/approx/cuda/cuda_auction.h"

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/approx/cuda/auction_cuda_kernels.h"

namespace ms::lap {

template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaAuction(const CostMatrix<T>& costs, const AuctionSettings& settings) {
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable) throw SolveError("CUDA backend unavailable: " + device.reason);
  return std::make_unique<Auction<AuctionCudaKernels<T>>>(
      "auction/cuda", costs, AuctionCudaKernels<T>(costs.data(), costs.rows()), settings);
}

template std::unique_ptr<LapSolver<int32_t>> makeCudaAuction(const CostMatrix<int32_t>&,
                                                             const AuctionSettings&);
template std::unique_ptr<LapSolver<int64_t>> makeCudaAuction(const CostMatrix<int64_t>&,
                                                             const AuctionSettings&);
template std::unique_ptr<LapSolver<float>> makeCudaAuction(const CostMatrix<float>&, const AuctionSettings&);
template std::unique_ptr<LapSolver<double>> makeCudaAuction(const CostMatrix<double>&,
                                                            const AuctionSettings&);

}  // namespace ms::lap
