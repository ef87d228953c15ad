#include "app/gui/problems/hypergraph/hypergraph_instance.h"

#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/io/hypergraph_io.h"

#include "solver/core/number_format.h"

namespace ms::studio {

namespace {

hypergraph::Profile profileOf(HypergraphGenerator generator) {
  switch (generator) {
    case HypergraphGenerator::Flickr:
      return hypergraph::Profile::Flickr;
    case HypergraphGenerator::Wikipedia:
      return hypergraph::Profile::Wikipedia;
    case HypergraphGenerator::Stanford:
      return hypergraph::Profile::Stanford;
    case HypergraphGenerator::StanfordBerkeley:
      return hypergraph::Profile::StanfordBerkeley;
    case HypergraphGenerator::Random:
      break;
  }
  throw std::invalid_argument("a random hypergraph has no Table II profile");
}

int32_t ceilDiv(int32_t a, int32_t b) {
  return (a + b - 1) / b;
}

}  // namespace

QString hypergraphGeneratorName(HypergraphGenerator generator) {
  if (generator == HypergraphGenerator::Random) return QStringLiteral("random");
  return QString::fromUtf8(hypergraph::profileStats(profileOf(generator)).name.data());
}

HypergraphInstance loadHypergraphInstance(const HypergraphInstanceSource& source) {
  HypergraphInstance instance;
  if (!source.file.isEmpty()) {
    instance.graph =
        std::make_shared<const hypergraph::Hypergraph>(hypergraph::readHypergraph(source.file.toStdString()));
    instance.description = QFileInfo(source.file).fileName();
    return instance;
  }
  if (source.n < 2) throw std::invalid_argument("a hypergraph needs at least 2 nodes");
  if (source.generator == HypergraphGenerator::Random) {
    hypergraph::RandomHypergraphSpec spec;
    spec.nodes = source.n;
    spec.edges = source.n;
    spec.seed = source.seed;
    instance.graph = std::make_shared<const hypergraph::Hypergraph>(hypergraph::generateRandom(spec));
  } else {
    instance.graph = std::make_shared<const hypergraph::Hypergraph>(
        hypergraph::generateProfile(profileOf(source.generator), source.n, source.seed));
  }
  instance.description = QStringLiteral("%1 n=%2 seed=%3")
                             .arg(hypergraphGeneratorName(source.generator))
                             .arg(source.n)
                             .arg(source.seed);
  return instance;
}

MachineFactory hypergraphMachineFactory(std::shared_ptr<const hypergraph::Hypergraph> graph,
                                        hypergraph::HypergraphOptions options) {
  return [graph = std::move(graph), options]() -> std::shared_ptr<StepMachine> {
    return hypergraph::makeHypergraphSolver(graph, options);
  };
}

MachineFactory kwayMachineFactory(std::shared_ptr<const hypergraph::Hypergraph> graph,
                                  hypergraph::KWayOptions options) {
  return [graph = std::move(graph), options]() -> std::shared_ptr<StepMachine> {
    return hypergraph::makeKWaySolver(graph, options);
  };
}

QString explainHypergraphStep(const StepRecord& record) {
  const auto counter = [&](hypergraph::HypergraphCounter slot) {
    return record.counters[static_cast<std::size_t>(slot)];
  };
  const auto number = [](double value) { return QString::fromStdString(formatReadable(value)); };
  const std::string_view phase = record.phase;
  const QString level = number(counter(hypergraph::kLevel));
  if (phase == hypergraph::kGreedyMatchingPhase) {
    return QObject::tr(
               "Level %1: found the most similar unmatched neighbours (%2 nonzeros scanned) and matched "
               "greedily: %3 pairs so far.")
        .arg(level, number(counter(hypergraph::kPinVisits)), number(counter(hypergraph::kMatchedPairs)));
  }
  if (phase == hypergraph::kProposalsPhase) {
    return QObject::tr(
               "Level %1: every queued node proposed to its most similar neighbour (%2 nonzeros scanned).")
        .arg(level, number(counter(hypergraph::kPinVisits)));
  }
  if (phase == hypergraph::kMatchProposalsPhase) {
    return QObject::tr("Level %1: mutual proposals became pairs: %2 pairs so far.")
        .arg(level, number(counter(hypergraph::kMatchedPairs)));
  }
  if (phase == hypergraph::kContractionPhase) {
    return QObject::tr("Contracted %1 pairs into level %2: %3 nodes, %4 hyperedges, %5 pins.")
        .arg(number(counter(hypergraph::kMatchedPairs)), level, number(counter(hypergraph::kNodes)),
             number(counter(hypergraph::kEdges)), number(counter(hypergraph::kPins)));
  }
  if (phase == hypergraph::kInitialPartitionPhase) {
    return QObject::tr("Partitioned the coarsest level (%1 nodes): cut %2, imbalance %3.")
        .arg(number(counter(hypergraph::kNodes)), number(counter(hypergraph::kCut)),
             number(counter(hypergraph::kImbalance)));
  }
  if (phase == hypergraph::kProjectionPhase) {
    // The machine says how many FM passes the level may run: none on a coarse pin-heavy level. That case
    // leads with it, so that it is in view in the step log's column.
    if (counter(hypergraph::kFmPassLimit) != 0) {
      return QObject::tr("Projected the partition onto level %1 (eq. 5): cut %2.")
          .arg(level, number(counter(hypergraph::kCut)));
    }
    const double nodes = std::max(1.0, counter(hypergraph::kNodes));
    return QObject::tr(
               "Level %1, no FM pass: projected (eq. 5), cut %2; %3 pins per node (a pass would walk all its "
               "pins for few nodes; the finer levels' passes refine instead).")
        .arg(level, number(counter(hypergraph::kCut)),
             number(std::round(counter(hypergraph::kPins) / nodes)));
  }
  const auto kway = [&](hypergraph::KWayCounter slot) {
    return number(record.counters[static_cast<std::size_t>(slot)]);
  };
  if (phase == hypergraph::kBisectionPhase) {
    return QObject::tr("Recursive bisection: %1 parts placed; cut %2, km1 %3, imbalance %4.")
        .arg(kway(hypergraph::kPartsPlaced), kway(hypergraph::kKWayCut), kway(hypergraph::kKWayKm1),
             kway(hypergraph::kKWayImbalance));
  }
  if (phase == hypergraph::kRebalancePhase || phase == hypergraph::kLabelPropagationPhase ||
      phase == hypergraph::kFmPhase || phase == hypergraph::kVCyclePhase) {
    const QString what = phase == hypergraph::kRebalancePhase ? QObject::tr("Rebalancing")
                         : phase == hypergraph::kLabelPropagationPhase
                             ? QObject::tr("k-way label propagation pass")
                         : phase == hypergraph::kFmPhase ? QObject::tr("k-way FM pass")
                                                         : QObject::tr("k-way V-cycle (finest level)");
    return QObject::tr("%1: %2 nodes moved; cut %3, km1 %4, imbalance %5.")
        .arg(what, kway(hypergraph::kMoves), kway(hypergraph::kKWayCut), kway(hypergraph::kKWayKm1),
             kway(hypergraph::kKWayImbalance));
  }
  if (phase == hypergraph::kFmPassPhase) {
    return QObject::tr("Fiduccia-Mattheyses pass on level %1: cut %2, imbalance %3.")
        .arg(level, number(counter(hypergraph::kCut)), number(counter(hypergraph::kImbalance)));
  }
  if (phase == hypergraph::kJetIterationPhase) {
    return QObject::tr(
               "Jet iteration on level %1: cut %2, imbalance %3 (every candidate move at once, or a "
               "rebalancing).")
        .arg(level, number(counter(hypergraph::kCut)), number(counter(hypergraph::kImbalance)));
  }
  return QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size()));
}

IncidenceRaster incidenceRaster(const hypergraph::Hypergraph& graph, int32_t maxSide,
                                std::span<const uint8_t> partition) {
  const int32_t m = graph.edgeCount(), n = graph.nodeCount();
  IncidenceRaster raster;
  if (partition.size() == static_cast<std::size_t>(n)) {
    // A counting sort by group.
    std::vector<int32_t> start(257, 0);
    for (const uint8_t group : partition) ++start[group + 1u];
    for (std::size_t g = 1; g < start.size(); ++g) start[g] += start[g - 1];
    raster.nodePosition.resize(static_cast<std::size_t>(n));
    for (int32_t v = 0; v < n; ++v)
      raster.nodePosition[static_cast<std::size_t>(v)] = start[partition[static_cast<std::size_t>(v)]]++;
  }
  raster.side = std::max(1, std::min(std::max(m, n), maxSide));
  raster.edgesPerCell = std::max(1, ceilDiv(m, raster.side));
  raster.nodesPerCell = std::max(1, ceilDiv(n, raster.side));
  lap::CostMatrix<float> cells(raster.side, raster.side);
  const int32_t rows = ceilDiv(m, raster.edgesPerCell), cols = ceilDiv(n, raster.nodesPerCell);
  for (int32_t r = 0; r < raster.side; ++r) {
    for (int32_t c = 0; c < raster.side; ++c) {
      cells(r, c) = r < rows && c < cols ? 0.0f : std::numeric_limits<float>::infinity();
    }
  }
  const float one =
      1.0f / (static_cast<float>(raster.edgesPerCell) * static_cast<float>(raster.nodesPerCell));
  for (int32_t e = 0; e < m; ++e) {
    for (const int32_t v : graph.pins(e)) cells(raster.rowOf(e), raster.colOf(v)) += one;
  }
  raster.cells = std::make_shared<const lap::AnyCostMatrix>(std::move(cells));
  return raster;
}

}  // namespace ms::studio
