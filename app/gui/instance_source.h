#pragma once
// Which problem the studio shows, and where its instance comes from.

#include <variant>

#include "app/gui/hypergraph_session.h"
#include "app/gui/lap_session.h"
#include "app/gui/matching_session.h"

namespace ms::studio {

// One kind per alternative of InstanceSource, in the same order.
enum class ProblemKind { Assignment, Matching, Hypergraph };

using InstanceSource = std::variant<LapInstanceSource, MatchingInstanceSource, HypergraphInstanceSource>;

inline ProblemKind problemKind(const InstanceSource& source) { return static_cast<ProblemKind>(source.index()); }

}  // namespace ms::studio
