#include "app/cli/approximation_bench.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "app/cli/bench_support.h"
#include "solver/core/atomic_file.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/core/trace.h"
#include "solver/lap/generators.h"

namespace ms::cli {
namespace {

struct Timed {
  double objective = 0;
  double gapBound = 0;
  double ms = 0;
  std::size_t steps = 0;
  int32_t iterations = 0;
};

// Time from the matrix in host memory to the assignment on the host, as `bench` times the Hungarian solvers.
template <lap::CostType T>
Timed timeSolve(const lap::CostMatrix<T>& costs, const lap::LapOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  auto solver = lap::makeLapSolver(costs, options);
  const Trace trace = runToEnd(*solver);
  const lap::LapSolution<T> solution = solver->solution();
  Timed out;
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.objective = static_cast<double>(solution.objective);
  out.gapBound = solution.gapBound;
  out.steps = trace.records().size();
  out.iterations = solution.iterations;
  return out;
}

double harmonic(int32_t n, int order) {
  double sum = 0;
  for (int32_t k = n; k >= 1; --k) sum += 1.0 / std::pow(static_cast<double>(k), order);
  return sum;
}

// The article's expected costs over the expected optimum H_n^(2) on standard exponential costs.
double theoryFactor(const std::string& algorithm, int32_t n) {
  const double optimum = harmonic(n, 2);
  if (algorithm == "random") return n / optimum;
  if (algorithm == "greedy" || algorithm == "greedy-naive") return harmonic(n, 1) / optimum;
  return 1.0;  // exact, or the auction within its tiny bound
}

// Least-squares slope of log(time) against log(n) over n >= 100 (below, fixed costs dominate).
double fittedExponent(const std::vector<std::pair<double, double>>& sizeAndTime) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& [n, t] : sizeAndTime) {
    const double x = std::log(n), y = std::log(t);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const double count = static_cast<double>(sizeAndTime.size());
  return (count * sxy - sx * sy) / (count * sxx - sx * sx);
}

void createParent(const std::filesystem::path& file) {
  if (!file.parent_path().empty()) std::filesystem::create_directories(file.parent_path());
}

std::filesystem::path besideOutput(const std::filesystem::path& summary, const std::string& suffix) {
  return summary.parent_path() / (summary.stem().string() + suffix);
}

// matchscope-plot, built beside matchscope-cli in the same build tree (app/plot next to app/cli), if there.
std::filesystem::path plotTool() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  for (const std::filesystem::path& candidate :
       {self.parent_path() / "matchscope-plot",
        self.parent_path().parent_path() / "plot" / "matchscope-plot"}) {
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

void plotApproximation(const std::filesystem::path& summary) {
  const std::filesystem::path directory = summary.parent_path().empty() ? "." : summary.parent_path();
  const std::string arguments = "approximation '" + summary.string() + "' '" + directory.string() + "'";
  const std::filesystem::path tool = plotTool();
  if (tool.empty()) {
    std::printf(
        "plots: matchscope-plot is not built beside matchscope-cli (a build without Qt); run\n"
        "  matchscope-plot %s\n",
        arguments.c_str());
    return;
  }
  const std::string command = "QT_QPA_PLATFORM=offscreen '" + tool.string() + "' " + arguments;
  if (std::system(command.c_str()) != 0) throw SolveError("matchscope-plot failed: " + command);
}

struct Approximation {
  std::string name;
  lap::LapOptions options;
};

void runApproximationExperiment(const ApproximationBenchSettings& settings) {
  const std::vector<int32_t> sizes =
      settings.sizes.empty() ? std::vector<int32_t>{10, 20, 50, 100, 200, 500, 1000, 2000} : settings.sizes;
  const int instances = settings.instances > 0 ? settings.instances : 120;
  const std::filesystem::path summaryPath =
      settings.output.empty() ? "bench-approximation.csv" : settings.output;
  createParent(summaryPath);
  // Every solver on one thread: the running times are the algorithms', not the machine's parallelism.
  std::vector<Approximation> algorithms = {
      {"hungarian", lap::LapOptions{lap::LapAlgorithm::Tree, lap::Backend::Sequential, 1}},
      {"random", lap::LapOptions{lap::LapAlgorithm::Random, lap::Backend::Sequential, 1}},
      {"greedy-naive", lap::LapOptions{lap::LapAlgorithm::GreedyNaive, lap::Backend::Sequential, 1}},
      {"greedy", lap::LapOptions{lap::LapAlgorithm::Greedy, lap::Backend::Sequential, 1}},
      {"auction", lap::LapOptions{lap::LapAlgorithm::Auction, lap::Backend::Sequential, 1}},
  };
  const std::string device = deviceName(lap::Backend::Sequential, 1);
  std::ostringstream runs;
  runs << "device,n,seed,algorithm,objective,optimum,bound,time_ms\n";
  struct Totals {
    double objective = 0, objectiveSquared = 0, optimum = 0;
    std::vector<double> ms;
  };
  std::map<std::pair<int32_t, std::string>, Totals> totals;
  for (int32_t n : sizes) {
    for (int k = 0; k < instances; ++k) {
      const auto seed = static_cast<uint64_t>(k + 1);
      const lap::AnyCostMatrix any = lap::generate({lap::Generator::Exponential, n, lap::CostRange::N, seed});
      const auto& costs = std::get<lap::CostMatrix<double>>(any);
      double optimum = 0;
      for (Approximation& algorithm : algorithms) {
        algorithm.options.seed = seed;
        const Timed run = timeSolve(costs, algorithm.options);
        if (algorithm.name == "hungarian") optimum = run.objective;
        Totals& sum = totals[{n, algorithm.name}];
        sum.objective += run.objective;
        sum.objectiveSquared += run.objective * run.objective;
        sum.optimum += optimum;
        sum.ms.push_back(run.ms);
        runs << quoted(device) << ',' << n << ',' << seed << ',' << algorithm.name << ','
             << formatNumber(run.objective) << ',' << formatNumber(optimum) << ','
             << formatNumber(run.gapBound) << ',' << formatNumber(run.ms) << '\n';
      }
    }
    std::fprintf(stderr, "n = %d: %d matrices done\n", n, instances);
  }
  writeFileAtomically(besideOutput(summaryPath, "-runs.csv"), [&](std::ostream& out) { out << runs.str(); });

  std::ostringstream summary;
  // standard_error: the sampling error of the factor from the spread of the algorithm's costs over the
  // instances (the mean optimum varies far less), relative to the factor.
  summary << "device,n,instances,algorithm,mean_objective,mean_optimum,factor,theory_factor,relative_error,"
             "standard_error,median_time_ms\n";
  std::printf("%-13s %6s %10s %10s %9s %9s %12s\n", "algorithm", "n", "factor", "theory", "error", "std err",
              "median ms");
  std::map<std::string, std::vector<std::pair<double, double>>> timesForFit;
  for (const Approximation& algorithm : algorithms) {
    for (int32_t n : sizes) {
      const Totals& sum = totals[{n, algorithm.name}];
      const double factor = sum.objective / sum.optimum;
      const double theory = theoryFactor(algorithm.name, n);
      // The median, not the mean: on a shared machine a few runs are slowed by other work (the article, too,
      // rejects such outliers).
      const double medianMs = median(sum.ms);
      const double mean = sum.objective / instances;
      const double variance = std::max(0.0, sum.objectiveSquared / instances - mean * mean) * instances /
                              std::max(1, instances - 1);
      const double standardError = mean > 0 ? std::sqrt(variance / instances) / mean : 0.0;
      summary << quoted(device) << ',' << n << ',' << instances << ',' << algorithm.name << ','
              << formatNumber(sum.objective / instances) << ',' << formatNumber(sum.optimum / instances)
              << ',' << formatNumber(factor) << ',' << formatNumber(theory) << ','
              << formatNumber(factor / theory - 1) << ',' << formatNumber(standardError) << ','
              << formatNumber(medianMs) << '\n';
      std::printf("%-13s %6d %10.4f %10.4f %+8.2f%% %8.2f%% %12.3f\n", algorithm.name.c_str(), n, factor,
                  theory, 100 * (factor / theory - 1), 100 * standardError, medianMs);
      if (n >= 100) timesForFit[algorithm.name].emplace_back(n, medianMs);
    }
  }
  std::ostringstream fits;
  fits << "algorithm,fitted_exponent,from_n,to_n\n";
  for (const Approximation& algorithm : algorithms) {
    const auto& points = timesForFit[algorithm.name];
    if (points.size() < 2) continue;
    const double exponent = fittedExponent(points);
    fits << algorithm.name << ',' << formatNumber(exponent) << ',' << points.front().first << ','
         << points.back().first << '\n';
    std::printf("time exponent %-13s %.3f (n = %g..%g)\n", algorithm.name.c_str(), exponent,
                points.front().first, points.back().first);
  }
  const int32_t largest = sizes.back();
  std::printf("greedy-naive / greedy median time at n = %d: %.1fx\n", largest,
              median(totals[{largest, "greedy-naive"}].ms) / median(totals[{largest, "greedy"}].ms));
  writeFileAtomically(summaryPath, [&](std::ostream& out) { out << summary.str(); });
  writeFileAtomically(besideOutput(summaryPath, "-fit.csv"), [&](std::ostream& out) { out << fits.str(); });
  std::printf("wrote %s, %s and %s\n", summaryPath.c_str(), besideOutput(summaryPath, "-runs.csv").c_str(),
              besideOutput(summaryPath, "-fit.csv").c_str());
  plotApproximation(summaryPath);
}

// The CUDA auction against the Hungarian CUDA solvers on the same instances. The optimum is the tree
// variant's (the first configuration). `iterations`: the Hungarian iterations, or the auction's scaling
// phases.
void runAuctionGpu(const ApproximationBenchSettings& settings) {
  if (!cudaDevice().usable)
    throw SolveError("auction-gpu needs a usable CUDA device: " + cudaDevice().reason);
  struct Case {
    lap::Generator generator;
    lap::CostRange range;
    int32_t n;
  };
  std::vector<Case> cases = {{lap::Generator::Real, lap::CostRange::N, 10000},
                             {lap::Generator::Uniform, lap::CostRange::N, 10000},
                             {lap::Generator::Uniform, lap::CostRange::TenN, 10000},
                             {lap::Generator::Uniform, lap::CostRange::N, 20000},
                             {lap::Generator::Uniform, lap::CostRange::TenN, 20000}};
  if (!settings.sizes.empty()) {
    for (Case& c : cases) c.n = settings.sizes.front();
  }
  const int repeats = settings.repeats > 0 ? settings.repeats : 3;
  const std::filesystem::path output = settings.output.empty() ? "bench-auction-gpu.csv" : settings.output;
  createParent(output);
  const std::vector<std::pair<std::string, lap::LapOptions>> configurations = {
      // The Hungarian solvers run as `solve` and `bench` do by default: whole searches on the device.
      {"tree", lap::LapOptions{lap::LapAlgorithm::Tree, lap::Backend::Cuda, 1, lap::Granularity::Search}},
      {"classical",
       lap::LapOptions{lap::LapAlgorithm::Classical, lap::Backend::Cuda, 1, lap::Granularity::Search}},
      {"auction", lap::LapOptions{lap::LapAlgorithm::Auction, lap::Backend::Cuda, 1}},
  };
  std::ostringstream csv;
  csv << "device,generator,n,range,seed,algorithm,backend,repeat,objective,optimum,relative_gap,bound,"
         "iterations,steps,time_ms\n";
  for (const Case& c : cases) {
    const lap::GeneratorSpec spec{c.generator, c.n, c.range, 1};
    const lap::AnyCostMatrix any = lap::generate(spec);
    const std::string label =
        std::string(lap::generatorName(c.generator)) + " n=" + std::to_string(c.n) +
        (c.generator == lap::Generator::Uniform ? " range=" + std::string(lap::costRangeName(c.range)) : "");
    double optimum = 0;
    for (const auto& [name, options] : configurations) {
      std::vector<double> times;
      for (int repeat = -1; repeat < repeats; ++repeat) {  // repeat -1: the untimed warm-up
        const Timed run = std::visit([&](const auto& costs) { return timeSolve(costs, options); }, any);
        if (name == "tree" && repeat == -1) optimum = run.objective;
        if (repeat < 0) continue;
        times.push_back(run.ms);
        const double gap = (run.objective - optimum) / std::abs(optimum);
        csv << quoted(cudaDevice().name) << ',' << lap::generatorName(c.generator) << ',' << c.n << ','
            << (c.generator == lap::Generator::Uniform ? lap::costRangeName(c.range) : "") << ",1," << name
            << ",cuda," << repeat << ',' << formatNumber(run.objective) << ',' << formatNumber(optimum) << ','
            << formatNumber(gap) << ',' << formatNumber(run.gapBound) << ',' << run.iterations << ','
            << run.steps << ',' << formatNumber(run.ms) << '\n';
        std::fprintf(stderr, "%s %s: %.1f ms, relative gap %.3g\n", label.c_str(), name.c_str(), run.ms, gap);
      }
      std::printf("%-34s %-10s median %10.1f ms\n", label.c_str(), name.c_str(), median(times));
    }
    writeFileAtomically(output, [&](std::ostream& out) { out << csv.str(); });  // keep what is done so far
  }
  std::printf("wrote %s\n", output.c_str());
}

}  // namespace

void runApproximationBench(const ApproximationBenchSettings& settings) {
  if (settings.preset == "auction-gpu") {
    runAuctionGpu(settings);
  } else {
    runApproximationExperiment(settings);
  }
}

}  // namespace ms::cli
