#pragma once
// The exact reference: a maximum (or, on the negated weights, minimum) weight perfect matching by Edmonds'
// blossom algorithm (LEMON), as a step machine of one step. It takes O(n^3) time (about 9 s for n = 4096 on
// one core), so it serves the tests and the gap-to-optimality columns of the benchmarks.

#include <memory>

#include "solver/matching/matching_solver.h"
#include "solver/matching/objective.h"

namespace ms::matching {

std::unique_ptr<MatchingSolver> makeExactSolver(const MaximisedGraph& graph);

}  // namespace ms::matching
