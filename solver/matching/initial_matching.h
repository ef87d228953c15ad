#pragma once
// ROMA's starting perfect matchings (Hovland, Section 5.5.7, plus the greedy one of Section 5.6.2).

#include <cstdint>
#include <vector>

#include "solver/matching/complete_graph.h"
#include "solver/matching/matching_solver.h"

namespace ms::matching {

// A perfect matching of `graph` (even vertex count). `seed` drives the shuffled matching only.
std::vector<int32_t> makeInitialMatching(const CompleteGraph& graph, InitialMatching kind, uint64_t seed);

}  // namespace ms::matching
