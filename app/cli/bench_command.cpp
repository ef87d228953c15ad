// `bench`: times LAP solvers over instance grids (presets reproduce the paper's tables) and writes CSV.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/cli/approximation_bench.h"
#include "app/cli/batch_commands.h"
#include "app/cli/bench_support.h"
#include "app/cli/commands.h"
#include "app/cli/hypergraph_bench.h"
#include "app/cli/instance_options.h"
#include "app/cli/matching_bench.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/provenance.h"
#include "solver/core/stopwatch.h"
#include "solver/core/trace.h"
#include "solver/lap/certificate.h"
#include "solver/lap/generators.h"
#include "solver/lap/hungarian/cuda/search_profile.h"
#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::cli {
namespace {

struct BenchOptions {
  std::string preset = "table1";
  std::vector<int32_t> sizes;
  std::vector<std::string> ranges;
  std::vector<std::string> algorithms;
  std::vector<std::string> backends;
  std::string granularity = "search";
  std::vector<int> threads;
  std::vector<std::string> inputs;  // .npy or text files benchmarked instead of generated instances
  int instances = 0;
  int repeats = 0;
  int warmups = 1;
  std::string output;
  std::string saveNpyDirectory;
  std::string searchProfile;  // per-iteration profile CSV of one extra solve per configuration
};

// Defaults of a preset; options given on the command line override them.
void applyPreset(BenchOptions& options) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  BenchOptions preset;
  if (options.preset == "table1") {
    // Date & Nagi Table 1: n = 500..5000, costs in [0, n), OMP-1 vs OMP-T.
    for (int32_t n = 500; n <= 5000; n += 500) preset.sizes.push_back(n);
    preset.ranges = {"n"};
    preset.algorithms = {"classical", "tree"};
    preset.backends = {"cpu"};
    preset.threads = {1, cores};
    preset.instances = 3;
    preset.repeats = 3;
  } else if (options.preset == "ties") {
    // Degenerate costs beside random ones of the same size: every cost equal, one row of ones (1 x n, padded
    // to n x n as the solve pads it), one column, and costs drawn from {0, 1, 2}.
    preset.sizes = {2000};
    preset.ranges = {"n", "equal", "one-row", "one-column", "duplicates"};
    preset.algorithms = {"classical", "tree"};
    preset.backends = {"cpu"};
    preset.threads = {cores};
    preset.instances = 1;
    preset.repeats = 3;
  } else if (options.preset == "search") {
    // The device-resident search on the GPU: integer ranges and real costs U[0,1) at n = 10000 and 20000.
    preset.sizes = {10000, 20000};
    preset.ranges = {"n/10", "n", "10n", "real"};
    preset.algorithms = {"classical", "tree"};
    preset.backends = {"cuda"};
    preset.threads = {cores};
    preset.instances = 1;
    preset.repeats = 3;
  } else {
    // Date & Nagi Table 3: n = 5000..20000, three cost ranges, per-phase breakdown.
    preset.sizes = {5000, 10000, 15000, 20000};
    preset.ranges = {"n/10", "n", "10n"};
    preset.algorithms = {"classical", "tree"};
    preset.backends = {"cuda"};
    preset.threads = {cores};
    preset.instances = 3;
    preset.repeats = 5;
  }
  if (options.sizes.empty()) options.sizes = preset.sizes;
  if (options.ranges.empty()) options.ranges = preset.ranges;
  if (options.algorithms.empty()) options.algorithms = preset.algorithms;
  if (options.backends.empty()) options.backends = preset.backends;
  if (options.threads.empty()) options.threads = preset.threads;
  if (options.instances == 0) options.instances = preset.instances;
  if (options.repeats == 0) options.repeats = preset.repeats;
}

struct Instance {
  std::string generator, range, label;
  int32_t n = 0;
  uint64_t seed = 0;
  lap::AnyCostMatrix costs;
};

struct LapConfiguration {
  std::string algorithm, backend;
  int threads = 1;
};

std::vector<LapConfiguration> configurations(const BenchOptions& options) {
  std::vector<LapConfiguration> out;
  for (const std::string& algorithm : options.algorithms) {
    for (const std::string& backend : options.backends) {
      if (backend == "cpu") {
        for (int threads : options.threads) out.push_back({algorithm, backend, threads});
      } else {
        out.push_back({algorithm, backend, 1});
      }
    }
  }
  return out;
}

struct LapRun {
  std::string objective;
  std::string certificate;  // "" when valid
  int32_t iterations = 0;
  std::size_t steps = 0;
  int64_t levels = 0, dualUpdates = 0;  // forward BFS levels and dual updates, over the trace
  double totalMs = 0;
  std::vector<PhaseTotal> phases;
};

// One timed solve, host matrix to host assignment; the dual certificate is checked after the timer when
// `verify` is set.
template <lap::CostType T>
LapRun timeSolve(const lap::CostMatrix<T>& costs, const LapConfiguration& configuration,
                 lap::Granularity granularity, bool verify) {
  lap::LapOptions options{lap::parseLapAlgorithm(configuration.algorithm),
                          lap::parseBackend(configuration.backend), configuration.threads, granularity};
  const Stopwatch stopwatch;
  auto solver = lap::makeLapSolver(costs, options);
  const Trace trace = runToEnd(*solver);
  const lap::LapSolution<T> solution = solver->solution();
  LapRun run;
  run.totalMs = static_cast<double>(stopwatch.elapsedNs()) / 1e6;
  run.objective = formatNumber(solution.objective);
  run.iterations = solution.iterations;
  run.steps = trace.records().size();
  for (const StepRecord& record : trace.records()) {
    if (record.phase == lap::hungarianPhaseName(lap::HungarianPhase::Search)) {
      run.levels += static_cast<int64_t>(record.counters[lap::kLevels]);
      run.dualUpdates += static_cast<int64_t>(record.counters[lap::kDualUpdates]);
    } else {
      run.levels += record.phase == lap::hungarianPhaseName(lap::HungarianPhase::ForwardLevel);
      run.dualUpdates += record.phase == lap::hungarianPhaseName(lap::HungarianPhase::DualUpdate);
    }
  }
  run.phases = trace.phaseTotals();
  if (verify) {
    const auto tolerance = 4 * static_cast<double>(lap::zeroTolerance(costs));
    const lap::CertificateReport report =
        lap::checkCertificate(costs, solution.rowToCol, solution.rowDual, solution.colDual, tolerance);
    if (!report.valid) run.certificate = report.problem;
  }
  return run;
}

std::vector<Instance> instances(const BenchOptions& options) {
  std::vector<Instance> out;
  for (const std::string& path : options.inputs) {
    Instance instance{"file", "", path, 0, 0, lap::readCostMatrix(path)};
    instance.n = std::visit([](const auto& m) { return m.rows(); }, instance.costs);
    out.push_back(std::move(instance));
  }
  if (!options.inputs.empty()) return out;
  for (int32_t n : options.sizes) {
    for (const std::string& range : options.ranges) {
      for (int k = 0; k < options.instances; ++k) {
        const auto seed = static_cast<uint64_t>(k + 1);
        if (lap::isTiedKind(range)) {
          out.push_back({"ties", range, "ties " + range + " n=" + std::to_string(n), n, seed,
                         lap::tiedCosts(range, n, seed)});
          continue;
        }
        // "real": doubles uniform in [0, 1); else integers uniform in the named range.
        const bool real = range == "real";
        const lap::GeneratorSpec spec{real ? lap::Generator::Real : lap::Generator::Uniform, n,
                                      real ? lap::CostRange::N : lap::parseCostRange(range), seed};
        const std::string generator = real ? "real" : "uniform";
        Instance instance{generator, real ? "" : range, "", n, seed, lap::generate(spec)};
        instance.label = generator + " n=" + std::to_string(n) + (real ? "" : " range=" + range) +
                         " seed=" + std::to_string(seed);
        if (!options.saveNpyDirectory.empty()) {
          std::filesystem::create_directories(options.saveNpyDirectory);
          std::string name = generator + "_n" + std::to_string(n) + (real ? "" : "_r" + range) + "_s" +
                             std::to_string(seed) + ".npy";
          std::replace(name.begin(), name.end(), '/', '_');
          lap::writeCostMatrix(instance.costs, std::filesystem::path(options.saveNpyDirectory) / name);
        }
        out.push_back(std::move(instance));
      }
    }
  }
  return out;
}

// One timed run as the CSV and the summary report it.
struct TimedRun {
  const Instance* instance = nullptr;
  LapConfiguration configuration;
  int repeat = 0;
  bool agrees = true;  // same objective as the instance's first run
  LapRun run;
};

std::string configurationKey(const Instance& instance, const LapConfiguration& configuration) {
  return "n=" + std::to_string(instance.n) +
         (instance.range.empty() ? " " + instance.generator : " range=" + instance.range) + " " +
         configuration.algorithm + "/" + configuration.backend +
         (configuration.backend == "cpu" ? std::to_string(configuration.threads) : "");
}

// One configuration's device-resident search profile on one instance (search_profile.h), as CSV rows.
struct ProfiledSolve {
  const Instance* instance = nullptr;
  LapConfiguration configuration;
  std::vector<lap::SearchIterationProfile> iterations;
};

// Solves once more, untimed, with the search profile on (CUDA backend, search granularity only).
template <lap::CostType T>
ProfiledSolve profileSolve(const Instance& instance, const lap::CostMatrix<T>& costs,
                           const LapConfiguration& configuration, lap::Granularity granularity) {
  ProfiledSolve profiled{&instance, configuration, {}};
  lap::searchProfileSink() = &profiled.iterations;
  try {
    timeSolve(costs, configuration, granularity, false);
  } catch (...) {
    lap::searchProfileSink() = nullptr;
    throw;
  }
  lap::searchProfileSink() = nullptr;
  return profiled;
}

void writeProfileCsv(const std::vector<ProfiledSolve>& solves, const std::string& output) {
  CsvTable table({"device",
                  "generator",
                  "n",
                  "range",
                  "seed",
                  "algorithm",
                  "iteration",
                  "blocks",
                  "levels",
                  "team_levels",
                  "closure_levels",
                  "rows_read",
                  "dual_updates",
                  "team_dual_updates",
                  "kept_rows",
                  "frontier_max",
                  "frontier_sum",
                  "reverse_columns",
                  "paths",
                  "path_max",
                  "path_sum",
                  "forward_ns",
                  "dual_update_ns",
                  "augment_ns",
                  "work_ns",
                  "reduce_ns",
                  "barrier_ns"});
  addProvenanceColumns(table);
  for (const ProfiledSolve& solve : solves) {
    const Instance& instance = *solve.instance;
    for (std::size_t k = 0; k < solve.iterations.size(); ++k) {
      const lap::SearchIterationProfile& p = solve.iterations[k];
      CsvTable::Row& row = table.addRow();
      row.set("device", deviceName(lap::Backend::Cuda, 1)).set("generator", instance.generator);
      row.set("n", instance.n).set("range", instance.range).set("seed", instance.seed);
      row.set("algorithm", solve.configuration.algorithm);
      row.set("iteration", static_cast<int64_t>(k)).set("blocks", p.blocks).set("levels", p.levels);
      row.set("team_levels", p.teamLevels)
          .set("closure_levels", p.closureLevels)
          .set("rows_read", p.rowsRead);
      row.set("dual_updates", p.dualUpdates);
      row.set("team_dual_updates", p.teamDualUpdates).set("kept_rows", p.keptRows);
      row.set("frontier_max", p.frontierMax);
      row.set("frontier_sum", p.frontierSum).set("reverse_columns", p.reverseColumns).set("paths", p.paths);
      row.set("path_max", p.pathMax).set("path_sum", p.pathSum).set("forward_ns", p.forwardNs);
      row.set("dual_update_ns", p.dualUpdateNs).set("augment_ns", p.augmentNs).set("work_ns", p.workNs);
      row.set("reduce_ns", p.reduceNs).set("barrier_ns", p.barrierNs);
    }
  }
  table.writeFile(output);
}

// Time: every configuration on one instance, after `warmups` untimed runs each; the first timed run of each
// also checks its dual certificate. With a profile file, the CUDA configurations solve once more, profiled.
void timeInstance(const BenchOptions& options, const std::vector<LapConfiguration>& configs,
                  const Instance& instance, std::vector<TimedRun>& runs,
                  std::vector<ProfiledSolve>& profiles) {
  const lap::Granularity granularity = lap::parseGranularity(options.granularity);
  std::string firstObjective;
  for (const LapConfiguration& configuration : configs) {
    std::visit(
        [&](const auto& costs) {
          for (int w = 0; w < options.warmups; ++w) timeSolve(costs, configuration, granularity, false);
          for (int repeat = 0; repeat < options.repeats; ++repeat) {
            TimedRun timed{&instance, configuration, repeat, true,
                           timeSolve(costs, configuration, granularity, repeat == 0)};
            if (firstObjective.empty()) firstObjective = timed.run.objective;
            timed.agrees = timed.run.objective == firstObjective;
            std::fprintf(stderr, "%s %s: %.1f ms\n", instance.label.c_str(),
                         configurationKey(instance, configuration).c_str(), timed.run.totalMs);
            runs.push_back(std::move(timed));
          }
          if (!options.searchProfile.empty() && configuration.backend == "cuda" &&
              granularity == lap::Granularity::Search)
            profiles.push_back(profileSolve(instance, costs, configuration, granularity));
        },
        instance.costs);
  }
}

// Write: one CSV row per timed run, with each Hungarian phase's time.
void writeCsv(const std::vector<TimedRun>& runs, const std::string& preset, const std::string& output) {
  std::vector<std::string> columns = {"device",    "preset",           "generator",  "n",       "range",
                                      "seed",      "algorithm",        "backend",    "threads", "repeat",
                                      "objective", "objective_agrees", "iterations", "steps",   "total_ms"};
  for (std::string& name : phaseColumnNames()) columns.push_back(std::move(name));
  columns.push_back("device_ms");
  for (const char* name : {"levels", "dual_updates"}) columns.emplace_back(name);
  CsvTable table(std::move(columns));
  addProvenanceColumns(table);
  for (const TimedRun& timed : runs) {
    const Instance& instance = *timed.instance;
    const LapConfiguration& c = timed.configuration;
    CsvTable::Row& row = table.addRow();
    row.set("device", deviceName(lap::parseBackend(c.backend), c.threads)).set("preset", preset);
    row.set("generator", instance.generator).set("n", instance.n).set("range", instance.range);
    row.set("seed", instance.seed).set("algorithm", c.algorithm).set("backend", c.backend);
    row.set("threads", c.threads).set("repeat", timed.repeat).set("objective", timed.run.objective);
    row.set("objective_agrees", timed.agrees).set("iterations", timed.run.iterations);
    row.set("steps", timed.run.steps).set("total_ms", timed.run.totalMs);
    const int64_t deviceNs = setPhaseColumns(row, timed.run.phases);
    if (deviceNs >= 0) row.set("device_ms", static_cast<double>(deviceNs) / 1e6);
    row.set("levels", timed.run.levels);
    row.set("dual_updates", timed.run.dualUpdates);
  }
  table.writeFile(output);
}

// Print: the median total time per configuration and the checks; throws when a check failed.
void printSummary(const std::vector<TimedRun>& runs, const std::string& output) {
  std::map<std::string, std::vector<double>> totalsByConfiguration;
  bool allAgree = true;
  std::string certificateProblem;  // the first invalid certificate, with its run
  for (const TimedRun& timed : runs) {
    const std::string key = configurationKey(*timed.instance, timed.configuration);
    totalsByConfiguration[key].push_back(timed.run.totalMs);
    allAgree = allAgree && timed.agrees;
    if (!timed.run.certificate.empty() && certificateProblem.empty())
      certificateProblem = timed.instance->label + " " + key + ": " + timed.run.certificate;
  }
  std::printf("median total time per configuration (ms):\n");
  for (const auto& [key, totals] : totalsByConfiguration)
    std::printf("  %-48s %10.1f\n", key.c_str(), median(totals));
  std::printf("objectives agree across configurations: %s\n", allAgree ? "yes" : "NO");
  std::printf("dual certificates (first timed run of each): %s\n",
              certificateProblem.empty() ? "valid" : certificateProblem.c_str());
  std::printf("wrote %s\n", output.c_str());
  if (!certificateProblem.empty()) throw SolveError("invalid dual certificate: " + certificateProblem);
  if (!allAgree) throw SolveError("configurations disagree on an optimum (see objective_agrees in the CSV)");
}

void runBench(BenchOptions options) {
  applyPreset(options);
  if (options.output.empty()) options.output = "bench-" + options.preset + ".csv";
  const std::vector<LapConfiguration> configs = configurations(options);
  // Probe the GPU before the instances are made, so that they live in pinned memory and upload at full speed.
  if (std::find(options.backends.begin(), options.backends.end(), "cuda") != options.backends.end())
    cudaDevice();
  const std::vector<Instance> planned = instances(options);
  std::vector<TimedRun> runs;
  std::vector<ProfiledSolve> profiles;
  for (const Instance& instance : planned) timeInstance(options, configs, instance, runs, profiles);
  writeCsv(runs, options.preset, options.output);
  if (!options.searchProfile.empty()) {
    writeProfileCsv(profiles, options.searchProfile);
    std::printf("wrote %s (%zu profiled solves)\n", options.searchProfile.c_str(), profiles.size());
  }
  printSummary(runs, options.output);
}

// The preset's family: hypergraph, approximation, matching, else the LAP solvers.
void runPreset(const BenchOptions& options, const MatchingBenchOptions& matching,
               const HypergraphBenchOptions& hypergraphOptions) {
  if (options.preset == "batch") {
    runBatchBench({options.backends, options.threads, options.repeats, options.output, options.inputs});
  } else if (isHypergraphPreset(options.preset)) {
    runHypergraphBench(
        {options.preset, options.sizes, options.threads, options.instances, options.repeats, options.output},
        hypergraphOptions);
  } else if (isApproximationPreset(options.preset)) {
    runApproximationBench(
        {options.preset, options.sizes, options.instances, options.repeats, options.output});
  } else if (isMatchingPreset(options.preset)) {
    runMatchingBench(
        {options.preset, options.sizes, options.threads, options.instances, options.repeats, options.output},
        matching);
  } else {
    runBench(options);
  }
}

}  // namespace

void addBenchCommand(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* bench = app.add_subcommand("bench", "Time LAP solvers over an instance grid and write a CSV");
  bench
      ->add_option("--preset", options->preset,
                   "table1: n=500..5000, [0,n), CPU with 1 and all threads (paper's Table 1); "
                   "table3: n=5000..20000, three ranges, CUDA (Table 3); "
                   "search: n=10000,20000, three ranges and real U[0,1), CUDA; "
                   "ties: n=2000, random against all-equal, one-row, one-column and {0,1,2} costs, CPU; " +
                       std::string(kMatchingPresetHelp) + "; " + kApproximationPresetHelp + "; " +
                       kHypergraphPresetHelp + "; " + kBatchPresetHelp)
      ->check(CLI::IsMember({"table1", "table3", "search", "ties", "roma-cpu", "roma-gpu", "approximation",
                             "auction-gpu", "hypergraph", "batch"}))
      ->capture_default_str();
  bench->add_option("--sizes", options->sizes, "Override the preset's sizes")
      ->delimiter(',')
      ->check(integerAtLeast<int32_t>(1));
  bench
      ->add_option("--ranges", options->ranges,
                   "Override the cost ranges (n/10, n, 10n; real = doubles in [0,1); ties: equal, one-row, "
                   "one-column, duplicates)")
      ->delimiter(',')
      ->check(CLI::IsMember({"n/10", "n", "10n", "real", "equal", "one-row", "one-column", "duplicates"}));
  bench->add_option("--algorithms", options->algorithms, "classical, tree")
      ->delimiter(',')
      ->check(CLI::IsMember({"classical", "tree"}));
  bench->add_option("--backends", options->backends, "cpu, sequential, cuda")
      ->delimiter(',')
      ->check(CLI::IsMember({"cpu", "sequential", "cuda"}));
  addGranularityOption(*bench, options->granularity);
  bench->add_option("--threads", options->threads, "OpenMP thread counts of the cpu backend")
      ->delimiter(',')
      ->check(integerIn(1, kMaxThreads));
  bench->add_option("--npy", options->inputs, "Benchmark these instance files instead of generated ones")
      ->delimiter(',')
      ->check(CLI::ExistingFile);
  bench
      ->add_option("--instances", options->instances,
                   "Instances per size and range (seeds 1..K; 0 = the preset's)")
      ->check(integerIn(0, kMaxBenchRuns));
  bench
      ->add_option("--repeats", options->repeats,
                   "Timed runs per instance and configuration (0 = the preset's)")
      ->check(integerIn(0, kMaxBenchRuns));
  bench->add_option("--warmups", options->warmups, "Untimed runs before the timed ones")
      ->check(integerIn(0, kMaxBenchRuns))
      ->capture_default_str();
  bench->add_option("--save-npy", options->saveNpyDirectory,
                    "Also write each generated instance as .npy here");
  bench->add_option("--output", options->output, "CSV file (default bench-<preset>.csv)")
      ->check(outputFormat(kCsvFile));
  bench
      ->add_option("--search-profile", options->searchProfile,
                   "Also solve each CUDA configuration once more with the search profiled, one CSV row per "
                   "iteration, into this file")
      ->check(outputFormat(kCsvFile));
  auto matching = addMatchingBenchOptions(*bench);
  auto hypergraphOptions = addHypergraphBenchOptions(*bench);
  bench->callback(
      [options, matching, hypergraphOptions] { runPreset(*options, *matching, *hypergraphOptions); });
}

}  // namespace ms::cli
