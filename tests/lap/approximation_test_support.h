#pragma once
// Shared by the approximation suites (CPU and CUDA): random instances with many ties, the validity check
// every solver's assignment must pass, and the auction's epsilon-complementary slackness read from its
// snapshot.

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/approx/auction.h"
#include "solver/lap/lap_solver.h"
#include "tests/lap/lap_test_support.h"

namespace ms::lap::testing {

// rows x cols integers uniform in [low, high): small ranges give many ties.
inline CostMatrix<int32_t> randomIntegers(int32_t rows, int32_t cols, int32_t low, int32_t high,
                                          uint64_t seed) {
  CostMatrix<int32_t> out(rows, cols);
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int32_t> draw(low, high - 1);
  for (int64_t k = 0; k < out.size(); ++k) out.data()[k] = draw(random);
  return out;
}

// rows x cols doubles uniform in [0, 1), each forbidden (+inf) with probability `forbiddenShare`.
inline CostMatrix<double> randomReals(int32_t rows, int32_t cols, double forbiddenShare, uint64_t seed) {
  CostMatrix<double> out(rows, cols);
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> draw(0.0, 1.0);
  std::bernoulli_distribution forbid(forbiddenShare);
  for (int64_t k = 0; k < out.size(); ++k) {
    const double value = draw(random);
    out.data()[k] = forbid(random) ? std::numeric_limits<double>::infinity() : value;
  }
  return out;
}

// rowToCol is a permutation of the square instance that avoids forbidden entries, and `objective` is its
// cost.
template <CostType T>
void verifyAssignment(const CostMatrix<T>& costs, const LapSolution<T>& solution, const QString& context) {
  const int32_t n = costs.rows();
  QVERIFY2(static_cast<int32_t>(solution.rowToCol.size()) == n, qPrintable(context + ": wrong length"));
  std::vector<uint8_t> used(static_cast<std::size_t>(n), 0);
  DualOf<T> total = 0;
  for (int32_t i = 0; i < n; ++i) {
    const int32_t j = solution.rowToCol[static_cast<std::size_t>(i)];
    QVERIFY2(j >= 0 && j < n, qPrintable(context + QString(": row %1 has column %2").arg(i).arg(j)));
    QVERIFY2(!used[static_cast<std::size_t>(j)],
             qPrintable(context + QString(": column %1 used twice").arg(j)));
    used[static_cast<std::size_t>(j)] = 1;
    QVERIFY2(!isForbidden(costs(i, j)),
             qPrintable(context + QString(": forbidden entry (%1, %2) used").arg(i).arg(j)));
    total += static_cast<DualOf<T>>(costs(i, j));
  }
  if constexpr (std::is_integral_v<T>) {
    QVERIFY2(total == solution.objective, qPrintable(context + ": objective is not the assignment's cost"));
  } else {
    QVERIFY2(std::abs(total - solution.objective) <= 1e-9 * (1 + std::abs(total)),
             qPrintable(context + ": objective is not the assignment's cost"));
  }
}

template <CostType T>
LapSolution<T> solveWith(const CostMatrix<T>& costs, LapOptions options) {
  auto solver = makeLapSolver(costs, options);
  runToEnd(*solver);
  return solver->solution();
}

// The final state of an auction satisfies epsilon-complementary slackness: every row's column is within
// epsilon of its cheapest c + p (in cost units; `slack` absorbs rounding of real prices).
template <CostType T>
void verifyEpsilonSlackness(const CostMatrix<T>& costs, const LapSnapshot& state, double slack,
                            const QString& context) {
  const ApproximationState& auction = state.approximation;
  QVERIFY2(auction.kind == ApproximationKind::Auction, qPrintable(context + ": not an auction snapshot"));
  QVERIFY2(state.done, qPrintable(context + ": not finished"));
  const int32_t n = costs.rows();
  for (int32_t i = 0; i < n; ++i) {
    double cheapest = std::numeric_limits<double>::infinity();
    for (int32_t j = 0; j < n; ++j) {
      if (!isForbidden(costs(i, j)))
        cheapest = std::min(cheapest, static_cast<double>(costs(i, j)) + auction.prices[j]);
    }
    const int32_t j = state.rowAssignment[static_cast<std::size_t>(i)];
    const double mine = static_cast<double>(costs(i, j)) + auction.prices[static_cast<std::size_t>(j)];
    QVERIFY2(mine <= cheapest + auction.epsilon + slack,
             qPrintable(context + QString(": row %1 pays %2, cheapest %3, epsilon %4")
                                      .arg(i)
                                      .arg(mine, 0, 'g', 17)
                                      .arg(cheapest, 0, 'g', 17)
                                      .arg(auction.epsilon)));
  }
}

// The auction on a real instance against the Hungarian optimum: where that finds the instance infeasible, the
// auction must throw InfeasibleError too (returns false); otherwise its assignment is valid, within its
// reported gapBound of the optimum, and its final state epsilon-complementary slack (returns true, the
// solution in *solution).
inline bool verifyAuctionWithinBound(const CostMatrix<double>& costs, const LapOptions& options,
                                     const QString& where, LapSolution<double>* solution) {
  double optimum = 0;
  bool feasible = true;
  try {
    optimum = solveWith(costs, LapOptions{LapAlgorithm::Tree, Backend::Sequential, 1}).objective;
  } catch (const InfeasibleError&) {
    feasible = false;
  }
  auto solver = makeLapSolver(costs, options);
  if (!feasible) {
    [&] { QVERIFY_THROWS_EXCEPTION(InfeasibleError, runToEnd(*solver)); }();
    return false;
  }
  runToEnd(*solver);
  *solution = solver->solution();
  [&] {
    verifyAssignment(costs, *solution, where);
    QVERIFY2(
        solution->objective >= optimum - 1e-9 && solution->objective <= optimum + solution->gapBound + 1e-9,
        qPrintable(where + QString(": auction %1, optimum %2, bound %3")
                               .arg(solution->objective, 0, 'g', 17)
                               .arg(optimum, 0, 'g', 17)
                               .arg(solution->gapBound)));
    Snapshot state;
    solver->snapshot(state);
    verifyEpsilonSlackness(costs, std::get<LapSnapshot>(state), 1e-9, where);
  }();
  return true;
}

// The snapshot after a bidding step of one round shows that round's bids: one per bid the trace counts, and
// each column's price afterwards is at least every bid it received (the highest became its price).
inline void verifyRoundBids(const LapSnapshot& state, const StepRecord& record, const QString& context) {
  QCOMPARE(record.counters[kAuctionRounds], 1.0);
  int bidders = 0;
  for (int32_t i = 0; i < state.n; ++i) {
    const int32_t j = state.approximation.bidColumn[static_cast<std::size_t>(i)];
    if (j == -1) continue;
    ++bidders;
    QVERIFY2(state.approximation.prices[static_cast<std::size_t>(j)] >=
                 state.approximation.bidPrice[static_cast<std::size_t>(i)],
             qPrintable(context + QString(": row %1's bid exceeds column %2's price").arg(i).arg(j)));
  }
  QCOMPARE(static_cast<double>(bidders), record.counters[kAuctionBids]);
}

}  // namespace ms::lap::testing
