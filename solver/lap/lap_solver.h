#pragma once
// The LAP solver interface shared by every algorithm and backend, and the factory that picks one.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/lap/approx/auction_settings.h"
#include "solver/lap/cost_matrix.h"

namespace ms::lap {

// The assignment a solver found for a square minimisation instance, with its dual certificate when the
// algorithm produces one (empty duals otherwise, e.g. brute force and the approximations).
template <CostType T>
struct LapSolution {
  std::vector<int32_t> rowToCol;
  std::vector<DualOf<T>> rowDual;  // u
  std::vector<DualOf<T>> colDual;  // v
  DualOf<T> objective = 0;
  int32_t iterations = 0;
  // Proven distance of `objective` above the optimum: 0 for the exact solvers, n x final epsilon for the
  // auction on real costs, +inf for heuristics without a guarantee (random, greedy).
  double gapBound = 0;
};

template <CostType T>
class LapSolver : public StepMachine {
 public:
  // Throws SolveError unless done() and no step threw.
  LapSolution<T> solution() const {
    requireSolved();
    return finalSolution();
  }

 private:
  // The solution of a machine that finished without a failure.
  virtual LapSolution<T> finalSolution() const = 0;
};

// Exact: Classical, Tree (Date & Nagi), Brute (n <= 10). Approximations (greedy-lap-approximation.txt):
// Random (seeded Fisher-Yates), GreedyNaive (O(n^3) scan), Greedy (sorted entries, O(n^2 log n)), and
// Auction (Bertsekas, epsilon scaling; exact on integer costs).
enum class LapAlgorithm { Classical, Tree, Brute, Random, GreedyNaive, Greedy, Auction };
// Sequential: plain loops. Cpu: OpenMP kernel set (OMP-T in the paper). Cuda: GPU kernel set.
enum class Backend { Auto, Cpu, Sequential, Cuda };

// What one step() of a Hungarian solver does: one phase the paper names (a BFS level, a dual update, ...:
// the studio's step-by-step view), or one coarse step of whole search iterations, which the CUDA backend
// runs on the device without a host round trip per phase (headless solve and bench).
enum class Granularity { Phase, Search };

std::string_view algorithmName(LapAlgorithm algorithm);
std::string_view backendName(Backend backend);
std::string_view granularityName(Granularity granularity);

struct LapOptions {
  // A constructor rather than an aggregate: callers name the first few and the rest keep their defaults.
  LapOptions(LapAlgorithm algorithmChoice = LapAlgorithm::Tree, Backend backendChoice = Backend::Auto,
             int threadCount = 0, Granularity granularityChoice = Granularity::Phase)
      : algorithm(algorithmChoice),
        backend(backendChoice),
        threads(threadCount),
        granularity(granularityChoice) {}

  LapAlgorithm algorithm = LapAlgorithm::Tree;
  Backend backend = Backend::Auto;
  int threads = 0;  // OpenMP threads for Backend::Cpu; 0 = all hardware threads
  Granularity granularity = Granularity::Phase;
  uint64_t seed = 1;  // Random: seed of the Fisher-Yates shuffle
  AuctionSettings auction;
};

// Whether the algorithm runs on one thread only (brute, random, greedy): callers use Backend::Sequential.
bool isSequentialOnly(LapAlgorithm algorithm);

// Auto becomes Cuda when a device is usable, else Cpu; `notice` then says why the CPU was chosen.
// Cuda with no usable device throws SolveError naming the reason.
Backend resolveBackend(Backend requested, std::string* notice);

// OpenMP threads of Backend::Cpu: `requested`, or every hardware thread when it is 0.
int cpuThreads(int requested);

// The solver borrows `costs` (square, minimisation form): keep it alive while the solver lives.
// Backend must be resolved (not Auto).
template <CostType T>
std::unique_ptr<LapSolver<T>> makeLapSolver(const CostMatrix<T>& costs, const LapOptions& options);

}  // namespace ms::lap
