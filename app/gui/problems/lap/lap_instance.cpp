#include "app/gui/problems/lap/lap_instance.h"

#include <QFileInfo>
#include <QObject>
#include <cmath>
#include <variant>

#include "solver/lap/hungarian/hungarian.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/lap/problem.h"

#include "solver/core/number_format.h"

namespace ms::studio {

int32_t LapInstance::n() const {
  return costs == nullptr ? 0 : std::visit([](const auto& matrix) { return matrix.rows(); }, *costs);
}

LapInstance loadLapInstance(const LapInstanceSource& source) {
  LapInstance instance;
  lap::AnyCostMatrix loaded;
  if (!source.file.isEmpty()) {
    loaded = lap::readCostMatrix(source.file.toStdString());
    instance.description = QFileInfo(source.file).fileName();
  } else {
    const lap::GeneratorSpec& spec = source.generator;
    loaded = lap::generate(spec);
    instance.description = QStringLiteral("%1 n=%2")
                               .arg(QString::fromUtf8(lap::generatorName(spec.generator).data()))
                               .arg(spec.n);
    if (spec.generator == lap::Generator::Uniform) {
      instance.description += QStringLiteral(" range=[0,%1)").arg(lap::costRangeBound(spec.range, spec.n));
    }
    instance.description += QStringLiteral(" seed=%1").arg(spec.seed);
  }
  std::visit(
      [&](auto& matrix) {
        using T = typename std::decay_t<decltype(matrix)>::value_type;
        instance.givenRows = matrix.rows();
        instance.givenCols = matrix.cols();
        const lap::PreparedProblem<T> problem(matrix, /*maximize=*/false);
        if (problem.isTransformed()) {
          instance.costs = std::make_shared<const lap::AnyCostMatrix>(problem.square());
        } else {
          instance.costs = std::make_shared<const lap::AnyCostMatrix>(std::move(matrix));
        }
      },
      loaded);
  return instance;
}

MachineFactory lapMachineFactory(std::shared_ptr<const lap::AnyCostMatrix> costs, lap::LapOptions options) {
  return [costs = std::move(costs), options]() -> std::shared_ptr<StepMachine> {
    return std::visit(
        [&](const auto& matrix) -> std::shared_ptr<StepMachine> {
          return machineKeeping(costs, lap::makeLapSolver(matrix, options));
        },
        *costs);
  };
}

QString explainLapStep(const StepRecord& record, int32_t n) {
  const auto counter = [&](lap::HungarianCounter slot) {
    return record.counters[static_cast<std::size_t>(slot)];
  };
  const auto number = [](double value) { return QString::fromStdString(formatReadable(value)); };
  const std::string_view phase = record.phase;
  if (phase == "setup")
    return QObject::tr("Allocated the solver's buffers: duals, covers, predecessors, frontiers.");
  if (phase == "initial_reduction") {
    return QObject::tr(
        "Subtracted each row's minimum, then each column's: every row and column has a zero-slack cell.");
  }
  if (phase == "optimality_check") {
    const double assigned = counter(lap::kAssigned);
    if (assigned >= n) return QObject::tr("All %1 rows are assigned: the assignment is optimal.").arg(n);
    return QObject::tr("%1 of %2 rows assigned and covered; a new search starts from the %3 free rows.")
        .arg(number(assigned))
        .arg(n)
        .arg(number(n - assigned));
  }
  if (phase == "compress_zeros") {
    return QObject::tr(
               "Listed %1 zero-slack edges of %2 rows for the forward pass (after a dual update, only the "
               "rows whose smallest slack reached zero are read again).")
        .arg(number(counter(lap::kZeroEdges)))
        .arg(number(counter(lap::kRowsScanned)));
  }
  if (phase == "forward_level") {
    const double next = counter(lap::kNextFrontier), reached = counter(lap::kReverseColumns);
    QString text = QObject::tr(
                       "Expanded %1 frontier rows over zero-slack edges: %2 rows reached for the next level, "
                       "%3 free columns reached so far")
                       .arg(number(counter(lap::kFrontier)))
                       .arg(number(next))
                       .arg(number(reached));
    if (next == 0) {
      text += reached > 0 ? QObject::tr("; the search ends, paths to trace back.")
                          : QObject::tr("; no free column reached, the duals must change.");
    } else {
      text += QLatin1Char('.');
    }
    return text;
  }
  if (phase == "reverse_pass") {
    return QObject::tr("Traced %1 vertex-disjoint augmenting paths back from free columns to their roots.")
        .arg(number(counter(lap::kPaths)));
  }
  if (phase == "augment") {
    return QObject::tr(
        "Flipped the augmenting paths: each path's rows take its zero-slack cells, one more "
        "assignment per path.");
  }
  if (phase == "dual_update") {
    return QObject::tr(
               "Changed the duals by theta = %1, the smallest slack from a tree row to an uncovered column: "
               "new zero-slack edges for the search.")
        .arg(number(counter(lap::kTheta)));
  }
  return QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size()));
}

}  // namespace ms::studio
