#include "app/gui/problem_registry.h"

#include <stdexcept>

#include "app/gui/hypergraph_problem_session.h"
#include "app/gui/lap_problem_session.h"
#include "app/gui/matching_problem_session.h"

namespace ms::studio {

std::vector<std::unique_ptr<ProblemSession>> makeProblemSessions(StudioParts parts) {
  std::vector<std::unique_ptr<ProblemSession>> sessions;
  sessions.push_back(std::make_unique<LapProblemSession>(parts));
  sessions.push_back(std::make_unique<MatchingProblemSession>(parts));
  sessions.push_back(std::make_unique<HypergraphProblemSession>(parts));
  for (std::size_t k = 0; k < sessions.size(); ++k) {
    if (sessions[k]->kind() != static_cast<ProblemKind>(k)) throw std::logic_error("problem sessions out of order");
  }
  return sessions;
}

}  // namespace ms::studio
