#pragma once
// The greedy 1/2-approximation (Hovland, Algorithm 1: repeatedly take the heaviest edge between two free
// vertices). Sorting the n^2/2 edges of a complete graph would need gigabytes, so the same matching is
// computed by Manne and Halappanavar's Suitor proposals, which provably give greedy's result: every vertex
// proposes to its heaviest neighbour whose current suitor it outbids, and a displaced suitor proposes again.
// Equal weights are ordered by the smaller (min, max) vertex pair, so the result is well defined with ties.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/matching/matching_solver.h"

namespace ms::matching {

// Suitor, one round at a time: round 0 lets every vertex propose, each later round the ones displaced in the
// round before. On a complete graph with an even vertex count it ends with a perfect matching.
class SuitorRounds {
 public:
  explicit SuitorRounds(const CompleteGraph& graph);

  bool done() const { return queue_.empty(); }
  // Runs one round; returns the proposals made.
  int64_t runRound();
  // Pairs that chose each other so far (the final matching once done); -1 elsewhere.
  std::vector<int32_t> mutualPairs() const;

 private:
  void propose(int32_t u, std::vector<int32_t>& displaced);

  const CompleteGraph& graph_;
  std::vector<int32_t> suitor_;      // the vertex currently proposing to each vertex, -1 for none
  std::vector<float> suitorWeight_;  // weight of that proposal
  std::vector<int32_t> queue_;       // vertices proposing in the next round
};

// Greedy's matching of `graph` (even vertex count), run to the end.
std::vector<int32_t> greedyMatching(const CompleteGraph& graph);

// Greedy as a step machine: one step per Suitor round.
std::unique_ptr<MatchingSolver> makeGreedySolver(const CompleteGraph& graph);

}  // namespace ms::matching
