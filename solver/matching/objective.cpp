#include "solver/matching/objective.h"

#include <stdexcept>
#include <string>

#include "solver/lap/memory_check.h"

namespace ms::matching {
namespace {

CompleteGraph negatedGraph(const CompleteGraph& graph) {
  const int32_t n = graph.vertexCount();
  lap::requireMemoryFor(n, n, sizeof(float), "negated graph (minimisation)");
  WeightMatrix weights(n, n);
  weights.eigen() = -graph.weights().eigen();
  return CompleteGraph(std::move(weights), graph.points());
}

}  // namespace

std::string_view objectiveName(Objective objective) {
  return objective == Objective::Minimise ? "min" : "max";
}

Objective parseObjective(std::string_view text) {
  if (text == "min") return Objective::Minimise;
  if (text == "max") return Objective::Maximise;
  throw std::invalid_argument("unknown objective '" + std::string(text) + "' (expected min or max)");
}

Objective defaultObjective(const CompleteGraph& graph) {
  return graph.hasPoints() ? Objective::Minimise : Objective::Maximise;
}

double gapPercent(Objective objective, double weight, double best) {
  if (best == 0) return 0;
  const double shortfall = objective == Objective::Minimise ? weight - best : best - weight;
  return 100.0 * shortfall / best;
}

MaximisedGraph::MaximisedGraph(const CompleteGraph& given, Objective objective)
    : objective_(objective), maximised_(&given) {
  if (objective != Objective::Minimise) return;
  negated_ = std::make_shared<const CompleteGraph>(negatedGraph(given));
  maximised_ = negated_.get();
}

}  // namespace ms::matching
