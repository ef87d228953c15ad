// Issue 24's question before any CUDA is written: if the tree variant stopped with F free rows left and
// finished with one shortest augmenting path per free row (Jonker-Volgenant's Dijkstra search, as the batch
// solver runs it), how many Dijkstra steps (rows scanned) would that tail take, against the BFS levels and
// dual updates the tree variant spends on the same rows?
//
// Runs the CPU tree variant phase by phase on a generated instance (the bench presets' generator and seed),
// snapshots its duals and assignment when F rows are still free (for each F given, largest first), lets the
// Hungarian finish and counts its levels and dual updates after each snapshot, then finishes every snapshot
// with ShortestPathLap::augmentFrom and checks the result's certificate and objective against the
// Hungarian's.
//
//   sap_tail N COSTS SEED F1,F2,... SUMMARY.csv PATHS.csv     (COSTS: real | n/10 | n | 10n)
//
//   sap_tail batch COUNT N SEED [real|integer]   (the most and the mean Dijkstra steps over the problems)
//
// The batch form counts the steps of the CUDA batch solver's one-block searches on the problems of
// `bench --preset batch` (the same generator: mt19937_64(SEED), U[0,1) or integers uniform in [0, N) entry
// after entry, SEED = COUNT * 1000 + N), so that its measured times give the device time of one Dijkstra
// step, under both settle rules of shortest_path.h (one column per step, or every tied column at once),
// each solve's certificate checked and the two rules' objective sums compared.
//
// SUMMARY.csv: one row per F (costs, n, seed, free_rows, tree_levels, tree_dual_updates, paths,
// dijkstra_steps, entries_scanned, steps_mean, steps_p50, steps_p90, steps_max, objective_sap,
// objective_tree, objective_gap, certificate, sap_cpu_s, tree_cpu_s); PATHS.csv: the Dijkstra steps of every
// path, in the order the free rows were searched (increasing row index).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "solver/core/stopwatch.h"
#include "solver/lap/batch/cpu/shortest_path.h"
#include "solver/lap/certificate.h"
#include "solver/lap/generators.h"
#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/lap_solver.h"

namespace {

using namespace ms;
using namespace ms::lap;

// The Hungarian's state when `free` rows were left, and what the Hungarian spent from there to the end.
struct TailStart {
  int32_t free = 0;
  LapSnapshot state;
  int64_t levels = 0, dualUpdates = 0;
};

struct TailFinish {
  std::vector<int32_t> stepsPerPath;
  double objective = 0;
  CertificateReport certificate;
  double seconds = 0;
};

template <CostType T>
TailFinish finishByShortestPaths(const CostMatrix<T>& costs, const LapSnapshot& state) {
  using Dual = DualOf<T>;
  const int32_t n = costs.rows();
  std::vector<int32_t> rowToCol = state.rowAssignment, rowOfCol = state.colAssignment;
  // The snapshot's duals are display doubles; integer duals of these instances are far below 2^53.
  std::vector<Dual> u(state.rowDual.begin(), state.rowDual.end());
  std::vector<Dual> v(state.colDual.begin(), state.colDual.end());
  ShortestPathLap<T> shortestPath(n);
  TailFinish finish;
  const Stopwatch stopwatch;
  for (int32_t start = 0; start < n; ++start) {
    if (rowToCol[start] >= 0) continue;
    const int32_t scanned =
        shortestPath.augmentFrom(costs.data(), start, rowOfCol.data(), rowToCol.data(), u.data(), v.data());
    if (scanned < 0) throw std::runtime_error("row " + std::to_string(start) + " reaches no free column");
    finish.stepsPerPath.push_back(scanned);
  }
  finish.seconds = static_cast<double>(stopwatch.elapsedNs()) * 1e-9;
  for (int32_t i = 0; i < n; ++i)
    finish.objective += static_cast<double>(costs.data()[int64_t{i} * n + rowToCol[i]]);
  finish.certificate = checkCertificate(costs, rowToCol, u, v, 4 * static_cast<double>(zeroTolerance(costs)));
  return finish;
}

std::vector<int32_t> parseList(const std::string& text) {
  std::vector<int32_t> out;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    out.push_back(std::stoi(text.substr(at, comma - at)));
    at = comma + 1;
  }
  std::sort(out.rbegin(), out.rend());
  return out;
}

int32_t percentile(std::vector<int32_t> values, double fraction) {
  std::sort(values.begin(), values.end());
  const auto at = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1));
  return values[at];
}

template <CostType T>
int run(const CostMatrix<T>& costs, const std::string& costsName, uint64_t seed,
        const std::vector<int32_t>& frees, std::FILE* summary, std::FILE* paths) {
  const int32_t n = costs.rows();
  auto solver =
      makeLapSolver(costs, LapOptions(LapAlgorithm::Tree, Backend::Sequential, 1, Granularity::Phase));
  std::vector<TailStart> starts;
  std::size_t next = 0;
  const Stopwatch stopwatch;
  while (!solver->done()) {
    const StepRecord record = solver->step();
    for (TailStart& start : starts) {
      start.levels += record.phase == "forward_level";
      start.dualUpdates += record.phase == "dual_update";
    }
    if (record.phase != "optimality_check") continue;
    const auto free = n - static_cast<int32_t>(record.counters[kAssigned]);
    while (next < frees.size() && free <= frees[next] && free > 0) {
      TailStart& start = starts.emplace_back();
      start.free = free;
      Snapshot snapshot;
      solver->snapshot(snapshot);
      start.state = std::get<LapSnapshot>(snapshot);
      std::fprintf(stderr, "%s n=%d: %d rows free after %.1f s\n", costsName.c_str(), n, free,
                   static_cast<double>(stopwatch.elapsedNs()) * 1e-9);
      ++next;
    }
  }
  const double hungarianSeconds = static_cast<double>(stopwatch.elapsedNs()) * 1e-9;
  const LapSolution<T> solution = solver->solution();
  const auto hungarianObjective = static_cast<double>(solution.objective);
  for (const TailStart& start : starts) {
    const TailFinish finish = finishByShortestPaths(costs, start.state);
    const auto& steps = finish.stepsPerPath;
    const int64_t total = std::accumulate(steps.begin(), steps.end(), int64_t{0});
    // Entries the steps read: a path's k-th step scans the n - k + 1 columns not yet in its tree.
    int64_t entries = 0;
    for (const int32_t k : steps) entries += int64_t{k} * n - int64_t{k} * (k - 1) / 2;
    const double gap = std::abs(finish.objective - hungarianObjective);
    std::fprintf(summary,
                 "%s,%d,%llu,%d,%lld,%lld,%zu,%lld,%lld,%.1f,%d,%d,%d,%.17g,%.17g,%.3g,%s,%.1f,%.1f\n",
                 costsName.c_str(), n, static_cast<unsigned long long>(seed), start.free,
                 static_cast<long long>(start.levels), static_cast<long long>(start.dualUpdates),
                 steps.size(), static_cast<long long>(total), static_cast<long long>(entries),
                 static_cast<double>(total) / static_cast<double>(steps.size()), percentile(steps, 0.5),
                 percentile(steps, 0.9), *std::max_element(steps.begin(), steps.end()), finish.objective,
                 hungarianObjective, gap, finish.certificate.valid ? "valid" : "INVALID", finish.seconds,
                 hungarianSeconds);
    for (std::size_t k = 0; k < steps.size(); ++k)
      std::fprintf(paths, "%s,%d,%d,%zu,%d\n", costsName.c_str(), n, start.free, k, steps[k]);
    std::fprintf(stderr,
                 "%s n=%d F=%d: %lld Dijkstra steps, %lld levels + %lld dual updates; certificate %s %s\n",
                 costsName.c_str(), n, start.free, static_cast<long long>(total),
                 static_cast<long long>(start.levels), static_cast<long long>(start.dualUpdates),
                 finish.certificate.valid ? "valid" : "INVALID", finish.certificate.problem.c_str());
    if (!finish.certificate.valid) return 1;
  }
  return 0;
}

// Dijkstra steps of each problem of a batch, solved from scratch as the batch solvers solve it, with either
// settle rule (shortest_path.h): one column per step, or every tied column at once.
template <CostType T>
int countBatchSteps(int32_t count, int32_t n, uint64_t seed) {
  CostMatrix<T> costs(n, n);
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> real(0, 1);
  std::uniform_int_distribution<int32_t> integer(0, n - 1);
  std::vector<int32_t> rowToCol(static_cast<std::size_t>(n));
  std::vector<DualOf<T>> u(static_cast<std::size_t>(n)), v(static_cast<std::size_t>(n));
  struct Tally {
    int64_t most = 0, steps = 0, rows = 0;
    DualOf<T> objectiveSum = 0;
  };
  Tally tallies[2];
  const SettleRule rules[2] = {SettleRule::One, SettleRule::Tied};
  for (int32_t problem = 0; problem < count; ++problem) {
    for (int64_t e = 0; e < costs.size(); ++e) {
      if constexpr (std::is_integral_v<T>) {
        costs.data()[e] = integer(random);
      } else {
        costs.data()[e] = real(random);
      }
    }
    for (int r = 0; r < 2; ++r) {
      ShortestPathLap<T> shortestPath(n, rules[r]);
      if (!shortestPath.solve(costs.data(), rowToCol.data(), u.data(), v.data())) return 1;
      const CertificateReport report =
          checkCertificate(costs, rowToCol, u, v, 4 * static_cast<double>(zeroTolerance(costs)));
      if (!report.valid) {
        std::fprintf(stderr, "problem %d: certificate: %s\n", problem, report.problem.c_str());
        return 1;
      }
      Tally& tally = tallies[r];
      tally.most = std::max(tally.most, shortestPath.steps());
      tally.steps += shortestPath.steps();
      tally.rows += shortestPath.rowsScanned();
      for (int32_t i = 0; i < n; ++i) tally.objectiveSum += costs.data()[int64_t{i} * n + rowToCol[i]];
    }
  }
  if (tallies[0].objectiveSum != tallies[1].objectiveSum) {
    std::fprintf(stderr, "the settle rules disagree on the objective sum\n");
    return 1;
  }
  for (int r = 0; r < 2; ++r) {
    std::printf(
        "batch %d x %d %s seed %llu, settle %s: Dijkstra steps per problem: max %lld, mean %.1f; rows "
        "scanned per problem: mean %.1f; objective sum %.15g\n",
        count, n, std::is_integral_v<T> ? "integer" : "real", static_cast<unsigned long long>(seed),
        r == 0 ? "one" : "tied", static_cast<long long>(tallies[r].most),
        static_cast<double>(tallies[r].steps) / count, static_cast<double>(tallies[r].rows) / count,
        static_cast<double>(tallies[r].objectiveSum));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 5 || argc == 6) && std::string_view(argv[1]) == "batch") {
    const bool integer = argc == 6 && std::string_view(argv[5]) == "integer";
    return (integer ? countBatchSteps<int32_t>
                    : countBatchSteps<double>)(std::stoi(argv[2]), std::stoi(argv[3]), std::stoull(argv[4]));
  }
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s N real|n/10|n|10n SEED F1,F2,... SUMMARY.csv PATHS.csv\n", argv[0]);
    return 2;
  }
  try {
    const int32_t n = std::stoi(argv[1]);
    const std::string costsName = argv[2];
    const auto seed = static_cast<uint64_t>(std::stoull(argv[3]));
    const std::vector<int32_t> frees = parseList(argv[4]);
    const bool real = costsName == "real";
    const GeneratorSpec spec{real ? Generator::Real : Generator::Uniform, n,
                             real ? CostRange::N : parseCostRange(costsName), seed};
    const AnyCostMatrix costs = generate(spec);
    std::FILE* summary = std::fopen(argv[5], "a");
    std::FILE* paths = std::fopen(argv[6], "a");
    if (summary == nullptr || paths == nullptr) {
      std::fprintf(stderr, "%s: cannot append to %s or %s\n", argv[0], argv[5], argv[6]);
      return 1;
    }
    const int rc = std::visit(
        [&](const auto& matrix) { return run(matrix, costsName, seed, frees, summary, paths); }, costs);
    std::fclose(summary);
    std::fclose(paths);
    return rc;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s: %s\n", argv[0], error.what());
    return 1;
  }
}
