#include "app/gui/problems/lap/lap_approximation.h"

#include <QObject>
#include <algorithm>
#include <cmath>
#include <variant>

#include "solver/core/number_format.h"

namespace ms::studio {

bool isApproximation(lap::LapAlgorithm algorithm) {
  return algorithm == lap::LapAlgorithm::Random || algorithm == lap::LapAlgorithm::GreedyNaive ||
         algorithm == lap::LapAlgorithm::Greedy || algorithm == lap::LapAlgorithm::Auction;
}

QString explainApproximationStep(const StepRecord& record, std::span<const std::string_view> counterNames) {
  const auto counter = [&](std::string_view name) {
    const auto it = std::find(counterNames.begin(), counterNames.end(), name);
    return it == counterNames.end() ? std::nan("")
                                    : record.counters[static_cast<std::size_t>(it - counterNames.begin())];
  };
  const auto number = [](double value) { return QString::fromStdString(formatReadable(value)); };
  const std::string_view phase = record.phase;
  if (phase == "draw") {
    return QObject::tr("Fisher-Yates drew column %1 for row %2 (cost %3).")
        .arg(number(counter("col") + 1))  // the counters hold indices; people count from 1
        .arg(number(counter("row") + 1))
        .arg(number(counter("cost")));
  }
  if (phase == "sort") {
    return QObject::tr("Sorted the %1 entries once; each take skips the covered ones.")
        .arg(number(counter("entries_scanned")));
  }
  if (phase == "take") {
    return QObject::tr(
               "Took the smallest uncovered entry, row %1 column %2 (cost %3), after looking at %4 entries; "
               "its row and column are covered.")
        .arg(number(counter("row") + 1))
        .arg(number(counter("col") + 1))
        .arg(number(counter("cost")))
        .arg(number(counter("entries_scanned")));
  }
  if (phase == "bidding") {
    const double unassigned = counter("unassigned");
    QString text =
        QObject::tr("Scaling phase %1 (epsilon %2): %3 bidding rounds, %4 bids; %5 rows unassigned")
            .arg(number(counter("scaling_phase")))
            .arg(number(counter("epsilon")))
            .arg(number(counter("rounds")))
            .arg(number(counter("bids")))
            .arg(number(unassigned));
    return text +
           (unassigned == 0 ? QObject::tr(": the phase ends with every row assigned.") : QLatin1String("."));
  }
  if (phase == "setup") return QObject::tr("Prepared the solver's state: nothing assigned, nothing covered.");
  return QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size()));
}

double hungarianOptimum(const lap::AnyCostMatrix& costs) {
  return std::visit(
      [](const auto& matrix) {
        const auto solver =
            lap::makeLapSolver(matrix, lap::LapOptions(lap::LapAlgorithm::Tree, lap::Backend::Cpu));
        while (!solver->done()) solver->step();
        return static_cast<double>(solver->solution().objective);
      },
      costs);
}

}  // namespace ms::studio
