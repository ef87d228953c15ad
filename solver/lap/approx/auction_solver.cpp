#include "solver/lap/approx/auction_solver.h"

#include <algorithm>
#include <string>
#include <thread>

#include "solver/core/errors.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/approx/cpu/auction_cpu_kernels.h"
#include "solver/lap/approx/cuda/cuda_auction.h"

namespace ms::lap {

template <CostType T>
std::unique_ptr<LapSolver<T>> makeAuction(const CostMatrix<T>& costs, Backend backend, int threads,
                                          const AuctionSettings& settings) {
  switch (backend) {
    case Backend::Sequential:
      return std::make_unique<Auction<AuctionCpuKernels<T, SequentialExecution>>>(
          "auction/sequential", costs, AuctionCpuKernels<T, SequentialExecution>(costs, {}), settings);
    case Backend::Cpu: {
      const int used =
          threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
      return std::make_unique<Auction<AuctionCpuKernels<T, OpenMpExecution>>>(
          "auction/omp" + std::to_string(used), costs,
          AuctionCpuKernels<T, OpenMpExecution>(costs, OpenMpExecution{used}), settings);
    }
    case Backend::Cuda:
      return makeCudaAuction(costs, settings);
    case Backend::Auto:
      break;
  }
  throw SolveError("makeAuction: resolve the backend first (resolveBackend)");
}

template std::unique_ptr<LapSolver<int32_t>> makeAuction(const CostMatrix<int32_t>&, Backend, int,
                                                         const AuctionSettings&);
template std::unique_ptr<LapSolver<int64_t>> makeAuction(const CostMatrix<int64_t>&, Backend, int,
                                                         const AuctionSettings&);
template std::unique_ptr<LapSolver<float>> makeAuction(const CostMatrix<float>&, Backend, int,
                                                       const AuctionSettings&);
template std::unique_ptr<LapSolver<double>> makeAuction(const CostMatrix<double>&, Backend, int,
                                                        const AuctionSettings&);

}  // namespace ms::lap
