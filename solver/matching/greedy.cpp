#include "solver/matching/greedy.h"

#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "solver/matching/matching.h"
#include "solver/matching/matching_machine.h"

namespace ms::matching {
namespace {

// Edge (a, b) of weight wa outranks edge (c, d) of weight wc: heavier, or as heavy with the smaller pair.
bool outranks(float wa, int32_t a, int32_t b, float wc, int32_t c, int32_t d) {
  if (wa != wc) return wa > wc;
  return std::pair(std::min(a, b), std::max(a, b)) < std::pair(std::min(c, d), std::max(c, d));
}

}  // namespace

SuitorRounds::SuitorRounds(const CompleteGraph& graph)
    : graph_(graph),
      suitor_(static_cast<std::size_t>(graph.vertexCount()), -1),
      suitorWeight_(static_cast<std::size_t>(graph.vertexCount()), -std::numeric_limits<float>::infinity()),
      queue_(static_cast<std::size_t>(graph.vertexCount())) {
  std::iota(queue_.begin(), queue_.end(), 0);
}

void SuitorRounds::propose(int32_t u, std::vector<int32_t>& displaced) {
  const int32_t n = graph_.vertexCount();
  const float* row = graph_.row(u);
  int32_t best = -1;
  float bestWeight = -std::numeric_limits<float>::infinity();
  for (int32_t v = 0; v < n; ++v) {
    const float w = row[v];
    // Cheap float tests first; the pair tie-breaks only run on equal weights.
    if (v == u || w < suitorWeight_[v] || w < bestWeight) continue;
    const int32_t rival = suitor_[v];
    if (rival != -1 && !outranks(w, u, v, suitorWeight_[v], rival, v)) continue;
    if (best != -1 && !outranks(w, u, v, bestWeight, u, best)) continue;
    best = v;
    bestWeight = w;
  }
  if (best == -1) return;  // every neighbour holds a better proposal: u stays free
  const int32_t rival = suitor_[best];
  suitor_[best] = u;
  suitorWeight_[best] = bestWeight;
  if (rival != -1) displaced.push_back(rival);
}

int64_t SuitorRounds::runRound() {
  std::vector<int32_t> displaced;
  for (int32_t u : queue_) propose(u, displaced);
  const auto proposals = static_cast<int64_t>(queue_.size());
  queue_ = std::move(displaced);
  return proposals;
}

std::vector<int32_t> SuitorRounds::mutualPairs() const {
  std::vector<int32_t> mate(suitor_.size(), -1);
  for (std::size_t v = 0; v < suitor_.size(); ++v) {
    const int32_t u = suitor_[v];
    if (u != -1 && suitor_[static_cast<std::size_t>(u)] == static_cast<int32_t>(v)) mate[v] = u;
  }
  return mate;
}

std::vector<int32_t> greedyMatching(const CompleteGraph& graph) {
  SuitorRounds suitor(graph);
  while (!suitor.done()) suitor.runRound();
  return suitor.mutualPairs();
}

namespace {

class GreedyMatching final : public MatchingMachine {
 public:
  explicit GreedyMatching(const CompleteGraph& graph)
      : MatchingMachine("greedy/sequential", graph),
        suitor_(graph),
        mate_(static_cast<std::size_t>(graph.vertexCount()), -1) {}

 private:
  std::string_view pendingPhase() const override { return kSuitorRoundPhase; }

  void runStep(StepRecord& record) override {
    record.counters[kProposals] = static_cast<double>(suitor_.runRound());
    mate_ = suitor_.mutualPairs();
    setWeight(matchingWeight(graph(), mate_));
    completePhase();
    if (suitor_.done()) finish();
  }

  void fillState(MatchingSnapshot& out) const override {
    out.mate = mate_;
    out.flips.clear();
  }

  std::vector<int32_t> finalMatching() const override { return mate_; }

  SuitorRounds suitor_;
  std::vector<int32_t> mate_;
};

}  // namespace

std::unique_ptr<MatchingSolver> makeGreedySolver(const CompleteGraph& graph) {
  return std::make_unique<GreedyMatching>(graph);
}

}  // namespace ms::matching
