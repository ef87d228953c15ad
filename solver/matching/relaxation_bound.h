#pragma once
// An upper bound on the maximum weight perfect matching of a complete graph, for the gap to optimality where
// the exact blossom algorithm is too slow (LEMON needs minutes for geometric graphs of a few thousand
// vertices). Every perfect matching M is a permutation (each vertex to its mate) of weight 2 w(M) in the
// bipartite relaxation: rows and columns are the vertices, w(i, j) off the diagonal, the diagonal forbidden.
// So half the best permutation bounds the optimum from above, and any feasible dual of that assignment
// problem bounds the best permutation. The bound is computed from the Hungarian solver's duals, with their
// measured infeasibility added back, so it holds whatever rounding the solver did.

#include "solver/lap/lap_solver.h"
#include "solver/matching/complete_graph.h"

namespace ms::matching {

struct RelaxationBound {
  double upperBound = 0;  // >= the weight of every perfect matching
  // The optimal permutation pairs every vertex with its own partner (all cycles of length 2): it is then a
  // perfect matching itself, and the bound is the optimum.
  bool tight = false;
};

// Solves the relaxation with the tree Hungarian algorithm on `backend` (resolved, not Auto).
RelaxationBound bipartiteRelaxationBound(const CompleteGraph& graph, lap::Backend backend, int threads = 0);

}  // namespace ms::matching
