#include "solver/lap/lap_solver.h"

#include <thread>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/lap/approx/auction_solver.h"
#include "solver/lap/approx/greedy.h"
#include "solver/lap/approx/random_assignment.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/hungarian/cpu/cpu_kernels.h"
#include "solver/lap/hungarian/cuda/cuda_hungarian.h"
#include "solver/lap/hungarian/hungarian.h"

namespace ms::lap {

std::string_view hungarianPhaseName(HungarianPhase phase) {
  switch (phase) {
    case HungarianPhase::Setup:
      return "setup";
    case HungarianPhase::InitialReduction:
      return "initial_reduction";
    case HungarianPhase::OptimalityCheck:
      return "optimality_check";
    case HungarianPhase::CompressZeros:
      return "compress_zeros";
    case HungarianPhase::ForwardLevel:
      return "forward_level";
    case HungarianPhase::ReversePass:
      return "reverse_pass";
    case HungarianPhase::Augment:
      return "augment";
    case HungarianPhase::DualUpdate:
      return "dual_update";
    case HungarianPhase::Search:
      return "search";
    case HungarianPhase::Finished:
      return "finished";
  }
  return "unknown";
}

std::string_view algorithmName(LapAlgorithm algorithm) {
  switch (algorithm) {
    case LapAlgorithm::Classical:
      return "classical";
    case LapAlgorithm::Tree:
      return "tree";
    case LapAlgorithm::Brute:
      return "brute";
    case LapAlgorithm::Random:
      return "random";
    case LapAlgorithm::GreedyNaive:
      return "greedy-naive";
    case LapAlgorithm::Greedy:
      return "greedy";
    case LapAlgorithm::Auction:
      return "auction";
  }
  return "unknown";
}

std::string_view granularityName(Granularity granularity) {
  switch (granularity) {
    case Granularity::Phase:
      return "phase";
    case Granularity::Search:
      return "search";
  }
  return "unknown";
}

bool isSequentialOnly(LapAlgorithm algorithm) {
  return algorithm == LapAlgorithm::Brute || algorithm == LapAlgorithm::Random ||
         algorithm == LapAlgorithm::GreedyNaive || algorithm == LapAlgorithm::Greedy;
}

std::string_view backendName(Backend backend) {
  switch (backend) {
    case Backend::Auto:
      return "auto";
    case Backend::Cpu:
      return "cpu";
    case Backend::Sequential:
      return "sequential";
    case Backend::Cuda:
      return "cuda";
  }
  return "unknown";
}

Backend resolveBackend(Backend requested, std::string* notice) {
  if (requested == Backend::Cpu || requested == Backend::Sequential) return requested;
  const CudaDeviceInfo& device = cudaDevice();
  if (device.usable) return Backend::Cuda;
  if (requested == Backend::Cuda) throw SolveError("CUDA backend unavailable: " + device.reason);
  if (notice != nullptr) *notice = "no usable GPU (" + device.reason + "); using the CPU backend";
  return Backend::Cpu;
}

int cpuThreads(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

template <CostType T>
std::unique_ptr<LapSolver<T>> makeLapSolver(const CostMatrix<T>& costs, const LapOptions& options) {
  if (!costs.isSquare())
    throw SolveError("the solvers take a square matrix; pad rectangular instances first");
  // Every algorithm sums the costs (objectives, duals, prices): one range for all of them. The Hungarian
  // kernel sets check floating costs themselves, from the largest cost they find for their zero tolerance
  // (the CUDA ones on the device: a host pass over a 10000 x 10000 matrix of doubles took about 165 ms on an
  // H100 host).
  const bool hungarian =
      options.algorithm == LapAlgorithm::Classical || options.algorithm == LapAlgorithm::Tree;
  if constexpr (std::is_same_v<T, int64_t>) requireExactInt64Duals(maxAbsFiniteCost(costs), costs.rows());
  if constexpr (std::is_floating_point_v<T>) {
    if (!hungarian) requireFiniteDualSums(maxAbsFiniteCost(costs), costs.rows());
  }
  switch (options.algorithm) {
    case LapAlgorithm::Brute:
      return makeBruteForce(costs);
    case LapAlgorithm::Random:
      return makeRandomAssignment(costs, options.seed);
    case LapAlgorithm::GreedyNaive:
      return makeGreedy(costs, GreedyVariant::Naive);
    case LapAlgorithm::Greedy:
      return makeGreedy(costs, GreedyVariant::Sorted);
    case LapAlgorithm::Auction:
      return makeAuction(costs, options.backend, options.threads, options.auction);
    case LapAlgorithm::Classical:
    case LapAlgorithm::Tree:
      break;
  }
  switch (options.backend) {
    case Backend::Sequential:
      return makeHungarian(options, "sequential", CpuKernels<T, SequentialExecution>(costs, {}));
    case Backend::Cpu: {
      const int threads = cpuThreads(options.threads);
      return makeHungarian(options, "omp" + std::to_string(threads),
                           CpuKernels<T, OpenMpExecution>(costs, OpenMpExecution{threads}));
    }
    case Backend::Cuda:
      return makeCudaHungarian(costs, options);
    case Backend::Auto:
      break;
  }
  throw SolveError("makeLapSolver: resolve the backend first (resolveBackend)");
}

template std::unique_ptr<LapSolver<int32_t>> makeLapSolver(const CostMatrix<int32_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<int64_t>> makeLapSolver(const CostMatrix<int64_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<float>> makeLapSolver(const CostMatrix<float>&, const LapOptions&);
template std::unique_ptr<LapSolver<double>> makeLapSolver(const CostMatrix<double>&, const LapOptions&);

}  // namespace ms::lap
