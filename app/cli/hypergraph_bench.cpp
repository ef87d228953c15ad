// `bench --preset hypergraph` (Table III).
#include "app/cli/hypergraph_bench.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>

#include "app/cli/bench_support.h"
#include "solver/core/atomic_file.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/trace.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/hypergraph_solver.h"

namespace ms::cli {
namespace {

constexpr int32_t kDefaultScale = 1;  // Table III used the original matrices

struct BenchInstance {
  std::string name;
  std::shared_ptr<const hypergraph::Hypergraph> graph;
};

struct Configuration {
  hypergraph::HypergraphAlgorithm algorithm;
  lap::Backend backend;
  int threads;
  std::string label;
};

struct Run {
  double mapMs = 0, totalMs = 0, deviceMs = -1, visits = 0;
  int64_t pairs = 0;
  std::vector<int32_t> mate;
};

// One coarsening level; the map's time is the matching steps' wall time (contraction and upload excluded).
Run timeLevel(const std::shared_ptr<const hypergraph::Hypergraph>& graph, const Configuration& c) {
  hypergraph::HypergraphOptions options;
  options.algorithm = c.algorithm;
  options.backend = c.backend;
  options.threads = c.threads;
  options.maxLevels = 1;
  const auto start = std::chrono::steady_clock::now();
  auto solver = hypergraph::makeHypergraphSolver(graph, options);
  const Trace trace = runToEnd(*solver);
  Run run;
  run.totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  for (const StepRecord& r : trace.records()) {
    if (r.phase == hypergraph::kContractionPhase) continue;
    run.mapMs += static_cast<double>(r.wall_ns) / 1e6;
    if (r.device_ns >= 0) run.deviceMs = std::max(run.deviceMs, 0.0) + static_cast<double>(r.device_ns) / 1e6;
    if (!std::isnan(r.counters[hypergraph::kPinVisits])) run.visits += r.counters[hypergraph::kPinVisits];
  }
  run.mate = solver->result().mate;
  for (std::size_t v = 0; v < run.mate.size(); ++v) run.pairs += run.mate[v] > static_cast<int32_t>(v);
  return run;
}

}  // namespace

std::shared_ptr<HypergraphBenchOptions> addHypergraphBenchOptions(CLI::App& bench) {
  auto options = std::make_shared<HypergraphBenchOptions>();
  bench
      .add_option("--scale", options->scale,
                  "hypergraph: profiles at their original size divided by this (default 1 = original)")
      ->check(CLI::PositiveNumber);
  bench
      .add_option("--heavy-n", options->heavySize,
                  "hypergraph: size of the heavy-column matrix (default 700000, 0 = leave it out)")
      ->check(CLI::NonNegativeNumber);
  return options;
}

void runHypergraphBench(const SharedBenchSettings& shared, const HypergraphBenchOptions& options) {
  const int32_t scale = options.scale > 0 ? options.scale : kDefaultScale;
  const int32_t heavySize = options.heavySize >= 0 ? options.heavySize : 700'000;
  const int repeats = shared.repeats > 0 ? shared.repeats : 3;
  const std::string output = shared.output.empty() ? "bench-hypergraph.csv" : shared.output;
  const bool gpu = cudaDevice().usable;

  std::vector<Configuration> configurations = {
      {hypergraph::HypergraphAlgorithm::CoarsenGreedy, lap::Backend::Sequential, 1, "greedy/sequential"}};
  // Suitor matching on OpenMP only on request (--threads): with many equally similar neighbours it takes
  // dozens of proposal rounds, each rescanning the nodes that lost their candidate, which costs the CPU far
  // more than the one pass of greedy matching.
  for (int threads : shared.threads) {
    configurations.push_back({hypergraph::HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cpu, threads,
                              "suitor/cpu" + std::to_string(threads)});
  }
  if (gpu)
    configurations.push_back(
        {hypergraph::HypergraphAlgorithm::CoarsenSuitor, lap::Backend::Cuda, 1, "suitor/cuda"});
  else
    std::fprintf(stderr, "matchscope-cli: notice: no usable CUDA device (%s); CPU rows only\n",
                 cudaDevice().reason.c_str());

  std::ostringstream csv;
  csv << "device,preset,instance,nodes,hyperedges,pins,algorithm,backend,threads,repeat,pairs,suitor_agrees,"
         "pin_visits,map_ms,device_ms,total_ms\n";
  std::map<std::string, std::map<std::string, std::vector<double>>> mapTimes;  // instance -> label -> map_ms
  std::vector<std::string> order;
  bool suitorAgrees = true;
  // OpenMP suitor matching rescans each heavy column (14.3 M nonzeros) in every round it proposes again:
  // minutes on the heavy-column matrix, so that instance compares the sequential reference with the GPU only.
  const auto benchOne = [&](const BenchInstance& instance, bool withCpuSuitor) {
    std::fprintf(stderr, "%s: %d nodes, %lld pins\n", instance.name.c_str(), instance.graph->nodeCount(),
                 static_cast<long long>(instance.graph->pinCount()));
    order.push_back(instance.name);
    std::vector<int32_t> suitorMate;
    for (const Configuration& c : configurations) {
      if (c.backend == lap::Backend::Cpu && !withCpuSuitor) continue;
      if (c.backend == lap::Backend::Cuda) timeLevel(instance.graph, c);  // warm-up: context and first upload
      for (int repeat = 0; repeat < repeats; ++repeat) {
        const Run run = timeLevel(instance.graph, c);
        bool agrees = true;
        if (c.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor) {
          if (suitorMate.empty()) suitorMate = run.mate;
          agrees = run.mate == suitorMate;
          suitorAgrees = suitorAgrees && agrees;
        }
        const hypergraph::Hypergraph& g = *instance.graph;
        csv << quoted(deviceName(c.backend, c.threads)) << ",hypergraph," << instance.name << ','
            << g.nodeCount() << ',' << g.edgeCount() << ',' << g.pinCount() << ','
            << hypergraph::hypergraphAlgorithmName(c.algorithm) << ',' << lap::backendName(c.backend) << ','
            << c.threads << ',' << repeat << ',' << run.pairs << ',' << (agrees ? "true" : "false") << ','
            << formatNumber(run.visits) << ',' << formatNumber(run.mapMs) << ','
            << (run.deviceMs >= 0 ? formatNumber(run.deviceMs) : "") << ',' << formatNumber(run.totalMs)
            << '\n';
        mapTimes[instance.name][c.label].push_back(run.mapMs);
        std::fprintf(stderr, "  %-18s map %.1f ms (total %.1f ms, %lld pairs)\n", c.label.c_str(), run.mapMs,
                     run.totalMs, static_cast<long long>(run.pairs));
        // The sequential reference is slow on the heavy instances and varies little: time it once.
        if (c.backend == lap::Backend::Sequential && run.mapMs > 5'000) break;
      }
    }
  };
  for (hypergraph::Profile profile : hypergraph::kProfiles) {
    const hypergraph::ProfileStats& s = hypergraph::profileStats(profile);
    const int32_t size = std::max(s.originalSize / scale, 4 * s.max);
    benchOne({std::string(s.name) + "/" + std::to_string(scale),
              std::make_shared<const hypergraph::Hypergraph>(hypergraph::generateProfile(profile, size, 1))},
             true);
  }
  if (heavySize > 0) {
    const int64_t n = heavySize;
    benchOne(
        {"heavy-columns", std::make_shared<const hypergraph::Hypergraph>(hypergraph::generateHeavyColumns(
                              {heavySize, static_cast<int32_t>(std::max<int64_t>(1, n / 700)),
                               static_cast<int32_t>(std::max<int64_t>(1, n / 7)), 1}))},
        false);
  }
  writeFileAtomically(output, [&](std::ostream& out) { out << csv.str(); });
  std::printf("median coarsening-map time (ms) and speedup over sequential greedy (Table III):\n");
  for (const std::string& name : order) {
    const auto& times = mapTimes[name];
    const double reference = median(times.at("greedy/sequential"));
    std::printf("  %s\n", name.c_str());
    for (const auto& [label, values] : times) {
      std::printf("    %-18s %12.1f  x%.2f\n", label.c_str(), median(values), reference / median(values));
    }
  }
  std::printf("suitor matchings agree across backends: %s\n", suitorAgrees ? "yes" : "NO");
  std::printf("wrote %s\n", output.c_str());
  if (!suitorAgrees)
    throw SolveError("suitor backends disagree on the matching (see suitor_agrees in the CSV)");
}

}  // namespace ms::cli
