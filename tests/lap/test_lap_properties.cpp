// Property tests of every LAP algorithm (exact and approximate) through the path the CLI and the studio take
// (PreparedProblem: padding and maximisation, then makeLapSolver): on rectangular matrices against brute
// force, and on extreme values (type limits, huge and tiny magnitudes, mixed signs, forbidden entries), where
// each run either matches brute force or refuses with an error; never a wrong objective.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>

#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/lap_names.h"
#include "solver/lap/problem.h"

using namespace ms;
using namespace ms::lap;

namespace {

// The optimum over every way of assigning min(rows, cols) rows to distinct columns, in long double (no
// overflow), or nullopt when every such assignment uses a forbidden entry.
template <CostType T>
std::optional<long double> enumeratedOptimum(const CostMatrix<T>& costs, bool maximize) {
  const int32_t n = std::max(costs.rows(), costs.cols());
  std::vector<int32_t> permutation(static_cast<std::size_t>(n));
  std::iota(permutation.begin(), permutation.end(), 0);
  std::optional<long double> best;
  do {
    long double total = 0;
    bool allowed = true;
    for (int32_t i = 0; i < costs.rows() && allowed; ++i) {
      const int32_t j = permutation[static_cast<std::size_t>(i)];
      if (j >= costs.cols()) continue;
      allowed = !isForbidden(costs(i, j));
      total += static_cast<long double>(costs(i, j));
    }
    if (allowed && (!best || (maximize ? total > *best : total < *best))) best = total;
  } while (std::next_permutation(permutation.begin(), permutation.end()));
  return best;
}

struct Outcome {
  bool refused = false;
  std::string why;
  long double objective = 0;
  double gapBound = 0;
  int32_t assigned = 0;
};

template <CostType T>
Outcome solveWith(const CostMatrix<T>& costs, bool maximize, LapAlgorithm algorithm) {
  Outcome outcome;
  try {
    const PreparedProblem<T> problem(costs, maximize);
    LapOptions options(algorithm, isSequentialOnly(algorithm) ? Backend::Sequential : Backend::Cpu, 2);
    auto solver = makeLapSolver(problem.square(), options);
    runToEnd(*solver);
    const LapSolution<T> solution = solver->solution();
    const LapAnswer<T> answer = problem.answer(solution.rowToCol);
    outcome.objective = static_cast<long double>(answer.objective);
    outcome.gapBound = solution.gapBound;
    outcome.assigned = answer.assigned;
    std::vector<char> used(static_cast<std::size_t>(costs.cols()), 0);
    for (const int32_t j : answer.rowToCol) {
      if (j < 0) continue;
      if (used[static_cast<std::size_t>(j)]) outcome.assigned = -1;  // a column twice: reported as invalid
      used[static_cast<std::size_t>(j)] = 1;
    }
  } catch (const std::exception& error) {
    outcome.refused = true;
    outcome.why = error.what();
  }
  return outcome;
}

bool isExact(LapAlgorithm algorithm) {
  return algorithm == LapAlgorithm::Classical || algorithm == LapAlgorithm::Tree ||
         algorithm == LapAlgorithm::Brute;
}

// Compares one algorithm's outcome with enumeration: exact ones match it (up to a relative tolerance for
// floating costs), approximations stay within their proven bound above it (below, when maximising), and a
// refusal is allowed only when `mayRefuse` (extreme values) or the instance is infeasible.
template <CostType T>
void check(const CostMatrix<T>& costs, bool maximize, LapAlgorithm algorithm, bool mayRefuse,
           const QString& context) {
  const std::optional<long double> optimum = enumeratedOptimum(costs, maximize);
  const Outcome outcome = solveWith(costs, maximize, algorithm);
  const QString where = context + " " + QString::fromStdString(std::string(algorithmName(algorithm))) +
                        (maximize ? " max" : " min") + ": " + QString::fromStdString(outcome.why);
  if (outcome.refused) {
    QVERIFY2(mayRefuse || !optimum, qPrintable(where));
    return;
  }
  QVERIFY2(optimum.has_value(), qPrintable(where + " solved an infeasible instance"));
  QCOMPARE(outcome.assigned, std::min(costs.rows(), costs.cols()));
  long double scale = 1;
  for (int64_t k = 0; k < costs.size(); ++k) {
    if (!isForbidden(costs.data()[k]))
      scale = std::max(scale, std::abs(static_cast<long double>(costs.data()[k])));
  }
  const long double tolerance =
      std::is_integral_v<T> ? 0 : 1e-9L * scale * std::max(costs.rows(), costs.cols());
  const long double excess = maximize ? *optimum - outcome.objective : outcome.objective - *optimum;
  const QString numbers = where + QString(" objective %1, optimum %2")
                                      .arg(static_cast<double>(outcome.objective), 0, 'g', 17)
                                      .arg(static_cast<double>(*optimum), 0, 'g', 17);
  QVERIFY2(excess >= -tolerance, qPrintable(numbers + " (better than the optimum)"));
  if (isExact(algorithm) || (algorithm == LapAlgorithm::Auction && std::is_integral_v<T>)) {
    QVERIFY2(excess <= tolerance, qPrintable(numbers));
  } else if (algorithm == LapAlgorithm::Auction) {
    QVERIFY2(excess <= outcome.gapBound + tolerance, qPrintable(numbers));
  }
}

template <CostType T>
CostMatrix<T> randomMatrix(int32_t rows, int32_t cols, std::mt19937_64& random, double low, double high) {
  CostMatrix<T> costs(rows, cols);
  std::uniform_real_distribution<double> value(low, high);
  for (int64_t k = 0; k < costs.size(); ++k) costs.data()[k] = static_cast<T>(std::floor(value(random)));
  return costs;
}

}  // namespace

class TestLapProperties : public QObject {
  Q_OBJECT

 private slots:
  // Every algorithm, every shape up to 6 x 6 (wide and tall), both senses, integer and real costs.
  void rectangularMatricesAgainstBruteForce() {
    std::mt19937_64 random(2611);
    int checked = 0;
    for (int32_t rows = 1; rows <= 6; ++rows) {
      for (int32_t cols = 1; cols <= 6; ++cols) {
        for (int trial = 0; trial < 3; ++trial) {
          const auto integers = randomMatrix<int32_t>(rows, cols, random, -20, 20);
          auto reals = randomMatrix<double>(rows, cols, random, 0, 1000);
          for (int64_t k = 0; k < reals.size(); ++k) reals.data()[k] /= 7.0;
          const QString context = QString("%1x%2 #%3").arg(rows).arg(cols).arg(trial);
          for (const LapAlgorithm algorithm : kLapAlgorithms) {
            for (const bool maximize : {false, true}) {
              check(integers, maximize, algorithm, false, context + " int32");
              check(reals, maximize, algorithm, false, context + " float64");
              if (QTest::currentTestFailed()) return;
              checked += 2;
            }
          }
        }
      }
    }
    QCOMPARE(checked, 36 * 3 * 7 * 2 * 2);
  }

  // Type limits, huge and tiny magnitudes, mixed signs and forbidden entries: the optimum or a refusal.
  void extremeValuesGiveTheOptimumOrARefusal() {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max(), kMin = std::numeric_limits<int64_t>::min();
    constexpr double kInf = std::numeric_limits<double>::infinity(),
                     kHuge = std::numeric_limits<double>::max();
    const std::vector<std::vector<int64_t>> integerCases = {
        {kMin, 1, 1, 1},
        {kMax, kMax, kMax, 0},
        {kMax / 3, -(kMax / 3), 5, 7},
        {kMin + 1, kMax, kMax, kMin + 1},
        {(int64_t{1} << 62) / 3, 0, 0, (int64_t{1} << 62) / 3}};
    const std::vector<std::vector<double>> realCases = {
        {kHuge, kHuge, kHuge, kHuge},    {1e308, -1e308, 1.5e308, 2}, {1e-300, 2e-300, 3e-300, 4e-300},
        {4.9e-324, 0, 0, 4.9e-324},      {kInf, 1, 1, kInf},          {kInf, kInf, 1, 2},
        {-1e300, 1e300, 1e-300, -1e-300}};
    for (const LapAlgorithm algorithm : kLapAlgorithms) {
      for (const bool maximize : {false, true}) {
        for (const auto& values : integerCases) {
          CostMatrix<int64_t> costs(2, 2);
          std::copy(values.begin(), values.end(), costs.data());
          check(
              costs, maximize, algorithm, true,
              QString("int64 {%1, %2, %3, %4}").arg(values[0]).arg(values[1]).arg(values[2]).arg(values[3]));
          if (QTest::currentTestFailed()) return;
        }
        for (const auto& values : realCases) {
          CostMatrix<double> costs(2, 2);
          std::copy(values.begin(), values.end(), costs.data());
          check(costs, maximize, algorithm, true,
                QString("float64 {%1, %2, %3, %4}")
                    .arg(values[0])
                    .arg(values[1])
                    .arg(values[2])
                    .arg(values[3]));
          if (QTest::currentTestFailed()) return;
        }
      }
    }
  }

  // The one parser per enum: every printed name parses back, an unknown one is refused naming the accepted.
  void namesParseBackAndUnknownNamesAreRefused() {
    for (const LapAlgorithm algorithm : kLapAlgorithms)
      QCOMPARE(parseLapAlgorithm(algorithmName(algorithm)), algorithm);
    for (const Backend backend : kBackends) QCOMPARE(parseBackend(backendName(backend)), backend);
    for (const Granularity granularity : kGranularities)
      QCOMPARE(parseGranularity(granularityName(granularity)), granularity);
    try {
      parseLapAlgorithm("hungarian");
      QFAIL("an unknown algorithm was accepted");
    } catch (const std::invalid_argument& error) {
      QVERIFY2(std::string(error.what()).find("classical, tree, brute") != std::string::npos, error.what());
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseBackend("gpu"));
  }
};

QTEST_GUILESS_MAIN(TestLapProperties)
#include "test_lap_properties.moc"
