#pragma once
// A matching is stored as Hovland's mate array: mate[u] is u's partner, or -1 while u is unmatched.

#include <cstdint>
#include <span>
#include <string>

#include "solver/matching/complete_graph.h"

namespace ms::matching {

// "" when `mate` is a perfect matching (every vertex has a partner in range, not itself, whose partner is
// the vertex back); otherwise a one-line description of the first violation.
std::string perfectMatchingProblem(std::span<const int32_t> mate);

// Total weight of the matched pairs, summed in double; unmatched vertices (-1) contribute nothing.
double matchingWeight(const CompleteGraph& graph, std::span<const int32_t> mate);

}  // namespace ms::matching
