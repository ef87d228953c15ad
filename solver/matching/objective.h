#pragma once
// The sense of a weighted matching: maximise the total weight (Hovland's setting) or minimise it (the natural
// reading for points: a short matching). Every algorithm maximises; minimisation runs it on the negated
// weights. Over the perfect matchings of a complete graph with n (even) vertices, maximising sum(-w) is
// maximising sum(C - w) = n/2 C - sum(w) for any constant C, so each algorithm minimises exactly as it would
// maximise the non-negative weights C - w with C the largest weight:
//   exact:  a perfect matching of minimum weight (LEMON's MaxWeightedPerfectMatching on -w);
//   greedy: takes the lightest edge between two free vertices first (greedy on C - w, same edge order); its
//           1/2-guarantee on C - w reads W <= (P C + W*) / 2 with P = n/2 pairs and W* the minimum;
//   ROMA:   flips 4-cycles that lower the weight; it never ends above its initial matching.
// An odd graph is padded with a vertex joined by weight 0 (PreparedGraph), so the minimum leaves out the one
// vertex whose absence costs least: a matching of maximum cardinality and, among those, minimum weight.

#include <memory>
#include <string_view>

#include "solver/matching/complete_graph.h"

namespace ms::matching {

enum class Objective { Maximise, Minimise };

std::string_view objectiveName(Objective objective);  // "max", "min"
// Inverse of objectiveName; throws std::invalid_argument naming the choices.
Objective parseObjective(std::string_view text);
// Minimise for geometric graphs (they have points), maximise otherwise (the thesis's setting).
Objective defaultObjective(const CompleteGraph& graph);

// Percent by which `weight` falls short of the optimum `best` in the objective's direction (>= 0 for every
// feasible matching when `best` is the optimum; 0 when best is 0).
double gapPercent(Objective objective, double weight, double best);

// The graph an algorithm maximises: the caller's graph itself, or a negated copy for minimisation. Copies
// share the negated graph, so maximised() stays valid while any copy lives.
class MaximisedGraph {
 public:
  // Borrows `given` for maximisation: keep it alive while this object lives. Throws ResourceError when the
  // negated copy does not fit in memory.
  MaximisedGraph(const CompleteGraph& given, Objective objective);

  const CompleteGraph& maximised() const { return *maximised_; }
  Objective objective() const { return objective_; }
  // A matching's weight in the caller's graph from its weight in maximised().
  double objectiveWeight(double maximisedWeight) const {
    // 0 - w, not -w: an empty or all-zero matching weighs 0, not -0 (which the studio and CLI would print).
    return objective_ == Objective::Minimise ? 0.0 - maximisedWeight : maximisedWeight;
  }

 private:
  Objective objective_;
  std::shared_ptr<const CompleteGraph> negated_;  // empty when maximising
  const CompleteGraph* maximised_;
};

}  // namespace ms::matching
