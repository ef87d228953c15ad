#pragma once
// Which problem the studio shows, and where its instance comes from.

#include <variant>

#include "app/gui/lap_session.h"
#include "app/gui/matching_session.h"

namespace ms::studio {

enum class ProblemKind { Assignment, Matching };

using InstanceSource = std::variant<LapInstanceSource, MatchingInstanceSource>;

inline ProblemKind problemKind(const InstanceSource& source) {
  return std::holds_alternative<MatchingInstanceSource>(source) ? ProblemKind::Matching
                                                                : ProblemKind::Assignment;
}

}  // namespace ms::studio
