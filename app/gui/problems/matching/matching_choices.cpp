#include "app/gui/problems/matching/matching_choices.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>

namespace ms::studio {

MatchingInstanceForm::MatchingInstanceForm(QWidget& panel) {
  graphGenerator_ = new QComboBox(&panel);
  graphGenerator_->setToolTip(
      QObject::tr("Weights of the generated complete graph (geometric: points in the plane)"));
  graphGenerator_->setObjectName(QStringLiteral("graphGenerator"));
  for (auto kind : {matching::Distribution::Uniform, matching::Distribution::Exponential,
                    matching::Distribution::Geometric}) {
    graphGenerator_->addItem(QString::fromUtf8(matching::distributionName(kind).data()),
                             static_cast<int>(kind));
  }
  graphGenerator_->setCurrentIndex(
      graphGenerator_->findData(static_cast<int>(matching::Distribution::Geometric)));
}

QString MatchingInstanceForm::title() const {
  return QObject::tr("weighted matching");
}

std::vector<std::pair<QString, QWidget*>> MatchingInstanceForm::rows() const {
  return {{QObject::tr("Generator"), graphGenerator_}};
}

InstanceSource MatchingInstanceForm::generatorSource(int32_t n, uint64_t seed) const {
  MatchingInstanceSource source;
  source.generator.distribution = static_cast<matching::Distribution>(graphGenerator_->currentData().toInt());
  source.generator.n = n;
  source.generator.seed = seed;
  return source;
}

void MatchingInstanceForm::setGenerator(const matching::GraphSpec& spec) {
  graphGenerator_->setCurrentIndex(graphGenerator_->findData(static_cast<int>(spec.distribution)));
}

InstanceSource MatchingInstanceForm::fileSource(const QString& path) const {
  return MatchingInstanceSource{path, {}};
}

QString MatchingInstanceForm::fileDialogTitle() const {
  return QObject::tr("Open a graph");
}

QString MatchingInstanceForm::fileFilter() const {
  return QObject::tr(
      "Graphs: weight matrices or point lists (*.txt *.csv *.npy *.points *.pts);;All files (*)");
}

void MatchingInstanceForm::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("instance/graphGenerator"), graphGenerator_->currentIndex());
}

void MatchingInstanceForm::restoreSettings(const QSettings& settings) {
  graphGenerator_->setCurrentIndex(
      settings.value(QStringLiteral("instance/graphGenerator"), graphGenerator_->currentIndex()).toInt());
}

namespace {

constexpr int kObjectiveByGraph = -1;  // the objective box's item data for "by graph"

}  // namespace

MatchingAlgorithmPage::MatchingAlgorithmPage(QSpinBox& threads, QWidget* parent)
    : AlgorithmPage(threads, parent) {
  objective_ = new QComboBox(this);
  objective_->setObjectName(QStringLiteral("matchingObjective"));
  objective_->setToolTip(
      tr("Minimise: a perfect matching (odd n: one vertex left out) of least total weight, for points the "
         "shortest edges. Maximise: of greatest total weight, the thesis's setting. By graph (the default): "
         "minimise geometric graphs, maximise the others. Every algorithm minimises by maximising the "
         "negated weights."));
  // Short item texts keep the panel (and so the matrix view's cells) as wide as before; the tooltips explain.
  objective_->addItem(tr("by graph"), kObjectiveByGraph);
  objective_->setItemData(0, tr("Minimise geometric graphs, maximise the others"), Qt::ToolTipRole);
  objective_->addItem(tr("minimise"), static_cast<int>(matching::Objective::Minimise));
  objective_->addItem(tr("maximise"), static_cast<int>(matching::Objective::Maximise));
  algorithm_ = new QComboBox(this);
  algorithm_->setToolTip(
      QObject::tr("The matching algorithm: greedy, ROMA (sequential or parallel) or the exact solver"));
  algorithm_->setObjectName(QStringLiteral("matchingAlgorithm"));
  for (auto algorithm : {matching::MatchingAlgorithm::Greedy, matching::MatchingAlgorithm::Roma,
                         matching::MatchingAlgorithm::ParallelRoma1,
                         matching::MatchingAlgorithm::ParallelRoma2, matching::MatchingAlgorithm::Exact}) {
    algorithm_->addItem(QString::fromUtf8(matching::matchingAlgorithmName(algorithm).data()),
                        static_cast<int>(algorithm));
  }
  algorithm_->setCurrentIndex(
      algorithm_->findData(static_cast<int>(matching::MatchingAlgorithm::ParallelRoma2)));
  backend_ = new QComboBox(this);
  backend_->setToolTip(QObject::tr("Where the solver runs: CPU or CUDA"));
  backend_->setObjectName(QStringLiteral("matchingBackend"));
  for (auto backend : {lap::Backend::Cpu, lap::Backend::Cuda}) {
    backend_->addItem(QString::fromUtf8(lap::backendName(backend).data()), static_cast<int>(backend));
  }
  initialMatching_ = new QComboBox(this);
  initialMatching_->setToolTip(QObject::tr("The matching ROMA starts from"));
  initialMatching_->setObjectName(QStringLiteral("initialMatching"));
  for (auto initial : {matching::InitialMatching::Neighbour, matching::InitialMatching::Half,
                       matching::InitialMatching::Shuffled, matching::InitialMatching::Greedy}) {
    initialMatching_->addItem(QString::fromUtf8(matching::initialMatchingName(initial).data()),
                              static_cast<int>(initial));
  }
  maxPhases_ = new QSpinBox(this);
  maxPhases_->setToolTip(QObject::tr("Stop ROMA after this many phases (0: at convergence)"));
  maxPhases_->setObjectName(QStringLiteral("maxPhases"));
  maxPhases_->setRange(0, 100000);
  maxPhases_->setSpecialValueText(tr("until converged"));
  maxPhases_->setValue(matching::kDefaultMaxPhases);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Objective"), objective_);
  form->addRow(tr("Algorithm"), algorithm_);
  form->addRow(tr("Backend"), backend_);
  form->addRow(tr("Initial matching"), initialMatching_);
  form->addRow(tr("Max phases"), maxPhases_);
  enableChoices();

  connect(algorithm_, &QComboBox::currentIndexChanged, this, &MatchingAlgorithmPage::enableChoices);
  for (QComboBox* box : {objective_, algorithm_, backend_, initialMatching_}) {
    connect(box, &QComboBox::currentIndexChanged, this, &AlgorithmPage::optionsChanged);
  }
  connect(maxPhases_, &QSpinBox::valueChanged, this, &AlgorithmPage::optionsChanged);
}

// Only parallel ROMA has backends, and only ROMA starts from an initial matching and counts phases.
void MatchingAlgorithmPage::enableChoices() {
  const auto algorithm = static_cast<matching::MatchingAlgorithm>(algorithm_->currentData().toInt());
  const bool parallel = algorithm == matching::MatchingAlgorithm::ParallelRoma1 ||
                        algorithm == matching::MatchingAlgorithm::ParallelRoma2;
  const bool roma = parallel || algorithm == matching::MatchingAlgorithm::Roma;
  backend_->setEnabled(parallel);
  initialMatching_->setEnabled(roma);
  maxPhases_->setEnabled(roma);
}

matching::MatchingOptions MatchingAlgorithmPage::options() const {
  matching::MatchingOptions options;
  options.algorithm = static_cast<matching::MatchingAlgorithm>(algorithm_->currentData().toInt());
  options.backend = static_cast<lap::Backend>(backend_->currentData().toInt());
  options.initial = static_cast<matching::InitialMatching>(initialMatching_->currentData().toInt());
  options.maxPhases = maxPhases_->value();
  options.threads = threads_.value();
  return options;
}

std::optional<matching::Objective> MatchingAlgorithmPage::objective() const {
  const int chosen = objective_->currentData().toInt();
  if (chosen == kObjectiveByGraph) return std::nullopt;
  return static_cast<matching::Objective>(chosen);
}

void MatchingAlgorithmPage::setObjective(std::optional<matching::Objective> objective) {
  objective_->setCurrentIndex(
      objective_->findData(objective ? static_cast<int>(*objective) : kObjectiveByGraph));
}

matching::Objective MatchingAlgorithmPage::objectiveFor(const matching::CompleteGraph& graph) const {
  return objective().value_or(matching::defaultObjective(graph));
}

void MatchingAlgorithmPage::setOptions(const matching::MatchingOptions& options) {
  {
    const QSignalBlocker blockAlgorithm(algorithm_), blockBackend(backend_), blockInitial(initialMatching_),
        blockPhases(maxPhases_), blockThreads(threads_);
    algorithm_->setCurrentIndex(algorithm_->findData(static_cast<int>(options.algorithm)));
    backend_->setCurrentIndex(backend_->findData(static_cast<int>(options.backend)));
    initialMatching_->setCurrentIndex(initialMatching_->findData(static_cast<int>(options.initial)));
    maxPhases_->setValue(options.maxPhases);
    threads_.setValue(options.threads);
  }
  enableChoices();
  emit optionsChanged();
}

void MatchingAlgorithmPage::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("algorithm/matchingObjective"), objective_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/matching"), algorithm_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/matchingBackend"), backend_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/initialMatching"), initialMatching_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/maxPhases"), maxPhases_->value());
}

void MatchingAlgorithmPage::restoreSettings(const QSettings& settings) {
  {
    const QSignalBlocker blockObjective(objective_), blockAlgorithm(algorithm_), blockBackend(backend_),
        blockInitial(initialMatching_), blockPhases(maxPhases_);
    const auto restoreIndex = [&](QComboBox* box, const QString& key) {
      box->setCurrentIndex(settings.value(key, box->currentIndex()).toInt());
    };
    restoreIndex(objective_, QStringLiteral("algorithm/matchingObjective"));
    restoreIndex(algorithm_, QStringLiteral("algorithm/matching"));
    restoreIndex(backend_, QStringLiteral("algorithm/matchingBackend"));
    restoreIndex(initialMatching_, QStringLiteral("algorithm/initialMatching"));
    maxPhases_->setValue(settings.value(QStringLiteral("algorithm/maxPhases"), maxPhases_->value()).toInt());
  }
  enableChoices();
}

}  // namespace ms::studio
