#pragma once
// Host orchestration of Date & Nagi's two Hungarian variants, written once against a kernel set (sequential,
// OpenMP or CUDA). At phase granularity each step runs one phase the paper names; the host reads back one
// count or value per phase and decides the next, exactly as the paper's host code does. At search
// granularity each step runs up to kIterationsPerSearch whole iterations (forward levels, dual updates,
// reverse pass, augmentation, optimality check): on the device in one launch where the kernel set offers
// searchIterations(), else by running the same phases here in a loop.
//
// Kernel-set contract (see cpu/cpu_kernels.h, the reference implementation):
//   allocate(), reduceRows(), reduceColumns(), checkOptimality(), compressZeroSlack(), startForwardPass(),
//   frontierSize(), reverseCount(), expandClassical(), expandTree(), reversePass(), augmentPass(),
//   minUncoveredSlack(), updateDuals(theta), minColumnSlack(), updateDualsAndSlack(theta), rowsScanned(),
//   rowAssignment(), rowDuals(), colDuals(), snapshot(LapSnapshot&, bool withSlack),
//   beginPhase(), endPhase() -> device ns or -1;
//   optionally searchIterations(zerosStale, iterationLimit) -> SearchSummary (device-resident search).

#include <array>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "solver/core/errors.h"
#include "solver/core/stopwatch.h"
#include "solver/lap/hungarian/search_summary.h"
#include "solver/lap/lap_solver.h"

namespace ms::lap {

enum class HungarianPhase {
  Setup,             // allocate buffers (and upload the matrix on a device)
  InitialReduction,  // Algorithm 1
  OptimalityCheck,   // Algorithm 2
  CompressZeros,     // classical: zero-slack edge lists (all rows first, then those a dual update changed)
  ForwardLevel,      // one BFS level of the forward pass (Algorithm 3 or 4)
  ReversePass,       // Algorithm 5
  Augment,           // Algorithm 6
  DualUpdate,        // Algorithms 7-8 (classical) or 9 (tree)
  Search,            // search granularity: whole iterations, from the forward pass to the optimality check
  Finished,
};

std::string_view hungarianPhaseName(HungarianPhase phase);

// Counter slots of every Hungarian trace record.
enum HungarianCounter : int {
  kAssigned = 0,    // assignments after the step
  kFrontier,        // rows expanded by this BFS level / starting the search
  kNextFrontier,    // rows queued for the next level
  kZeroEdges,       // zero-slack edges compressed (classical)
  kReverseColumns,  // unassigned columns reached so far in this search
  kPaths,           // vertex-disjoint augmenting paths of the reverse pass / augmented
  kTheta,           // dual update amount
  kLevels,          // search step: forward BFS levels run
  kDualUpdates,     // search step: dual updates
  kForwardNs,       // search step: time in forward levels
  kDualUpdateNs,    // search step: time in dual updates (classical: with the zero-slack compression)
  kAugmentNs,       // search step: time in reverse passes, augmentations and optimality checks
  kRowsScanned,     // classical: matrix rows read in full (dual update's minimum, zero-slack lists, closure
                    // reads)
  kHungarianCounterCount
};
inline constexpr std::array<std::string_view, kHungarianCounterCount> kHungarianCounterNames = {
    "assigned", "frontier",     "next_frontier", "zero_edges",     "reverse_columns", "paths",       "theta",
    "levels",   "dual_updates", "forward_ns",    "dual_update_ns", "augment_ns",      "rows_scanned"};

static_assert(kHungarianCounterCount <= kMaxCounters);

// Iterations one search step may run: few enough host round trips, and still a trace record every so often.
inline constexpr int32_t kIterationsPerSearch = 16;

template <class Kernels>
concept DeviceResidentSearch = requires(Kernels kernels, bool zerosStale, int32_t limit) {
  { kernels.searchIterations(zerosStale, limit) } -> std::same_as<SearchSummary>;
};

template <class Kernels, bool kClassical>
class Hungarian final : public LapSolver<typename Kernels::Cost> {
 public:
  using Cost = typename Kernels::Cost;
  using Dual = typename Kernels::Dual;

  Hungarian(std::string name, Kernels kernels, Granularity granularity = Granularity::Phase)
      : kernels_(std::move(kernels)), name_(std::move(name)), granularity_(granularity) {}

  std::string_view algorithmName() const override { return name_; }
  std::span<const std::string_view> counterNames() const override { return kHungarianCounterNames; }

 private:
  std::string_view pendingPhase() const override { return hungarianPhaseName(next_); }
  void runStep(StepRecord& record) override { runPhase(record); }
  int32_t iteration() const override { return iteration_; }
  void beginDeviceTiming() override { kernels_.beginPhase(); }
  int64_t endDeviceTiming() override { return kernels_.endPhase(); }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    LapSnapshot* lap = std::get_if<LapSnapshot>(&out);
    if (lap == nullptr) lap = &out.emplace<LapSnapshot>();
    if (this->stepsTaken() == 0) {
      *lap = LapSnapshot{};  // nothing allocated yet
    } else {
      kernels_.snapshot(*lap, !kClassical);
    }
    return lap;
  }

  LapSolution<Cost> finalSolution() const override {
    LapSolution<Cost> result;
    result.rowToCol = kernels_.rowAssignment();
    result.rowDual = kernels_.rowDuals();
    result.colDual = kernels_.colDuals();
    result.iterations = iteration_;
    result.objective = objective_;
    return result;
  }

  void runPhase(StepRecord& record) {
    auto& counters = record.counters;
    switch (next_) {
      case HungarianPhase::Setup:
        kernels_.allocate();
        next_ = HungarianPhase::InitialReduction;
        break;
      case HungarianPhase::InitialReduction:
        if (!kernels_.reduceRows() || !kernels_.reduceColumns()) {
          throw InfeasibleError(name_ + ": infeasible: a row or column has only forbidden (inf) entries");
        }
        next_ = HungarianPhase::OptimalityCheck;
        break;
      case HungarianPhase::OptimalityCheck: {
        const int32_t assigned = kernels_.checkOptimality();
        counters[kAssigned] = assigned;
        concludeCheck(assigned);
        break;
      }
      case HungarianPhase::CompressZeros:
        counters[kZeroEdges] = static_cast<double>(kernels_.compressZeroSlack());
        counters[kRowsScanned] = static_cast<double>(kernels_.rowsScanned());
        zerosStale_ = false;
        next_ = HungarianPhase::ForwardLevel;
        break;
      case HungarianPhase::ForwardLevel: {
        if (searchStarting_) {
          kernels_.startForwardPass();
          searchStarting_ = false;
        }
        counters[kFrontier] = kernels_.frontierSize();
        const int32_t next = kClassical ? kernels_.expandClassical() : kernels_.expandTree();
        counters[kNextFrontier] = next;
        counters[kReverseColumns] = kernels_.reverseCount();
        if (next == 0) {
          next_ = kernels_.reverseCount() > 0 ? HungarianPhase::ReversePass : HungarianPhase::DualUpdate;
        }
        break;
      }
      case HungarianPhase::ReversePass:
        counters[kPaths] = kernels_.reversePass();
        next_ = HungarianPhase::Augment;
        break;
      case HungarianPhase::Augment:
        kernels_.augmentPass();
        next_ = HungarianPhase::OptimalityCheck;
        break;
      case HungarianPhase::DualUpdate:
        counters[kTheta] = static_cast<double>(updateDuals());
        if (kClassical) counters[kRowsScanned] = static_cast<double>(kernels_.rowsScanned());
        break;
      case HungarianPhase::Search:
        runSearch(record);
        break;
      case HungarianPhase::Finished:
        break;  // the frame takes no step once done
    }
  }

  // After an optimality check: finished, or the next search starts (a search step, or its first phase).
  void concludeCheck(int32_t assigned) {
    if (assigned == kernels_.size()) {
      finish();
      return;
    }
    ++iteration_;
    searchStarting_ = true;
    next_ = granularity_ == Granularity::Search ? HungarianPhase::Search : firstSearchPhase();
  }

  HungarianPhase firstSearchPhase() const {
    return (kClassical && zerosStale_) ? HungarianPhase::CompressZeros : HungarianPhase::ForwardLevel;
  }

  // One search step: up to kIterationsPerSearch iterations, each ending with an optimality check.
  void runSearch(StepRecord& record) {
    SearchSummary summary;
    if constexpr (DeviceResidentSearch<Kernels>) {
      summary = kernels_.searchIterations(kClassical && zerosStale_, kIterationsPerSearch);
      if (summary.infeasible) {
        throw InfeasibleError(name_ + ": infeasible: no assignment avoids the forbidden (inf) entries");
      }
      zerosStale_ = false;
      iteration_ += summary.iterations - 1;  // concludeCheck counts the iteration that starts next
      concludeCheck(summary.assigned);
    } else {
      runSearchPhaseByPhase(summary);
    }
    auto& counters = record.counters;
    counters[kAssigned] = summary.assigned;
    counters[kPaths] = summary.paths;
    counters[kLevels] = summary.levels;
    counters[kDualUpdates] = summary.dualUpdates;
    counters[kForwardNs] =
        static_cast<double>(summary.nanoseconds[static_cast<int>(SearchPhaseKind::Forward)]);
    counters[kDualUpdateNs] =
        static_cast<double>(summary.nanoseconds[static_cast<int>(SearchPhaseKind::DualUpdate)]);
    counters[kAugmentNs] =
        static_cast<double>(summary.nanoseconds[static_cast<int>(SearchPhaseKind::Augment)]);
    if (kClassical) counters[kRowsScanned] = static_cast<double>(summary.rowsScanned);
  }

  // The search step of kernel sets without a device-resident search: the same phases as the phase
  // granularity, run back to back, their host time summed by kind.
  void runSearchPhaseByPhase(SearchSummary& summary) {
    while (summary.iterations < kIterationsPerSearch && next_ == HungarianPhase::Search) {
      next_ = firstSearchPhase();
      HungarianPhase phase;
      do {
        phase = next_;
        StepRecord fine;
        const Stopwatch stopwatch;
        runPhase(fine);
        summary.nanoseconds[static_cast<int>(searchPhaseKind(phase))] += stopwatch.elapsedNs();
        summary.levels += phase == HungarianPhase::ForwardLevel;
        summary.dualUpdates += phase == HungarianPhase::DualUpdate;
        if (phase == HungarianPhase::ReversePass)
          summary.paths += static_cast<int32_t>(fine.counters[kPaths]);
        if (phase == HungarianPhase::OptimalityCheck)
          summary.assigned = static_cast<int32_t>(fine.counters[kAssigned]);
        if (kClassical && (phase == HungarianPhase::DualUpdate || phase == HungarianPhase::CompressZeros))
          summary.rowsScanned += static_cast<int64_t>(fine.counters[kRowsScanned]);
      } while (phase != HungarianPhase::OptimalityCheck);
      ++summary.iterations;
    }
  }

  static SearchPhaseKind searchPhaseKind(HungarianPhase phase) {
    switch (phase) {
      case HungarianPhase::CompressZeros:
      case HungarianPhase::DualUpdate:
        return SearchPhaseKind::DualUpdate;
      case HungarianPhase::ReversePass:
      case HungarianPhase::Augment:
      case HungarianPhase::OptimalityCheck:
        return SearchPhaseKind::Augment;
      default:
        return SearchPhaseKind::Forward;
    }
  }

  Dual updateDuals() {
    const Dual theta = kClassical ? kernels_.minUncoveredSlack() : kernels_.minColumnSlack();
    if (theta == Kernels::kInfinity) {
      // The tree rows reach no new column through any allowed entry: Hall's condition fails.
      throw InfeasibleError(name_ + ": infeasible: no assignment avoids the forbidden (inf) entries");
    }
    if constexpr (kClassical) {
      kernels_.updateDuals(theta);
      zerosStale_ = true;
      searchStarting_ = true;  // the search continues from every uncovered row over the new zero edges
      next_ = HungarianPhase::CompressZeros;
    } else {
      kernels_.updateDualsAndSlack(theta);
      next_ = HungarianPhase::ForwardLevel;
    }
    return theta;
  }

  void finish() {
    next_ = HungarianPhase::Finished;
    objective_ = kernels_.objective();
    this->markFinished();
  }

  // The kernel set first: it then sits where it sat before the frame took over the step plumbing (the
  // frame's fields replace the name's 32 bytes ahead of it), and the sequential solve is sensitive to where
  // its hot fields fall in the cache lines.
  Kernels kernels_;
  std::string name_;
  Granularity granularity_;
  HungarianPhase next_ = HungarianPhase::Setup;
  int32_t iteration_ = 0;
  bool zerosStale_ = true;
  bool searchStarting_ = false;
  Dual objective_ = 0;
};

// The solver of options.algorithm (Classical or Tree) over `kernels`, named "<algorithm>/<label>". Internal
// linkage, as when it lived in lap_solver.cpp: as an inline template the sequential tree solve placed
// differently and ran 20% slower at n = 3000 on the development VM.
template <class Kernels>
static std::unique_ptr<LapSolver<typename Kernels::Cost>> makeHungarian(const LapOptions& options,
                                                                        const std::string& label,
                                                                        Kernels kernels) {
  const std::string name = std::string(algorithmName(options.algorithm)) + "/" + label;
  if (options.algorithm == LapAlgorithm::Classical)
    return std::make_unique<Hungarian<Kernels, true>>(name, std::move(kernels), options.granularity);
  return std::make_unique<Hungarian<Kernels, false>>(name, std::move(kernels), options.granularity);
}

}  // namespace ms::lap
