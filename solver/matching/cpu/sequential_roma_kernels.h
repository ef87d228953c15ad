#pragma once
// Kernel set of sequential ROMA (Hovland, Algorithm 3 with the 4-cycle augmentation of Algorithm 5): a phase
// visits every vertex in a fresh random order and flips its matched edge with the best other one at once.

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "solver/matching/cpu/cpu_roma_state.h"
#include "solver/matching/roma.h"

namespace ms::matching {

class SequentialRomaKernels {
 public:
  SequentialRomaKernels(const CompleteGraph& graph, uint64_t seed) : state_(graph), random_(seed) {}

  void setup(std::span<const int32_t> initialMate) {
    state_.reset(initialMate);
    order_.resize(static_cast<std::size_t>(state_.size()));
    std::iota(order_.begin(), order_.end(), 0);
  }

  double weight() const { return state_.weight(); }

  RomaPhaseCounts runPhase(float threshold) {
    state_.startPhase();
    std::shuffle(order_.begin(), order_.end(), random_);
    RomaPhaseCounts counts;
    for (int32_t u : order_) {
      const int32_t mateU = state_.mateOf(u);
      const FlipChoice choice = state_.bestFlipOverEdges(u, mateU, threshold);
      if (!choice.found()) continue;
      state_.flip(u, mateU, choice);
      counts.bestGain = std::max(counts.bestGain, choice.gain);
    }
    counts.flips = state_.flipsThisPhase();
    counts.weight = state_.weight();
    return counts;
  }

  std::vector<int32_t> mates() const { return state_.mates(); }
  void snapshot(MatchingSnapshot& out) const { state_.snapshot(out); }
  void beginPhase() {}
  int64_t endPhase() { return -1; }

 private:
  CpuRomaState state_;
  std::mt19937_64 random_;
  std::vector<int32_t> order_;
};

}  // namespace ms::matching
