#include "app/gui/problem_registry.h"

#include <stdexcept>

#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "app/gui/problems/lap/lap_session.h"
#include "app/gui/problems/matching/matching_session.h"

namespace ms::studio {

std::vector<std::unique_ptr<ProblemSession>> makeProblemSessions(StudioParts parts) {
  std::vector<std::unique_ptr<ProblemSession>> sessions;
  sessions.push_back(std::make_unique<LapSession>(parts));
  sessions.push_back(std::make_unique<MatchingSession>(parts));
  sessions.push_back(std::make_unique<HypergraphSession>(parts));
  for (std::size_t k = 0; k < sessions.size(); ++k) {
    if (sessions[k]->kind() != static_cast<ProblemKind>(k))
      throw std::logic_error("problem sessions out of order");
  }
  return sessions;
}

}  // namespace ms::studio
