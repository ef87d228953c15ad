#pragma once
// Host orchestration of Date & Nagi's two Hungarian variants, written once against a kernel set (sequential,
// OpenMP or CUDA). Each step runs one phase the paper names; the host reads back one count or value per
// phase and decides the next, exactly as the paper's host code does.
//
// Kernel-set contract (see cpu/cpu_kernels.h, the reference implementation):
//   allocate(), reduceRows(), reduceColumns(), checkOptimality(), compressZeroSlack(), startForwardPass(),
//   frontierSize(), reverseCount(), expandClassical(), expandTree(), reversePass(), augmentPass(),
//   minUncoveredSlack(), updateDuals(theta), minColumnSlack(), updateDualsAndSlack(theta),
//   rowAssignment(), rowDuals(), colDuals(), snapshot(LapSnapshot&, bool withSlack),
//   beginPhase(), endPhase() -> device ns or -1.

#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "solver/core/errors.h"
#include "solver/lap/lap_solver.h"

namespace ms::lap {

enum class HungarianPhase {
  Setup,             // allocate buffers (and upload the matrix on a device)
  InitialReduction,  // Algorithm 1
  OptimalityCheck,   // Algorithm 2
  CompressZeros,     // classical: CSR of zero-slack edges, only after a dual update
  ForwardLevel,      // one BFS level of the forward pass (Algorithm 3 or 4)
  ReversePass,       // Algorithm 5
  Augment,           // Algorithm 6
  DualUpdate,        // Algorithms 7-8 (classical) or 9 (tree)
  Finished,
};

std::string_view hungarianPhaseName(HungarianPhase phase);

// Counter slots of every Hungarian trace record.
enum HungarianCounter : int {
  kAssigned = 0,       // assignments after the step
  kFrontier,           // rows expanded by this BFS level / starting the search
  kNextFrontier,       // rows queued for the next level
  kZeroEdges,          // zero-slack edges compressed (classical)
  kReverseColumns,     // unassigned columns reached so far in this search
  kPaths,              // vertex-disjoint augmenting paths of the reverse pass / augmented
  kTheta,              // dual update amount
  kHungarianCounterCount
};
inline constexpr std::array<std::string_view, kHungarianCounterCount> kHungarianCounterNames = {
    "assigned", "frontier", "next_frontier", "zero_edges", "reverse_columns", "paths", "theta"};

template <class Kernels, bool kClassical>
class Hungarian final : public LapSolver<typename Kernels::Cost> {
 public:
  using Cost = typename Kernels::Cost;
  using Dual = typename Kernels::Dual;

  Hungarian(std::string name, Kernels kernels) : name_(std::move(name)), kernels_(std::move(kernels)) {}

  std::string_view algorithmName() const override { return name_; }
  std::span<const std::string_view> counterNames() const override { return kHungarianCounterNames; }
  bool done() const override { return next_ == HungarianPhase::Finished; }
  std::string_view nextPhase() const override { return done() ? "" : hungarianPhaseName(next_); }

  StepRecord step() override {
    StepRecord record;
    record.step = steps_++;
    record.phase = hungarianPhaseName(next_);
    const auto start = std::chrono::steady_clock::now();
    kernels_.beginPhase();
    try {
      runPhase(record);
    } catch (...) {
      next_ = HungarianPhase::Finished;
      failed_ = true;
      throw;
    }
    record.device_ns = kernels_.endPhase();
    record.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
                         .count();
    record.iteration = iteration_;
    lastPhase_ = record.phase;
    return record;
  }

  void snapshot(Snapshot& out) const override {
    LapSnapshot* lap = std::get_if<LapSnapshot>(&out);
    if (lap == nullptr) lap = &out.emplace<LapSnapshot>();
    if (steps_ == 0) {
      *lap = LapSnapshot{};  // nothing allocated yet
    } else {
      kernels_.snapshot(*lap, !kClassical);
    }
    lap->iteration = iteration_;
    lap->step = steps_;
    lap->lastPhase = lastPhase_;
    lap->nextPhase = nextPhase();
    lap->done = done();
  }

  LapSolution<Cost> solution() const override {
    if (!done() || failed_) throw SolveError(name_ + ": solution requested before the solve finished");
    LapSolution<Cost> result;
    result.rowToCol = kernels_.rowAssignment();
    result.rowDual = kernels_.rowDuals();
    result.colDual = kernels_.colDuals();
    result.iterations = iteration_;
    result.objective = objective_;
    return result;
  }

 private:
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
        if (assigned == kernels_.size()) {
          finish();
        } else {
          ++iteration_;
          next_ = (kClassical && zerosStale_) ? HungarianPhase::CompressZeros : HungarianPhase::ForwardLevel;
          searchStarting_ = true;
        }
        break;
      }
      case HungarianPhase::CompressZeros:
        counters[kZeroEdges] = static_cast<double>(kernels_.compressZeroSlack());
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
        break;
      case HungarianPhase::Finished:
        throw SolveError(name_ + ": step() called after the solve finished");
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
  }

  std::string name_;
  Kernels kernels_;
  HungarianPhase next_ = HungarianPhase::Setup;
  std::string_view lastPhase_;
  int64_t steps_ = 0;
  int32_t iteration_ = 0;
  bool zerosStale_ = true;
  bool searchStarting_ = false;
  bool failed_ = false;
  Dual objective_ = 0;
};

}  // namespace ms::lap
