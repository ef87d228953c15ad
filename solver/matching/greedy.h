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
#include "solver/matching/objective.h"

namespace ms::matching {

// Suitor, one round at a time: round 0 lets every vertex propose, each later round the ones displaced in the
// round before. On a complete graph with an even vertex count it ends with a perfect matching.
//
// A vertex's proposals go down its neighbours in the edge order, and a neighbour that holds a better proposal
// keeps holding one (a suitor is only ever replaced by a better one). So each vertex walks a cursor over its
// neighbours in descending order, drawn from the row in chunks that double in size (one O(n) pass per chunk,
// skipping neighbours already out of reach), instead of scanning the whole row for every proposal. On
// geometric graphs, where the far corners draw long chains of displacements and a central vertex walks past
// thousands of neighbours, that is the difference between minutes and seconds for n = 8192.
class SuitorRounds {
 public:
  explicit SuitorRounds(const CompleteGraph& graph);

  bool done() const { return queue_.empty(); }
  // Runs one round; returns the proposals made.
  int64_t runRound();
  // Pairs that chose each other so far (the final matching once done); -1 elsewhere.
  std::vector<int32_t> mutualPairs() const;

 private:
  static constexpr std::size_t kFirstChunk = 32;

  void propose(int32_t u, std::vector<int32_t>& displaced);
  bool reachable(int32_t u, int32_t v, float w) const;  // (u, v) outranks v's current proposal
  void refill(int32_t u);                               // the next chunk of u's neighbours, best first

  const CompleteGraph& graph_;
  std::vector<int32_t> suitor_;      // the vertex currently proposing to each vertex, -1 for none
  std::vector<float> suitorWeight_;  // weight of that proposal
  std::vector<int32_t> queue_;       // vertices proposing in the next round
  // Per vertex: its current chunk of candidate neighbours in descending order (the last entry bounds the
  // next chunk), the cursor into it, and whether its neighbours are exhausted.
  std::vector<std::vector<int32_t>> chunk_;
  std::vector<std::size_t> cursor_;
  std::vector<uint8_t> exhausted_;
  std::vector<int32_t> scratch_;
};

// Greedy's matching of `graph` (even vertex count), run to the end.
std::vector<int32_t> greedyMatching(const CompleteGraph& graph);

// Greedy as a step machine: one step per Suitor round.
std::unique_ptr<MatchingSolver> makeGreedySolver(const MaximisedGraph& graph);

}  // namespace ms::matching
