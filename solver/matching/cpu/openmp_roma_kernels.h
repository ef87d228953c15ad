#pragma once
// OpenMP kernel sets of parallel ROMA (Hovland, Algorithm 9). Each matched edge (u, M[u]), u < M[u], is
// augmented once per phase, concurrently with the others, and flips through the lock-based atomicFlip
// (Algorithm 7); a flip that fails searches again from the current matching up to flipRetries times, then
// waits for the next phase (the thesis's choice, flipRetries = 0).
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
  OpenMpRomaKernels(const CompleteGraph& graph, int threads, int32_t flipRetries)
      : state_(graph), threads_(threads), flipRetries_(flipRetries) {}

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
        augment(u, threshold, lockTaken, stale, bestGain,
                [&](int32_t mateU) { return state_.bestFlipOverEdges(u, mateU, threshold); });
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
        augment(u, threshold, lockTaken, stale, bestGain,
                [&](int32_t mateU) { return state_.bestFlipOverVertices(u, mateU, threshold); });
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

  std::vector<int32_t> mates() const {
    return state_.mates();
  }
  void snapshot(MatchingSnapshot& out) const {
    state_.snapshot(out);
  }
  void beginPhase() {}
  int64_t endPhase() {
    return -1;
  }

 private:
  // Augments u's matched edge while u is its smaller end (another flip may have given u a smaller mate: that
  // edge's smaller end augments it), searching again after a failed flip up to flipRetries_ times.
  template <class Search>
  void augment(int32_t u, float threshold, int64_t& lockTaken, int64_t& stale, float& bestGain,
               Search search) {
    for (int32_t attempt = 0;; ++attempt) {
      const int32_t mateU = state_.mateOf(u);
      if (u > mateU) return;
      const FlipChoice choice = search(mateU);
      if (!choice.found()) return;
      switch (state_.atomicFlip(u, mateU, choice, threshold)) {
        case FlipOutcome::Flipped:
          bestGain = std::max(bestGain, choice.gain);
          return;
        case FlipOutcome::LockTaken:
          ++lockTaken;
          break;
        case FlipOutcome::StaleMates:
          ++stale;
          break;
      }
      if (attempt == flipRetries_) return;
    }
  }

  CpuRomaState state_;
  int threads_;
  int32_t flipRetries_;
  std::vector<int32_t> edges_;
};

}  // namespace ms::matching
