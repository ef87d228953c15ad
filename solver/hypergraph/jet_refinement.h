#pragma once
// Jet refinement of a bipartition (Gilbert, Madduri, Boman & Rajamanickam's Jet, with the cut of a
// hypergraph as its objective): the refinement that suits the GPU, every step a few passes over the pins in
// parallel, where FM moves one node at a time.
//
// An iteration on a partition within its limits moves, all at once, every unlocked node whose move gains or
// loses less than a quarter of what it would newly cut, after an afterburner that prices each such
// candidate as if the candidates ahead of it (jetOrder) had moved, and keeps those whose price is still not
// a loss; on an overweight partition it moves the heavy side's nodes of least loss until that side fits.
// Nodes moved by one iteration are locked for the next; the best partition within the limits is kept, and
// the refinement ends after kJetPatience iterations that lower it by less than kJetProgress of it.
//
// Alone it ends 4-7 % above FM's cuts (its iterations swing between a lopsided partition and the rebalanced
// one); FM passes from where it ends reach 0-1.5 % below FM's own, in fewer passes: so the multilevel machine
// runs Jet, then FM, on each level (HypergraphOptions::refinement).
//
// One orchestration (JetRefinement) over a kernel set per backend (JetKernels): the host's OpenMP threads
// and the GPU give the same partitions.

#include <array>
#include <cstdint>
#include <memory>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/preference.h"  // MS_HYPERGRAPH_HOST_DEVICE

namespace ms::hypergraph {

// Iterations without progress before a level ends: Jet's 12 is for Jet alone; FM passes follow here, and 4
// gave the cuts of 12 (stanford-berkeley-like +0.05 %, the others equal) in half the iterations (flickr-,
// stanford-, wikipedia-, stanford-berkeley-like 100k, Jet then FM).
inline constexpr int32_t kJetPatience = 4;
inline constexpr double kJetProgress = 0.001;  // what counts as progress: 0.1 % of the best cut

// The order in which the afterburner and the rebalancing take nodes: higher gain first, then lower id; the
// gain is clamped to 32 bits so that the order is one 64-bit key on every backend.
MS_HYPERGRAPH_HOST_DEVICE inline uint64_t jetOrder(int64_t gain, int32_t node) {
  const int64_t clamped = gain > INT32_MAX ? INT32_MAX : gain < -INT32_MAX ? -INT32_MAX : gain;
  return (static_cast<uint64_t>(int64_t{INT32_MAX} - clamped) << 32) | static_cast<uint32_t>(node);
}

// Whether a node whose move would uncut `benefit` and newly cut `penalty` is a candidate: it must uncut
// something, and gain or lose less than a quarter of the penalty (Jet's filter, in integers).
MS_HYPERGRAPH_HOST_DEVICE inline bool isJetCandidate(int64_t benefit, int64_t penalty) {
  const int64_t gain = benefit - penalty;
  return benefit > 0 && (gain >= 0 || 4 * -gain < penalty);
}

struct JetMeasure {
  int64_t cut = 0;
  std::array<int64_t, 2> sideWeights{0, 0};
};

// The steps of a Jet iteration on one backend. load() starts a level; the others work on what it loaded.
class JetKernels {
 public:
  virtual ~JetKernels() = default;
  // The level (borrowed until the next load) and its projected partition; no node locked.
  virtual void load(const Hypergraph& graph, const Partition& partition) = 0;
  // Candidates, afterburner and moves (the iteration on a partition within its limits); locks the moved
  // nodes for the next iteration and unlocks the others. Returns the nodes moved.
  virtual int64_t moveCandidates() = 0;
  // Moves nodes of `heavySide` in jetOrder, skipping those heavier than `maxNodeWeight`, until `excess`
  // weight has gone (the shortest such prefix). Returns the nodes moved.
  virtual int64_t rebalance(int heavySide, int64_t excess, int64_t maxNodeWeight) = 0;
  virtual JetMeasure measure() = 0;
  virtual void keepBest() = 0;     // remembers the current partition
  virtual void restoreBest() = 0;  // returns to the one remembered last
  virtual Partition partition() const = 0;
};

// threads: OpenMP threads (0 = all, 1 = sequential).
std::unique_ptr<JetKernels> makeCpuJetKernels(int threads);
// Throws SolveError when this build has no CUDA support or no device is usable.
std::unique_ptr<JetKernels> makeCudaJetKernels();

// Jet on one level, an iteration a step.
class JetRefinement {
 public:
  // Loads the level into `kernels` (borrowed) and measures the partition.
  JetRefinement(JetKernels& kernels, const Hypergraph& graph, const Partition& partition, SideLimits limits);
  // One iteration; at the end of the level returns to the best partition within the limits (the last one
  // when none was).
  void step();
  bool done() const { return done_; }
  const JetMeasure& current() const { return current_; }
  int64_t movesInLastStep() const { return lastMoves_; }

 private:
  bool feasible(const JetMeasure& m) const;

  JetKernels& kernels_;
  SideLimits limits_;
  JetMeasure current_;
  int64_t bestCut_ = -1;  // -1: no partition within the limits seen yet
  int32_t stalled_ = 0;
  int64_t lastMoves_ = 0;
  int64_t previousMoves_ = -1;
  bool done_ = false;
};

}  // namespace ms::hypergraph
