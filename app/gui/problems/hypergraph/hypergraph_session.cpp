#include "app/gui/problems/hypergraph/hypergraph_session.h"

#include <QColor>
#include <QObject>
#include <algorithm>

#include "app/gui/matrix_legend.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"
#include "views/render/matrix_style.h"

namespace ms::studio {

render::Rgb8 laneColour(int32_t lane) {
  const QColor colour =
      QColor::fromHsv((lane % hypergraph::kWarpWidth) * 360 / hypergraph::kWarpWidth, 220, 255);
  return {static_cast<uint8_t>(colour.red()), static_cast<uint8_t>(colour.green()),
          static_cast<uint8_t>(colour.blue())};
}

namespace {

// The first hyperedge u and v share (their hyperedge lists are sorted); -1 when none.
int32_t firstSharedEdge(const hypergraph::Hypergraph& graph, int32_t u, int32_t v) {
  const auto a = graph.edgesOf(u), b = graph.edgesOf(v);
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j]) return a[i];
    if (a[i] < b[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return -1;
}

}  // namespace

// Rows: the current node's hyperedges shaded; columns: the node and its neighbours shaded; a mark on every
// nonzero scanned in its lane's colour; over each column a bar: +1 matched (none not yet) while coarsening,
// the side (+1 or -1) once partitioned, averaged over the nodes a raster column holds. Where the matrix is
// drawn exactly, each pair matched so far is a line joining the pair's two ones in the first hyperedge
// they share (a path through row e: e, u, e, v).
render::MatrixOverlay hypergraphOverlay(const hypergraph::HypergraphSnapshot& snapshot,
                                        const IncidenceRaster& raster) {
  render::MatrixOverlay overlay;
  overlay.markZeros = false;
  const auto side = static_cast<std::size_t>(raster.side);
  if (snapshot.graph == nullptr) return overlay;
  overlay.rowCovered.assign(side, 0);
  overlay.colCovered.assign(side, 0);
  for (const int32_t edge : snapshot.currentEdges)
    overlay.rowCovered[static_cast<std::size_t>(raster.rowOf(edge))] = 1;
  // Partitioned: the cut hyperedges (pins on both sides) are the lighter rows.
  const hypergraph::Hypergraph& graph = *snapshot.graph;
  if (snapshot.partition.size() == static_cast<std::size_t>(graph.nodeCount())) {
    for (int32_t e = 0; e < graph.edgeCount(); ++e) {
      bool sides[2] = {false, false};
      for (const int32_t v : graph.pins(e))
        sides[snapshot.partition[static_cast<std::size_t>(v)] != 0] = true;
      if (sides[0] && sides[1]) overlay.rowCovered[static_cast<std::size_t>(raster.rowOf(e))] = 1;
    }
  }
  // k parts: the hyperedges spanning several parts are the lighter rows (no bars: columns stand by part).
  if (snapshot.parts.size() == static_cast<std::size_t>(graph.nodeCount())) {
    for (int32_t e = 0; e < graph.edgeCount(); ++e) {
      const auto pins = graph.pins(e);
      if (std::any_of(pins.begin(), pins.end(), [&](int32_t v) {
            return snapshot.parts[static_cast<std::size_t>(v)] !=
                   snapshot.parts[static_cast<std::size_t>(pins[0])];
          }))
        overlay.rowCovered[static_cast<std::size_t>(raster.rowOf(e))] = 1;
    }
  }
  if (snapshot.currentNode >= 0)
    overlay.colCovered[static_cast<std::size_t>(raster.colOf(snapshot.currentNode))] = 1;
  for (const hypergraph::Neighbour& neighbour : snapshot.neighbours) {
    overlay.colCovered[static_cast<std::size_t>(raster.colOf(neighbour.node))] = 1;
  }
  for (const hypergraph::PlannedNonzero& nonzero : snapshot.lanes) {
    overlay.marks.push_back(
        {raster.rowOf(nonzero.edge), raster.colOf(nonzero.node), laneColour(nonzero.lane)});
  }
  if (raster.edgesPerCell == 1 && raster.nodesPerCell == 1) {
    for (std::size_t u = 0; u < snapshot.mate.size(); ++u) {
      const int32_t v = snapshot.mate[u];
      if (v <= static_cast<int32_t>(u)) continue;
      const int32_t edge = firstSharedEdge(*snapshot.graph, static_cast<int32_t>(u), v);
      if (edge >= 0) overlay.paths.push_back({edge, static_cast<int32_t>(u), edge, v});
    }
  }
  const bool partitioned = !snapshot.partition.empty();
  const std::size_t nodes = partitioned ? snapshot.partition.size() : snapshot.mate.size();
  if (nodes == 0) return overlay;
  std::vector<double> sum(side, 0.0), count(side, 0.0);
  for (std::size_t v = 0; v < nodes; ++v) {
    // One meaning per colour: grey is matched (coarsening) or side 2, orange only side 1; a node not
    // matched yet has no bar.
    const double bar =
        partitioned ? (snapshot.partition[v] != 0 ? 1.0 : -1.0) : (snapshot.mate[v] >= 0 ? 1.0 : 0.0);
    const auto column = static_cast<std::size_t>(raster.colOf(static_cast<int32_t>(v)));
    sum[column] += bar;
    count[column] += 1.0;
  }
  overlay.colDual.assign(side, 0.0);
  for (std::size_t c = 0; c < side; ++c) {
    if (count[c] > 0) overlay.colDual[c] = sum[c] / count[c];
  }
  return overlay;
}

QString hypergraphCaption(const hypergraph::HypergraphSnapshot& snapshot) {
  if (snapshot.graph == nullptr) return {};
  const hypergraph::Hypergraph& graph = *snapshot.graph;
  QString text = QObject::tr("level %1: %2 nodes x %3 hyperedges")
                     .arg(snapshot.level)
                     .arg(graph.nodeCount())
                     .arg(graph.edgeCount());
  // The partitioner refines a coarse level with its single-pin hyperedges dropped and repeated ones merged.
  const auto level = static_cast<std::size_t>(snapshot.level);
  if (level < snapshot.levels.size() && snapshot.levels[level].edges > graph.edgeCount()) {
    text += QObject::tr(" (%1 as contracted: single-pin ones dropped, repeated ones merged)")
                .arg(snapshot.levels[level].edges);
  }
  if (!snapshot.parts.empty()) {
    return text +
           QObject::tr("; %1 parts: cut %2 (lighter rows), km1 %3, imbalance %4; columns grouped by part")
               .arg(snapshot.partCount)
               .arg(snapshot.cut)
               .arg(snapshot.km1)
               .arg(snapshot.imbalance, 0, 'g', 4);
  }
  if (!snapshot.partition.empty()) {
    return text + QObject::tr(
                      "; cut %1 (lighter rows), imbalance %2; columns grouped by side: orange bars side 1, "
                      "grey side 2")
                      .arg(snapshot.cut)
                      .arg(snapshot.imbalance, 0, 'g', 4);
  }
  const auto matched =
      std::count_if(snapshot.mate.begin(), snapshot.mate.end(), [](int32_t m) { return m >= 0; });
  text += QObject::tr("; %1 pairs matched (lines in a shared hyperedge, grey bars)").arg(matched / 2);
  if (snapshot.currentNode >= 0) {
    text += QObject::tr("; node %1: %2 hyperedges, %3 unmatched neighbours, nonzeros coloured by warp lane")
                .arg(snapshot.currentNode + 1)
                .arg(snapshot.currentEdges.size())
                .arg(snapshot.neighbours.size());
  }
  return text;
}

HypergraphSession::HypergraphSession(StudioParts parts)
    : ProblemSession(parts),
      algorithmPage_(new HypergraphAlgorithmPage(parts.algorithms.threads(), &parts.algorithms)) {
  parts.algorithms.addPage(kind(), algorithmPage_);
  auto form = std::make_unique<HypergraphInstanceForm>(parts.instances);
  instanceForm_ = form.get();
  parts.instances.addKind(kind(), std::move(form));
}

std::function<void()> HypergraphSession::load(const InstanceSource& source) {
  const auto& hypergraphSource = std::get<HypergraphInstanceSource>(source);
  return [this, hypergraphSource, instance = loadHypergraphInstance(hypergraphSource)]() mutable {
    adopt(hypergraphSource, std::move(instance));
  };
}

void HypergraphSession::adopt(const HypergraphInstanceSource& source, HypergraphInstance instance) {
  instance_ = std::move(instance);
  if (source.file.isEmpty()) instanceForm_->setGenerator(source.generator);
  parts_.instances.sourceLoaded(kind(), source.file, source.n, source.seed);
  showGraph(instance_.graph);
}

void HypergraphSession::dropInstance() {
  instance_ = {};
  shownGraph_ = nullptr;
  raster_ = {};
}

// A level's incidence matrix goes to the matrix view when the steps reach it, and again when its partition
// changes: the columns then stand grouped by side.
void HypergraphSession::showGraph(std::shared_ptr<const hypergraph::Hypergraph> graph,
                                  std::span<const uint8_t> partition) {
  if (graph == shownGraph_ &&
      std::equal(partition.begin(), partition.end(), groupedBy_.begin(), groupedBy_.end()))
    return;
  shownGraph_ = std::move(graph);
  groupedBy_.assign(partition.begin(), partition.end());
  raster_ = incidenceRaster(*shownGraph_, kMaxRasterSide, groupedBy_);
  // An empty incidence cell is blank, not "0"; a coarser level's nodes and hyperedges get their own frame.
  const int32_t rows = (shownGraph_->edgeCount() + raster_.edgesPerCell - 1) / raster_.edgesPerCell;
  const int32_t cols = (shownGraph_->nodeCount() + raster_.nodesPerCell - 1) / raster_.nodesPerCell;
  parts_.matrix.setCosts(raster_.cells, false, QSize(std::max(cols, 1), std::max(rows, 1)));
}

// Greedy matching, contraction and refinement run on the CPU; suitor matching on the chosen backend.
MachineFactory HypergraphSession::machineFactory(std::string* notice) {
  if (instance_.graph == nullptr) return {};
  hypergraph::HypergraphOptions options = algorithmPage_->options();
  const bool suitor = options.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor ||
                      (options.algorithm == hypergraph::HypergraphAlgorithm::Bipartition &&
                       options.bipartitionMatching == hypergraph::MatchingRule::Suitor);
  const lap::Backend requested = options.backend == lap::Backend::Cuda ? lap::Backend::Auto : options.backend;
  options.backend = suitor && requested != lap::Backend::Sequential ? lap::resolveBackend(requested, notice)
                                                                    : lap::Backend::Sequential;
  if (kWayChosen()) {
    hypergraph::KWayOptions kway;
    kway.bisection = options;
    kway.bisection.nodesPerStep = 0;  // a bisection is one step of the k-way machine
    kway.bisection.maxPinHeavyFmPasses = hypergraph::kKWayBisectionPinHeavyFmPasses;
    kway.parts = algorithmPage_->parts();
    kway.objective = algorithmPage_->objective();
    return kwayMachineFactory(instance_.graph, kway);
  }
  return hypergraphMachineFactory(instance_.graph, options);
}

bool HypergraphSession::kWayChosen() const {
  return algorithmPage_->options().algorithm == hypergraph::HypergraphAlgorithm::Bipartition &&
         algorithmPage_->parts() > 2;
}

// Ones and zeros (or densities) of the incidence matrix: no slack.
MatrixUse HypergraphSession::matrixUse() const {
  return {true, QObject::tr("incidence"), false};
}

views::TraceChartsConfig HypergraphSession::chartsConfig() const {
  views::TraceChartsConfig config;
  config.timeTitle = QObject::tr("Time per phase per level");
  config.iterationTitle = QObject::tr("level");
  config.gainShowsValue = true;
  if (kWayChosen()) {
    config.timeTitle = QObject::tr("Time per phase per k-way pass");
    config.iterationTitle = QObject::tr("k-way pass");
    config.gainCounter = "moves";
    config.gainTitle = QObject::tr("Nodes moved per rebalancing, label propagation, FM or V-cycle step");
    config.phaseCharts = {{std::string(hypergraph::kBisectionPhase),
                           {"cut", "km1"},
                           QObject::tr("Cut and km1 after each bisection"),
                           QObject::tr("bisection")},
                          // The label propagation passes (two or three, little change) are in the step
                          // list and the moves chart; the views hold two phase charts.
                          {std::string(hypergraph::kFmPhase),
                           {"cut", "km1"},
                           QObject::tr("Cut and km1 per k-way FM pass"),
                           QObject::tr("pass")}};
    return config;
  }
  config.gainCounter = "matched_pairs";
  config.gainTitle = QObject::tr("Pairs matched per level");
  config.phaseCharts = {{std::string(hypergraph::kContractionPhase),
                         {"nodes", "edges", "pins"},
                         QObject::tr("Nodes, hyperedges and pins of each coarser level"),
                         QObject::tr("level")},
                        {std::string(hypergraph::kFmPassPhase),
                         {"cut", "imbalance"},
                         QObject::tr("Cut and imbalance per FM pass"),
                         QObject::tr("FM pass (whole solve)")}};
  return config;
}

views::StepExplainer HypergraphSession::explainer(const SessionInfo& /*session*/) const {
  return explainHypergraphStep;
}

StatusWords HypergraphSession::statusWords() const {
  return {QObject::tr("level"), QObject::tr("matched"), QObject::tr("cut")};
}

// The incidence matrix: hyperedges are rows, nodes columns.
views::Legend HypergraphSession::legend() const {
  using views::LegendMark;
  namespace style = render::style;
  views::Legend legend;
  legend.title = QObject::tr("Hypergraph: incidence matrix, hyperedges as rows, nodes as columns");
  std::vector<QColor> lanes;
  for (int32_t lane = 0; lane < hypergraph::kWarpWidth; lane += hypergraph::kWarpWidth / 6)
    lanes.push_back(toQColor(laneColour(lane)));
  legend.entries = {
      colourScaleEntry(parts_.matrix.colorMap(), render::MatrixQuantity::Cost,
                       QObject::tr("share of ones (node in hyperedge) in the cell; dark = none")),
      coverEntry(QObject::tr(
          "lighter row: a hyperedge of the node being scanned (coarsening) or a cut hyperedge "
          "(bipartition, columns grouped by side; more parts: grouped by part); lighter column: the "
          "node scanned and its unmatched neighbours")),
      {LegendMark::Square, lanes, QObject::tr("a nonzero being scanned, coloured by its GPU warp lane")},
      pathEntry(3, QObject::tr("a matched pair: a line joining its two nodes in a hyperedge they share")),
      barEntry(style::kDualPositive,
               QObject::tr("grey bar above a node: matched (coarsening; no bar: not yet), or in side 2 "
                           "(bipartition)")),
      barEntry(style::kDualNegative, QObject::tr("orange bar above a node: in side 1 (bipartition)")),
  };
  legend.note = numberingNote();
  return legend;
}

void HypergraphSession::sessionStarted() {
  showGraph(instance_.graph);
}

void HypergraphSession::showSnapshot(const Snapshot& snapshot, StatusValues& status) {
  const auto* state = std::get_if<hypergraph::HypergraphSnapshot>(&snapshot);
  if (state == nullptr || state->graph == nullptr) {
    parts_.matrix.setOverlay(std::make_shared<const render::MatrixOverlay>(), QString());
    return;
  }
  if (state->parts.empty()) {
    showGraph(state->graph, state->partition);
  } else {
    const std::vector<uint8_t> groups(state->parts.begin(), state->parts.end());  // at most 64 parts
    showGraph(state->graph, groups);
  }
  parts_.matrix.setOverlay(std::make_shared<const render::MatrixOverlay>(hypergraphOverlay(*state, raster_)),
                           hypergraphCaption(*state));
  status.n = state->graph->nodeCount();
  status.iteration = state->level;  // the level the caption names (a record's iteration may be the next)
  status.assigned = static_cast<int32_t>(
      std::count_if(state->mate.begin(), state->mate.end(), [](int32_t m) { return m >= 0; }));
  status.objective = static_cast<double>(state->cut);
}

QImage HypergraphSession::renderMainView(QSize size) const {
  return parts_.matrix.renderImage(size);
}

}  // namespace ms::studio
