#include "app/gui/problems/matching/matching_instance.h"

#include <QFileInfo>
#include <QObject>
#include <cmath>

#include "solver/matching/io/graph_io.h"
#include "solver/matching/problem.h"

#include "solver/core/number_format.h"

namespace ms::studio {

MatchingInstance loadMatchingInstance(const MatchingInstanceSource& source) {
  MatchingInstance instance;
  matching::CompleteGraph given;
  if (!source.file.isEmpty()) {
    given = matching::readGraph(source.file.toStdString());
    instance.description = QFileInfo(source.file).fileName();
  } else {
    const matching::GraphSpec& spec = source.generator;
    given = matching::generateGraph(spec);
    instance.seed = spec.seed;
    instance.description = QStringLiteral("%1 n=%2 seed=%3")
                               .arg(QString::fromUtf8(matching::distributionName(spec.distribution).data()))
                               .arg(spec.n)
                               .arg(spec.seed);
  }
  instance.givenVertices = given.vertexCount();
  const matching::PreparedGraph prepared(given);
  if (prepared.isPadded()) {
    instance.graph = std::make_shared<const matching::CompleteGraph>(prepared.even());
  } else {
    instance.graph = std::make_shared<const matching::CompleteGraph>(std::move(given));
  }
  if (!instance.graph->hasPoints()) {
    instance.weightMatrix = std::make_shared<const lap::AnyCostMatrix>(instance.graph->weights());
  }
  return instance;
}

matching::MatchingOptions resolveMatchingBackend(matching::MatchingOptions options, std::string* notice) {
  const bool parallel = options.algorithm == matching::MatchingAlgorithm::ParallelRoma1 ||
                        options.algorithm == matching::MatchingAlgorithm::ParallelRoma2;
  // Asking for CUDA means "CUDA where usable": resolved as Auto, which falls back with a notice.
  const lap::Backend requested = options.backend == lap::Backend::Cuda ? lap::Backend::Auto : options.backend;
  options.backend = parallel ? lap::resolveBackend(requested, notice) : lap::Backend::Sequential;
  return options;
}

MachineFactory matchingMachineFactory(std::shared_ptr<const matching::CompleteGraph> graph,
                                      matching::MatchingOptions options) {
  return [graph = std::move(graph), options]() -> std::shared_ptr<StepMachine> {
    return machineKeeping(graph, matching::makeMatchingSolver(*graph, options));
  };
}

QString explainMatchingStep(const StepRecord& record, matching::Objective objective) {
  const bool minimising = objective == matching::Objective::Minimise;
  const auto counter = [&](matching::MatchingCounter slot) {
    return record.counters[static_cast<std::size_t>(slot)];
  };
  const auto number = [](double value) { return QString::fromStdString(formatReadable(value)); };
  const std::string_view phase = record.phase;
  const QString weight = number(counter(matching::kWeight));
  if (phase == matching::kSetupPhase) {
    return QObject::tr("Built the initial perfect matching (weight %1) and the solver's buffers.")
        .arg(weight);
  }
  if (phase == matching::kRomaPhase) {
    const double flips = counter(matching::kFlips);
    if (flips == 0)
      return QObject::tr("No 4-cycle gains more than the threshold: ROMA has converged at weight %1.")
          .arg(weight);
    QString text =
        QObject::tr("Flipped %1 pairs of matched edges along gaining 4-cycles (best gain %2): weight %3")
            .arg(number(flips))
            .arg(number(counter(matching::kBestGain)))
            .arg(weight);
    const double failedLocks = counter(matching::kFailedLocks), staleMates = counter(matching::kStaleMates);
    if (!std::isnan(failedLocks)) {
      text += QObject::tr("; %1 flips lost a lock race and %2 found their edges changed")
                  .arg(number(failedLocks))
                  .arg(number(staleMates));
    }
    return text + QLatin1Char('.');
  }
  if (phase == matching::kSuitorRoundPhase) {
    return QObject::tr(
               "Each unsettled vertex proposed to its %1 willing neighbour (%2 proposals); the mutual pairs "
               "weigh %3.")
        .arg(minimising ? QObject::tr("lightest") : QObject::tr("heaviest"))
        .arg(number(counter(matching::kProposals)))
        .arg(weight);
  }
  if (phase == matching::kBlossomPhase) {
    return QObject::tr("Edmonds' blossom algorithm found a %1-weight perfect matching: weight %2.")
        .arg(minimising ? QObject::tr("minimum") : QObject::tr("maximum"))
        .arg(weight);
  }
  return QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size()));
}

}  // namespace ms::studio
