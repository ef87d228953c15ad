#pragma once
// The problem kinds the studio offers: the one place that names them.

#include <memory>
#include <vector>

#include "app/gui/problem_session.h"

namespace ms::studio {

// One session per kind, in the order of ProblemKind; each adds its own views to parts.central.
std::vector<std::unique_ptr<ProblemSession>> makeProblemSessions(StudioParts parts);

}  // namespace ms::studio
