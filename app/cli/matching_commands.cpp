// `solve --problem matching` and `generate --problem matching`.
#include "app/cli/matching_commands.h"

#include <cstdio>

#include <limits>
#include <ostream>
#include "solver/core/csv_table.h"

#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/stopwatch.h"
#include "solver/core/trace.h"
#include "solver/matching/exact.h"
#include "solver/matching/generators.h"
#include "solver/matching/io/graph_io.h"
#include "solver/matching/matching.h"
#include "solver/matching/objective.h"
#include "solver/matching/problem.h"

namespace ms::cli {
namespace {

matching::CompleteGraph loadGraph(const InstanceOptions& options, std::string* description) {
  if (!options.input.empty()) {
    *description = options.input;
    return matching::readGraph(options.input);
  }
  if (options.generator.empty()) throw CLI::ValidationError("give --input FILE or --generate KIND --n N");
  if (!isMatchingGenerator(options.generator)) {
    throw CLI::ValidationError("--generate " + options.generator +
                               " is a LAP generator; matching graphs are uniform, exponential or geometric");
  }
  if (options.n <= 0) throw CLI::ValidationError("--generate needs --n N");
  *description =
      options.generator + " n=" + std::to_string(options.n) + " seed=" + std::to_string(options.seed);
  return matching::generateGraph({matching::parseDistribution(options.generator), options.n, options.seed});
}

double exactWeight(const matching::CompleteGraph& graph, matching::Objective objective) {
  auto exact = matching::makeExactSolver(matching::MaximisedGraph(graph, objective));
  runToEnd(*exact);
  return exact->solution().weight;
}

}  // namespace

std::shared_ptr<MatchingSolveOptions> addMatchingSolveOptions(CLI::App& solve) {
  auto options = std::make_shared<MatchingSolveOptions>();
  solve.add_option("--init", options->initial, "matching: ROMA's initial matching")
      ->check(CLI::IsMember({"neighbour", "half", "shuffled", "greedy"}))
      ->capture_default_str();
  solve
      .add_option("--max-phases", options->maxPhases,
                  "matching: stop ROMA after K phases (0 = at convergence)")
      ->check(integerAtLeast<int32_t>(0))
      ->capture_default_str();
  solve.add_option("--gain-threshold", options->gainThreshold, "matching: flip only for gains above this")
      ->check(finiteIn(0, std::numeric_limits<float>::max()))
      ->capture_default_str();
  solve
      .add_option("--flip-retries", options->flipRetries,
                  "matching: parallel ROMA searches again after a failed flip, up to R times per phase")
      ->check(integerAtLeast(0))
      ->capture_default_str();
  solve
      .add_option("--matching-out", options->matchingOut, "matching: write the matching as CSV (vertex,mate)")
      ->check(outputFormat(kCsvFile));
  return options;
}

bool isMatchingAlgorithm(const std::string& name) {
  return name == "greedy" || name == "roma" || name == "parallel-roma-1" || name == "parallel-roma-2" ||
         name == "exact";
}

bool isMatchingGenerator(const std::string& name) {
  return name == "uniform" || name == "exponential" || name == "geometric";
}

namespace {

bool isParallelRoma(matching::MatchingAlgorithm algorithm) {
  return algorithm == matching::MatchingAlgorithm::ParallelRoma1 ||
         algorithm == matching::MatchingAlgorithm::ParallelRoma2;
}

// The solver's options from the command line. Only parallel ROMA has backends; the others run sequentially
// on the CPU whatever --backend says.
matching::MatchingOptions matchingSettings(const MatchingSolveRequest& request,
                                           const MatchingSolveOptions& options) {
  if (!request.algorithm.empty() && !isMatchingAlgorithm(request.algorithm)) {
    throw CLI::ValidationError("--algorithm " + request.algorithm + " solves a LAP; " +
                               kMatchingAlgorithmHelp);
  }
  matching::MatchingOptions settings;
  settings.algorithm =
      matching::parseMatchingAlgorithm(request.algorithm.empty() ? "parallel-roma-2" : request.algorithm);
  settings.initial = matching::parseInitialMatching(options.initial);
  settings.maxPhases = options.maxPhases;
  settings.gainThreshold = options.gainThreshold;
  settings.flipRetries = options.flipRetries;
  settings.threads = request.threads;
  settings.seed = request.instance.seed;
  std::string notice;
  // Only parallel ROMA has backends; the others run sequentially on the CPU whatever --backend says.
  settings.backend = isParallelRoma(settings.algorithm)
                         ? lap::resolveBackend(lap::parseBackend(request.backend), &notice)
                         : lap::Backend::Sequential;
  if (!notice.empty()) std::fprintf(stderr, "matchscope-cli: notice: %s\n", notice.c_str());
  return settings;
}

// ROMA's figures from the trace: the initial matching's weight, the flips and the phases' time.
struct RomaFigures {
  double initialWeight = 0, flips = 0, phaseMs = 0;
};

RomaFigures romaFigures(const Trace& trace) {
  RomaFigures figures;
  for (const StepRecord& record : trace.records()) {
    if (record.phase == matching::kSetupPhase) figures.initialWeight = record.counters[matching::kWeight];
    if (record.phase != matching::kRomaPhase) continue;
    figures.flips += record.counters[matching::kFlips];
    figures.phaseMs += static_cast<double>(record.wall_ns) / 1e6;
  }
  return figures;
}

}  // namespace

void solveMatching(const MatchingSolveRequest& request, const MatchingSolveOptions& options) {
  matching::MatchingOptions settings = matchingSettings(request, options);
  std::string description;
  const matching::CompleteGraph graph = loadGraph(request.instance, &description);
  settings.objective = options.objective.empty() ? matching::defaultObjective(graph)
                                                 : matching::parseObjective(options.objective);
  const matching::PreparedGraph prepared(graph);
  std::printf("instance: %s (%d vertices%s)\n", description.c_str(), graph.vertexCount(),
              prepared.isPadded() ? ", padded with one zero-weight vertex" : "");
  std::printf("objective: %s\n", std::string(matching::objectiveName(settings.objective)).c_str());

  const Stopwatch stopwatch;
  auto solver = matching::makeMatchingSolver(prepared.even(), settings);
  const Trace trace = runToEnd(*solver);
  const matching::MatchingSolution solution = solver->solution();
  const double elapsedMs = static_cast<double>(stopwatch.elapsedNs()) / 1e6;
  const std::string problem = matching::perfectMatchingProblem(solution.mate);
  if (!problem.empty()) throw SolveError("the result is not a perfect matching: " + problem);
  const matching::MatchingAnswer answer = prepared.answer(solution.mate);

  std::printf("algorithm: %s\n", std::string(solver->algorithmName()).c_str());
  if (isParallelRoma(settings.algorithm) || settings.algorithm == matching::MatchingAlgorithm::Roma) {
    const RomaFigures roma = romaFigures(trace);
    std::printf("init: %s\n", std::string(matching::initialMatchingName(settings.initial)).c_str());
    std::printf("initial_weight: %s\n", formatNumber(roma.initialWeight).c_str());
    std::printf("flips: %s\n", formatNumber(roma.flips).c_str());
    std::printf("phase_time_ms: %.3f\n", roma.phaseMs);
  }
  std::printf("weight: %s\n", formatNumber(answer.weight).c_str());
  std::printf("pairs: %d\n", answer.pairs);
  std::printf("phases: %d\n", solution.phases);
  std::printf("steps: %zu\n", trace.records().size());
  std::printf("time_ms: %.3f\n", elapsedMs);
  if (request.verify) {
    const double optimum = exactWeight(prepared.even(), settings.objective);
    std::printf("optimum: %s\n", formatNumber(optimum).c_str());
    std::printf("gap_percent: %.6f\n", matching::gapPercent(settings.objective, answer.weight, optimum));
  }
  if (!options.matchingOut.empty()) {
    CsvTable table({"vertex", "mate"});
    for (std::size_t u = 0; u < answer.mate.size(); ++u)
      table.addRow().set("vertex", u).set("mate", answer.mate[u]);
    table.writeFile(options.matchingOut);
  }
  if (!request.traceOut.empty()) trace.writeCsvFile(request.traceOut);
}

void generateMatching(const InstanceOptions& instance, const std::string& output) {
  std::string description;
  const matching::CompleteGraph graph = loadGraph(instance, &description);
  matching::writeGraph(graph, output);
  std::printf("wrote %s: %s\n", output.c_str(), description.c_str());
}

}  // namespace ms::cli
