// The k-way step machine of kway_solver.h.
#include <algorithm>
#include <stdexcept>

#include "solver/hypergraph/kway_solver.h"
#include "solver/hypergraph/kway_vcycle.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/recursive_bisection.h"

namespace ms::hypergraph {
namespace {

enum class Stage { Bisection, Rebalance, Refinement, Fm, VCycle, Finished };

class KWayMachine final : public KWaySolver {
 public:
  KWayMachine(std::shared_ptr<const Hypergraph> graph, const KWayOptions& options)
      : graph_(std::move(graph)), options_(options) {
    if (options.parts < 2) throw std::invalid_argument("k-way partitioning: at least two parts");
    if (options.bisection.algorithm != HypergraphAlgorithm::Bipartition)
      throw std::invalid_argument("k-way partitioning: the bisections must be bipartitions");
    part_.assign(static_cast<std::size_t>(graph_->nodeCount()), 0);
    maxPart_ = maxPartWeight(graph_->totalNodeWeight(), options.parts, options.bisection.epsilon);
    BisectionTask all{{}, 0, options.parts};
    all.nodes.resize(static_cast<std::size_t>(graph_->nodeCount()));
    for (std::size_t v = 0; v < all.nodes.size(); ++v) all.nodes[v] = static_cast<int32_t>(v);
    tasks_.push_back(std::move(all));
    measure();
  }

  std::string_view algorithmName() const override { return "kway"; }
  std::span<const std::string_view> counterNames() const override { return kKWayCounterNames; }
  KWayResult result() const override {
    requireSolved();
    return {part_, options_.parts, cut_, km1_, imbalance_, maxPart_, heaviest_};
  }

 private:
  std::string_view pendingPhase() const override {
    switch (stage_) {
      case Stage::Bisection:
        return kBisectionPhase;
      case Stage::Rebalance:
        return kRebalancePhase;
      case Stage::Refinement:
        return kLabelPropagationPhase;
      case Stage::Fm:
        return kFmPhase;
      case Stage::VCycle:
        return kVCyclePhase;
      case Stage::Finished:
        break;
    }
    return "";
  }
  int32_t iteration() const override { return passes_ + fmPasses_ + vCycles_; }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    auto* s = std::get_if<HypergraphSnapshot>(&out);
    if (s == nullptr) s = &out.emplace<HypergraphSnapshot>();
    s->level = 0;
    s->graph = graph_;
    s->levels = {{graph_->nodeCount(), graph_->edgeCount(), graph_->pinCount()}};
    s->currentNode = -1;
    s->currentEdges.clear();
    s->neighbours.clear();
    s->lanes.clear();
    s->mate.clear();
    s->candidate.clear();
    s->partition.clear();
    s->cut = cut_;
    s->imbalance = imbalance_;
    s->parts = part_;
    s->partCount = options_.parts;
    s->km1 = km1_;
    return s;
  }

  bool overweight() const { return heaviest_ > maxPart_; }
  Stage afterBisection() const { return overweight() ? Stage::Rebalance : refinementOrEnd(); }
  Stage refinementOrEnd() const { return options_.maxRefinementPasses > 0 ? Stage::Refinement : fmOrEnd(); }
  Stage fmOrEnd() const { return options_.maxFmPasses > 0 ? Stage::Fm : vCycleOrEnd(); }
  Stage vCycleOrEnd() const { return options_.maxVCycles > 0 ? Stage::VCycle : Stage::Finished; }

  bool gainsEnough(const KWayPassResult& pass) const {
    return lowersByMoreThan(pass.objectiveBefore, pass.objectiveAfter, options_.minImprovement);
  }

  void measure() {
    cut_ = kWayCut(*graph_, part_);
    km1_ = km1Of(*graph_, part_);
    const std::vector<int64_t> weight = partWeights(*graph_, part_, options_.parts);
    heaviest_ = *std::max_element(weight.begin(), weight.end());
    imbalance_ = kWayImbalance(*graph_, part_, options_.parts);
  }

  void runStep(StepRecord& record) override {
    switch (stage_) {
      case Stage::Bisection: {
        BisectionTask task = std::move(tasks_.back());
        tasks_.pop_back();
        int64_t weight = 0;
        for (int32_t v : task.nodes) weight += graph_->nodeWeight(v);
        const double epsilon = bisectionEpsilon(maxPart_, weight, task.parts);
        for (BisectionTask& t : bisect(*graph_, task, options_.bisection, epsilon,
                                       options_.objective == Objective::Km1, part_)) {
          tasks_.push_back(std::move(t));
        }
        measure();
        if (tasks_.empty()) stage_ = afterBisection();
        break;
      }
      case Stage::Rebalance: {
        record.counters[kMoves] = static_cast<double>(
            rebalance(*graph_, part_, options_.parts, maxPart_, options_.objective).moves);
        measure();
        stage_ = refinementOrEnd();
        break;
      }
      case Stage::Refinement: {
        const KWayPassResult pass =
            labelPropagationPass(*graph_, part_, options_.parts, maxPart_, options_.objective);
        record.counters[kMoves] = static_cast<double>(pass.moves);
        ++passes_;
        measure();
        if (pass.objectiveAfter >= pass.objectiveBefore || passes_ >= options_.maxRefinementPasses)
          stage_ = fmOrEnd();
        break;
      }
      case Stage::Fm: {
        const KWayPassResult pass = kWayFmPass(*graph_, part_, options_.parts, maxPart_, options_.objective);
        record.counters[kMoves] = static_cast<double>(pass.moves);
        ++fmPasses_;
        measure();
        if (!gainsEnough(pass) || fmPasses_ >= options_.maxFmPasses) stage_ = vCycleOrEnd();
        break;
      }
      case Stage::VCycle: {
        const VCycleResult cycle = kWayVCycle(*graph_, part_, options_.parts, maxPart_, options_.objective);
        record.counters[kMoves] = static_cast<double>(cycle.pass.moves);
        ++vCycles_;
        measure();
        if (!gainsEnough(cycle.pass) || vCycles_ >= options_.maxVCycles) stage_ = Stage::Finished;
        break;
      }
      case Stage::Finished:
        break;
    }
    record.counters[kPartsPlaced] = placedParts();
    record.counters[kKWayCut] = static_cast<double>(cut_);
    record.counters[kKWayKm1] = static_cast<double>(km1_);
    record.counters[kKWayImbalance] = imbalance_;
    if (stage_ == Stage::Finished) markFinished();
  }

  double placedParts() const {
    int32_t pending = 0;
    for (const BisectionTask& t : tasks_) pending += t.parts;
    return options_.parts - pending;
  }

  std::shared_ptr<const Hypergraph> graph_;
  KWayOptions options_;
  std::vector<int32_t> part_;
  std::vector<BisectionTask> tasks_;  // a stack: depth first keeps one branch's sub-hypergraphs alive
  Stage stage_ = Stage::Bisection;
  int64_t maxPart_ = 0;
  int64_t cut_ = 0, km1_ = 0, heaviest_ = 0;
  double imbalance_ = 0;
  int32_t passes_ = 0, fmPasses_ = 0, vCycles_ = 0;
};

}  // namespace

std::unique_ptr<KWaySolver> makeKWaySolver(std::shared_ptr<const Hypergraph> graph,
                                           const KWayOptions& options) {
  if (!graph) throw std::invalid_argument("makeKWaySolver: no hypergraph");
  return std::make_unique<KWayMachine>(std::move(graph), options);
}

}  // namespace ms::hypergraph
