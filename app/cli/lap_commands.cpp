// `solve` and `generate` for linear assignment problems.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>

#include "app/cli/assignment_output.h"
#include "app/cli/batch_commands.h"
#include "app/cli/commands.h"
#include "app/cli/hypergraph_commands.h"
#include "app/cli/instance_options.h"
#include "app/cli/matching_commands.h"
#include "app/cli/option_checks.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/trace.h"
#include "solver/lap/certificate.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/lap/problem.h"

namespace ms::cli {
namespace {

struct SolveOptions {
  std::string problem = "lap";
  InstanceOptions instance;
  std::string algorithm = "tree";
  std::string backend = "auto";
  std::string granularity = "search";
  int threads = 0;
  bool maximize = false;
  bool verify = false;
  std::string assignmentOut;
  std::string traceOut;
  uint64_t shuffleSeed = 1;
  lap::AuctionSettings auction;
  std::optional<double> epsilon;  // auction's final epsilon or a hypergraph's imbalance threshold
  std::string objective;          // matching: min|max; hypergraph: cut|km1 ("" = the kind's default)
  std::string batch;              // a 3-D .npy solved as a batch of independent problems
};

// --objective takes min|max for weighted matching and cut|km1 for hypergraphs; anything else is refused,
// never silently ignored (assignment problems take --maximize).
void requireObjectiveOfKind(const std::string& problem, const std::string& objective) {
  if (objective.empty()) return;
  const bool sense = objective == "min" || objective == "max";
  if (problem == "matching" && sense) return;
  if (problem == "hypergraph" && !sense) return;
  throw CLI::ValidationError("--objective", objective + " does not apply to --problem " + problem +
                                                " (matching: min or max; hypergraph: km1 or cut; assignment "
                                                "problems take --maximize)");
}

// The `bound:` line: how far above the optimum the objective may be.
std::string describeBound(double gapBound) {
  if (gapBound == 0) return "0 (exact)";
  if (std::isinf(gapBound)) return "none (heuristic without a guarantee)";
  return formatNumber(gapBound) + " (n x final epsilon: the objective is at most this above the optimum)";
}

template <lap::CostType T>
void solveTyped(const lap::CostMatrix<T>& costs, const SolveOptions& options,
                const std::string& description) {
  lap::LapOptions lapOptions;
  lapOptions.algorithm = lap::parseLapAlgorithm(options.algorithm);
  std::string notice;
  lapOptions.backend = lap::isSequentialOnly(lapOptions.algorithm)
                           ? lap::Backend::Sequential
                           : lap::resolveBackend(lap::parseBackend(options.backend), &notice);
  lapOptions.threads = options.threads;
  lapOptions.granularity = lap::parseGranularity(options.granularity);
  lapOptions.seed = options.shuffleSeed;
  lapOptions.auction = options.auction;
  if (options.epsilon) lapOptions.auction.finalEpsilon = *options.epsilon;
  if (!notice.empty()) std::fprintf(stderr, "matchscope-cli: notice: %s\n", notice.c_str());

  std::printf("instance: %s (%d x %d, %s%s)\n", description.c_str(), costs.rows(), costs.cols(),
              std::string(lap::costTypeName<T>()).c_str(), options.maximize ? ", maximise" : "");
  const auto start = std::chrono::steady_clock::now();
  const lap::PreparedProblem<T> problem(costs, options.maximize);
  auto solver = lap::makeLapSolver(problem.square(), lapOptions);
  Trace trace = runToEnd(*solver);
  const lap::LapSolution<T> solution = solver->solution();
  const double elapsedMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const lap::LapAnswer<T> answer = problem.answer(solution.rowToCol);

  std::printf("algorithm: %s\n", std::string(solver->algorithmName()).c_str());
  std::printf("objective: %s\n", formatNumber(answer.objective).c_str());
  if (lapOptions.algorithm != lap::LapAlgorithm::Classical &&
      lapOptions.algorithm != lap::LapAlgorithm::Tree) {
    std::printf("bound: %s\n", describeBound(solution.gapBound).c_str());
  }
  std::printf("assigned: %d\n", answer.assigned);
  std::printf("iterations: %d\n", solution.iterations);
  std::printf("steps: %zu\n", trace.records().size());
  std::printf("time_ms: %.3f\n", elapsedMs);
  if (options.verify) {
    if (solution.rowDual.empty()) {
      std::printf("certificate: not available for %s\n", options.algorithm.c_str());
    } else {
      const auto tolerance = 4 * static_cast<double>(lap::zeroTolerance(problem.square()));
      const lap::CertificateReport report = lap::checkCertificate(
          problem.square(), solution.rowToCol, solution.rowDual, solution.colDual, tolerance);
      std::printf("certificate: %s\n", report.valid ? "valid" : report.problem.c_str());
      if (!report.valid) throw SolveError("the dual certificate does not hold: " + report.problem);
    }
  }
  if (!options.assignmentOut.empty()) writeAssignmentCsv(options.assignmentOut, answer.rowToCol);
  if (!options.traceOut.empty()) trace.writeCsvFile(options.traceOut);
}

void addSolve(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* solve =
      app.add_subcommand("solve", "Solve one instance and print objective, iterations and time");
  solve
      ->add_option("--problem", options->problem, "lap (assignment), matching (complete graph) or hypergraph")
      ->check(CLI::IsMember({"lap", "matching", "hypergraph"}))
      ->capture_default_str();
  addInstanceOptions(*solve, options->instance);
  auto* algorithm =
      solve
          ->add_option("--algorithm", options->algorithm,
                       std::string("LAP: classical, tree, brute (n <= 10), random, greedy-naive, greedy "
                                   "or auction; ") +
                           kMatchingAlgorithmHelp + " (default parallel-roma-2); " +
                           kHypergraphAlgorithmHelp + " (default bipartition)")
          ->check(CLI::IsMember({"classical", "tree", "brute", "random", "greedy-naive", "greedy", "auction",
                                 "roma", "parallel-roma-1", "parallel-roma-2", "exact", "coarsen-greedy",
                                 "coarsen-suitor", "bipartition"}))
          ->capture_default_str();
  solve
      ->add_option("--backend", options->backend,
                   "auto (CUDA when usable), cpu (OpenMP), sequential (plain loops) or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "sequential", "cuda"}))
      ->capture_default_str();
  solve->add_option("--threads", options->threads, "OpenMP threads of the cpu backend (0 = all cores)")
      ->check(integerIn(0, kMaxThreads))
      ->capture_default_str();
  addGranularityOption(*solve, options->granularity);
  solve->add_flag("--maximize", options->maximize, "Maximise the total instead of minimising it");
  // One --objective for the two problem kinds that take one; its values follow --problem.
  solve
      ->add_option(
          "--objective", options->objective,
          std::string(kMatchingObjectiveHelp) +
              "; hypergraph: with --parts above 2, km1 (sum of w(e) * (parts of e - 1), the default) "
              "or cut (hyperedges spanning several parts); both are reported")
      ->check(CLI::IsMember({"min", "max", "km1", "cut"}));
  solve->add_flag("--verify", options->verify, "Check the dual certificate of the result");
  solve
      ->add_option("--assignment-out", options->assignmentOut,
                   "Write the assignment as CSV (row,col; -1 = none)")
      ->check(outputFormat(kCsvFile));
  solve->add_option("--trace-out", options->traceOut, "Write the step trace as CSV, one row per step")
      ->check(outputFormat(kCsvFile));
  solve->add_option("--shuffle-seed", options->shuffleSeed, "random: seed of the Fisher-Yates shuffle")
      ->check(integerAtLeast<uint64_t>(0))
      ->capture_default_str();
  // One --epsilon for the two problems that take one; its meaning follows --problem.
  solve
      ->add_option("--epsilon", options->epsilon,
                   "auction on real costs: final epsilon (the result is within n x epsilon of the optimum; "
                   "default 1e-7 x the largest |cost| / n); hypergraph: imbalance threshold of eq. 2 "
                   "(default 0.03)")
      ->check(finiteAtLeast(0));
  solve
      ->add_option("--scaling", options->auction.scalingFactor,
                   "auction: epsilon divisor between scaling phases")
      ->check(finiteIn(1.5, 1e6))
      ->capture_default_str();
  solve
      ->add_option(
          "--batch", options->batch,
          "Solve the problems of a 3-D .npy (problems, rows, cols) as one batch (shortest augmenting "
          "paths; cuda: one block per problem, cpu: one problem per thread); with --backend, "
          "--threads, --verify")
      ->check(CLI::ExistingFile);
  auto matching = addMatchingSolveOptions(*solve);
  auto hypergraphOptions = addHypergraphSolveOptions(*solve);
  solve->callback([options, algorithm, matching, hypergraphOptions] {
    requireOutputsApartFromInput(options->instance.input,
                                 {{"--assignment-out", options->assignmentOut},
                                  {"--trace-out", options->traceOut},
                                  {"--matching-out", matching->matchingOut},
                                  {"--partition-out", hypergraphOptions->partitionOut}});
    // Each problem kind has its own sense option: refused on the other, never silently ignored.
    if (options->problem == "matching" && options->maximize)
      throw CLI::ValidationError("--maximize", "weighted matching takes --objective max instead");
    requireObjectiveOfKind(options->problem, options->objective);
    if (options->problem == "matching") matching->objective = options->objective;
    if (options->problem == "hypergraph" && !options->objective.empty())
      hypergraphOptions->objective = options->objective;
    if (!options->batch.empty()) {
      solveBatchFile({options->batch, options->backend, options->threads, options->verify});
      return;
    }
    if (options->problem == "hypergraph") {
      if (options->epsilon) {
        if (*options->epsilon > 1)
          throw CLI::ValidationError("--epsilon", "a hypergraph's imbalance is at most 1");
        hypergraphOptions->epsilon = *options->epsilon;
      }
      solveHypergraph({options->instance, algorithm->count() > 0 ? options->algorithm : "", options->backend,
                       options->threads, options->traceOut},
                      *hypergraphOptions);
      return;
    }
    if (isHypergraphAlgorithm(options->algorithm)) {
      throw CLI::ValidationError("--algorithm " + options->algorithm + " needs --problem hypergraph");
    }
    if (options->problem == "matching") {
      solveMatching({options->instance, algorithm->count() > 0 ? options->algorithm : "", options->backend,
                     options->threads, options->verify, options->traceOut},
                    *matching);
      return;
    }
    if (!lap::isLapAlgorithmName(options->algorithm)) {
      throw CLI::ValidationError("--algorithm " + options->algorithm + " needs --problem matching");
    }
    // Probe the GPU before the matrix is made: a usable device installs the pinned host allocator, and only
    // a pinned matrix uploads at full bus speed.
    const lap::Backend backend = lap::parseBackend(options->backend);
    if (backend == lap::Backend::Auto || backend == lap::Backend::Cuda) {
      const auto probeStart = std::chrono::steady_clock::now();
      if (cudaDevice().usable) {
        // CUDA context creation: paid once per process, outside time_ms.
        std::printf(
            "device_init_ms: %.3f\n",
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - probeStart).count());
      }
    }
    std::string description;
    const lap::AnyCostMatrix costs = loadInstance(options->instance, &description);
    std::visit([&](const auto& matrix) { solveTyped(matrix, *options, description); }, costs);
  });
}

void addGenerate(CLI::App& app) {
  auto options = std::make_shared<InstanceOptions>();
  auto output = std::make_shared<std::string>();
  auto problem = std::make_shared<std::string>("lap");
  CLI::App* generate =
      app.add_subcommand("generate", "Generate an instance and write it (.npy or text by extension)");
  generate
      ->add_option("--problem", *problem,
                   "lap (cost matrix), matching (complete graph; .points for geometric) or hypergraph (.hgr)")
      ->check(CLI::IsMember({"lap", "matching", "hypergraph"}))
      ->capture_default_str();
  const std::vector<std::string> kinds = {
      "uniform",   "real",     "exponential",       "euclidean",     "geometric",        "flickr",
      "wikipedia", "stanford", "stanford-berkeley", "heavy-columns", "random-hypergraph"};
  generate
      ->add_option("kind", options->generator,
                   "LAP: uniform, real, exponential, euclidean; matching: uniform, "
                   "exponential, geometric; " +
                       std::string(kHypergraphGeneratorHelp))
      ->check(CLI::IsMember(kinds));
  generate->add_option("--generate", options->generator, "Same as the positional kind")
      ->check(CLI::IsMember(kinds));
  generate->add_option("--n", options->n, "Size (hypergraph profiles: 0 = original size)")
      ->required()
      ->check(integerAtLeast<int32_t>(0));
  generate->add_option("--range", options->range, "Integer cost range of 'uniform'")
      ->check(CLI::IsMember({"n/10", "n", "10n"}))
      ->capture_default_str();
  generate->add_option("--seed", options->seed, "Random seed")
      ->check(integerAtLeast<uint64_t>(0))
      ->capture_default_str();
  generate
      ->add_option("--stream", options->stream,
                   "LAP: sequential or counter (the matrix matchscope-mpi generates)")
      ->check(CLI::IsMember({"sequential", "counter"}))
      ->capture_default_str();
  generate
      ->add_option("--output", *output,
                   "File to write: lap .npy or .txt; matching .npy, .txt or .points; hypergraph .hgr")
      ->required();
  generate->callback([options, output, problem] {
    requireOutputFormat("--output", *output,
                        *problem == "matching"     ? kGraphFile
                        : *problem == "hypergraph" ? kHypergraphFile
                                                   : kCostMatrixFile);
    if (*problem == "matching") {
      generateMatching(*options, *output);
      return;
    }
    if (*problem == "hypergraph") {
      generateHypergraph(*options, *output);
      return;
    }
    std::string description;
    const lap::AnyCostMatrix costs = loadInstance(*options, &description);
    lap::writeCostMatrix(costs, *output);
    std::printf("wrote %s: %s\n", output->c_str(), description.c_str());
  });
}

}  // namespace

void addLapCommands(CLI::App& app) {
  addSolve(app);
  addGenerate(app);
}

}  // namespace ms::cli
