#pragma once
// A snapshot is a plain host copy of one solver's state, made only when a view asks for it. Each problem
// family contributes one alternative; views pick theirs with std::get_if.

#include <variant>

#include "solver/hypergraph/hypergraph_snapshot.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/teaching/lesson_frame.h"
#include "solver/matching/matching_snapshot.h"

namespace ms {

using Snapshot = std::variant<std::monostate, lap::LapSnapshot, lap::teaching::LessonFrame,
                              matching::MatchingSnapshot, hypergraph::HypergraphSnapshot>;

}  // namespace ms
