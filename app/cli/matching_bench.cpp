// `bench --preset roma-cpu|roma-gpu`.
#include "app/cli/matching_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <thread>

#include "app/cli/bench_support.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/device_bandwidth.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/provenance.h"
#include "solver/core/stopwatch.h"
#include "solver/core/trace.h"
#include "solver/matching/exact.h"
#include "solver/matching/generators.h"
#include "solver/matching/matching.h"
#include "solver/matching/objective.h"
#include "solver/matching/relaxation_bound.h"

namespace ms::cli {
namespace {

using matching::MatchingAlgorithm;

struct MatchingConfiguration {
  std::string label;  // as given, e.g. parallel-roma-2:cuda:greedy
  matching::MatchingOptions options;
  bool cpuWork = false;  // runs on the CPU, or starts from a greedy matching computed there
  bool greedy = false;   // is greedy, or starts from it
};

MatchingConfiguration parseConfiguration(const std::string& token, int threads, int32_t maxPhases,
                                         int32_t flipRetries, matching::Objective objective) {
  std::vector<std::string> parts;
  std::stringstream stream(token);
  for (std::string part; std::getline(stream, part, ':');) parts.push_back(part);
  if (parts.empty() || parts.size() > 3) throw CLI::ValidationError("--configs: bad entry '" + token + "'");
  MatchingConfiguration c{token, {}, false};
  c.options.algorithm = matching::parseMatchingAlgorithm(parts[0]);
  const bool parallel = c.options.algorithm == MatchingAlgorithm::ParallelRoma1 ||
                        c.options.algorithm == MatchingAlgorithm::ParallelRoma2;
  const std::string backend = parts.size() > 1 ? parts[1] : parallel ? "cpu" : "sequential";
  if (backend == "cuda") {
    c.options.backend = lap::Backend::Cuda;
  } else if (backend == "cpu" || backend == "sequential") {
    c.options.backend = backend == "cpu" ? lap::Backend::Cpu : lap::Backend::Sequential;
  } else {
    throw CLI::ValidationError("--configs: unknown backend '" + backend + "' in '" + token + "'");
  }
  if (parts.size() > 2) c.options.initial = matching::parseInitialMatching(parts[2]);
  c.options.threads = threads;
  c.options.maxPhases = maxPhases;
  c.options.flipRetries = flipRetries;
  c.options.objective = objective;
  c.greedy = c.options.algorithm == MatchingAlgorithm::Greedy ||
             c.options.initial == matching::InitialMatching::Greedy;
  c.cpuWork = c.options.backend != lap::Backend::Cuda || c.greedy;
  return c;
}

struct Settings {
  std::vector<int32_t> sizes;
  std::vector<matching::Distribution> distributions;
  std::vector<std::string> configs;
  std::vector<int> threads;
  int instances = 1, repeats = 1;
  int32_t maxPhases = matching::kDefaultMaxPhases;
  int32_t flipRetries = 0;
  matching::Objective objective = matching::Objective::Maximise;
  int32_t cpuUpTo = 0, greedyUpTo = 0, exactUpTo = 0, exactGeometricUpTo = 0, boundUpTo = 0;
};

Settings resolve(const SharedBenchSettings& shared, const MatchingBenchOptions& options) {
  Settings s;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::string> distributions = {"uniform", "exponential", "geometric"};
  if (shared.preset == "roma-cpu") {
    s.sizes = {1024, 2048, 4096};
    s.configs = {"greedy",
                 "roma",
                 "roma:sequential:greedy",
                 "parallel-roma-1:cpu",
                 "parallel-roma-2:cpu",
                 "parallel-roma-2:cpu:greedy"};
    s.cpuUpTo = 4096;
    s.greedyUpTo = 4096;
    s.exactUpTo = 2048;
    s.exactGeometricUpTo = 1024;
  } else {
    // Hovland's sizes (multiples of 1024) up to 73728; sequential ROMA and the CPU configurations stop at
    // 32768.
    s.sizes = {1024, 2048, 4096, 8192, 16384, 32768, 57344, 73728};
    s.configs = {"greedy",
                 "roma",
                 "parallel-roma-2:cpu",
                 "parallel-roma-1:cuda",
                 "parallel-roma-2:cuda",
                 "parallel-roma-2:cuda:greedy"};
    s.cpuUpTo = 32768;
    s.greedyUpTo = 16384;
    s.exactUpTo = 4096;
    s.exactGeometricUpTo = 2048;
    s.boundUpTo = 8192;
  }
  s.threads = {cores};
  if (!shared.sizes.empty()) s.sizes = shared.sizes;
  if (!shared.threads.empty()) s.threads = shared.threads;
  if (shared.instances > 0) s.instances = shared.instances;
  if (shared.repeats > 0) s.repeats = shared.repeats;
  if (!options.distributions.empty()) distributions = options.distributions;
  if (!options.configs.empty()) s.configs = options.configs;
  if (options.maxPhases >= 0) s.maxPhases = options.maxPhases;
  s.flipRetries = options.flipRetries;
  s.objective = matching::parseObjective(options.objective);
  if (options.cpuUpTo > 0) s.cpuUpTo = options.cpuUpTo;
  if (options.greedyUpTo > 0) s.greedyUpTo = options.greedyUpTo;
  if (options.exactUpTo > 0) s.exactUpTo = options.exactUpTo;
  if (options.exactGeometricUpTo > 0) s.exactGeometricUpTo = options.exactGeometricUpTo;
  if (options.boundUpTo > 0) s.boundUpTo = options.boundUpTo;
  for (const std::string& d : distributions) s.distributions.push_back(matching::parseDistribution(d));
  return s;
}

struct Row {
  std::string device;
  matching::Distribution distribution{};
  int32_t n = 0;
  uint64_t seed = 0;
  std::string config;
  std::string algorithm;  // the solver's own name, e.g. parallel-roma-2/cuda
  int threads = 1;
  std::string initial;
  int repeat = 0;
  int32_t phases = 0;
  double flips = 0, initialWeight = 0, weight = 0;
  bool valid = false;
  double setupMs = 0, phaseMs = 0, meanPhaseMs = 0, maxPhaseMs = 0;
  double devicePhaseMs = -1;  // CUDA events; -1 on the CPU
  // The exact optimum, and the relaxation's bound on it (above it when maximising, below when minimising).
  std::optional<double> speedup, optimum, bound;
  std::size_t instance = 0;  // index into the instance list
};

// Runs one configuration, timing Hovland's way (Section 5.3.1): the ROMA phases alone, set-up apart.
Row runOnce(const matching::CompleteGraph& graph, const MatchingConfiguration& c) {
  Row row;
  auto solver = matching::makeMatchingSolver(graph, c.options);
  const Trace trace = runToEnd(*solver);
  const matching::MatchingSolution solution = solver->solution();
  row.algorithm = std::string(solver->algorithmName());
  row.phases = solution.phases;
  row.weight = solution.weight;
  row.valid = matching::perfectMatchingProblem(solution.mate).empty();
  std::vector<double> phaseTimes;
  double deviceMs = 0;
  bool onDevice = false;
  for (const StepRecord& r : trace.records()) {
    const double wallMs = static_cast<double>(r.wall_ns) / 1e6;
    if (r.phase == matching::kSetupPhase) {
      row.setupMs = wallMs;
      row.initialWeight = r.counters[matching::kWeight];
      continue;
    }
    if (r.phase == matching::kRomaPhase) row.flips += r.counters[matching::kFlips];
    row.phaseMs += wallMs;
    if (r.device_ns >= 0) {
      onDevice = true;
      deviceMs += static_cast<double>(r.device_ns) / 1e6;
    }
    phaseTimes.push_back(r.device_ns >= 0 ? static_cast<double>(r.device_ns) / 1e6 : wallMs);
  }
  if (onDevice) row.devicePhaseMs = deviceMs;
  if (!phaseTimes.empty()) {
    double sum = 0;
    for (double t : phaseTimes) sum += t;
    row.meanPhaseMs = sum / static_cast<double>(phaseTimes.size());
    row.maxPhaseMs = *std::max_element(phaseTimes.begin(), phaseTimes.end());
  }
  return row;
}

bool isSequentialRoma(const MatchingConfiguration& c) {
  return c.options.algorithm == MatchingAlgorithm::Roma &&
         c.options.initial == matching::InitialMatching::Neighbour;
}

bool exactWanted(const Settings& s, matching::Distribution d, int32_t n) {
  return n <= (d == matching::Distribution::Geometric ? s.exactGeometricUpTo : s.exactUpTo);
}

// Plan: the configurations in run order, sequential ROMA first (the others' speedups refer to it).
std::vector<MatchingConfiguration> planConfigurations(const Settings& settings) {
  std::vector<MatchingConfiguration> configs;
  for (const std::string& token : settings.configs) {
    const bool cpu = token.find(":cuda") == std::string::npos;
    for (int threads : cpu ? settings.threads : std::vector<int>{1}) {
      configs.push_back(
          parseConfiguration(token, threads, settings.maxPhases, settings.flipRetries, settings.objective));
    }
  }
  std::stable_partition(configs.begin(), configs.end(), isSequentialRoma);
  return configs;
}

// With CUDA configurations: the device's copy bandwidth in GB/s (bytes read plus written), after a warm-up
// run of each, so that module loading and first-launch costs stay out of the timed runs. 0 without them.
double prepareDevice(const std::vector<MatchingConfiguration>& configs, const std::string& preset) {
  const bool cuda = std::any_of(configs.begin(), configs.end(), [](const MatchingConfiguration& c) {
    return c.options.backend == lap::Backend::Cuda;
  });
  if (!cuda) return 0;
  // Probing first also makes the host matrices page-locked, so uploads run at full speed.
  if (!cudaDevice().usable) throw SolveError("the " + preset + " preset needs a GPU: " + cudaDevice().reason);
  const double bandwidth = measureDeviceCopyBandwidth(std::size_t{2} << 30, 10);
  std::printf("device: %s, copy bandwidth %.0f GB/s (read + write)\n", cudaDevice().name.c_str(), bandwidth);
  const matching::CompleteGraph warm = matching::generateGraph({matching::Distribution::Uniform, 2048, 99});
  for (const MatchingConfiguration& c : configs) {
    if (c.options.backend == lap::Backend::Cuda) runOnce(warm, c);
  }
  return bandwidth;
}

// The timed runs, and the instances kept for the references (an empty graph where none is wanted).
struct TimedRuns {
  std::vector<Row> rows;
  std::vector<matching::CompleteGraph> kept;
  std::vector<matching::Distribution> distributionOf;
};

// Time: every configuration on one instance, `repeats` times each.
void timeInstance(const Settings& settings, const std::vector<MatchingConfiguration>& configs,
                  const matching::CompleteGraph& graph, const matching::GraphSpec& spec, std::size_t instance,
                  std::vector<Row>& rows) {
  std::vector<double> sequentialMs;
  for (const MatchingConfiguration& c : configs) {
    if ((c.cpuWork && spec.n > settings.cpuUpTo) || (c.greedy && spec.n > settings.greedyUpTo)) continue;
    for (int repeat = 0; repeat < settings.repeats; ++repeat) {
      Row row = runOnce(graph, c);
      row.device = deviceName(c.options.backend, c.options.threads);
      row.distribution = spec.distribution;
      row.n = spec.n;
      row.seed = spec.seed;
      row.config = c.label;
      row.threads = c.options.backend == lap::Backend::Cpu ? c.options.threads : 1;
      row.initial = std::string(matching::initialMatchingName(c.options.initial));
      row.repeat = repeat;
      row.instance = instance;
      if (isSequentialRoma(c)) sequentialMs.push_back(row.phaseMs);
      const bool isRoma = c.options.algorithm != MatchingAlgorithm::Greedy;
      if (isRoma && !sequentialMs.empty() && row.phaseMs > 0)
        row.speedup = median(sequentialMs) / row.phaseMs;
      std::fprintf(stderr, "  %-30s phases %2d  phase time %10.2f ms  weight %.6f%s\n", c.label.c_str(),
                   row.phases, row.phaseMs, row.weight, row.valid ? "" : "  NOT A PERFECT MATCHING");
      rows.push_back(std::move(row));
    }
  }
}

TimedRuns timeAll(const Settings& settings, const std::vector<MatchingConfiguration>& configs) {
  TimedRuns runs;
  for (matching::Distribution distribution : settings.distributions) {
    for (int32_t n : settings.sizes) {
      for (int k = 0; k < settings.instances; ++k) {
        const matching::GraphSpec spec{distribution, n, static_cast<uint64_t>(k + 1)};
        const Stopwatch generation;
        matching::CompleteGraph graph = matching::generateGraph(spec);
        std::fprintf(stderr, "%s n=%d seed=%llu generated in %.1f s\n",
                     matching::distributionName(distribution).data(), n,
                     static_cast<unsigned long long>(spec.seed),
                     static_cast<double>(generation.elapsedNs()) / 1e9);
        timeInstance(settings, configs, graph, spec, runs.kept.size(), runs.rows);
        if (exactWanted(settings, distribution, n) || n <= settings.boundUpTo) {
          runs.kept.push_back(std::move(graph));
        } else {
          runs.kept.emplace_back();  // keeps instance indices aligned; no optimum for this one
        }
        runs.distributionOf.push_back(distribution);
      }
    }
  }
  return runs;
}

// Reference: LEMON's optimum and the relaxation's upper bound of every kept instance, after the timed runs
// so that they disturb no timing.
void attachReferences(const Settings& settings, TimedRuns& runs) {
  const std::vector<matching::CompleteGraph>& kept = runs.kept;
  std::vector<double> optimum(kept.size(), -1);
  const auto exactCount = static_cast<int64_t>(kept.size());
  std::fprintf(stderr, "solving the kept instances exactly (LEMON)...\n");
  // One instance per core.
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t i = 0; i < exactCount; ++i) {
    if (kept[i].vertexCount() == 0 || !exactWanted(settings, runs.distributionOf[i], kept[i].vertexCount()))
      continue;
    auto exact = matching::makeExactSolver(matching::MaximisedGraph(kept[i], settings.objective));
    runToEnd(*exact);
    optimum[i] = exact->solution().weight;
  }
  // The bound one instance at a time on the fastest backend: the relaxation of the maximised graph bounds
  // its optimum from above, so the negated bound bounds the minimum from below.
  std::vector<std::optional<double>> bound(kept.size());
  const lap::Backend boundBackend = cudaDevice().usable ? lap::Backend::Cuda : lap::Backend::Cpu;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (kept[i].vertexCount() == 0 || kept[i].vertexCount() > settings.boundUpTo) continue;
    const Stopwatch stopwatch;
    const matching::MaximisedGraph maximised(kept[i], settings.objective);
    const matching::RelaxationBound relaxation =
        matching::bipartiteRelaxationBound(maximised.maximised(), boundBackend);
    bound[i] = maximised.objectiveWeight(relaxation.upperBound);
    std::fprintf(stderr, "relaxation bound n=%d: %.6f%s in %.1f s\n", kept[i].vertexCount(), *bound[i],
                 relaxation.tight ? " (tight)" : "", static_cast<double>(stopwatch.elapsedNs()) / 1e9);
  }
  for (Row& row : runs.rows) {
    if (optimum[row.instance] >= 0) row.optimum = optimum[row.instance];
    row.bound = bound[row.instance];
  }
}

// Write: one CSV row per timed run.
void writeCsv(const std::vector<Row>& rows, const Settings& settings, const std::string& preset,
              double bandwidth, const std::string& output) {
  CsvTable table({"device",
                  "preset",
                  "distribution",
                  "objective",
                  "n",
                  "seed",
                  "config",
                  "algorithm",
                  "threads",
                  "init",
                  "max_phases",
                  "flip_retries",
                  "repeat",
                  "valid",
                  "phases",
                  "flips",
                  "initial_weight",
                  "weight",
                  "optimum",
                  "gap_percent",
                  "relaxation_bound",
                  "gap_at_most_percent",
                  "setup_ms",
                  "phase_ms",
                  "mean_phase_ms",
                  "max_phase_ms",
                  "device_phase_ms",
                  "speedup_vs_sequential",
                  "copy_bandwidth_gbs",
                  "matrix_read_ms",
                  "mean_phase_over_matrix_read"});
  addProvenanceColumns(table);
  for (const Row& r : rows) {
    CsvTable::Row& row = table.addRow();
    row.set("device", r.device).set("preset", preset);
    row.set("distribution", std::string(matching::distributionName(r.distribution)));
    row.set("objective", std::string(matching::objectiveName(settings.objective)));
    row.set("n", r.n).set("seed", r.seed).set("config", r.config).set("algorithm", r.algorithm);
    row.set("threads", r.threads).set("init", r.initial).set("max_phases", settings.maxPhases);
    row.set("flip_retries", settings.flipRetries).set("repeat", r.repeat).set("valid", r.valid);
    row.set("phases", r.phases).set("flips", r.flips).set("initial_weight", r.initialWeight);
    row.set("weight", r.weight);
    if (r.optimum) {
      row.set("optimum", *r.optimum)
          .set("gap_percent", matching::gapPercent(settings.objective, r.weight, *r.optimum));
    }
    if (r.bound) {
      row.set("relaxation_bound", *r.bound)
          .set("gap_at_most_percent", matching::gapPercent(settings.objective, r.weight, *r.bound));
    }
    row.set("setup_ms", r.setupMs).set("phase_ms", r.phaseMs).set("mean_phase_ms", r.meanPhaseMs);
    row.set("max_phase_ms", r.maxPhaseMs);
    if (r.speedup) row.set("speedup_vs_sequential", *r.speedup);
    if (r.devicePhaseMs >= 0) {
      // Reading the n x n float matrix once at the copy bandwidth (which counts bytes read and written).
      const double readMs = 4.0 * r.n * static_cast<double>(r.n) / (bandwidth * 1e9) * 1e3;
      row.set("device_phase_ms", r.devicePhaseMs).set("copy_bandwidth_gbs", bandwidth);
      row.set("matrix_read_ms", readMs).set("mean_phase_over_matrix_read", r.meanPhaseMs / readMs);
    }
  }
  table.writeFile(output);
}

// Print: one line per run, the gaps rounded.
void printSummary(const std::vector<Row>& rows, matching::Objective objective) {
  const auto percent = [&](double weight, const std::optional<double>& reference) {
    return reference
               ? formatNumber(std::round(1e5 * matching::gapPercent(objective, weight, *reference)) / 1e5)
               : std::string();
  };
  std::printf("%-12s %6s %-28s %6s %11s %9s %9s %9s\n", "distribution", "n", "config", "phases", "phase_ms",
              "speedup", "gap_%", "gap<=_%");
  for (const Row& r : rows) {
    std::printf("%-12s %6d %-28s %6d %11.2f %9s %9s %9s\n", matching::distributionName(r.distribution).data(),
                r.n, r.config.c_str(), r.phases, r.phaseMs,
                r.speedup ? formatNumber(std::round(*r.speedup * 10) / 10).c_str() : "",
                percent(r.weight, r.optimum).c_str(), percent(r.weight, r.bound).c_str());
  }
}

}  // namespace

std::shared_ptr<MatchingBenchOptions> addMatchingBenchOptions(CLI::App& bench) {
  auto options = std::make_shared<MatchingBenchOptions>();
  bench
      .add_option("--distributions", options->distributions, "roma presets: uniform, exponential, geometric")
      ->delimiter(',')
      ->check(CLI::IsMember({"uniform", "exponential", "geometric"}));
  bench
      .add_option("--objective", options->objective,
                  "roma presets: max (Hovland's experiments, the default for every distribution) or min")
      ->check(CLI::IsMember({"min", "max"}))
      ->capture_default_str();
  bench
      .add_option("--configs", options->configs,
                  "roma presets: ALGORITHM[:BACKEND[:INIT]] list, e.g. roma,parallel-roma-2:cuda:greedy")
      ->delimiter(',');
  bench
      .add_option("--max-phases", options->maxPhases,
                  "roma presets: ROMA phase limit (0 = to convergence; default 8)")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--flip-retries", options->flipRetries,
                  "roma presets: parallel ROMA searches again after a failed flip, up to R times per phase")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--cpu-up-to", options->cpuUpTo, "roma presets: largest n for configurations with CPU work")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--greedy-up-to", options->greedyUpTo,
                  "roma presets: largest n for greedy and greedy starts")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--exact-up-to", options->exactUpTo, "roma presets: largest n solved by LEMON for the gap")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--exact-geometric-up-to", options->exactGeometricUpTo,
                  "roma presets: largest geometric n solved by LEMON")
      ->check(integerAtLeast<int32_t>(0));
  bench
      .add_option("--bound-up-to", options->boundUpTo,
                  "roma presets: largest n given the bipartite relaxation's bound on the optimum")
      ->check(integerAtLeast<int32_t>(0));
  return options;
}

void runMatchingBench(const SharedBenchSettings& shared, const MatchingBenchOptions& options) {
  const Settings settings = resolve(shared, options);
  const std::vector<MatchingConfiguration> configs = planConfigurations(settings);
  const double bandwidth = prepareDevice(configs, shared.preset);
  TimedRuns runs = timeAll(settings, configs);
  attachReferences(settings, runs);
  const std::string output = shared.output.empty() ? "bench-" + shared.preset + ".csv" : shared.output;
  writeCsv(runs.rows, settings, shared.preset, bandwidth, output);
  printSummary(runs.rows, settings.objective);
  const bool allValid = std::all_of(runs.rows.begin(), runs.rows.end(), [](const Row& r) { return r.valid; });
  std::printf("every result a perfect matching: %s\nwrote %s\n", allValid ? "yes" : "NO", output.c_str());
  if (!allValid) throw SolveError("a configuration returned an invalid matching (see valid in the CSV)");
}

}  // namespace ms::cli
