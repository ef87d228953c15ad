#pragma once
// The LAP solver interface shared by every algorithm and backend, and the factory that picks one.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/lap/cost_matrix.h"

namespace ms::lap {

// An optimal assignment of a square minimisation instance, with its dual certificate when the algorithm
// produces one (empty duals otherwise, e.g. brute force).
template <CostType T>
struct LapSolution {
  std::vector<int32_t> rowToCol;
  std::vector<DualOf<T>> rowDual;  // u
  std::vector<DualOf<T>> colDual;  // v
  DualOf<T> objective = 0;
  int32_t iterations = 0;
};

template <CostType T>
class LapSolver : public StepMachine {
 public:
  // Precondition: done() and no step threw.
  virtual LapSolution<T> solution() const = 0;
};

enum class LapAlgorithm { Classical, Tree, Brute };
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
  LapAlgorithm algorithm = LapAlgorithm::Tree;
  Backend backend = Backend::Auto;
  int threads = 0;  // OpenMP threads for Backend::Cpu; 0 = all hardware threads
  Granularity granularity = Granularity::Phase;
};

// Auto becomes Cuda when a device is usable, else Cpu; `notice` then says why the CPU was chosen.
// Cuda with no usable device throws SolveError naming the reason.
Backend resolveBackend(Backend requested, std::string* notice);

// The solver borrows `costs` (square, minimisation form): keep it alive while the solver lives.
// Backend must be resolved (not Auto).
template <CostType T>
std::unique_ptr<LapSolver<T>> makeLapSolver(const CostMatrix<T>& costs, const LapOptions& options);

}  // namespace ms::lap
