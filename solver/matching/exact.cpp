#include "solver/matching/exact.h"

#include "solver/matching/lemon_matching.h"
#include "solver/matching/matching_machine.h"

namespace ms::matching {
namespace {

class ExactMatching final : public MatchingMachine {
 public:
  explicit ExactMatching(const MaximisedGraph& graph)
      : MatchingMachine("exact/lemon", graph),
        mate_(static_cast<std::size_t>(graph.maximised().vertexCount()), -1) {}

 private:
  std::string_view pendingPhase() const override { return kBlossomPhase; }

  void runPhase(StepRecord&) override {
    setWeight(lemonMaxWeightPerfectMatching(graph().weights().data(), graph().vertexCount(), mate_.data()));
    completePhase();
    markFinished();
  }

  void fillState(MatchingSnapshot& out) const override {
    out.mate = mate_;
    out.flips.clear();
  }

  std::vector<int32_t> finalMatching() const override { return mate_; }

  std::vector<int32_t> mate_;
};

}  // namespace

std::unique_ptr<MatchingSolver> makeExactSolver(const MaximisedGraph& graph) {
  return std::make_unique<ExactMatching>(graph);
}

}  // namespace ms::matching
