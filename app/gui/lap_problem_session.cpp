#include "app/gui/lap_problem_session.h"

#include <QObject>
#include <QSplitter>
#include <variant>

#include "views/matrix/matrix_view.h"
#include "views/tree/tree_view.h"

namespace ms::studio {

LapProblemSession::LapProblemSession(StudioParts parts)
    : ProblemSession(parts),
      algorithmPage_(new LapAlgorithmPage(parts.algorithms.threads(), &parts.algorithms)),
      treeView_(new views::TreeView(&parts.central)) {
  parts.algorithms.addPage(kind(), algorithmPage_);
  auto form = std::make_unique<LapInstanceForm>(parts.instances);
  instanceForm_ = form.get();
  parts.instances.addKind(kind(), std::move(form));
  treeView_->setObjectName(QStringLiteral("treeView"));
  parts.central.addWidget(treeView_);
  parts.central.setStretchFactor(parts.central.indexOf(treeView_), 2);
}

std::function<void()> LapProblemSession::load(const InstanceSource& source) {
  const auto& lapSource = std::get<LapInstanceSource>(source);
  return [this, lapSource, instance = loadLapInstance(lapSource)]() mutable { adopt(lapSource, std::move(instance)); };
}

void LapProblemSession::adopt(const LapInstanceSource& source, LapInstance instance) {
  instance_ = std::move(instance);
  if (source.file.isEmpty()) instanceForm_->setGenerator(source.generator);
  parts_.instances.sourceLoaded(kind(), source.file, source.generator.n, source.generator.seed);
  parts_.matrix.setCosts(instance_.costs);
  treeView_->setZeroTolerance(std::visit(
      [](const auto& matrix) { return static_cast<double>(lap::zeroTolerance(matrix)); }, *instance_.costs));
}

// Brute force runs sequentially whatever was asked.
MachineFactory LapProblemSession::machineFactory(std::string* notice) const {
  if (instance_.costs == nullptr) return {};
  lap::LapOptions options = algorithmPage_->options();
  options.backend = options.algorithm == lap::LapAlgorithm::Brute ? lap::Backend::Sequential
                                                                  : lap::resolveBackend(options.backend, notice);
  return lapMachineFactory(instance_.costs, options);
}

void LapProblemSession::setViewsShown(bool shown) { treeView_->setVisible(shown); }

MatrixUse LapProblemSession::matrixUse() const { return {true, QObject::tr("cost"), true}; }

// The Hungarian counters the charts follow: assignments per iteration (the paper's Table 2) and the frontier
// of every BFS level.
views::TraceChartsConfig LapProblemSession::chartsConfig() const {
  views::TraceChartsConfig config;
  config.gainCounter = "assigned";
  config.gainTitle = QObject::tr("Assignments gained per iteration");
  config.levelPhase = "forward_level";
  config.levelCounters = {"frontier"};
  config.levelTitle = QObject::tr("Frontier size per BFS level");
  return config;
}

views::StepExplainer LapProblemSession::explainer() const {
  return [n = instance_.n()](const StepRecord& record) { return explainLapStep(record, n); };
}

StatusWords LapProblemSession::statusWords() const {
  return {QObject::tr("iteration"), QObject::tr("assigned"), QObject::tr("objective")};
}

void LapProblemSession::sessionStarted() { treeView_->clear(); }

void LapProblemSession::showSnapshot(const Snapshot& snapshot, StatusValues& status) {
  parts_.matrix.setSnapshot(snapshot);
  treeView_->setSnapshot(snapshot);
  if (const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot)) {
    status.assigned = lap->assignedCount;
    status.objective = lap->objective;
  }
}

QImage LapProblemSession::renderMainView(QSize size) const { return parts_.matrix.renderImage(size); }

}  // namespace ms::studio
