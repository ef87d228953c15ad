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
  problem_->setToolTip(tr("The problem kind: assignment (LAP), weighted matching or hypergraph"));
  problem_->setObjectName(QStringLiteral("problem"));
  size_ = new QSpinBox(this);
  size_->setToolTip(tr("Size of the generated instance (rows, vertices or nodes)"));
  size_->setObjectName(QStringLiteral("size"));
  size_->setRange(1, kMaxGeneratedSize);
  size_->setValue(60);
  seed_ = new QSpinBox(this);
  seed_->setToolTip(tr("Seed of the generator: the same seed gives the same instance"));
  seed_->setObjectName(QStringLiteral("seed"));
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);

  auto* generate = new QPushButton(tr("Generate"), this);

  generate->setToolTip(tr("Generate an instance with these settings and load it"));
  generate->setObjectName(QStringLiteral("generate"));
  connect(generate, &QPushButton::clicked, this, [this] { emit sourceRequested(currentGeneratorSource()); });
  auto* open = new QPushButton(tr("Open file…"), this);
  open->setToolTip(tr("Open an instance file of the chosen kind"));
  connect(open, &QPushButton::clicked, this, &InstancePanel::openFileDialog);

  recentList_ = new QListWidget(this);

  recentList_->setToolTip(tr("Files opened recently; double-click to open again"));
  recentList_->setObjectName(QStringLiteral("recentFiles"));
  recentList_->setMaximumHeight(110);
  connect(recentList_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    emit sourceRequested(chosen().form->fileSource(item->data(Qt::UserRole).toString()));
  });

  form_ = new QFormLayout;
  form_->addRow(tr("Problem"), problem_);
  form_->addRow(tr("n"), size_);
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
}

InstancePanel::~InstancePanel() = default;

// The kind's rows go under the problem choice, above the shared size and seed.
void InstancePanel::addKind(ProblemKind kind, std::unique_ptr<InstanceForm> form) {
  int row = form_->rowCount() - 2;
  for (const auto& [label, field] : form->rows()) form_->insertRow(row++, label, field);
  const QString title = form->title();
  kinds_[kind] = Kind{std::move(form), {}};
  problem_->addItem(title, static_cast<int>(kind));  // the first kind added becomes the chosen one
  showProblemKind();
}

ProblemKind InstancePanel::problemKind() const {
  return static_cast<ProblemKind>(problem_->currentData().toInt());
}

QString InstancePanel::problemTitle() const {
  return problem_->currentText();
}

void InstancePanel::setProblemKind(ProblemKind kind) {
  problem_->setCurrentIndex(problem_->findData(static_cast<int>(kind)));
}

const InstancePanel::Kind& InstancePanel::chosen() const {
  return kinds_.at(problemKind());
}

// The form shows the generator rows of the chosen kind, and the recent list its files.
void InstancePanel::showProblemKind() {
  for (const auto& [kind, entry] : kinds_) {
    for (const auto& [label, field] : entry.form->rows()) form_->setRowVisible(field, kind == problemKind());
  }
  refreshRecentList();
}

InstanceSource InstancePanel::currentGeneratorSource() const {
  return chosen().form->generatorSource(size_->value(), static_cast<uint64_t>(seed_->value()));
}

void InstancePanel::openFileDialog() {
  const InstanceForm& form = *chosen().form;
  const QString path =
      QFileDialog::getOpenFileName(this, form.fileDialogTitle(), QString(), form.fileFilter());
  if (path.isEmpty()) return;
  emit sourceRequested(form.fileSource(path));
}

void InstancePanel::sourceLoaded(ProblemKind kind, const QString& file, int32_t n, uint64_t seed) {
  if (file.isEmpty()) {
    size_->setValue(n);
    seed_->setValue(static_cast<int>(seed));
    return;
  }
  QStringList& recent = kinds_.at(kind).recentFiles;
  recent.removeAll(file);
  recent.prepend(file);
  while (recent.size() > kRecentFileCount) recent.removeLast();
  refreshRecentList();
}

QStringList InstancePanel::recentFiles() const {
  return chosen().recentFiles;
}

void InstancePanel::refreshRecentList() {
  recentList_->clear();
  if (kinds_.empty()) return;
  for (const QString& path : chosen().recentFiles) {
    auto* item = new QListWidgetItem(QFileInfo(path).fileName(), recentList_);
    item->setData(Qt::UserRole, path);
    item->setToolTip(path);
  }
}

void InstancePanel::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("instance/n"), size_->value());
  settings.setValue(QStringLiteral("instance/seed"), seed_->value());
  settings.setValue(QStringLiteral("instance/problem"), problem_->currentIndex());
  for (const auto& [kind, entry] : kinds_) {
    entry.form->saveSettings(settings);
    settings.setValue(entry.form->recentFilesKey(), entry.recentFiles);
  }
}

void InstancePanel::restoreSettings(const QSettings& settings) {
  size_->setValue(settings.value(QStringLiteral("instance/n"), size_->value()).toInt());
  seed_->setValue(settings.value(QStringLiteral("instance/seed"), seed_->value()).toInt());
  for (auto& [kind, entry] : kinds_) {
    entry.form->restoreSettings(settings);
    entry.recentFiles = settings.value(entry.form->recentFilesKey()).toStringList();
  }
  problem_->setCurrentIndex(
      settings.value(QStringLiteral("instance/problem"), problem_->currentIndex()).toInt());
  refreshRecentList();
}

}  // namespace ms::studio
