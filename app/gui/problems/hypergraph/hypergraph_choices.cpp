#include "app/gui/problems/hypergraph/hypergraph_choices.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSettings>
#include <QSpinBox>

namespace ms::studio {

HypergraphInstanceForm::HypergraphInstanceForm(QWidget& panel) {
  generator_ = new QComboBox(&panel);
  generator_->setToolTip(QObject::tr("The generated hypergraph: random, or one shaped like a real data set"));
  generator_->setObjectName(QStringLiteral("hypergraphGenerator"));
  for (auto generator :
       {HypergraphGenerator::Random, HypergraphGenerator::Flickr, HypergraphGenerator::Wikipedia,
        HypergraphGenerator::Stanford, HypergraphGenerator::StanfordBerkeley}) {
    generator_->addItem(hypergraphGeneratorName(generator), static_cast<int>(generator));
  }
}

void HypergraphInstanceForm::setGenerator(HypergraphGenerator generator) {
  generator_->setCurrentIndex(generator_->findData(static_cast<int>(generator)));
}

QString HypergraphInstanceForm::title() const {
  return QObject::tr("hypergraph coarsening");
}

std::vector<std::pair<QString, QWidget*>> HypergraphInstanceForm::rows() const {
  return {{QObject::tr("Generator"), generator_}};
}

InstanceSource HypergraphInstanceForm::generatorSource(int32_t n, uint64_t seed) const {
  HypergraphInstanceSource source;
  source.generator = static_cast<HypergraphGenerator>(generator_->currentData().toInt());
  source.n = n;
  source.seed = seed;
  return source;
}

InstanceSource HypergraphInstanceForm::fileSource(const QString& path) const {
  HypergraphInstanceSource source;
  source.file = path;
  return source;
}

QString HypergraphInstanceForm::fileDialogTitle() const {
  return QObject::tr("Open a hypergraph");
}

QString HypergraphInstanceForm::fileFilter() const {
  return QObject::tr("Hypergraphs: hMETIS or Matrix Market (*.hgr *.mtx);;All files (*)");
}

void HypergraphInstanceForm::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("instance/hypergraphGenerator"), generator_->currentIndex());
}

void HypergraphInstanceForm::restoreSettings(const QSettings& settings) {
  generator_->setCurrentIndex(
      settings.value(QStringLiteral("instance/hypergraphGenerator"), generator_->currentIndex()).toInt());
}

HypergraphAlgorithmPage::HypergraphAlgorithmPage(QSpinBox& threads, QWidget* parent)
    : AlgorithmPage(threads, parent) {
  algorithm_ = new QComboBox(this);
  algorithm_->setToolTip(QObject::tr("Coarsening by greedy or suitor matching, or a full bipartition"));
  algorithm_->setObjectName(QStringLiteral("hypergraphAlgorithm"));
  for (auto algorithm :
       {hypergraph::HypergraphAlgorithm::CoarsenGreedy, hypergraph::HypergraphAlgorithm::CoarsenSuitor,
        hypergraph::HypergraphAlgorithm::Bipartition}) {
    algorithm_->addItem(QString::fromUtf8(hypergraph::hypergraphAlgorithmName(algorithm).data()),
                        static_cast<int>(algorithm));
  }
  matchingRule_ = new QComboBox(this);
  matchingRule_->setToolTip(QObject::tr("How nodes choose their partners while coarsening"));
  matchingRule_->setObjectName(QStringLiteral("hypergraphMatching"));
  matchingRule_->addItem(tr("greedy"), static_cast<int>(hypergraph::MatchingRule::Greedy));
  matchingRule_->addItem(tr("suitor"), static_cast<int>(hypergraph::MatchingRule::Suitor));
  backend_ = new QComboBox(this);
  backend_->setToolTip(QObject::tr("Where the solver runs: CPU or CUDA"));
  backend_->setObjectName(QStringLiteral("hypergraphBackend"));
  for (auto backend : {lap::Backend::Sequential, lap::Backend::Cpu, lap::Backend::Cuda}) {
    backend_->addItem(QString::fromUtf8(lap::backendName(backend).data()), static_cast<int>(backend));
  }
  epsilon_ = new QDoubleSpinBox(this);
  epsilon_->setToolTip(QObject::tr("Allowed imbalance of the bipartition"));
  epsilon_->setObjectName(QStringLiteral("hypergraphEpsilon"));
  epsilon_->setRange(0.0, 0.5);
  epsilon_->setDecimals(3);
  epsilon_->setSingleStep(0.01);
  epsilon_->setValue(hypergraph::kDefaultEpsilon);
  parts_ = new QSpinBox(this);
  parts_->setToolTip(QObject::tr(
      "Parts of the bipartition: 2, or more by recursive bisection, k-way label propagation and k-way FM "
      "(every part at most (1 + epsilon) ceil(|V| / k))"));
  parts_->setObjectName(QStringLiteral("hypergraphParts"));
  parts_->setRange(2, 64);
  objective_ = new QComboBox(this);
  objective_->setToolTip(QObject::tr(
      "What the k-way partitioning minimises: km1 = sum of w(e) (parts of e - 1), or cut = weight of the "
      "hyperedges spanning several parts; both are shown"));
  objective_->setObjectName(QStringLiteral("hypergraphObjective"));
  for (auto objective : {hypergraph::Objective::Km1, hypergraph::Objective::Cut}) {
    objective_->addItem(QString::fromUtf8(hypergraph::objectiveName(objective).data()),
                        static_cast<int>(objective));
  }
  refinement_ = new QComboBox(this);
  refinement_->setToolTip(QObject::tr(
      "How the bipartition refines each level: FM passes, or Jet iterations (every candidate move of an "
      "iteration at once, then a rebalancing when a side is over its limit) followed by FM passes; auto: Jet "
      "on the CUDA backend"));
  refinement_->setObjectName(QStringLiteral("hypergraphRefinement"));
  refinement_->addItem(tr("auto (Jet on the GPU)"), static_cast<int>(hypergraph::Refinement::Auto));
  refinement_->addItem(tr("FM"), static_cast<int>(hypergraph::Refinement::Fm));
  refinement_->addItem(tr("Jet, then FM"), static_cast<int>(hypergraph::Refinement::Jet));
  nodesPerStep_ = new QSpinBox(this);
  nodesPerStep_->setToolTip(
      QObject::tr("Nodes scanned per step of the greedy matching (0: a whole level per step)"));
  nodesPerStep_->setObjectName(QStringLiteral("nodesPerStep"));
  nodesPerStep_->setRange(0, 1'000'000);
  nodesPerStep_->setSpecialValueText(tr("a whole level"));
  nodesPerStep_->setValue(1);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Algorithm"), algorithm_);
  form->addRow(tr("Coarsen by"), matchingRule_);
  form->addRow(tr("Balance epsilon"), epsilon_);
  // Parts and the objective share a row (the objective matters from three parts on): the panel keeps the
  // studio within 800 pixels of height.
  auto* partsRow = new QWidget(this);
  auto* partsLayout = new QHBoxLayout(partsRow);
  partsLayout->setContentsMargins(0, 0, 0, 0);
  partsLayout->addWidget(parts_, 1);
  partsLayout->addWidget(objective_, 1);
  form->addRow(tr("Parts, objective"), partsRow);
  form->addRow(tr("Refinement"), refinement_);
  form->addRow(tr("Nodes per step"), nodesPerStep_);
  form->addRow(tr("Backend"), backend_);
  enableChoices();
  connect(algorithm_, &QComboBox::currentIndexChanged, this, &HypergraphAlgorithmPage::enableChoices);
  connect(matchingRule_, &QComboBox::currentIndexChanged, this, &HypergraphAlgorithmPage::enableChoices);
  connect(parts_, &QSpinBox::valueChanged, this, &HypergraphAlgorithmPage::enableChoices);
  for (QComboBox* box : {algorithm_, matchingRule_, backend_, objective_, refinement_}) {
    connect(box, &QComboBox::currentIndexChanged, this, &AlgorithmPage::optionsChanged);
  }
  connect(parts_, &QSpinBox::valueChanged, this, &AlgorithmPage::optionsChanged);
  connect(epsilon_, &QDoubleSpinBox::valueChanged, this, &AlgorithmPage::optionsChanged);
  connect(nodesPerStep_, &QSpinBox::valueChanged, this, &AlgorithmPage::optionsChanged);
}

// Only suitor matching has backends; greedy matching counts nodes per step; only the bipartition chooses
// its matching, its parts and its refinement and has a balance constraint; the objective matters from three
// parts on.
void HypergraphAlgorithmPage::enableChoices() {
  const hypergraph::HypergraphOptions chosen = options();
  const bool bipartition = chosen.algorithm == hypergraph::HypergraphAlgorithm::Bipartition;
  const bool suitor = chosen.algorithm == hypergraph::HypergraphAlgorithm::CoarsenSuitor ||
                      (bipartition && chosen.bipartitionMatching == hypergraph::MatchingRule::Suitor);
  matchingRule_->setEnabled(bipartition);
  epsilon_->setEnabled(bipartition);
  parts_->setEnabled(bipartition);
  objective_->setEnabled(bipartition && parts_->value() > 2);
  refinement_->setEnabled(bipartition);
  backend_->setEnabled(suitor);
  nodesPerStep_->setEnabled(!suitor);
}

hypergraph::HypergraphOptions HypergraphAlgorithmPage::options() const {
  hypergraph::HypergraphOptions options;
  options.algorithm = static_cast<hypergraph::HypergraphAlgorithm>(algorithm_->currentData().toInt());
  options.bipartitionMatching = static_cast<hypergraph::MatchingRule>(matchingRule_->currentData().toInt());
  options.backend = static_cast<lap::Backend>(backend_->currentData().toInt());
  options.epsilon = epsilon_->value();
  options.refinement = static_cast<hypergraph::Refinement>(refinement_->currentData().toInt());
  options.nodesPerStep = nodesPerStep_->value();
  options.threads = threads_.value();
  return options;
}

int32_t HypergraphAlgorithmPage::parts() const {
  return parts_->value();
}

hypergraph::Objective HypergraphAlgorithmPage::objective() const {
  return static_cast<hypergraph::Objective>(objective_->currentData().toInt());
}

void HypergraphAlgorithmPage::setOptions(const hypergraph::HypergraphOptions& options) {
  {
    const QSignalBlocker blockAlgorithm(algorithm_), blockRule(matchingRule_), blockBackend(backend_),
        blockEpsilon(epsilon_), blockRefinement(refinement_), blockNodes(nodesPerStep_),
        blockThreads(threads_);
    algorithm_->setCurrentIndex(algorithm_->findData(static_cast<int>(options.algorithm)));
    matchingRule_->setCurrentIndex(matchingRule_->findData(static_cast<int>(options.bipartitionMatching)));
    backend_->setCurrentIndex(backend_->findData(static_cast<int>(options.backend)));
    epsilon_->setValue(options.epsilon);
    refinement_->setCurrentIndex(refinement_->findData(static_cast<int>(options.refinement)));
    nodesPerStep_->setValue(options.nodesPerStep);
    threads_.setValue(options.threads);
  }
  enableChoices();
  emit optionsChanged();
}

void HypergraphAlgorithmPage::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("algorithm/hypergraph"), algorithm_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/hypergraphMatching"), matchingRule_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/hypergraphBackend"), backend_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/hypergraphEpsilon"), epsilon_->value());
  settings.setValue(QStringLiteral("algorithm/nodesPerStep"), nodesPerStep_->value());
  settings.setValue(QStringLiteral("algorithm/hypergraphParts"), parts_->value());
  settings.setValue(QStringLiteral("algorithm/hypergraphObjective"), objective_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/hypergraphRefinement"), refinement_->currentIndex());
}

void HypergraphAlgorithmPage::restoreSettings(const QSettings& settings) {
  {
    const QSignalBlocker blockAlgorithm(algorithm_), blockRule(matchingRule_), blockBackend(backend_),
        blockEpsilon(epsilon_), blockNodes(nodesPerStep_), blockParts(parts_), blockObjective(objective_),
        blockRefinement(refinement_);
    const auto restoreIndex = [&](QComboBox* box, const QString& key) {
      box->setCurrentIndex(settings.value(key, box->currentIndex()).toInt());
    };
    restoreIndex(algorithm_, QStringLiteral("algorithm/hypergraph"));
    restoreIndex(matchingRule_, QStringLiteral("algorithm/hypergraphMatching"));
    restoreIndex(backend_, QStringLiteral("algorithm/hypergraphBackend"));
    epsilon_->setValue(
        settings.value(QStringLiteral("algorithm/hypergraphEpsilon"), epsilon_->value()).toDouble());
    nodesPerStep_->setValue(
        settings.value(QStringLiteral("algorithm/nodesPerStep"), nodesPerStep_->value()).toInt());
    parts_->setValue(settings.value(QStringLiteral("algorithm/hypergraphParts"), parts_->value()).toInt());
    restoreIndex(objective_, QStringLiteral("algorithm/hypergraphObjective"));
    restoreIndex(refinement_, QStringLiteral("algorithm/hypergraphRefinement"));
  }
  enableChoices();
}

}  // namespace ms::studio
