#pragma once
// Which problem the studio shows, and where its instance comes from.

#include <variant>

#include "app/gui/problems/hypergraph/hypergraph_instance.h"
#include "app/gui/problems/lap/lap_instance.h"
#include "app/gui/problems/matching/matching_instance.h"

namespace ms::studio {

// One kind per alternative of InstanceSource, in the same order.
enum class ProblemKind { Assignment, Matching, Hypergraph };

using InstanceSource = std::variant<LapInstanceSource, MatchingInstanceSource, HypergraphInstanceSource>;

inline ProblemKind problemKind(const InstanceSource& source) {
  return static_cast<ProblemKind>(source.index());
}

}  // namespace ms::studio
