#include "app/gui/instance_panel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <limits>

namespace ms::studio {

namespace {

constexpr int kMaxGeneratedSize = 40000;

}  // namespace

InstancePanel::InstancePanel(QWidget* parent) : QWidget(parent) {
  problem_ = new QComboBox(this);
  problem_->setObjectName(QStringLiteral("problem"));
  problem_->addItem(tr("assignment (LAP)"), static_cast<int>(ProblemKind::Assignment));
  problem_->addItem(tr("weighted matching"), static_cast<int>(ProblemKind::Matching));
  graphGenerator_ = new QComboBox(this);
  graphGenerator_->setObjectName(QStringLiteral("graphGenerator"));
  for (auto kind : {matching::Distribution::Uniform, matching::Distribution::Exponential,
                    matching::Distribution::Geometric}) {
    graphGenerator_->addItem(QString::fromUtf8(matching::distributionName(kind).data()),
                             static_cast<int>(kind));
  }
  graphGenerator_->setCurrentIndex(
      graphGenerator_->findData(static_cast<int>(matching::Distribution::Geometric)));
  generator_ = new QComboBox(this);
  for (auto kind : {lap::Generator::Uniform, lap::Generator::Real, lap::Generator::Exponential, lap::Generator::Euclidean}) {
    generator_->addItem(QString::fromUtf8(lap::generatorName(kind).data()), static_cast<int>(kind));
  }
  generator_->setObjectName(QStringLiteral("generator"));
  size_ = new QSpinBox(this);
  size_->setObjectName(QStringLiteral("size"));
  size_->setRange(1, kMaxGeneratedSize);
  size_->setValue(60);
  range_ = new QComboBox(this);
  range_->setObjectName(QStringLiteral("range"));
  range_->addItem(QStringLiteral("[0, n/10)"), static_cast<int>(lap::CostRange::TenthN));
  range_->addItem(QStringLiteral("[0, n)"), static_cast<int>(lap::CostRange::N));
  range_->addItem(QStringLiteral("[0, 10n)"), static_cast<int>(lap::CostRange::TenN));
  range_->setCurrentIndex(1);
  seed_ = new QSpinBox(this);
  seed_->setObjectName(QStringLiteral("seed"));
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);
  connect(generator_, &QComboBox::currentIndexChanged, this,
          [this] { range_->setEnabled(generator_->currentData().toInt() == static_cast<int>(lap::Generator::Uniform)); });

  auto* generate = new QPushButton(tr("Generate"), this);
  generate->setObjectName(QStringLiteral("generate"));
  connect(generate, &QPushButton::clicked, this, [this] { emit sourceRequested(currentGeneratorSource()); });
  auto* open = new QPushButton(tr("Open file…"), this);
  connect(open, &QPushButton::clicked, this, &InstancePanel::openFileDialog);

  recentList_ = new QListWidget(this);
  recentList_->setObjectName(QStringLiteral("recentFiles"));
  recentList_->setMaximumHeight(110);
  connect(recentList_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    emit sourceRequested(fileSource(item->data(Qt::UserRole).toString()));
  });

  form_ = new QFormLayout;
  form_->addRow(tr("Problem"), problem_);
  form_->addRow(tr("Generator"), generator_);
  form_->addRow(tr("Generator"), graphGenerator_);
  form_->addRow(tr("n"), size_);
  form_->addRow(tr("Costs"), range_);
  form_->addRow(tr("Seed"), seed_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(generate);
  buttons->addWidget(open);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form_);
  layout->addLayout(buttons);
  layout->addWidget(new QLabel(tr("Recent files"), this));
  layout->addWidget(recentList_);
  layout->addStretch(1);

  connect(problem_, &QComboBox::currentIndexChanged, this, [this] {
    showProblemKind();
    emit problemKindChanged(problemKind());
  });
  showProblemKind();
}

ProblemKind InstancePanel::problemKind() const {
  return static_cast<ProblemKind>(problem_->currentData().toInt());
}

void InstancePanel::setProblemKind(ProblemKind kind) {
  problem_->setCurrentIndex(problem_->findData(static_cast<int>(kind)));
}

// The form shows the generators of the chosen kind, and the recent list its files.
void InstancePanel::showProblemKind() {
  const bool matching = problemKind() == ProblemKind::Matching;
  form_->setRowVisible(generator_, !matching);
  form_->setRowVisible(range_, !matching);
  form_->setRowVisible(graphGenerator_, matching);
  refreshRecentList();
}

InstanceSource InstancePanel::currentGeneratorSource() const {
  if (problemKind() == ProblemKind::Matching) return matchingGeneratorSource();
  return generatorSource();
}

InstanceSource InstancePanel::fileSource(const QString& path) const {
  if (problemKind() == ProblemKind::Matching) return MatchingInstanceSource{path, {}};
  LapInstanceSource source;
  source.file = path;
  return source;
}

LapInstanceSource InstancePanel::generatorSource() const {
  LapInstanceSource source;
  source.generator.generator = static_cast<lap::Generator>(generator_->currentData().toInt());
  source.generator.n = size_->value();
  source.generator.range = static_cast<lap::CostRange>(range_->currentData().toInt());
  source.generator.seed = static_cast<uint64_t>(seed_->value());
  return source;
}

void InstancePanel::setGeneratorSource(const lap::GeneratorSpec& spec) {
  generator_->setCurrentIndex(generator_->findData(static_cast<int>(spec.generator)));
  size_->setValue(spec.n);
  range_->setCurrentIndex(range_->findData(static_cast<int>(spec.range)));
  seed_->setValue(static_cast<int>(spec.seed));
}

MatchingInstanceSource InstancePanel::matchingGeneratorSource() const {
  MatchingInstanceSource source;
  source.generator.distribution = static_cast<matching::Distribution>(graphGenerator_->currentData().toInt());
  source.generator.n = size_->value();
  source.generator.seed = static_cast<uint64_t>(seed_->value());
  return source;
}

void InstancePanel::setMatchingGeneratorSource(const matching::GraphSpec& spec) {
  graphGenerator_->setCurrentIndex(graphGenerator_->findData(static_cast<int>(spec.distribution)));
  size_->setValue(spec.n);
  seed_->setValue(static_cast<int>(spec.seed));
}

void InstancePanel::openFileDialog() {
  const bool matching = problemKind() == ProblemKind::Matching;
  const QString path =
      matching ? QFileDialog::getOpenFileName(this, tr("Open a graph"), QString(),
                                              tr("Graphs: weight matrices or point lists (*.txt *.csv *.npy "
                                                 "*.points *.pts);;All files (*)"))
               : QFileDialog::getOpenFileName(this, tr("Open a cost matrix"), QString(),
                                              tr("Cost matrices (*.txt *.csv *.npy);;All files (*)"));
  if (path.isEmpty()) return;
  emit sourceRequested(fileSource(path));
}

namespace {

void prependRecent(QStringList& recent, const QString& path) {
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > InstancePanel::kRecentFileCount) recent.removeLast();
}

}  // namespace

void InstancePanel::addRecentFile(const QString& path) {
  prependRecent(recent_, path);
  refreshRecentList();
}

void InstancePanel::addRecentGraphFile(const QString& path) {
  prependRecent(recentGraphs_, path);
  refreshRecentList();
}

void InstancePanel::refreshRecentList() {
  recentList_->clear();
  for (const QString& path : problemKind() == ProblemKind::Matching ? recentGraphs_ : recent_) {
    auto* item = new QListWidgetItem(QFileInfo(path).fileName(), recentList_);
    item->setData(Qt::UserRole, path);
    item->setToolTip(path);
  }
}

void InstancePanel::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("instance/generator"), generator_->currentIndex());
  settings.setValue(QStringLiteral("instance/n"), size_->value());
  settings.setValue(QStringLiteral("instance/range"), range_->currentIndex());
  settings.setValue(QStringLiteral("instance/seed"), seed_->value());
  settings.setValue(QStringLiteral("instance/recentFiles"), recent_);
  settings.setValue(QStringLiteral("instance/problem"), problem_->currentIndex());
  settings.setValue(QStringLiteral("instance/graphGenerator"), graphGenerator_->currentIndex());
  settings.setValue(QStringLiteral("instance/recentGraphFiles"), recentGraphs_);
}

void InstancePanel::restoreSettings(const QSettings& settings) {
  generator_->setCurrentIndex(settings.value(QStringLiteral("instance/generator"), generator_->currentIndex()).toInt());
  size_->setValue(settings.value(QStringLiteral("instance/n"), size_->value()).toInt());
  range_->setCurrentIndex(settings.value(QStringLiteral("instance/range"), range_->currentIndex()).toInt());
  seed_->setValue(settings.value(QStringLiteral("instance/seed"), seed_->value()).toInt());
  recent_ = settings.value(QStringLiteral("instance/recentFiles")).toStringList();
  recentGraphs_ = settings.value(QStringLiteral("instance/recentGraphFiles")).toStringList();
  graphGenerator_->setCurrentIndex(
      settings.value(QStringLiteral("instance/graphGenerator"), graphGenerator_->currentIndex()).toInt());
  problem_->setCurrentIndex(
      settings.value(QStringLiteral("instance/problem"), problem_->currentIndex()).toInt());
  refreshRecentList();
}

}  // namespace ms::studio
