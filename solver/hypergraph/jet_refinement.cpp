#include "solver/hypergraph/jet_refinement.h"

namespace ms::hypergraph {

JetRefinement::JetRefinement(JetKernels& kernels, const Hypergraph& graph, const Partition& partition,
                             SideLimits limits)
    : kernels_(kernels), limits_(limits) {
  kernels_.load(graph, partition);
  current_ = kernels_.measure();
  if (feasible(current_)) {
    bestCut_ = current_.cut;
    kernels_.keepBest();
  }
}

bool JetRefinement::feasible(const JetMeasure& m) const {
  return m.sideWeights[0] <= limits_[0] && m.sideWeights[1] <= limits_[1];
}

void JetRefinement::step() {
  if (done_) return;
  if (feasible(current_)) {
    lastMoves_ = kernels_.moveCandidates();
  } else {
    const int heavy = current_.sideWeights[0] > limits_[0] ? 0 : 1;
    const int64_t excess = current_.sideWeights[heavy] - limits_[heavy];
    const int64_t room = limits_[1 - heavy] - current_.sideWeights[1 - heavy];
    // Nodes of at most room - excess keep the light side within its limit whichever prefix is moved; where
    // no node is that light, any node that fits the room.
    lastMoves_ = kernels_.rebalance(heavy, excess, room - excess >= 1 ? room - excess : room);
  }
  current_ = kernels_.measure();
  const bool improves = feasible(current_) && (bestCut_ < 0 || current_.cut < bestCut_);
  const bool progress = improves && (bestCut_ < 0 || static_cast<double>(bestCut_ - current_.cut) >
                                                         kJetProgress * static_cast<double>(bestCut_));
  if (improves) {
    bestCut_ = current_.cut;
    kernels_.keepBest();
  }
  stalled_ = progress ? 0 : stalled_ + 1;
  // Two iterations without a move: the second found every node unlocked, so nothing will move again.
  const bool stuck = lastMoves_ == 0 && previousMoves_ == 0;
  previousMoves_ = lastMoves_;
  if (stalled_ >= kJetPatience || stuck) {
    done_ = true;
    if (bestCut_ >= 0 && (!feasible(current_) || current_.cut != bestCut_)) {
      kernels_.restoreBest();
      current_ = kernels_.measure();
    }
  }
}

}  // namespace ms::hypergraph
