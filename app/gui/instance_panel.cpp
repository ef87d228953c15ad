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
  connect(generate, &QPushButton::clicked, this, [this] { emit sourceRequested(generatorSource()); });
  auto* open = new QPushButton(tr("Open file…"), this);
  connect(open, &QPushButton::clicked, this, &InstancePanel::openFileDialog);

  recentList_ = new QListWidget(this);
  recentList_->setObjectName(QStringLiteral("recentFiles"));
  recentList_->setMaximumHeight(110);
  connect(recentList_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    LapInstanceSource source;
    source.file = item->data(Qt::UserRole).toString();
    emit sourceRequested(source);
  });

  auto* form = new QFormLayout;
  form->addRow(tr("Generator"), generator_);
  form->addRow(tr("n"), size_);
  form->addRow(tr("Costs"), range_);
  form->addRow(tr("Seed"), seed_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(generate);
  buttons->addWidget(open);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(new QLabel(tr("Recent files"), this));
  layout->addWidget(recentList_);
  layout->addStretch(1);
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

void InstancePanel::openFileDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a cost matrix"), QString(),
                                                    tr("Cost matrices (*.txt *.csv *.npy);;All files (*)"));
  if (path.isEmpty()) return;
  LapInstanceSource source;
  source.file = path;
  emit sourceRequested(source);
}

void InstancePanel::addRecentFile(const QString& path) {
  recent_.removeAll(path);
  recent_.prepend(path);
  while (recent_.size() > kRecentFileCount) recent_.removeLast();
  refreshRecentList();
}

void InstancePanel::refreshRecentList() {
  recentList_->clear();
  for (const QString& path : recent_) {
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
}

void InstancePanel::restoreSettings(const QSettings& settings) {
  generator_->setCurrentIndex(settings.value(QStringLiteral("instance/generator"), generator_->currentIndex()).toInt());
  size_->setValue(settings.value(QStringLiteral("instance/n"), size_->value()).toInt());
  range_->setCurrentIndex(settings.value(QStringLiteral("instance/range"), range_->currentIndex()).toInt());
  seed_->setValue(settings.value(QStringLiteral("instance/seed"), seed_->value()).toInt());
  recent_ = settings.value(QStringLiteral("instance/recentFiles")).toStringList();
  refreshRecentList();
}

}  // namespace ms::studio
