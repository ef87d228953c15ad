// Built when the CUDA toolkit is absent at build time.
#include "solver/core/errors.h"
#include "solver/lap/approx/cuda/cuda_auction.h"

namespace ms::lap {

template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaAuction(const CostMatrix<T>&, const AuctionSettings&) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

template std::unique_ptr<LapSolver<int32_t>> makeCudaAuction(const CostMatrix<int32_t>&,
                                                             const AuctionSettings&);
template std::unique_ptr<LapSolver<int64_t>> makeCudaAuction(const CostMatrix<int64_t>&,
                                                             const AuctionSettings&);
template std::unique_ptr<LapSolver<float>> makeCudaAuction(const CostMatrix<float>&, const AuctionSettings&);
template std::unique_ptr<LapSolver<double>> makeCudaAuction(const CostMatrix<double>&,
                                                            const AuctionSettings&);

}  // namespace ms::lap
