#include "app/gui/problems/matching/matching_session.h"

#include <QObject>
#include <QSplitter>
#include <algorithm>

#include "app/gui/matrix_legend.h"
#include "views/graph/graph_painter.h"
#include "views/graph/graph_view.h"
#include "views/matrix/matrix_view.h"

namespace ms::studio {

MatchingSession::MatchingSession(StudioParts parts)
    : ProblemSession(parts),
      algorithmPage_(new MatchingAlgorithmPage(parts.algorithms.threads(), &parts.algorithms)),
      graphView_(new views::GraphView(&parts.central)) {
  parts.algorithms.addPage(kind(), algorithmPage_);
  auto form = std::make_unique<MatchingInstanceForm>(parts.instances);
  instanceForm_ = form.get();
  parts.instances.addKind(kind(), std::move(form));
  graphView_->setObjectName(QStringLiteral("graphView"));
  parts.central.addWidget(graphView_);
}

std::function<void()> MatchingSession::load(const InstanceSource& source) {
  const auto& graphSource = std::get<MatchingInstanceSource>(source);
  return [this, graphSource, instance = loadMatchingInstance(graphSource)]() mutable {
    adopt(graphSource, std::move(instance));
  };
}

void MatchingSession::adopt(const MatchingInstanceSource& source, MatchingInstance instance) {
  instance_ = std::move(instance);
  if (source.file.isEmpty()) instanceForm_->setGenerator(source.generator);
  parts_.instances.sourceLoaded(kind(), source.file, source.generator.n, source.generator.seed);
  parts_.matrix.setCosts(instance_.weightMatrix);
  graphView_->clear();
}

// ROMA's vertex order and shuffled start follow the generator's seed, as in the CLI.
MachineFactory MatchingSession::machineFactory(std::string* notice) {
  if (instance_.graph == nullptr) return {};
  matching::MatchingOptions options = resolveMatchingBackend(algorithmPage_->options(), notice);
  options.objective = algorithmPage_->objectiveFor(*instance_.graph);
  objective_ = options.objective;
  options.seed = instance_.seed;
  return matchingMachineFactory(instance_.graph, options);
}

// The graph when it has points, else its weight matrix.
void MatchingSession::setViewsShown(bool shown) {
  graphView_->setVisible(shown && geometric());
}

// A weight matrix has no duals: its weights and no slack.
MatrixUse MatchingSession::matrixUse() const {
  return {!geometric(), QObject::tr("weight"), false};
}

// ROMA's counters: the weight after every phase, the flips (and the flips that lost a lock race) of every
// phase; the time chart shows each phase's time.
views::TraceChartsConfig MatchingSession::chartsConfig() const {
  views::TraceChartsConfig config;
  config.gainCounter = "weight";
  config.gainTitle = QObject::tr("Matching weight after each phase");
  config.gainShowsValue = true;
  config.phaseCharts = {{std::string(matching::kRomaPhase),
                         {"flips", "failed_locks"},
                         QObject::tr("Flips per phase"),
                         QObject::tr("phase")}};
  config.timeTitle = QObject::tr("Time per phase");  // one step per phase: the series are its step kinds
  config.iterationTitle = QObject::tr("phase");
  return config;
}

views::StepExplainer MatchingSession::explainer(const SessionInfo& /*session*/) const {
  return
      [objective = objective_](const StepRecord& record) { return explainMatchingStep(record, objective); };
}

// A matching counts phases, matched vertices and weight.
StatusWords MatchingSession::statusWords() const {
  return {QObject::tr("phase"), QObject::tr("matched"), QObject::tr("weight")};
}

// A geometric graph's view (points and edges) or the weight matrix.
views::Legend MatchingSession::legend() const {
  using views::LegendMark;
  views::Legend legend;
  legend.title = QObject::tr("Weighted matching: what the marks mean");
  if (instance_.graph != nullptr) {
    legend.title = algorithmPage_->objectiveFor(*instance_.graph) == matching::Objective::Minimise
                       ? QObject::tr("Weighted matching, least total weight: what the marks mean")
                       : QObject::tr("Weighted matching, greatest total weight: what the marks mean");
  }
  if (geometric()) {
    const views::GraphPens pens = views::graphPens(instance_.graph->vertexCount());
    legend.entries = {
        {LegendMark::Circle,
         {QColor(views::graph_style::kPoint)},
         QObject::tr("a vertex (a point), numbered from 1 while few")},
        {LegendMark::Line, {pens.matched.color()}, QObject::tr("matched edge")},
    };
    // Only ROMA flips 4-cycles: greedy and the exact solver draw no flipped edges.
    const matching::MatchingAlgorithm algorithm = algorithmPage_->options().algorithm;
    if (algorithm != matching::MatchingAlgorithm::Greedy && algorithm != matching::MatchingAlgorithm::Exact) {
      legend.entries.push_back(
          {LegendMark::Line, {pens.made.color()}, QObject::tr("edge the latest phase's flips made")});
      legend.entries.push_back({LegendMark::Dashed,
                                {pens.removed.color()},
                                QObject::tr("edge the latest phase's flips removed (faded)")});
    }
  } else {
    legend.entries = {
        colourScaleEntry(parts_.matrix.colorMap(), render::MatrixQuantity::Cost, QObject::tr("weight")),
        assignmentEntry(QObject::tr("matched pair (i, j): both cells (i, j) and (j, i) framed")),
        numbersEntry(QObject::tr("weight")),
    };
  }
  legend.note = numberingNote();
  return legend;
}

void MatchingSession::showSnapshot(const Snapshot& snapshot, StatusValues& status) {
  parts_.matrix.setSnapshot(snapshot);
  graphView_->setSnapshot(snapshot);
  if (const auto* matching = std::get_if<matching::MatchingSnapshot>(&snapshot)) {
    status.assigned = static_cast<int32_t>(
        std::count_if(matching->mate.begin(), matching->mate.end(), [](int32_t mate) { return mate >= 0; }));
    status.objective = matching->weight;
  }
}

// A geometric graph has no matrix on screen: its graph view is the main view.
QImage MatchingSession::renderMainView(QSize size) const {
  return geometric() ? graphView_->renderImage(size) : parts_.matrix.renderImage(size);
}

}  // namespace ms::studio
