#pragma once
// OpenMP kernel sets of parallel ROMA (Hovland, Algorithm 9). Each matched edge (u, M[u]), u < M[u], is
// augmented once per phase, concurrently with the others, and flips through the lock-based atomicFlip
// (Algorithm 7); a flip that cannot lock waits for the next phase, as in the thesis.
//   ParallelRoma1 (Algorithm 6): one loop iteration per vertex in a static schedule, the half whose vertex is
//     not its edge's smaller end idle, each running Algorithm 5's search over the matched edges.
//   ParallelRoma2 (Algorithm 8): one task per matched edge, handed out dynamically, running the per-vertex
//     search that a GPU block splits among its threads (a CPU core's vector lanes here).

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/matching/cpu/cpu_roma_state.h"
#include "solver/matching/roma.h"

namespace ms::matching {

template <MatchingAlgorithm kVariant>
class OpenMpRomaKernels {
  static_assert(kVariant == MatchingAlgorithm::ParallelRoma1 || kVariant == MatchingAlgorithm::ParallelRoma2);

 public:
  OpenMpRomaKernels(const CompleteGraph& graph, int threads) : state_(graph), threads_(threads) {}

  void setup(std::span<const int32_t> initialMate) {
    state_.reset(initialMate);
    edges_.reserve(static_cast<std::size_t>(state_.size() / 2));
  }

  double weight() const { return state_.weight(); }

  RomaPhaseCounts runPhase(float threshold) {
    state_.startPhase();
    int64_t lockTaken = 0, stale = 0;
    float bestGain = 0;
    if constexpr (kVariant == MatchingAlgorithm::ParallelRoma1) {
      const int32_t n = state_.size();
#pragma omp parallel for schedule(static) num_threads(threads_) reduction(+ : lockTaken, stale) \
    reduction(max : bestGain)
      for (int32_t u = 0; u < n; ++u) {
        const int32_t mateU = state_.mateOf(u);
        if (u > mateU) continue;
        augment(u, mateU, state_.bestFlipOverEdges(u, mateU, threshold), threshold, lockTaken, stale, bestGain);
      }
    } else {
      // The edges as they stand at the start of the phase (Algorithm 8's blocks whose u < M[u]).
      edges_.clear();
      for (int32_t u = 0; u < state_.size(); ++u) {
        if (u < state_.mateOf(u)) edges_.push_back(u);
      }
      const auto edgeCount = static_cast<int32_t>(edges_.size());
#pragma omp parallel for schedule(dynamic, 4) num_threads(threads_) reduction(+ : lockTaken, stale) \
    reduction(max : bestGain)
      for (int32_t k = 0; k < edgeCount; ++k) {
        const int32_t u = edges_[static_cast<std::size_t>(k)];
        const int32_t mateU = state_.mateOf(u);
        if (u > mateU) continue;  // another flip gave u a smaller mate: that edge's smaller end augments it
        augment(u, mateU, state_.bestFlipOverVertices(u, mateU, threshold), threshold, lockTaken, stale, bestGain);
      }
    }
    RomaPhaseCounts counts;
    counts.flips = state_.flipsThisPhase();
    counts.failedLocks = static_cast<double>(lockTaken);
    counts.staleMates = static_cast<double>(stale);
    counts.bestGain = bestGain;
    counts.weight = state_.weight();
    return counts;
  }

  std::vector<int32_t> mates() const { return state_.mates(); }
  void snapshot(MatchingSnapshot& out) const { state_.snapshot(out); }
  void beginPhase() {}
  int64_t endPhase() { return -1; }

 private:
  void augment(int32_t u, int32_t mateU, const FlipChoice& choice, float threshold, int64_t& lockTaken,
               int64_t& stale, float& bestGain) {
    if (!choice.found()) return;
    switch (state_.atomicFlip(u, mateU, choice, threshold)) {
      case FlipOutcome::Flipped: bestGain = std::max(bestGain, choice.gain); break;
      case FlipOutcome::LockTaken: ++lockTaken; break;
      case FlipOutcome::StaleMates: ++stale; break;
    }
  }

  CpuRomaState state_;
  int threads_;
  std::vector<int32_t> edges_;
};

}  // namespace ms::matching
