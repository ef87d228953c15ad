#include "app/gui/algorithm_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <thread>

namespace ms::studio {

AlgorithmPanel::AlgorithmPanel(QWidget* parent) : QWidget(parent) {
  variant_ = new QComboBox(this);
  variant_->setObjectName(QStringLiteral("variant"));
  variant_->addItem(tr("alternating tree (Lawler)"), static_cast<int>(lap::LapAlgorithm::Tree));
  variant_->addItem(tr("classical (Munkres)"), static_cast<int>(lap::LapAlgorithm::Classical));
  variant_->addItem(tr("brute force (n ≤ 10)"), static_cast<int>(lap::LapAlgorithm::Brute));
  backend_ = new QComboBox(this);
  backend_->setObjectName(QStringLiteral("backend"));
  for (auto backend : {lap::Backend::Auto, lap::Backend::Cpu, lap::Backend::Sequential, lap::Backend::Cuda}) {
    backend_->addItem(QString::fromUtf8(lap::backendName(backend).data()), static_cast<int>(backend));
  }
  threads_ = new QSpinBox(this);
  threads_->setObjectName(QStringLiteral("threads"));
  threads_->setRange(0, std::max(1, static_cast<int>(std::thread::hardware_concurrency())) * 4);
  threads_->setSpecialValueText(tr("all cores"));

  auto* form = new QFormLayout;
  form->addRow(tr("Variant"), variant_);
  form->addRow(tr("Backend"), backend_);
  form->addRow(tr("Threads"), threads_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addStretch(1);

  connect(variant_, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::optionsChanged);
  connect(backend_, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::optionsChanged);
  connect(threads_, &QSpinBox::valueChanged, this, &AlgorithmPanel::optionsChanged);
}

lap::LapOptions AlgorithmPanel::options() const {
  lap::LapOptions options;
  options.algorithm = static_cast<lap::LapAlgorithm>(variant_->currentData().toInt());
  options.backend = static_cast<lap::Backend>(backend_->currentData().toInt());
  options.threads = threads_->value();
  return options;
}

void AlgorithmPanel::setOptions(const lap::LapOptions& options) {
  const QSignalBlocker blockVariant(variant_), blockBackend(backend_), blockThreads(threads_);
  variant_->setCurrentIndex(variant_->findData(static_cast<int>(options.algorithm)));
  backend_->setCurrentIndex(backend_->findData(static_cast<int>(options.backend)));
  threads_->setValue(options.threads);
  emit optionsChanged();
}

void AlgorithmPanel::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("algorithm/variant"), variant_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/backend"), backend_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/threads"), threads_->value());
}

void AlgorithmPanel::restoreSettings(const QSettings& settings) {
  const QSignalBlocker blockVariant(variant_), blockBackend(backend_), blockThreads(threads_);
  variant_->setCurrentIndex(settings.value(QStringLiteral("algorithm/variant"), variant_->currentIndex()).toInt());
  backend_->setCurrentIndex(settings.value(QStringLiteral("algorithm/backend"), backend_->currentIndex()).toInt());
  threads_->setValue(settings.value(QStringLiteral("algorithm/threads"), threads_->value()).toInt());
}

}  // namespace ms::studio
