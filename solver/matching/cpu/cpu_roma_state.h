#pragma once
// State and building blocks shared by the CPU kernel sets of ROMA: the mate array, the weight of each
// vertex's matched edge, the per-vertex locks, the flip log, the 4-cycle searches (Algorithm 5 and the
// per-vertex form of Algorithm 8) and the two flips (Algorithm 4, and Algorithm 7 with locks).
//
// Keeping w(x, M[x]) in `matched` turns the search's one scattered read per candidate edge into a sequential
// one; a flip updates the four entries it changes.
//
// Threads of a parallel phase read the matching while others flip, as on the GPU. Every shared access is a
// relaxed atomic (plain moves on x86); the mate stores a flip makes are releases and the re-reads under the
// locks acquires, so a flip that sees another's edges also sees that flip's log entry taken first.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/core/execution.h"
#include "solver/matching/complete_graph.h"
#include "solver/matching/matching_snapshot.h"

namespace ms::matching {

// The best flip found for the matched edge (u, mateU): u takes `a`, mateU takes `b` (b = M[a] when found).
struct FlipChoice {
  int32_t a = -1;
  int32_t b = -1;
  float gain = 0;
  bool found() const { return a != -1; }
};

enum class FlipOutcome { Flipped, LockTaken, StaleMates };

class CpuRomaState {
 public:
  explicit CpuRomaState(const CompleteGraph& graph)
      : weights_(graph.weights().data()), n_(graph.vertexCount()) {}

  int32_t size() const { return n_; }

  void reset(std::span<const int32_t> initialMate) {
    const auto n = static_cast<std::size_t>(n_);
    mate_.assign(initialMate.begin(), initialMate.end());
    matched_.resize(n);
    for (int32_t u = 0; u < n_; ++u) matched_[u] = w(u, mate_[u]);
    lock_.assign(n, -1);
    log_.resize(n);  // a phase makes at most one flip per vertex
    logSize_ = 0;
  }

  void startPhase() { logSize_ = 0; }
  int64_t flipsThisPhase() const { return logSize_; }
  int32_t mateOf(int32_t u) const { return lap::loadRelaxed(mate_[u]); }

  // Algorithm 5: the best of the two flips of (u, mateU) with every other matched edge (x, M[x]), each edge
  // seen once from its smaller end; only gains above `threshold` count.
  FlipChoice bestFlipOverEdges(int32_t u, int32_t mateU, float threshold) const {
    const float* rowU = row(u);
    const float* rowMateU = row(mateU);
    const float current = w(u, mateU);
    FlipChoice best;
    best.gain = threshold;
    for (int32_t x = 0; x < n_; ++x) {
      const int32_t mateX = lap::loadRelaxed(mate_[x]);
      const float currentWeight = current + lap::loadRelaxed(matched_[x]);
      const float w1 = rowU[x] + rowMateU[mateX];  // u-x, mateU-mateX
      const float w2 = rowU[mateX] + rowMateU[x];  // u-mateX, mateU-x
      // Computed for every x and filtered after: the rarely taken branch predicts well, "x < M[x]" would not.
      const bool vertical = w1 > w2;
      const float gain = (vertical ? w1 : w2) - currentWeight;
      if (gain > best.gain && x < mateX && x != u && x != mateU) {
        best = vertical ? FlipChoice{x, mateX, gain} : FlipChoice{mateX, x, gain};
      }
    }
    return best;
  }

  // Algorithm 8's search, one candidate per vertex y instead of per edge: "u takes y, mateU takes M[y]". Each
  // matched edge offers its two flips from its two ends, so the best is the same, and no end sits idle.
  FlipChoice bestFlipOverVertices(int32_t u, int32_t mateU, float threshold) const {
    const float* rowU = row(u);
    const float* rowMateU = row(mateU);
    const float current = w(u, mateU);
    FlipChoice best;
    best.gain = threshold;
    for (int32_t y = 0; y < n_; ++y) {
      const int32_t mateY = lap::loadRelaxed(mate_[y]);
      const float gain = rowU[y] + rowMateU[mateY] - current - lap::loadRelaxed(matched_[y]);
      if (gain > best.gain && y != u && y != mateU) best = {y, mateY, gain};
    }
    return best;
  }

  // Algorithm 4, for a single thread.
  void flip(int32_t u, int32_t mateU, const FlipChoice& choice) {
    apply(u, mateU, choice.a, choice.b, choice.gain);
  }

  // Algorithm 7: lock the smaller ends of both matched edges, min(u, x) first so that two threads that want
  // each other's edge cannot each hold one lock; give up on any taken lock. Under the locks, flip only if
  // both edges are still matched as found (all four mate entries: a half-written flip of another thread can
  // make one direction look current) and the flip still gains more than the threshold. Unlocking is a
  // release, the fence of the thesis: the flip's writes are visible before the edges can be locked again.
  FlipOutcome atomicFlip(int32_t u, int32_t mateU, const FlipChoice& choice, float threshold) {
    const int32_t a = choice.a, b = choice.b;
    const int32_t x = std::min(a, b);
    const int32_t first = std::min(u, x), second = std::max(u, x);
    if (!tryLock(first, u)) return FlipOutcome::LockTaken;
    if (second == first || !tryLock(second, u)) {
      unlock(first);
      return FlipOutcome::LockTaken;
    }
    FlipOutcome outcome = FlipOutcome::StaleMates;
    if (matchedNow(u, mateU) && matchedNow(a, b)) {
      const float gain = w(u, a) + w(mateU, b) - w(u, mateU) - w(a, b);
      if (gain > threshold) {
        apply(u, mateU, a, b, gain);
        outcome = FlipOutcome::Flipped;
      }
    }
    unlock(second);
    unlock(first);
    return outcome;
  }

  double weight() const {
    double total = 0;
    for (int32_t u = 0; u < n_; ++u) {
      if (u < mate_[u]) total += matched_[u];
    }
    return total;
  }

  const std::vector<int32_t>& mates() const { return mate_; }

  void snapshot(MatchingSnapshot& out) const {
    out.mate = mate_;
    out.flips.assign(log_.begin(), log_.begin() + logSize_);
  }

 private:
  float w(int32_t u, int32_t v) const { return row(u)[v]; }
  const float* row(int32_t u) const {
    return weights_ + static_cast<std::size_t>(u) * static_cast<std::size_t>(n_);
  }

  bool tryLock(int32_t vertex, int32_t owner) {
    int32_t unlocked = -1;
    return std::atomic_ref<int32_t>(lock_[vertex])
        .compare_exchange_strong(unlocked, owner, std::memory_order_acquire, std::memory_order_relaxed);
  }
  void unlock(int32_t vertex) {
    std::atomic_ref<int32_t>(lock_[vertex]).store(-1, std::memory_order_release);
  }

  int32_t mateAcquire(int32_t p) {
    return std::atomic_ref<int32_t>(mate_[p]).load(std::memory_order_acquire);
  }
  bool matchedNow(int32_t p, int32_t q) { return mateAcquire(p) == q && mateAcquire(q) == p; }

  // (u, mateU), (a, b) -> (u, a), (mateU, b); logged before the writes (see the header comment).
  void apply(int32_t u, int32_t mateU, int32_t a, int32_t b, float gain) {
    const int64_t slot = std::atomic_ref<int64_t>(logSize_).fetch_add(1, std::memory_order_acq_rel);
    log_[static_cast<std::size_t>(slot)] = {u, mateU, a, b, gain};
    const float first = w(u, a), second = w(mateU, b);
    lap::storeRelaxed(matched_[u], first);
    lap::storeRelaxed(matched_[a], first);
    lap::storeRelaxed(matched_[mateU], second);
    lap::storeRelaxed(matched_[b], second);
    for (const auto& [p, q] : {std::pair{u, a}, std::pair{a, u}, std::pair{mateU, b}, std::pair{b, mateU}}) {
      std::atomic_ref<int32_t>(mate_[p]).store(q, std::memory_order_release);
    }
  }

  const float* weights_;
  int32_t n_;
  std::vector<int32_t> mate_;
  std::vector<float> matched_;
  std::vector<int32_t> lock_;
  std::vector<MatchingFlip> log_;
  int64_t logSize_ = 0;
};

}  // namespace ms::matching
