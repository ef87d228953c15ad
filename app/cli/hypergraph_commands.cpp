// `solve --problem hypergraph` and `generate --problem hypergraph`.
#include "app/cli/hypergraph_commands.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <future>

#include "app/cli/huge_page_malloc.h"
#include "app/cli/option_checks.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/stopwatch.h"
#include "solver/core/trace.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/kway_solver.h"
#include "solver/hypergraph/partition.h"

namespace ms::cli {
namespace {

std::string joined(const std::vector<hypergraph::LevelSize>& levels, auto field) {
  std::string out;
  for (const hypergraph::LevelSize& level : levels) {
    if (!out.empty()) out += ' ';
    out += std::to_string(field(level));
  }
  return out;
}

}  // namespace

std::shared_ptr<HypergraphSolveOptions> addHypergraphSolveOptions(CLI::App& solve) {
  auto options = std::make_shared<HypergraphSolveOptions>();
  solve
      .add_option("--partition-out", options->partitionOut,
                  "hypergraph: write the partition, one part id (0..parts-1) per node and line")
      ->check(outputFormat(kPartitionFile));
  solve
      .add_option("--coarsen-with", options->matching, "hypergraph: bipartition's matching, greedy or suitor")
      ->check(CLI::IsMember({"greedy", "suitor"}))
      ->capture_default_str();
  solve
      .add_option("--levels", options->levels,
                  "hypergraph: coarsening levels at most (0 = until small or stalled)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option("--coarsest-nodes", options->coarsestNodes,
                  "hypergraph: bipartition's coarsening ends at a level of at most this many nodes that "
                  "still holds a third of the input's pins (0 = min(320, sqrt |V|): Mt-KaHyPar's limit for "
                  "two parts, lower for small inputs)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option("--brute-force-below", options->bruteForceBelow,
                  "hypergraph: partition by brute force below this many nodes (M of Fig. 2, at most 30)")
      ->check(integerIn(2, 30))
      ->capture_default_str();
  solve.add_option("--fm-passes", options->fmPasses, "hypergraph: FM passes per level at most")
      ->check(integerAtLeast<int32_t>(1))
      ->capture_default_str();
  solve
      .add_option("--pin-heavy-fm-passes", options->pinHeavyFmPasses,
                  "hypergraph: FM passes at most on a level of at least 32 pins per node (a coarse level "
                  "whose hyperedges stay large: not the input, nor the coarsest unless coarsening stopped "
                  "there at the contraction limit; 0 = none; default " +
                      std::to_string(hypergraph::HypergraphOptions{}.maxPinHeavyFmPasses) + ", and " +
                      std::to_string(hypergraph::kKWayBisectionPinHeavyFmPasses) +
                      " in the bisections of --parts above 2)")
      ->check(integerAtLeast<int32_t>(0));
  solve
      .add_option("--fm-min-improvement", options->fmMinImprovement,
                  "hypergraph: a bisection's FM pass that lowers the cut by at most this share of it ends "
                  "the level's passes (0: only a pass that gains nothing)")
      ->check(finiteIn(0.0, 1.0))
      ->capture_default_str();
  solve
      .add_option("--suitor-rating-cap", options->suitorRatingCap,
                  "hypergraph: suitor matching rates a node's neighbours through at most this many of its "
                  "hyperedges, its heaviest per pin (0 = all); 64 makes hub-heavy inputs' scans several "
                  "times shorter")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option("--refinement", options->refinement,
                  "hypergraph: how a bipartition refines each level: fm (Fiduccia-Mattheyses passes on the "
                  "host), jet (Jet iterations, all of an iteration's moves at once, then the FM passes: Jet "
                  "on the GPU with --coarsen-with suitor --backend cuda, on the OpenMP threads otherwise) "
                  "or auto (jet on the GPU, fm elsewhere)")
      ->check(CLI::IsMember({"auto", "fm", "jet"}))
      ->capture_default_str();
  solve
      .add_option("--parts", options->parts,
                  "hypergraph: partition into this many parts (above 2: recursive bisection, then k-way "
                  "refinement; every part at most (1 + epsilon) * ceil(|V| / k), as Mt-KaHyPar)")
      ->check(integerIn(2, 1 << 20))
      ->capture_default_str();
  solve
      .add_option("--kway-passes", options->kwayPasses,
                  "hypergraph: with --parts above 2, k-way label propagation passes at most (0 = none)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option(
          "--kway-fm-passes", options->kwayFmPasses,
          "hypergraph: with --parts above 2, k-way FM passes after label propagation at most (0 = none)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option("--kway-vcycles", options->kwayVCycles,
                  "hypergraph: with --parts above 2, V-cycles after FM at most (coarsening within the parts, "
                  "label propagation and FM on every level; 0 = none)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve
      .add_option("--kway-min-improvement", options->kwayMinImprovement,
                  "hypergraph: with --parts above 2, a k-way FM pass or V-cycle that lowers the objective by "
                  "at most this share of it ends them (0: only one that gains nothing)")
      ->check(finiteIn(0.0, 1.0))
      ->capture_default_str();
  return options;
}

bool isHypergraphAlgorithm(const std::string& name) {
  return name == "coarsen-greedy" || name == "coarsen-suitor" || name == "bipartition";
}

bool isHypergraphGenerator(const std::string& name) {
  return hypergraph::parseProfile(name).has_value() || name == "heavy-columns" || name == "random-hypergraph";
}

hypergraph::Hypergraph loadHypergraph(const InstanceOptions& options, std::string* description) {
  if (!options.input.empty()) {
    *description = options.input;
    return hypergraph::readHypergraph(options.input);
  }
  if (options.generator.empty())
    throw CLI::ValidationError("give --input F.hgr|F.mtx or --generate KIND --n N");
  if (!isHypergraphGenerator(options.generator)) {
    throw CLI::ValidationError("--generate " + options.generator + " does not make hypergraphs; " +
                               kHypergraphGeneratorHelp);
  }
  *description =
      options.generator + " n=" + std::to_string(options.n) + " seed=" + std::to_string(options.seed);
  if (const auto profile = hypergraph::parseProfile(options.generator)) {
    return hypergraph::generateProfile(*profile, options.n, options.seed);
  }
  if (options.n <= 0) throw CLI::ValidationError("--generate " + options.generator + " needs --n N");
  if (options.generator == "heavy-columns") {
    // The paper's proportions: 1,000 heavy columns of 100,000 ones at n = 700,000.
    const int64_t n = options.n;
    return hypergraph::generateHeavyColumns({options.n, static_cast<int32_t>(std::max<int64_t>(1, n / 700)),
                                             static_cast<int32_t>(std::max<int64_t>(1, n / 7)),
                                             options.seed});
  }
  return hypergraph::generateRandom({options.n, options.n, 8, 1, 1, options.seed});
}

namespace {

// The solver's options from the command line. Suitor matching has every backend, greedy matching the
// sequential one and OpenMP batches (--backend cpu); contraction and FM run sequentially on the CPU.
hypergraph::HypergraphOptions hypergraphSettings(const HypergraphSolveRequest& request,
                                                 const HypergraphSolveOptions& options) {
  if (!request.algorithm.empty() && !isHypergraphAlgorithm(request.algorithm)) {
    throw CLI::ValidationError("--algorithm " + request.algorithm + " does not apply to hypergraphs; " +
                               kHypergraphAlgorithmHelp);
  }
  hypergraph::HypergraphOptions settings;
  settings.algorithm =
      hypergraph::parseHypergraphAlgorithm(request.algorithm.empty() ? "bipartition" : request.algorithm);
  // Decided by the algorithm, before solving (an empty hypergraph's partition is empty, and still written).
  if (!options.partitionOut.empty() && settings.algorithm != hypergraph::HypergraphAlgorithm::Bipartition)
    throw CLI::ValidationError("--partition-out needs --algorithm bipartition");
  settings.bipartitionMatching =
      options.matching == "suitor" ? hypergraph::MatchingRule::Suitor : hypergraph::MatchingRule::Greedy;
  settings.epsilon = options.epsilon;
  settings.maxLevels = options.levels;
  settings.coarsestNodes = options.coarsestNodes;
  settings.bruteForceBelow = options.bruteForceBelow;
  settings.maxFmPasses = options.fmPasses;
  settings.maxPinHeavyFmPasses = options.pinHeavyFmPasses.value_or(
      options.parts > 2 ? hypergraph::kKWayBisectionPinHeavyFmPasses
                        : hypergraph::HypergraphOptions{}.maxPinHeavyFmPasses);
  settings.fmMinImprovement = options.fmMinImprovement;
  settings.threads = request.threads;
  const bool suitor = settings.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor ||
                      (settings.algorithm == hypergraph::HypergraphAlgorithm::Bipartition &&
                       settings.bipartitionMatching == hypergraph::MatchingRule::Suitor);
  std::string notice;
  // Greedy matching runs on the OpenMP threads when asked for by --backend cpu.
  settings.backend = suitor ? lap::resolveBackend(lap::parseBackend(request.backend), &notice)
                     : request.backend == "cpu" ? lap::Backend::Cpu
                                                : lap::Backend::Sequential;
  if (!notice.empty()) std::fprintf(stderr, "matchscope-cli: notice: %s\n", notice.c_str());
  if (options.suitorRatingCap > 0 && !suitor)
    throw CLI::ValidationError(
        "--suitor-rating-cap needs suitor matching (--algorithm coarsen-suitor, or "
        "--coarsen-with suitor)");
  settings.suitorRatingCap = options.suitorRatingCap;
  settings.refinement = hypergraph::parseRefinement(options.refinement);
  return settings;
}

// The heaviest part against the balance bound, and a notice when it is over: the nodes' weights left no
// partition within the bound that the solver found (equal nodes that do not divide evenly, for one).
void printPartWeights(int64_t heaviest, int64_t bound) {
  std::printf("max_part_weight: %lld (bound %lld)\n", static_cast<long long>(heaviest),
              static_cast<long long>(bound));
  if (heaviest > bound) {
    std::fprintf(stderr,
                 "matchscope-cli: notice: the heaviest part weighs %lld, over the balance bound %lld: no "
                 "partition within it was found for these node weights\n",
                 static_cast<long long>(heaviest), static_cast<long long>(bound));
  }
}

// --parts above 2: recursive bisection and k-way refinement.
void solveKWay(const std::shared_ptr<const hypergraph::Hypergraph>& graph,
               const hypergraph::HypergraphOptions& settings, const HypergraphSolveOptions& options,
               const std::string& traceOut) {
  if (settings.algorithm != hypergraph::HypergraphAlgorithm::Bipartition) {
    throw CLI::ValidationError("--parts needs --algorithm bipartition");
  }
  hypergraph::KWayOptions kway;
  kway.bisection = settings;
  kway.parts = options.parts;
  kway.objective = hypergraph::parseObjective(options.objective);
  kway.maxRefinementPasses = options.kwayPasses;
  kway.maxFmPasses = options.kwayFmPasses;
  kway.maxVCycles = options.kwayVCycles;
  kway.minImprovement = options.kwayMinImprovement;
  const Stopwatch stopwatch;
  auto solver = hypergraph::makeKWaySolver(graph, kway);
  const Trace trace = runToEnd(*solver);
  const hypergraph::KWayResult result = solver->result();
  const double elapsedMs = static_cast<double>(stopwatch.elapsedNs()) / 1e6;
  double bisectionMs = 0;
  for (const StepRecord& record : trace.records()) {
    if (record.phase == hypergraph::kBisectionPhase) bisectionMs += static_cast<double>(record.wall_ns) / 1e6;
  }
  std::printf("algorithm: recursive bisection + k-way label propagation + k-way FM\n");
  std::printf("parts: %d\n", result.parts);
  std::printf("objective: %s\n", options.objective.c_str());
  std::printf("cut: %lld\n", static_cast<long long>(result.cut));
  std::printf("km1: %lld\n", static_cast<long long>(result.km1));
  std::printf("imbalance: %s\n", formatNumber(result.imbalance).c_str());
  printPartWeights(result.heaviestPart, result.maxPartWeight);
  std::printf("bisection_ms: %.3f\n", bisectionMs);
  std::printf("steps: %zu\n", trace.records().size());
  std::printf("time_ms: %.3f\n", elapsedMs);
  if (!options.partitionOut.empty()) hypergraph::writePartitionFile(result.part, options.partitionOut);
  if (!traceOut.empty()) trace.writeCsvFile(traceOut);
}

// Wall time of the steps of the given phases, in ms.
double phaseMs(const Trace& trace, std::initializer_list<std::string_view> phases) {
  double ms = 0;
  for (const StepRecord& record : trace.records()) {
    if (std::find(phases.begin(), phases.end(), record.phase) != phases.end())
      ms += static_cast<double>(record.wall_ns) / 1e6;
  }
  return ms;
}

}  // namespace

void solveHypergraph(const HypergraphSolveRequest& request, const HypergraphSolveOptions& options) {
  // Resolving a CUDA backend creates the device's context: it runs while the instance is read. A problem with
  // the options still comes before the solve, after the instance's own problems.
  auto pendingSettings = std::async(std::launch::async, [&] { return hypergraphSettings(request, options); });
  std::string description;
  const Stopwatch reading;
  const auto graph =
      std::make_shared<const hypergraph::Hypergraph>(loadHypergraph(request.instance, &description));
  const double readMs = static_cast<double>(reading.elapsedNs()) / 1e6;
  const hypergraph::HypergraphOptions settings = pendingSettings.get();
  std::printf("instance: %s (%d nodes, %d hyperedges, %lld pins)\n", description.c_str(), graph->nodeCount(),
              graph->edgeCount(), static_cast<long long>(graph->pinCount()));
  std::printf("read_ms: %.3f\n", readMs);
  std::printf("malloc_huge_pages: %s\n", mallocUsesHugePages() ? "yes" : "no");
  if (options.parts > 2) {
    solveKWay(graph, settings, options, request.traceOut);
    return;
  }
  const Stopwatch stopwatch;
  auto solver = hypergraph::makeHypergraphSolver(graph, settings);
  const Trace trace = runToEnd(*solver);
  const hypergraph::HypergraphResult result = solver->result();
  const double elapsedMs = static_cast<double>(stopwatch.elapsedNs()) / 1e6;

  std::printf("algorithm: %s\n", std::string(solver->algorithmName()).c_str());
  std::printf("backend: %s\n", std::string(lap::backendName(settings.backend)).c_str());
  std::printf("levels: %zu\n", result.levels.size() - 1);
  std::printf("nodes: %s\n", joined(result.levels, [](const auto& l) { return int64_t{l.nodes}; }).c_str());
  std::printf("hyperedges: %s\n",
              joined(result.levels, [](const auto& l) { return int64_t{l.edges}; }).c_str());
  std::printf("pins: %s\n", joined(result.levels, [](const auto& l) { return l.pins; }).c_str());
  // Matching: greedy, or suitor proposals and matching.
  std::printf("matching_ms: %.3f\n",
              phaseMs(trace, {hypergraph::kGreedyMatchingPhase, hypergraph::kProposalsPhase,
                              hypergraph::kMatchProposalsPhase}));
  if (settings.algorithm == hypergraph::HypergraphAlgorithm::Bipartition) {
    const bool jet = hypergraph::resolvedRefinement(settings) == hypergraph::Refinement::Jet;
    std::printf("refinement: %s\n", jet ? "jet, then fm" : "fm");
    if (jet) std::printf("jet_ms: %.3f\n", phaseMs(trace, {hypergraph::kJetIterationPhase}));
    std::printf("fm_ms: %.3f\n", phaseMs(trace, {hypergraph::kFmPassPhase}));
    std::printf("cut: %lld\n", static_cast<long long>(result.cut));
    std::printf("km1: %lld\n", static_cast<long long>(result.cut));  // two parts: lambda - 1 = cut or not
    std::printf("imbalance: %s\n", formatNumber(result.imbalance).c_str());
    std::array<int64_t, 2> sides{};
    for (int32_t v = 0; v < graph->nodeCount(); ++v)
      sides[result.partition[static_cast<std::size_t>(v)]] += graph->nodeWeight(v);
    printPartWeights(std::max(sides[0], sides[1]),
                     hypergraph::maxSideWeight(graph->totalNodeWeight(), settings.epsilon));
  }
  std::printf("steps: %zu\n", trace.records().size());
  std::printf("time_ms: %.3f\n", elapsedMs);
  if (!options.partitionOut.empty()) hypergraph::writePartitionFile(result.partition, options.partitionOut);
  if (!request.traceOut.empty()) trace.writeCsvFile(request.traceOut);
}

void generateHypergraph(const InstanceOptions& instance, const std::string& output) {
  std::string description;
  const hypergraph::Hypergraph graph = loadHypergraph(instance, &description);
  hypergraph::writeHgrFile(graph, output);
  std::printf("wrote %s: %s\n", output.c_str(), description.c_str());
}

}  // namespace ms::cli
