#pragma once
// k-way partitioning as a step machine: recursive bisection (one multilevel bisection per step), then a
// rebalancing pass when a part is over Mt-KaHyPar's bound, then direct k-way refinement by label
// propagation on the chosen objective's exact gains (one pass per step) until a pass gains nothing, then
// k-way FM passes (negative-gain moves, roll-back to the best prefix) until one gains nothing, then
// V-cycles (coarsening within the parts, refinement on every level) until one gains nothing.

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"
#include "solver/hypergraph/kway_partition.h"

namespace ms::hypergraph {

// The bisections of recursive bisection keep one FM pass on pin-heavy levels (HypergraphOptions::
// maxPinHeavyFmPasses, none for a bipartition): without it km1 at k = 8 rose by 0.01-0.7 % on the Table
// II-like profiles at 100k (stanford-like: 0.7 %) for 0-13 % of the time, where the k-way refinement takes
// the most.
inline constexpr int32_t kKWayBisectionPinHeavyFmPasses = 1;

struct KWayOptions {
  HypergraphOptions bisection;  // how each bisection runs; its epsilon is the k-way epsilon
  int32_t parts = 2;
  Objective objective = Objective::Km1;
  int32_t maxRefinementPasses = 8;  // label propagation passes at most (0: none)
  int32_t maxFmPasses = 8;          // k-way FM passes after them at most (0: none)
  int32_t maxVCycles = 2;           // V-cycles after them at most (kway_vcycle.h; 0: none)
  // An FM pass or V-cycle that lowers the objective by at most this share of it ends the FM passes or the
  // V-cycles (0: only one that gains nothing), as HypergraphOptions::fmMinImprovement does for a bisection.
  double minImprovement = 0.001;
};

struct KWayResult {
  std::vector<int32_t> part;  // 0..parts-1 per node
  int32_t parts = 0;
  int64_t cut = 0;  // both objectives, whichever was optimized
  int64_t km1 = 0;
  double imbalance = 0;       // max part weight / ceil(|V| / k) - 1
  int64_t maxPartWeight = 0;  // the bound: floor((1 + epsilon) * ceil(|V| / k))
  int64_t heaviestPart = 0;
};

class KWaySolver : public StepMachine {
 public:
  // Precondition: done() and no step threw.
  virtual KWayResult result() const = 0;
};

inline constexpr std::string_view kBisectionPhase = "kway_bisection";
inline constexpr std::string_view kRebalancePhase = "kway_rebalance";
inline constexpr std::string_view kLabelPropagationPhase = "kway_label_propagation";
inline constexpr std::string_view kFmPhase = "kway_fm";
inline constexpr std::string_view kVCyclePhase = "kway_vcycle";

enum KWayCounter : int {
  kPartsPlaced = 0,  // parts whose nodes are final after recursive bisection so far
  kMoves,            // nodes the step moved (rebalancing, refinement)
  kKWayCut,
  kKWayKm1,
  kKWayImbalance,
  kKWayCounterCount
};
inline constexpr std::array<std::string_view, kKWayCounterCount> kKWayCounterNames = {
    "parts_placed", "moves", "cut", "km1", "imbalance"};

// Throws std::invalid_argument for parts < 2 or an algorithm other than bipartition.
std::unique_ptr<KWaySolver> makeKWaySolver(std::shared_ptr<const Hypergraph> graph,
                                           const KWayOptions& options);

}  // namespace ms::hypergraph
