#pragma once
// Shared by the matching test suites: instance families, solving through the step machines while checking
// every snapshot, and independent oracles (exhaustive search, sorted-edge greedy, 2-opt local optimality,
// replay of the flip log).

#include <QtTest/QtTest>

#include <algorithm>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "solver/core/trace.h"
#include "solver/matching/generators.h"
#include "solver/matching/matching.h"
#include "solver/matching/matching_solver.h"

namespace ms::matching::testing {

// Base seed of the property tests (MATCHSCOPE_TEST_SEED=<n> draws other instances).
inline uint64_t baseSeed() {
  const QByteArray fromEnvironment = qgetenv("MATCHSCOPE_TEST_SEED");
  return fromEnvironment.isEmpty() ? 20261122 : fromEnvironment.toULongLong();
}

inline const std::vector<Distribution>& distributions() {
  static const std::vector<Distribution> all = {Distribution::Uniform, Distribution::Exponential,
                                                Distribution::Geometric};
  return all;
}

inline QString describe(const GraphSpec& spec) {
  return QString("%1 n=%2 seed=%3")
      .arg(QString::fromUtf8(distributionName(spec.distribution).data()))
      .arg(spec.n)
      .arg(spec.seed);
}

inline QString describe(const MatchingOptions& options) {
  return QString("%1/%2 init=%3 threads=%4 retries=%5")
      .arg(QString::fromUtf8(matchingAlgorithmName(options.algorithm).data()))
      .arg(QString::fromUtf8(lap::backendName(options.backend).data()))
      .arg(QString::fromUtf8(initialMatchingName(options.initial).data()))
      .arg(options.threads)
      .arg(options.flipRetries);
}

// A symmetric matrix of small integer weights: many ties, to exercise tie-breaking.
inline CompleteGraph tiedGraph(int32_t n, int32_t levels, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int32_t> draw(0, levels - 1);
  WeightMatrix weights(n, n);
  for (int32_t i = 0; i < n; ++i) {
    weights(i, i) = 0;
    for (int32_t j = i + 1; j < n; ++j) weights(i, j) = weights(j, i) = static_cast<float>(draw(random));
  }
  return CompleteGraph(std::move(weights));
}

inline float flipGain(const CompleteGraph& graph, const MatchingFlip& flip) {
  return graph.weight(flip.u, flip.x) + graph.weight(flip.mateU, flip.mateX) -
         graph.weight(flip.u, flip.mateU) - graph.weight(flip.x, flip.mateX);
}

// Applies `flips` in log order to `before`: each must remove two edges matched at that moment and gain what
// it claims. Returns "" and leaves the result in `before`, or describes the first bad flip.
inline std::string replayFlips(const CompleteGraph& graph, std::vector<int32_t>& mate,
                               const std::vector<MatchingFlip>& flips, float threshold) {
  for (std::size_t k = 0; k < flips.size(); ++k) {
    const MatchingFlip& f = flips[k];
    const std::string where = "flip " + std::to_string(k) + " (" + std::to_string(f.u) + "," +
                              std::to_string(f.mateU) + ")+(" + std::to_string(f.x) + "," +
                              std::to_string(f.mateX) + ")";
    const auto matched = [&](int32_t p, int32_t q) { return mate[p] == q && mate[q] == p; };
    if (!matched(f.u, f.mateU) || !matched(f.x, f.mateX))
      return where + " removes an edge that is not matched";
    const float gain = flipGain(graph, f);
    if (!(gain > threshold)) return where + " gains " + std::to_string(gain) + ", not above the threshold";
    if (std::abs(gain - f.gain) > 1e-5f * std::max(1.0f, std::abs(gain))) return where + " logs a wrong gain";
    mate[f.u] = f.x;
    mate[f.x] = f.u;
    mate[f.mateU] = f.mateX;
    mate[f.mateX] = f.mateU;
  }
  return "";
}

// The largest gain of any 4-cycle flip of two matched edges (0 when none gains): a ROMA that converged under
// threshold t leaves nothing above t.
inline float bestRemainingFlip(const CompleteGraph& graph, const std::vector<int32_t>& mate) {
  float best = 0;
  const auto n = static_cast<int32_t>(mate.size());
  for (int32_t u = 0; u < n; ++u) {
    const int32_t v = mate[u];
    if (u > v) continue;
    for (int32_t x = u + 1; x < n; ++x) {
      const int32_t y = mate[x];
      if (x > y || x == v) continue;
      const float current = graph.weight(u, v) + graph.weight(x, y);
      best = std::max({best, graph.weight(u, x) + graph.weight(v, y) - current,
                       graph.weight(u, y) + graph.weight(v, x) - current});
    }
  }
  return best;
}

// Maximum (or minimum) weight of a perfect matching by exhaustive search (n <= 12: 10395 matchings).
inline double bruteForceOptimum(const CompleteGraph& graph, Objective objective = Objective::Maximise) {
  const double sign = objective == Objective::Minimise ? -1 : 1;
  const int32_t n = graph.vertexCount();
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  std::function<double(int32_t)> best = [&](int32_t first) -> double {
    while (first < n && used[first]) ++first;
    if (first == n) return 0.0;
    used[first] = true;
    double top = -std::numeric_limits<double>::infinity();
    for (int32_t v = first + 1; v < n; ++v) {
      if (used[v]) continue;
      used[v] = true;
      top = std::max(top, sign * graph.weight(first, v) + best(first + 1));
      used[v] = false;
    }
    used[first] = false;
    return top;
  };
  return sign * best(0);
}

// Algorithm 1 as written: all edges sorted by weight (ties: the smaller vertex pair first), taken greedily.
inline std::vector<int32_t> sortedEdgeGreedy(const CompleteGraph& graph) {
  const int32_t n = graph.vertexCount();
  std::vector<std::tuple<float, int32_t, int32_t>> edges;
  for (int32_t u = 0; u < n; ++u) {
    for (int32_t v = u + 1; v < n; ++v) edges.emplace_back(graph.weight(u, v), u, v);
  }
  std::sort(edges.begin(), edges.end(), [](const auto& p, const auto& q) {
    if (std::get<0>(p) != std::get<0>(q)) return std::get<0>(p) > std::get<0>(q);
    return std::pair(std::get<1>(p), std::get<2>(p)) < std::pair(std::get<1>(q), std::get<2>(q));
  });
  std::vector<int32_t> mate(static_cast<std::size_t>(n), -1);
  for (const auto& [w, u, v] : edges) {
    if (mate[u] == -1 && mate[v] == -1) {
      mate[u] = v;
      mate[v] = u;
    }
  }
  return mate;
}

struct Solved {
  MatchingSolution solution;
  Trace trace;
};

// Steps the solver to the end, checking after every step that the snapshot holds a perfect matching (once
// set up) of the weight the record reports, that the weight never moves against the objective, and that the
// step's flip log replays from the previous snapshot to the new one (on the weights the solver maximises).
inline Solved solveChecked(const CompleteGraph& graph, const MatchingOptions& options,
                           const QString& context) {
  auto solver = makeMatchingSolver(graph, options);
  const MaximisedGraph maximised(graph, options.objective);
  const double sign = options.objective == Objective::Minimise ? -1 : 1;
  Solved out{{}, Trace(solver->counterNames())};
  Snapshot snapshot;
  solver->snapshot(snapshot);
  std::vector<int32_t> previous = std::get<MatchingSnapshot>(snapshot).mate;
  double previousWeight = -sign * std::numeric_limits<double>::infinity();
  while (!solver->done()) {
    const StepRecord record = solver->step();
    out.trace.append(record);
    solver->snapshot(snapshot);
    const MatchingSnapshot& state = std::get<MatchingSnapshot>(snapshot);
    const QString where = context + QString(" step %1 (%2)").arg(record.step).arg(record.phase.data());
    if (record.phase == kSuitorRoundPhase) continue;  // partial matchings until the last round
    const std::string problem = perfectMatchingProblem(state.mate);
    if (!problem.empty())
      QTest::qFail(qPrintable(where + ": " + QString::fromStdString(problem)), __FILE__, __LINE__);
    if (!problem.empty()) return out;
    const double weight = matchingWeight(graph, state.mate);
    if (std::abs(weight - record.counters[kWeight]) > 1e-6 * std::max(1.0, weight)) {
      QTest::qFail(qPrintable(where + QString(": weight %1 reported, matching weighs %2")
                                          .arg(record.counters[kWeight], 0, 'g', 12)
                                          .arg(weight, 0, 'g', 12)),
                   __FILE__, __LINE__);
      return out;
    }
    if (record.phase == kRomaPhase) {
      if (sign * weight < sign * previousWeight - 1e-9 * std::max(1.0, weight)) {
        QTest::qFail(qPrintable(where + ": the weight moved against the objective"), __FILE__, __LINE__);
        return out;
      }
      std::vector<int32_t> replayed = previous;
      const std::string replay =
          replayFlips(maximised.maximised(), replayed, state.flips, options.gainThreshold);
      if (!replay.empty() || replayed != state.mate) {
        QTest::qFail(qPrintable(where + ": the flip log does not replay to the new matching: " +
                                QString::fromStdString(replay)),
                     __FILE__, __LINE__);
        return out;
      }
      if (static_cast<double>(state.flips.size()) != record.counters[kFlips]) {
        QTest::qFail(qPrintable(where + ": flips counter differs from the log"), __FILE__, __LINE__);
        return out;
      }
    }
    previous = state.mate;
    previousWeight = weight;
  }
  out.solution = solver->solution();
  const std::string problem = perfectMatchingProblem(out.solution.mate);
  if (!problem.empty())
    QTest::qFail(qPrintable(context + ": solution: " + QString::fromStdString(problem)), __FILE__, __LINE__);
  return out;
}

}  // namespace ms::matching::testing
