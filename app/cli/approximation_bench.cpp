#include "app/cli/approximation_bench.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "app/cli/bench_support.h"
#include "solver/core/csv_table.h"
#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/provenance.h"
#include "solver/core/stopwatch.h"
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
  const Stopwatch stopwatch;
  auto solver = lap::makeLapSolver(costs, options);
  const Trace trace = runToEnd(*solver);
  const lap::LapSolution<T> solution = solver->solution();
  Timed out;
  out.ms = static_cast<double>(stopwatch.elapsedNs()) / 1e6;
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

// One solve of the experiment.
struct ApproximationRun {
  int32_t n = 0;
  uint64_t seed = 0;
  std::string algorithm;
  double optimum = 0;  // the Hungarian's objective on the same matrix
  Timed timed;
};

// One (algorithm, n) of the summary.
struct FactorRow {
  std::string algorithm;
  int32_t n = 0;
  double meanObjective = 0, meanOptimum = 0, factor = 0, theory = 0, standardError = 0, medianMs = 0;
};

struct ExponentFit {
  std::string algorithm;
  double exponent = 0;
  double fromN = 0, toN = 0;
};

// Plan: every solver on one thread, so that the running times are the algorithms', not the machine's
// parallelism; the Hungarian first, as it gives the optimum.
std::vector<Approximation> planAlgorithms() {
  return {
      {"hungarian", lap::LapOptions{lap::LapAlgorithm::Tree, lap::Backend::Sequential, 1}},
      {"random", lap::LapOptions{lap::LapAlgorithm::Random, lap::Backend::Sequential, 1}},
      {"greedy-naive", lap::LapOptions{lap::LapAlgorithm::GreedyNaive, lap::Backend::Sequential, 1}},
      {"greedy", lap::LapOptions{lap::LapAlgorithm::Greedy, lap::Backend::Sequential, 1}},
      {"auction", lap::LapOptions{lap::LapAlgorithm::Auction, lap::Backend::Sequential, 1}},
  };
}

// Time: every algorithm on `instances` exponential matrices per size.
std::vector<ApproximationRun> timeAll(const std::vector<int32_t>& sizes, int instances,
                                      std::vector<Approximation> algorithms) {
  std::vector<ApproximationRun> runs;
  for (int32_t n : sizes) {
    for (int k = 0; k < instances; ++k) {
      const auto seed = static_cast<uint64_t>(k + 1);
      const lap::AnyCostMatrix any = lap::generate({lap::Generator::Exponential, n, lap::CostRange::N, seed});
      const auto& costs = std::get<lap::CostMatrix<double>>(any);
      double optimum = 0;
      for (Approximation& algorithm : algorithms) {
        algorithm.options.seed = seed;
        const Timed timed = timeSolve(costs, algorithm.options);
        if (algorithm.name == "hungarian") optimum = timed.objective;
        runs.push_back({n, seed, algorithm.name, optimum, timed});
      }
    }
    std::fprintf(stderr, "n = %d: %d matrices done\n", n, instances);
  }
  return runs;
}

// Reference: the approximation factor per algorithm and size against the article's theory, and its
// standard error (the sampling error of the factor from the spread of the algorithm's costs over the
// instances; the mean optimum varies far less), relative to the factor. The median time, not the mean: on a
// shared machine a few runs are slowed by other work (the article, too, rejects such outliers).
std::vector<FactorRow> summarise(const std::vector<ApproximationRun>& runs,
                                 const std::vector<Approximation>& algorithms,
                                 const std::vector<int32_t>& sizes, int instances) {
  std::vector<FactorRow> rows;
  for (const Approximation& algorithm : algorithms) {
    for (int32_t n : sizes) {
      double objective = 0, objectiveSquared = 0, optimum = 0;
      std::vector<double> ms;
      for (const ApproximationRun& run : runs) {
        if (run.n != n || run.algorithm != algorithm.name) continue;
        objective += run.timed.objective;
        objectiveSquared += run.timed.objective * run.timed.objective;
        optimum += run.optimum;
        ms.push_back(run.timed.ms);
      }
      FactorRow row{algorithm.name, n};
      row.meanObjective = objective / instances;
      row.meanOptimum = optimum / instances;
      row.factor = objective / optimum;
      row.theory = theoryFactor(algorithm.name, n);
      const double mean = row.meanObjective;
      const double variance =
          std::max(0.0, objectiveSquared / instances - mean * mean) * instances / std::max(1, instances - 1);
      row.standardError = mean > 0 ? std::sqrt(variance / instances) / mean : 0.0;
      row.medianMs = median(ms);
      rows.push_back(row);
    }
  }
  return rows;
}

// Reference: each algorithm's time exponent over n >= 100.
std::vector<ExponentFit> fitExponents(const std::vector<FactorRow>& summary,
                                      const std::vector<Approximation>& algorithms) {
  std::vector<ExponentFit> fits;
  for (const Approximation& algorithm : algorithms) {
    std::vector<std::pair<double, double>> points;
    for (const FactorRow& row : summary) {
      if (row.algorithm == algorithm.name && row.n >= 100) points.emplace_back(row.n, row.medianMs);
    }
    if (points.size() < 2) continue;
    fits.push_back({algorithm.name, fittedExponent(points), points.front().first, points.back().first});
  }
  return fits;
}

// Write: the runs, the summary (read by matchscope-plot) and the fits.
void writeApproximationCsvs(const std::vector<ApproximationRun>& runs, const std::vector<FactorRow>& summary,
                            const std::vector<ExponentFit>& fits, int instances,
                            const std::filesystem::path& summaryPath) {
  const std::string device = deviceName(lap::Backend::Sequential, 1);
  CsvTable runTable({"device", "n", "seed", "algorithm", "objective", "optimum", "bound", "time_ms"});
  addProvenanceColumns(runTable);
  for (const ApproximationRun& run : runs) {
    runTable.addRow()
        .set("device", device)
        .set("n", run.n)
        .set("seed", run.seed)
        .set("algorithm", run.algorithm)
        .set("objective", run.timed.objective)
        .set("optimum", run.optimum)
        .set("bound", run.timed.gapBound)
        .set("time_ms", run.timed.ms);
  }
  runTable.writeFile(besideOutput(summaryPath, "-runs.csv"));
  CsvTable summaryTable({"device", "n", "instances", "algorithm", "mean_objective", "mean_optimum", "factor",
                         "theory_factor", "relative_error", "standard_error", "median_time_ms"});
  addProvenanceColumns(summaryTable);
  for (const FactorRow& row : summary) {
    summaryTable.addRow()
        .set("device", device)
        .set("n", row.n)
        .set("instances", instances)
        .set("algorithm", row.algorithm)
        .set("mean_objective", row.meanObjective)
        .set("mean_optimum", row.meanOptimum)
        .set("factor", row.factor)
        .set("theory_factor", row.theory)
        .set("relative_error", row.factor / row.theory - 1)
        .set("standard_error", row.standardError)
        .set("median_time_ms", row.medianMs);
  }
  summaryTable.writeFile(summaryPath);
  CsvTable fitTable({"algorithm", "fitted_exponent", "from_n", "to_n"});
  addProvenanceColumns(fitTable);
  for (const ExponentFit& fit : fits) {
    fitTable.addRow()
        .set("algorithm", fit.algorithm)
        .set("fitted_exponent", fit.exponent)
        .set("from_n", fit.fromN)
        .set("to_n", fit.toN);
  }
  fitTable.writeFile(besideOutput(summaryPath, "-fit.csv"));
}

// Print: the factors against theory, the fitted exponents, and what the sorted greedy gains at the largest n.
void printApproximationSummary(const std::vector<FactorRow>& summary, const std::vector<ExponentFit>& fits) {
  std::printf("%-13s %6s %10s %10s %9s %9s %12s\n", "algorithm", "n", "factor", "theory", "error", "std err",
              "median ms");
  for (const FactorRow& row : summary) {
    std::printf("%-13s %6d %10.4f %10.4f %+8.2f%% %8.2f%% %12.3f\n", row.algorithm.c_str(), row.n, row.factor,
                row.theory, 100 * (row.factor / row.theory - 1), 100 * row.standardError, row.medianMs);
  }
  for (const ExponentFit& fit : fits) {
    std::printf("time exponent %-13s %.3f (n = %g..%g)\n", fit.algorithm.c_str(), fit.exponent, fit.fromN,
                fit.toN);
  }
  const int32_t largest = summary.back().n;
  const auto medianAt = [&](const std::string& algorithm) {
    for (const FactorRow& row : summary) {
      if (row.algorithm == algorithm && row.n == largest) return row.medianMs;
    }
    return std::nan("");
  };
  std::printf("greedy-naive / greedy median time at n = %d: %.1fx\n", largest,
              medianAt("greedy-naive") / medianAt("greedy"));
}

void runApproximationExperiment(const ApproximationBenchSettings& settings) {
  const std::vector<int32_t> sizes =
      settings.sizes.empty() ? std::vector<int32_t>{10, 20, 50, 100, 200, 500, 1000, 2000} : settings.sizes;
  const int instances = settings.instances > 0 ? settings.instances : 120;
  const std::filesystem::path summaryPath =
      settings.output.empty() ? "bench-approximation.csv" : settings.output;
  createParent(summaryPath);
  const std::vector<Approximation> algorithms = planAlgorithms();
  const std::vector<ApproximationRun> runs = timeAll(sizes, instances, algorithms);
  const std::vector<FactorRow> summary = summarise(runs, algorithms, sizes, instances);
  const std::vector<ExponentFit> fits = fitExponents(summary, algorithms);
  writeApproximationCsvs(runs, summary, fits, instances, summaryPath);
  printApproximationSummary(summary, fits);
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
  CsvTable table({"device", "generator", "n", "range", "seed", "algorithm", "backend", "repeat", "objective",
                  "optimum", "relative_gap", "bound", "iterations", "steps", "time_ms"});
  addProvenanceColumns(table);
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
        // (Clang 14 cannot capture a structured binding: the lambda takes the options by name.)
        const lap::LapOptions& solveOptions = options;
        const Timed run = std::visit([&](const auto& costs) { return timeSolve(costs, solveOptions); }, any);
        if (name == "tree" && repeat == -1) optimum = run.objective;
        if (repeat < 0) continue;
        times.push_back(run.ms);
        const double gap = (run.objective - optimum) / std::abs(optimum);
        CsvTable::Row& row = table.addRow();
        row.set("device", cudaDevice().name).set("generator", std::string(lap::generatorName(c.generator)));
        row.set("n", c.n).set("seed", 1).set("algorithm", name).set("backend", "cuda").set("repeat", repeat);
        if (c.generator == lap::Generator::Uniform)
          row.set("range", std::string(lap::costRangeName(c.range)));
        row.set("objective", run.objective).set("optimum", optimum).set("relative_gap", gap);
        row.set("bound", run.gapBound).set("iterations", run.iterations).set("steps", run.steps);
        row.set("time_ms", run.ms);
        std::fprintf(stderr, "%s %s: %.1f ms, relative gap %.3g\n", label.c_str(), name.c_str(), run.ms, gap);
      }
      std::printf("%-34s %-10s median %10.1f ms\n", label.c_str(), name.c_str(), median(times));
    }
    table.writeFile(output);  // keep what is done so far
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
