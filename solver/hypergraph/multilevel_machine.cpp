// The one orchestration of every hypergraph algorithm (Fig. 2): coarsen level after level with greedy or
// suitor matching (the latter on a backend's kernel set), then, for a bipartition, partition the coarsest
// level, and project and refine back up to the input.
#include <algorithm>
#include <cmath>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>

#include "solver/core/errors.h"
#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/contraction_kernels.h"
#include "solver/hypergraph/hypergraph_solver.h"
#include "solver/hypergraph/jet_refinement.h"
#include "solver/hypergraph/partition.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {
namespace {

constexpr double kStallRatio = 0.95;  // a level that keeps 95 % of the nodes ends the coarsening
// Mt-KaHyPar's contraction limit for two parts (160 k): a bipartition's coarsening ends at about this many
// nodes (coarsestNodesFor), and a node made of two-hop pairs weighs at most |V| / 320.
constexpr int64_t kContractionLimit = 320;

enum class Stage { Matching, Contraction, InitialPartition, Projection, Refinement, Finished };

class MultilevelMachine final : public HypergraphSolver {
 public:
  MultilevelMachine(std::shared_ptr<const Hypergraph> graph, const HypergraphOptions& options)
      : options_(options) {
    rule_ = options.algorithm == HypergraphAlgorithm::CoarsenGreedy   ? MatchingRule::Greedy
            : options.algorithm == HypergraphAlgorithm::CoarsenSuitor ? MatchingRule::Suitor
                                                                      : options.bipartitionMatching;
    if (rule_ == MatchingRule::Suitor) {
      if (options.backend == lap::Backend::Cuda) {
        suitor_ = makeCudaSuitorKernels(options.suitorRatingCap);
      } else {
        suitor_ = makeCpuSuitorKernels(options.backend == lap::Backend::Sequential ? 1 : options.threads,
                                       options.suitorRatingCap);
      }
    }
    // The suitor's device contracts where it matched; greedy matching and host suitors contract on the host.
    contraction_ =
        suitor_ && suitor_->deviceLevel()
            ? makeCudaContractionKernels(*suitor_, options.algorithm == HypergraphAlgorithm::Bipartition)
            : makeCpuContractionKernels();
    if (options.algorithm == HypergraphAlgorithm::Bipartition &&
        resolvedRefinement(options) == Refinement::Jet) {
      jetKernels_ =
          options.backend == lap::Backend::Cuda ? makeCudaJetKernels() : makeCpuJetKernels(hostThreads());
    }
    coarsestNodes_ = options.coarsestNodes > 0 ? options.coarsestNodes : coarsestNodesFor(graph->nodeCount());
    graphs_.push_back(std::move(graph));
    levels_.push_back(sizeOf(*graphs_.back()));
    stage_ = coarseningEnds() ? firstPartitionStage() : Stage::Matching;
    if (stage_ == Stage::Matching) {
      contraction_->anticipate(*graphs_.front());
      beginLevel();
    }
    if (stage_ == Stage::Finished) markFinished();
  }

  std::string_view algorithmName() const override { return hypergraphAlgorithmName(options_.algorithm); }
  std::span<const std::string_view> counterNames() const override { return kHypergraphCounterNames; }
  HypergraphResult result() const override {
    requireSolved();
    settle();
    HypergraphResult out;
    out.levels = levels_;
    out.mate = inputMate_;
    out.coarseningMap = maps_.empty() ? std::vector<int32_t>{} : maps_.front();
    out.downloadNs = downloadNs_;
    out.hostFillNs = hostFillNs_;
    if (options_.algorithm == HypergraphAlgorithm::Bipartition) {
      out.partition = partition_;
      out.cut = cut_;
      out.imbalance = imbalance_;
    }
    return out;
  }

 private:
  std::string_view pendingPhase() const override {
    switch (stage_) {
      case Stage::Matching:
        return rule_ == MatchingRule::Greedy ? kGreedyMatchingPhase
               : proposalsPending_           ? kProposalsPhase
                                             : kMatchProposalsPhase;
      case Stage::Contraction:
        return kContractionPhase;
      case Stage::InitialPartition:
        return kInitialPartitionPhase;
      case Stage::Projection:
        return kProjectionPhase;
      case Stage::Refinement:
        return jet_ ? kJetIterationPhase : kFmPassPhase;
      case Stage::Finished:
        break;
    }
    return "";
  }

  int32_t iteration() const override { return stepLevel_; }
  int64_t endDeviceTiming() override { return stepDeviceNs_; }

  StepHeader* fillSnapshot(Snapshot& out) const override {
    auto* s = std::get_if<HypergraphSnapshot>(&out);
    if (s == nullptr) s = &out.emplace<HypergraphSnapshot>();
    settle();
    s->level = level_;
    s->graph = graphs_[static_cast<std::size_t>(level_)];
    s->levels = levels_;
    s->currentNode = currentNode_;
    s->currentEdges.clear();
    s->neighbours.clear();
    s->lanes.clear();
    if (currentNode_ >= 0) {
      const auto edges = s->graph->edgesOf(currentNode_);
      s->currentEdges.assign(edges.begin(), edges.end());
      s->neighbours = scan_ ? scan_->neighbours() : std::vector<Neighbour>{};
      s->lanes = planNeighbourScan(*s->graph, currentNode_);
    }
    s->mate = matchingInProgress() ? currentMates() : std::vector<int32_t>{};
    s->candidate = matchingInProgress() && suitor_ ? suitor_->candidates() : std::vector<int32_t>{};
    s->partition = jet_ ? jetKernels_->partition() : partition_;  // mid-level, Jet's kernels hold it
    s->cut = cut_;
    s->imbalance = imbalance_;
    return s;
  }

  static LevelSize sizeOf(const Hypergraph& g) { return {g.nodeCount(), g.edgeCount(), g.pinCount()}; }
  // The level being worked on, on the host (waiting for its host copy where a device contraction is still
  // filling it).
  const Hypergraph& graph() const {
    settle();
    return *graphs_[static_cast<std::size_t>(level_)];
  }
  // Takes the newest level's host copy in once it is filled.
  void settle() const {
    if (!pendingLevel_.valid()) return;
    HostLevel host = pendingLevel_.get();
    graphs_.back() = std::make_shared<const Hypergraph>(std::move(host.graph));
    maps_.push_back(std::move(host.map));
    compactions_.push_back(std::move(host.compaction));
    if (host.fillNs >= 0) hostFillNs_.push_back(host.fillNs);
  }
  bool matchingInProgress() const { return stage_ == Stage::Matching || stage_ == Stage::Contraction; }
  std::vector<int32_t> currentMates() const {
    return rule_ == MatchingRule::Greedy ? mate_ : suitor_->mates();
  }

  bool coarseningEnds() const {
    const int32_t n = levels_.back().nodes;
    const auto built = static_cast<int32_t>(graphs_.size()) - 1;
    if (options_.maxLevels > 0 && built >= options_.maxLevels) return true;
    if (options_.algorithm == HypergraphAlgorithm::Bipartition &&
        (n < options_.bruteForceBelow || atContractionLimit())) {
      return true;
    }
    if (n < 2) return true;
    if (built > 0 && levels_[static_cast<std::size_t>(built)].nodes >
                         kStallRatio * levels_[static_cast<std::size_t>(built - 1)].nodes) {
      return true;
    }
    return false;
  }
  // Whether the newest level is at the contraction limit and still holds a third of the input's pins.
  // Hub-heavy inputs' hyperedges stop collapsing there (flickr- and wikipedia-like keep about half of their
  // pins at 300 nodes): every level below would cost nearly what the input costs. Grids' coarse levels, whose
  // hyperedges collapse into single pins, go on to the brute-force size, which their cuts need (a grown
  // partition of a few hundred grid nodes cuts more; bench/results/2026-11-27-contraction-limit).
  bool atContractionLimit() const {
    const LevelSize& level = levels_.back();
    return level.nodes <= coarsestNodes_ && 3 * level.pins >= levels_.front().pins;
  }
  Stage firstPartitionStage() const {
    return options_.algorithm == HypergraphAlgorithm::Bipartition ? Stage::InitialPartition : Stage::Finished;
  }

  void beginLevel() {
    stage_ = Stage::Matching;
    currentNode_ = -1;
    nextNode_ = 0;
    if (rule_ == MatchingRule::Greedy) {
      mate_.assign(static_cast<std::size_t>(graph().nodeCount()), -1);
      if (parallelGreedy()) {
        scans_.clear();
        for (int t = 0; t < resolvedThreads(options_.threads); ++t) scans_.emplace_back(graph().nodeCount());
      } else {
        scan_.emplace(graph().nodeCount());
      }
    } else {
      // A device's contraction left the next level on the device: its matching needs no host copy.
      if (level_ == 0 || !suitor_->deviceLevel()) {
        suitor_->begin(graph());
      } else {
        suitor_->beginContracted();
      }
      proposalsPending_ = true;
      everyNode_ = true;
    }
  }

  SideLimits levelBound() const {
    // Coarse nodes are heavy: allow one extra node's weight there; the input level gets eq. 2 exactly.
    const Hypergraph& g = graph();
    int64_t heaviest = 0;
    if (level_ > 0) {
      for (int32_t v = 0; v < g.nodeCount(); ++v) heaviest = std::max<int64_t>(heaviest, g.nodeWeight(v));
    }
    return sideLimits(g.totalNodeWeight(), options_.epsilon, options_.sideShares, heaviest);
  }

  // cut: the partition's cut where the step knows it (projection keeps the cut, FM reports it).
  void measurePartition(StepRecord& record, std::optional<int64_t> cut = std::nullopt) {
    cut_ = cut ? *cut : cutOf(graph(), partition_);
    imbalance_ = imbalanceOf(graph(), partition_);
    recordPartition(record);
  }
  void recordPartition(StepRecord& record) const {
    record.counters[kCut] = static_cast<double>(cut_);
    record.counters[kImbalance] = imbalance_;
  }

  // The record's iteration is the level the step worked on; its counters describe the level after it.
  void runStep(StepRecord& record) override {
    stepLevel_ = level_;
    stepDeviceNs_ = -1;
    runStage(record);
    // Coarsening steps describe the level as contracted; once there is a partition, steps describe the level
    // they refine (with its hyperedges compacted where FM runs on it, compactLevel()).
    const LevelSize size = !partition_.empty() ? sizeOf(graph()) : levels_[static_cast<std::size_t>(level_)];
    record.counters[kLevel] = level_;
    record.counters[kNodes] = size.nodes;
    record.counters[kEdges] = size.edges;
    record.counters[kPins] = static_cast<double>(size.pins);
    if (stage_ == Stage::Finished) markFinished();
  }

  void runStage(StepRecord& record) {
    switch (stage_) {
      case Stage::Matching:
        return rule_ == MatchingRule::Greedy ? greedyStep(record) : suitorStep(record);
      case Stage::Contraction:
        return contract(record);
      case Stage::InitialPartition:
        return initialPartition(record);
      case Stage::Projection:
        return projection(record);
      case Stage::Refinement:
        return refine(record);
      case Stage::Finished:
        break;
    }
  }

  void greedyStep(StepRecord& record) {
    const int32_t n = graph().nodeCount();
    const int32_t last =
        options_.nodesPerStep > 0 ? std::min<int64_t>(n, int64_t{nextNode_} + options_.nodesPerStep) : n;
    // The node the studio shows: the last one of the chunk that looked for neighbours.
    int32_t scanned = -1;
    record.counters[kPinVisits] = static_cast<double>(
        parallelGreedy() ? parallelGreedyMatch(graph(), nextNode_, last, mate_, scans_, &scanned)
                         : greedyMatch(graph(), nextNode_, last, mate_, *scan_, &scanned));
    currentNode_ = options_.nodesPerStep > 0 && !parallelGreedy() ? scanned : -1;
    nextNode_ = last;
    record.counters[kMatchedPairs] = static_cast<double>(pairsIn(mate_));
    if (nextNode_ == n) stage_ = Stage::Contraction;
  }

  void suitorStep(StepRecord& record) {
    if (proposalsPending_) {
      record.counters[kPinVisits] = static_cast<double>(suitor_->propose(everyNode_));
      everyNode_ = false;
      proposalsPending_ = false;
    } else {
      const SuitorRound round = suitor_->matchProposals();
      levelPairs_ += round.newPairs;
      record.counters[kMatchedPairs] = static_cast<double>(levelPairs_);
      if (round.newPairs == 0 || round.queueSize == 0) {
        stage_ = Stage::Contraction;
      } else {
        proposalsPending_ = true;
      }
    }
    stepDeviceNs_ = suitor_->lastDeviceNs();
  }

  // The threads of the host's parallel loops (FM's set-up, compaction): one on the sequential backend.
  int hostThreads() const {
    return options_.backend == lap::Backend::Sequential ? 1 : resolvedThreads(options_.threads);
  }

  // Greedy matching on the OpenMP backend: Fig. 4 on several threads with compare-and-swap claims.
  bool parallelGreedy() const {
    return rule_ == MatchingRule::Greedy && options_.backend == lap::Backend::Cpu;
  }

  static int64_t pairsIn(const std::vector<int32_t>& mate) {
    return std::count_if(mate.begin(), mate.end(), [](int32_t m) { return m >= 0; }) / 2;
  }

  void contract(StepRecord& record) {
    const bool twoHop = options_.algorithm == HypergraphAlgorithm::Bipartition;
    const bool matchingOnDevice = suitor_ && suitor_->deviceLevel();
    // The matching comes to the host where host code reads it: the input level's (the result reports it),
    // the two-hop pairing's (which then goes back to the device), and the host contraction's.
    std::vector<int32_t> mate;
    if (level_ == 0 || twoHop || !matchingOnDevice) mate = currentMates();
    if (level_ == 0) inputMate_ = mate;
    if (twoHop) {
      // The partitioner also pairs the nodes the matching left alone by a common neighbour, so that hub-heavy
      // inputs keep coarsening; the pairs weigh at most |V| / kContractionLimit.
      const int64_t maxWeight = (graph().totalNodeWeight() + kContractionLimit - 1) / kContractionLimit;
      record.counters[kPinVisits] =
          static_cast<double>(pairByCommonNeighbour(graph(), mate, maxWeight, hostThreads()));
    }
    const bool hostMate = twoHop || !matchingOnDevice;
    record.counters[kMatchedPairs] = static_cast<double>(hostMate ? pairsIn(mate) : levelPairs_);
    ContractedLevel next = contraction_->contract(graph(), hostMate ? &mate : nullptr);
    stepDeviceNs_ = next.deviceNs;
    if (next.downloadNs >= 0) downloadNs_.push_back(next.downloadNs);
    graphs_.push_back(nullptr);  // settle() puts the host copy there
    pendingLevel_ = std::move(next.host);
    levels_.push_back(next.size);
    ++level_;
    levelPairs_ = 0;
    scan_.reset();
    scans_.clear();
    currentNode_ = -1;
    if (coarseningEnds()) {
      stage_ = firstPartitionStage();
    } else {
      beginLevel();
    }
  }

  // The partitioner works on the level with single-pin hyperedges dropped and identical ones merged
  // (compactEdges: the cuts are the same), where that drops at least kCompactionPays of its pins. Levels
  // are reached coarsest first, and a hyperedge single or identical on a level is so on every coarser one:
  // once a level does not pay, no finer one does (flickr-like: the coarsest level, of 15 nodes, keeps 62 of
  // millions of pins; the level of 1,429 nodes would lose 0.3 %). Level 0 is the input: its hyperedges are
  // the ones the result names. Whether FM runs on a level depends on its compacted pins; a level it does not
  // run on is only projected through (and grown, if coarsest, which visits the same nodes in the same order
  // either way), so it is not rebuilt. Where the CUDA contraction made the level, the device found which
  // hyperedges merge (compactions_); the host only sums their weights and pins.
  void compactLevel() {
    refinedPins_ = graph().pinCount();
    if (level_ == 0 || !compactionPays_) return;
    std::vector<int32_t>& found = compactions_[static_cast<std::size_t>(level_ - 1)];
    const EdgeCompaction plan = found.empty()
                                    ? planEdgeCompaction(graph(), hostThreads())
                                    : planFromRepresentatives(graph(), std::move(found), hostThreads());
    if (!plan.drops(kCompactionPays, graph().pinCount())) {
      compactionPays_ = false;
      return;
    }
    refinedPins_ = graph().pinCount() - plan.droppedPins;
    if (fmPassLimit() > 0)
      graphs_[static_cast<std::size_t>(level_)] = compactedLevel(graph(), plan, hostThreads());
  }

  void initialPartition(StepRecord& record) {
    compactLevel();
    partition_ = graph().nodeCount() < options_.bruteForceBelow
                     ? bruteForcePartition(graph(), levelBound())
                     : growPartition(graph(), sideTarget(graph().totalNodeWeight(), options_.sideShares));
    measurePartition(record);
    beginRefinement(record);
  }

  void projection(StepRecord& record) {
    partition_ = project(partition_, maps_[static_cast<std::size_t>(level_ - 1)]);
    --level_;
    compactLevel();
    measurePartition(record, cut_);
    beginRefinement(record);
  }

  // A level gets FM passes up to its limit, which can be none (pin-heavy levels by default).
  void beginRefinement(StepRecord& record) {
    fmPasses_ = 0;
    record.counters[kFmPassLimit] = fmPassLimit();
    if (fmPassLimit() > 0) {
      stage_ = Stage::Refinement;
      if (jetKernels_) jet_.emplace(*jetKernels_, graph(), partition_, levelBound());
    } else {
      finishLevel(record);
    }
  }

  // The pin-heavy limit spares the input level (whose partition is the result) and a coarsest level that
  // coarsening did not end at the contraction limit for (a brute-forced one, or one grown after a stall). A
  // pin-heavy level at the limit is a pin-heavy level like the others: a pass walks millions of pins for a
  // few hundred nodes, and the finer levels' passes find what it would.
  int32_t fmPassLimit() const {
    const bool coarsest = level_ + 1 == static_cast<int32_t>(levels_.size());
    const bool spared = level_ == 0 || (coarsest && !atContractionLimit());
    return !spared && pinHeavy() ? options_.maxPinHeavyFmPasses : options_.maxFmPasses;
  }

  // Whether the level, compacted, holds at least kPinHeavyPinsPerNode pins per node: a coarse level whose
  // hyperedges stay large, where an FM pass costs a walk over nearly all the input's pins for few nodes
  // (flickr-like from its level of about 228,000 nodes on: 41 pins per node and more). Grids' coarse levels,
  // whose hyperedges collapse, are not.
  bool pinHeavy() const { return refinedPins_ >= kPinHeavyPinsPerNode * graph().nodeCount(); }

  void refine(StepRecord& record) {
    if (jet_) return jetIteration(record);
    const FmPassResult pass = fmPass(graph(), partition_, levelBound(), hostThreads());
    ++fmPasses_;
    measurePartition(record, pass.cutAfter);
    const bool levelDone = !lowersByMoreThan(pass.cutBefore, pass.cutAfter, options_.fmMinImprovement) ||
                           fmPasses_ >= fmPassLimit();
    if (levelDone) finishLevel(record);
  }

  // The partition stays with the Jet kernels (on the device, for the CUDA set) until the level's last
  // iteration; the step's cut and imbalance come from their measure.
  void jetIteration(StepRecord& record) {
    jet_->step();
    cut_ = jet_->current().cut;
    imbalance_ = imbalanceOf(jet_->current().sideWeights);
    recordPartition(record);
    if (!jet_->done()) return;
    // FM passes follow on the host (the stage stays Refinement).
    partition_ = jetKernels_->partition();
    jet_.reset();
  }

  void finishLevel(StepRecord& record) {
    if (level_ > 0) {
      stage_ = Stage::Projection;
      return;
    }
    // The input level must meet eq. 2 exactly: where FM left it overweight, the fewest moves that fix it,
    // then one more pass for the cut (FM never worsens the cut of a feasible partition).
    if (rebalanceBySubsetSum(graph(), partition_, levelBound())) {
      fmPass(graph(), partition_, levelBound(), hostThreads());
      measurePartition(record);
    }
    stage_ = Stage::Finished;
  }

  HypergraphOptions options_;
  int32_t coarsestNodes_ = 0;  // a bipartition's coarsening ends at a level of at most this many nodes
  MatchingRule rule_;
  std::unique_ptr<SuitorKernels> suitor_;
  std::unique_ptr<ContractionKernels> contraction_;  // after suitor_: the device's borrows its level
  // The levels on the host and the maps between them; the newest level's and map's entries arrive with
  // pendingLevel_ (settle()).
  mutable std::vector<std::shared_ptr<const Hypergraph>> graphs_;
  mutable std::vector<std::vector<int32_t>> maps_;  // maps_[l]: level l -> level l + 1
  // compactions_[l]: level l + 1's compaction representatives where the device found them (else empty)
  mutable std::vector<std::vector<int32_t>> compactions_;
  mutable std::future<HostLevel> pendingLevel_;  // after graphs_: waited for before they go
  std::vector<LevelSize> levels_;
  std::vector<int32_t> inputMate_;
  std::vector<int64_t> downloadNs_;          // per level a device contraction built: its download to the host
  mutable std::vector<int64_t> hostFillNs_;  // and the background fill of its host copy
  Stage stage_ = Stage::Matching;
  int32_t level_ = 0;
  int32_t stepLevel_ = 0;      // level_ when the latest step began
  int64_t stepDeviceNs_ = -1;  // device time of the latest step (suitor kernels on a device)

  // Matching on the current level.
  std::vector<int32_t> mate_;          // greedy
  std::optional<NeighbourScan> scan_;  // greedy, sequential
  std::vector<NeighbourScan> scans_;   // greedy on several threads: one per thread
  int32_t nextNode_ = 0;               // greedy: next node to scan
  int32_t currentNode_ = -1;
  bool proposalsPending_ = true;  // suitor: next step proposes (else matches)
  bool everyNode_ = true;         // suitor: the next proposals are the first of the level
  int64_t levelPairs_ = 0;

  // Partitioning.
  Partition partition_;
  int64_t cut_ = 0;
  double imbalance_ = 0;
  int32_t fmPasses_ = 0;
  std::unique_ptr<JetKernels> jetKernels_;  // Refinement::Jet
  std::optional<JetRefinement> jet_;        // the level Jet refines
  static constexpr double kCompactionPays = 0.1;
  bool compactionPays_ = true;  // compactLevel() goes on to the next finer level
  int64_t refinedPins_ = 0;     // the current level's pins once compacted (compactLevel())
};

}  // namespace

int32_t coarsestNodesFor(int32_t inputNodes) {
  return std::min<int32_t>(kContractionLimit,
                           static_cast<int32_t>(std::sqrt(static_cast<double>(inputNodes))));
}

std::string_view hypergraphAlgorithmName(HypergraphAlgorithm algorithm) {
  switch (algorithm) {
    case HypergraphAlgorithm::CoarsenGreedy:
      return "coarsen-greedy";
    case HypergraphAlgorithm::CoarsenSuitor:
      return "coarsen-suitor";
    case HypergraphAlgorithm::Bipartition:
      return "bipartition";
  }
  return "";
}

HypergraphAlgorithm parseHypergraphAlgorithm(std::string_view text) {
  for (HypergraphAlgorithm a : {HypergraphAlgorithm::CoarsenGreedy, HypergraphAlgorithm::CoarsenSuitor,
                                HypergraphAlgorithm::Bipartition}) {
    if (hypergraphAlgorithmName(a) == text) return a;
  }
  throw std::invalid_argument("unknown hypergraph algorithm '" + std::string(text) +
                              "': choose coarsen-greedy, coarsen-suitor or bipartition");
}

std::string_view refinementName(Refinement refinement) {
  switch (refinement) {
    case Refinement::Auto:
      return "auto";
    case Refinement::Fm:
      return "fm";
    case Refinement::Jet:
      return "jet";
  }
  return "";
}

Refinement parseRefinement(std::string_view text) {
  for (Refinement r : {Refinement::Auto, Refinement::Fm, Refinement::Jet}) {
    if (refinementName(r) == text) return r;
  }
  throw std::invalid_argument("unknown refinement '" + std::string(text) + "': choose auto, fm or jet");
}

Refinement resolvedRefinement(const HypergraphOptions& options) {
  if (options.refinement != Refinement::Auto) return options.refinement;
  return options.backend == lap::Backend::Cuda ? Refinement::Jet : Refinement::Fm;
}

std::unique_ptr<HypergraphSolver> makeHypergraphSolver(std::shared_ptr<const Hypergraph> graph,
                                                       const HypergraphOptions& options) {
  if (!graph) throw std::invalid_argument("makeHypergraphSolver: no hypergraph");
  if (options.backend == lap::Backend::Auto)
    throw std::invalid_argument("makeHypergraphSolver: resolve the backend");
  if (options.suitorRatingCap < 0) throw std::invalid_argument("makeHypergraphSolver: a negative rating cap");
  return std::make_unique<MultilevelMachine>(std::move(graph), options);
}

}  // namespace ms::hypergraph
