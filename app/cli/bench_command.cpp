// `bench`: times LAP solvers over instance grids (presets reproduce the paper's tables) and writes CSV.
#include <algorithm>
#include <chrono>
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
#include "app/cli/bench_support.h"
#include "app/cli/commands.h"
#include "app/cli/hypergraph_bench.h"
#include "app/cli/instance_options.h"
#include "app/cli/matching_bench.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/trace.h"
#include "solver/lap/certificate.h"
#include "solver/lap/generators.h"
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

struct Configuration {
  std::string algorithm, backend;
  int threads = 1;
};

std::vector<Configuration> configurations(const BenchOptions& options) {
  std::vector<Configuration> out;
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

struct Run {
  std::string objective;
  std::string certificate;  // "" when valid
  int32_t iterations = 0;
  std::size_t steps = 0;
  double totalMs = 0;
  std::vector<PhaseTotal> phases;
};

// One timed solve, host matrix to host assignment; the dual certificate is checked after the timer when
// `verify` is set.
template <lap::CostType T>
Run timeSolve(const lap::CostMatrix<T>& costs, const Configuration& configuration,
              lap::Granularity granularity, bool verify) {
  lap::LapOptions options{lap::parseLapAlgorithm(configuration.algorithm),
                          lap::parseBackend(configuration.backend), configuration.threads, granularity};
  const auto start = std::chrono::steady_clock::now();
  auto solver = lap::makeLapSolver(costs, options);
  const Trace trace = runToEnd(*solver);
  const lap::LapSolution<T> solution = solver->solution();
  Run run;
  run.totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  run.objective = formatNumber(solution.objective);
  run.iterations = solution.iterations;
  run.steps = trace.records().size();
  run.phases = trace.phaseTotals();
  if (verify) {
    const auto tolerance = 4 * static_cast<double>(lap::zeroTolerance(costs));
    const lap::CertificateReport report =
        lap::checkCertificate(costs, solution.rowToCol, solution.rowDual, solution.colDual, tolerance);
    if (!report.valid) run.certificate = report.problem;
  }
  return run;
}

// The tie kinds of the "ties" preset as the square matrix the solvers receive.
bool isTieKind(const std::string& range) {
  return range == "equal" || range == "one-row" || range == "one-column" || range == "duplicates";
}

lap::CostMatrix<int32_t> tiedMatrix(const std::string& kind, int32_t n, uint64_t seed) {
  lap::CostMatrix<int32_t> costs(n, n);
  std::mt19937_64 random(seed);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      costs(i, j) = kind == "equal"        ? 1
                    : kind == "one-row"    ? (i == 0 ? 1 : 0)
                    : kind == "one-column" ? (j == 0 ? 1 : 0)
                                           : static_cast<int32_t>(random() % 3);
    }
  }
  return costs;
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
        if (isTieKind(range)) {
          out.push_back({"ties", range, "ties " + range + " n=" + std::to_string(n), n, seed,
                         tiedMatrix(range, n, seed)});
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

void runBench(BenchOptions options) {
  applyPreset(options);
  if (options.output.empty()) options.output = "bench-" + options.preset + ".csv";
  std::ostringstream csv;
  csv << "device,preset,generator,n,range,seed,algorithm,backend,threads,repeat,objective,objective_agrees,"
         "iterations,steps,total_ms";
  writePhaseColumnNames(csv);
  csv << ",device_ms\n";

  std::map<std::string, std::vector<double>> totalsByConfiguration;  // for the printed summary
  bool allAgree = true;
  std::string certificateProblem;  // the first invalid certificate, with its run
  const std::vector<Configuration> configs = configurations(options);
  // Probe the GPU before the instances are made, so that they live in pinned memory and upload at full speed.
  if (std::find(options.backends.begin(), options.backends.end(), "cuda") != options.backends.end())
    cudaDevice();
  for (const Instance& instance : instances(options)) {
    std::string firstObjective;
    for (const Configuration& configuration : configs) {
      const lap::Backend backend = lap::parseBackend(configuration.backend);
      std::visit(
          [&](const auto& costs) {
            const lap::Granularity granularity = lap::parseGranularity(options.granularity);
            for (int w = 0; w < options.warmups; ++w) timeSolve(costs, configuration, granularity, false);
            for (int repeat = 0; repeat < options.repeats; ++repeat) {
              const Run run = timeSolve(costs, configuration, granularity, repeat == 0);
              if (firstObjective.empty()) firstObjective = run.objective;
              const bool agrees = run.objective == firstObjective;
              allAgree = allAgree && agrees;
              csv << quoted(deviceName(backend, configuration.threads)) << ',' << options.preset << ','
                  << instance.generator << ',' << instance.n << ',' << instance.range << ',' << instance.seed
                  << ',' << configuration.algorithm << ',' << configuration.backend << ','
                  << configuration.threads << ',' << repeat << ',' << run.objective << ','
                  << (agrees ? "true" : "false") << ',' << run.iterations << ',' << run.steps << ','
                  << formatNumber(run.totalMs);
              const int64_t deviceNs = writePhaseColumns(csv, run.phases);
              csv << ',' << (deviceNs >= 0 ? formatNumber(deviceNs / 1e6) : "") << '\n';
              const std::string key =
                  "n=" + std::to_string(instance.n) +
                  (instance.range.empty() ? " " + instance.generator : " range=" + instance.range) + " " +
                  configuration.algorithm + "/" + configuration.backend +
                  (configuration.backend == "cpu" ? std::to_string(configuration.threads) : "");
              totalsByConfiguration[key].push_back(run.totalMs);
              if (!run.certificate.empty() && certificateProblem.empty())
                certificateProblem = instance.label + " " + key + ": " + run.certificate;
              std::fprintf(stderr, "%s %s: %.1f ms\n", instance.label.c_str(), key.c_str(), run.totalMs);
            }
          },
          instance.costs);
    }
  }
  writeFileAtomically(options.output, [&](std::ostream& out) { out << csv.str(); });
  std::printf("median total time per configuration (ms):\n");
  for (const auto& [key, totals] : totalsByConfiguration)
    std::printf("  %-48s %10.1f\n", key.c_str(), median(totals));
  std::printf("objectives agree across configurations: %s\n", allAgree ? "yes" : "NO");
  std::printf("dual certificates (first timed run of each): %s\n",
              certificateProblem.empty() ? "valid" : certificateProblem.c_str());
  std::printf("wrote %s\n", options.output.c_str());
  if (!certificateProblem.empty()) throw SolveError("invalid dual certificate: " + certificateProblem);
  if (!allAgree) throw SolveError("configurations disagree on an optimum (see objective_agrees in the CSV)");
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
                       kHypergraphPresetHelp)
      ->check(CLI::IsMember({"table1", "table3", "search", "ties", "roma-cpu", "roma-gpu", "approximation",
                             "auction-gpu", "hypergraph"}))
      ->capture_default_str();
  bench->add_option("--sizes", options->sizes, "Override the preset's sizes")
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
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
      ->check(CLI::Range(1, kMaxThreads));
  bench->add_option("--npy", options->inputs, "Benchmark these instance files instead of generated ones")
      ->delimiter(',')
      ->check(CLI::ExistingFile);
  bench
      ->add_option("--instances", options->instances,
                   "Instances per size and range (seeds 1..K; 0 = the preset's)")
      ->check(CLI::Range(0, kMaxBenchRuns));
  bench
      ->add_option("--repeats", options->repeats,
                   "Timed runs per instance and configuration (0 = the preset's)")
      ->check(CLI::Range(0, kMaxBenchRuns));
  bench->add_option("--warmups", options->warmups, "Untimed runs before the timed ones")
      ->check(CLI::Range(0, kMaxBenchRuns))
      ->capture_default_str();
  bench->add_option("--save-npy", options->saveNpyDirectory,
                    "Also write each generated instance as .npy here");
  bench->add_option("--output", options->output, "CSV file (default bench-<preset>.csv)");
  auto matching = addMatchingBenchOptions(*bench);
  auto hypergraphOptions = addHypergraphBenchOptions(*bench);
  bench->callback([options, matching, hypergraphOptions] {
    if (isHypergraphPreset(options->preset)) {
      runHypergraphBench({options->preset, options->sizes, options->threads, options->instances,
                          options->repeats, options->output},
                         *hypergraphOptions);
      return;
    }
    if (isApproximationPreset(options->preset)) {
      runApproximationBench(
          {options->preset, options->sizes, options->instances, options->repeats, options->output});
      return;
    }
    if (isMatchingPreset(options->preset)) {
      runMatchingBench({options->preset, options->sizes, options->threads, options->instances,
                        options->repeats, options->output},
                       *matching);
      return;
    }
    runBench(*options);
  });
}

}  // namespace ms::cli
