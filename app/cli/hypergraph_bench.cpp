// `bench --preset hypergraph` (Table III).
#include "app/cli/hypergraph_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

#include "app/cli/bench_support.h"
#include "app/cli/option_checks.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/provenance.h"
#include "solver/core/stopwatch.h"
#include "solver/core/trace.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/hypergraph_solver.h"

namespace ms::cli {
namespace {

constexpr int32_t kDefaultScale = 1;  // Table III used the original matrices

// An instance as planned: generated only when its turn comes, so that one lives in memory at a time.
struct InstancePlan {
  std::string name;
  std::function<hypergraph::Hypergraph()> generate;
  bool withCpuSuitor = true;
};

struct CoarseningConfiguration {
  hypergraph::HypergraphAlgorithm algorithm;
  lap::Backend backend;
  int threads;
  std::string label;
};

struct LevelRun {
  // mapMs + contractMs is the level end to end without the upload; totalMs adds it, the solver's set-up and,
  // after a device contraction, the wait for its host copy, filled on a background thread (hostFillMs).
  double mapMs = 0, contractMs = 0, downloadMs = -1, hostFillMs = -1, totalMs = 0, deviceMs = -1, visits = 0;
  int64_t pairs = 0;
  std::vector<int32_t> mate;
};

// One coarsening level; the map's time is the matching steps' wall time (contraction and upload excluded),
// the contraction's the contraction step's (on a device: its download to the host included, and reported
// apart).
LevelRun timeLevel(const std::shared_ptr<const hypergraph::Hypergraph>& graph,
                   const CoarseningConfiguration& c) {
  hypergraph::HypergraphOptions options;
  options.algorithm = c.algorithm;
  options.backend = c.backend;
  options.threads = c.threads;
  options.maxLevels = 1;
  const Stopwatch stopwatch;
  auto solver = hypergraph::makeHypergraphSolver(graph, options);
  const Trace trace = runToEnd(*solver);
  LevelRun run;
  run.totalMs = static_cast<double>(stopwatch.elapsedNs()) / 1e6;
  for (const StepRecord& r : trace.records()) {
    if (r.phase == hypergraph::kContractionPhase) {
      run.contractMs += static_cast<double>(r.wall_ns) / 1e6;
      continue;
    }
    run.mapMs += static_cast<double>(r.wall_ns) / 1e6;
    if (r.device_ns >= 0) run.deviceMs = std::max(run.deviceMs, 0.0) + static_cast<double>(r.device_ns) / 1e6;
    if (!std::isnan(r.counters[hypergraph::kPinVisits])) run.visits += r.counters[hypergraph::kPinVisits];
  }
  const hypergraph::HypergraphResult result = solver->result();
  run.mate = result.mate;
  if (!result.downloadNs.empty()) run.downloadMs = static_cast<double>(result.downloadNs.front()) / 1e6;
  if (!result.hostFillNs.empty()) run.hostFillMs = static_cast<double>(result.hostFillNs.front()) / 1e6;
  for (std::size_t v = 0; v < run.mate.size(); ++v) run.pairs += run.mate[v] > static_cast<int32_t>(v);
  return run;
}

// Plan: sequential greedy (the paper's reference), the OpenMP matchings only on request (--threads: greedy
// with compare-and-swap claims, and suitor, which with many equally similar neighbours takes dozens of
// proposal rounds, each rescanning the nodes that lost their candidate), and suitor on CUDA.
std::vector<CoarseningConfiguration> planConfigurations(const std::vector<int>& threads) {
  std::vector<CoarseningConfiguration> configurations = {
      {hypergraph::HypergraphAlgorithm::CoarsenGreedy, lap::Backend::Sequential, 1, "greedy/sequential"}};
  for (int t : threads) {
    configurations.push_back({hypergraph::HypergraphAlgorithm::CoarsenGreedy, lap::Backend::Cpu, t,
                              "greedy/cpu" + std::to_string(t)});
    configurations.push_back({hypergraph::HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cpu, t,
                              "suitor/cpu" + std::to_string(t)});
  }
  if (cudaDevice().usable) {
    configurations.push_back(
        {hypergraph::HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cuda, 1, "suitor/cuda"});
  } else {
    std::fprintf(stderr, "matchscope-cli: notice: no usable CUDA device (%s); CPU rows only\n",
                 cudaDevice().reason.c_str());
  }
  return configurations;
}

// Plan: the Table II profiles at 1/scale of their size, then the heavy-column matrix. OpenMP suitor matching
// rescans each heavy column (14.3 M nonzeros) in every round it proposes again: minutes on the heavy-column
// matrix, so that instance compares the sequential reference with the GPU only.
std::vector<InstancePlan> planInstances(int32_t scale, int32_t heavySize) {
  std::vector<InstancePlan> instances;
  for (hypergraph::Profile profile : hypergraph::kProfiles) {
    const hypergraph::ProfileStats& s = hypergraph::profileStats(profile);
    const int32_t size = std::max(s.originalSize / scale, 4 * s.max);
    instances.push_back({std::string(s.name) + "/" + std::to_string(scale),
                         [profile, size] { return hypergraph::generateProfile(profile, size, 1); }, true});
  }
  if (heavySize > 0) {
    const int64_t n = heavySize;
    const hypergraph::HeavyColumnSpec spec{heavySize, static_cast<int32_t>(std::max<int64_t>(1, n / 700)),
                                           static_cast<int32_t>(std::max<int64_t>(1, n / 7)), 1};
    instances.push_back({"heavy-columns", [spec] { return hypergraph::generateHeavyColumns(spec); }, false});
  }
  return instances;
}

// One timed coarsening level as the CSV and the summary report it.
struct TimedLevel {
  std::string instance;
  int32_t nodes = 0, hyperedges = 0;
  int64_t pins = 0;
  const CoarseningConfiguration* configuration = nullptr;
  int repeat = 0;
  bool agrees = true;  // suitor: the same matching as the instance's first suitor run
  LevelRun run;
};

// Time: every configuration on one instance.
void timeInstance(const InstancePlan& instance, const std::vector<CoarseningConfiguration>& configurations,
                  int repeats, std::vector<TimedLevel>& runs) {
  const auto graph = std::make_shared<const hypergraph::Hypergraph>(instance.generate());
  std::fprintf(stderr, "%s: %d nodes, %lld pins\n", instance.name.c_str(), graph->nodeCount(),
               static_cast<long long>(graph->pinCount()));
  std::vector<int32_t> suitorMate;
  for (const CoarseningConfiguration& c : configurations) {
    if (c.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor && c.backend == lap::Backend::Cpu &&
        !instance.withCpuSuitor)
      continue;
    if (c.backend == lap::Backend::Cuda) timeLevel(graph, c);  // warm-up: context and first upload
    for (int repeat = 0; repeat < repeats; ++repeat) {
      TimedLevel timed{instance.name, graph->nodeCount(), graph->edgeCount(), graph->pinCount(), &c, repeat,
                       true,          timeLevel(graph, c)};
      if (c.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor) {
        if (suitorMate.empty()) suitorMate = timed.run.mate;
        timed.agrees = timed.run.mate == suitorMate;
      }
      std::fprintf(stderr, "  %-18s map %.1f ms, contraction %.1f ms (total %.1f ms, %lld pairs)\n",
                   c.label.c_str(), timed.run.mapMs, timed.run.contractMs, timed.run.totalMs,
                   static_cast<long long>(timed.run.pairs));
      const bool slowReference = c.backend == lap::Backend::Sequential && timed.run.mapMs > 5'000;
      runs.push_back(std::move(timed));
      // The sequential reference is slow on the heavy instances and varies little: time it once.
      if (slowReference) break;
    }
  }
}

// Write: one CSV row per timed level.
void writeCsv(const std::vector<TimedLevel>& runs, const std::string& output) {
  CsvTable table({"device", "preset", "instance", "nodes", "hyperedges", "pins", "algorithm", "backend",
                  "threads", "repeat", "pairs", "suitor_agrees", "pin_visits", "map_ms", "contract_ms",
                  "download_ms", "host_fill_ms", "device_ms", "total_ms"});
  addProvenanceColumns(table);
  for (const TimedLevel& timed : runs) {
    const CoarseningConfiguration& c = *timed.configuration;
    CsvTable::Row& row = table.addRow();
    row.set("device", deviceName(c.backend, c.threads)).set("preset", "hypergraph");
    row.set("instance", timed.instance).set("nodes", timed.nodes).set("hyperedges", timed.hyperedges);
    row.set("pins", timed.pins)
        .set("algorithm", std::string(hypergraph::hypergraphAlgorithmName(c.algorithm)));
    row.set("backend", std::string(lap::backendName(c.backend))).set("threads", c.threads);
    row.set("repeat", timed.repeat).set("pairs", timed.run.pairs).set("suitor_agrees", timed.agrees);
    row.set("pin_visits", timed.run.visits)
        .set("map_ms", timed.run.mapMs)
        .set("contract_ms", timed.run.contractMs);
    row.set("total_ms", timed.run.totalMs);
    if (timed.run.downloadMs >= 0) row.set("download_ms", timed.run.downloadMs);
    if (timed.run.hostFillMs >= 0) row.set("host_fill_ms", timed.run.hostFillMs);
    if (timed.run.deviceMs >= 0) row.set("device_ms", timed.run.deviceMs);
  }
  table.writeFile(output);
}

// Print: the median map time and level time (map + contraction) per instance and configuration, with the
// speedups over sequential greedy.
void printSummary(const std::vector<TimedLevel>& runs) {
  struct Times {
    std::vector<double> map, level;
  };
  std::map<std::string, std::map<std::string, Times>> times;  // instance -> label -> times
  std::vector<std::string> order;
  for (const TimedLevel& timed : runs) {
    const std::string& name = timed.instance;
    if (order.empty() || order.back() != name) order.push_back(name);
    Times& t = times[name][timed.configuration->label];
    t.map.push_back(timed.run.mapMs);
    t.level.push_back(timed.run.mapMs + timed.run.contractMs);
  }
  std::printf(
      "median coarsening-map time and level time (map + contraction, ms) with the speedups over\n"
      "sequential greedy (Table III):\n");
  for (const std::string& name : order) {
    const Times& reference = times[name].at("greedy/sequential");
    const double referenceMap = median(reference.map), referenceLevel = median(reference.level);
    std::printf("  %s\n", name.c_str());
    for (const auto& [label, t] : times[name]) {
      std::printf("    %-18s map %10.1f  x%-7.2f level %10.1f  x%.2f\n", label.c_str(), median(t.map),
                  referenceMap / median(t.map), median(t.level), referenceLevel / median(t.level));
    }
  }
}

}  // namespace

std::shared_ptr<HypergraphBenchOptions> addHypergraphBenchOptions(CLI::App& bench) {
  auto options = std::make_shared<HypergraphBenchOptions>();
  bench
      .add_option("--scale", options->scale,
                  "hypergraph: profiles at their original size divided by this (default 1 = original)")
      ->check(integerAtLeast<int32_t>(1));
  bench
      .add_option("--heavy-n", options->heavySize,
                  "hypergraph: size of the heavy-column matrix (default 700000, 0 = leave it out)")
      ->check(integerAtLeast<int32_t>(0));
  return options;
}

void runHypergraphBench(const SharedBenchSettings& shared, const HypergraphBenchOptions& options) {
  const int32_t scale = options.scale > 0 ? options.scale : kDefaultScale;
  const int32_t heavySize = options.heavySize >= 0 ? options.heavySize : 700'000;
  const int repeats = shared.repeats > 0 ? shared.repeats : 3;
  const std::string output = shared.output.empty() ? "bench-hypergraph.csv" : shared.output;
  const std::vector<CoarseningConfiguration> configurations = planConfigurations(shared.threads);
  std::vector<TimedLevel> runs;
  for (const InstancePlan& instance : planInstances(scale, heavySize)) {
    timeInstance(instance, configurations, repeats, runs);
  }
  writeCsv(runs, output);
  const bool suitorAgrees =
      std::all_of(runs.begin(), runs.end(), [](const TimedLevel& t) { return t.agrees; });
  printSummary(runs);
  std::printf("suitor matchings agree across backends: %s\n", suitorAgrees ? "yes" : "NO");
  std::printf("wrote %s\n", output.c_str());
  if (!suitorAgrees)
    throw SolveError("suitor backends disagree on the matching (see suitor_agrees in the CSV)");
}

}  // namespace ms::cli
