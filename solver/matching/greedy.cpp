#include "solver/matching/greedy.h"

#include <algorithm>
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
      queue_(static_cast<std::size_t>(graph.vertexCount())),
      chunk_(static_cast<std::size_t>(graph.vertexCount())),
      cursor_(static_cast<std::size_t>(graph.vertexCount()), 0),
      exhausted_(static_cast<std::size_t>(graph.vertexCount()), 0) {
  std::iota(queue_.begin(), queue_.end(), 0);
}

bool SuitorRounds::reachable(int32_t u, int32_t v, float w) const {
  const int32_t rival = suitor_[v];
  return rival == -1 || outranks(w, u, v, suitorWeight_[v], rival, v);
}

void SuitorRounds::refill(int32_t u) {
  const int32_t n = graph_.vertexCount();
  const float* row = graph_.row(u);
  std::vector<int32_t>& chunk = chunk_[u];
  const int32_t bound = chunk.empty() ? -1 : chunk.back();
  const float boundWeight = bound == -1 ? std::numeric_limits<float>::infinity() : row[bound];
  scratch_.clear();
  for (int32_t v = 0; v < n; ++v) {
    // Float comparisons decide almost every neighbour; the pair tie-breaks run on equal weights only.
    const float w = row[v];
    if (w > boundWeight || w < suitorWeight_[v] || v == u) continue;
    if (w == boundWeight && !outranks(boundWeight, u, bound, w, u, v)) continue;  // drawn in an earlier chunk
    if (w == suitorWeight_[v] && !reachable(u, v, w)) continue;
    scratch_.push_back(v);
  }
  const std::size_t size = std::min(scratch_.size(), chunk.empty() ? kFirstChunk : 2 * chunk.size());
  const auto end = scratch_.begin() + static_cast<std::ptrdiff_t>(size);
  const auto better = [&](int32_t a, int32_t b) { return outranks(row[a], u, a, row[b], u, b); };
  std::nth_element(scratch_.begin(), end, scratch_.end(), better);
  std::sort(scratch_.begin(), end, better);
  chunk.assign(scratch_.begin(), end);
  cursor_[u] = 0;
  exhausted_[u] = chunk.empty();
}

void SuitorRounds::propose(int32_t u, std::vector<int32_t>& displaced) {
  const float* row = graph_.row(u);
  const std::vector<int32_t>& chunk = chunk_[u];
  while (!exhausted_[u]) {
    if (cursor_[u] == chunk.size()) {
      refill(u);
      continue;
    }
    const int32_t v = chunk[cursor_[u]];
    if (!reachable(u, v, row[v])) {
      ++cursor_[u];  // v holds a better proposal, now and from now on
      continue;
    }
    const int32_t rival = suitor_[v];
    suitor_[v] = u;
    suitorWeight_[v] = row[v];
    if (rival != -1) displaced.push_back(rival);
    return;
  }
  // No neighbour left within reach: u stays free.
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
  explicit GreedyMatching(const MaximisedGraph& graph)
      : MatchingMachine("greedy/sequential", graph),
        suitor_(graph.maximised()),
        mate_(static_cast<std::size_t>(graph.maximised().vertexCount()), -1) {}

 private:
  std::string_view pendingPhase() const override { return kSuitorRoundPhase; }

  void runPhase(StepRecord& record) override {
    record.counters[kProposals] = static_cast<double>(suitor_.runRound());
    mate_ = suitor_.mutualPairs();
    setWeight(matchingWeight(graph(), mate_));
    completePhase();
    if (suitor_.done()) markFinished();
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

std::unique_ptr<MatchingSolver> makeGreedySolver(const MaximisedGraph& graph) {
  return std::make_unique<GreedyMatching>(graph);
}

}  // namespace ms::matching
