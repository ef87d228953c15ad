#include "app/gui/algorithm_panel.h"

#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <thread>

namespace ms::studio {

AlgorithmPanel::AlgorithmPanel(QWidget* parent) : QWidget(parent) {
  threads_ = new QSpinBox(this);
  threads_->setToolTip(tr("OpenMP threads of the CPU backends (all cores when 0)"));
  threads_->setObjectName(QStringLiteral("threads"));
  threads_->setRange(0, std::max(1, static_cast<int>(std::thread::hardware_concurrency())) * 4);
  threads_->setSpecialValueText(tr("all cores"));
  pages_ = new QStackedWidget(this);
  auto* form = new QFormLayout;
  form->addRow(tr("Threads"), threads_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(pages_);
  layout->addLayout(form);
  layout->addStretch(1);
  connect(threads_, &QSpinBox::valueChanged, this, &AlgorithmPanel::optionsChanged);
}

void AlgorithmPanel::addPage(ProblemKind kind, AlgorithmPage* page) {
  pages_->addWidget(page);
  pageOfKind_[kind] = page;
  connect(page, &AlgorithmPage::optionsChanged, this, &AlgorithmPanel::optionsChanged);
  fitShownPage();
}

void AlgorithmPanel::setProblemKind(ProblemKind kind) {
  const auto found = pageOfKind_.find(kind);
  if (found == pageOfKind_.end()) return;
  pages_->setCurrentWidget(found->second);
  fitShownPage();
}

// A stacked widget is as tall as its tallest page; the hidden pages' sizes are ignored so that the Threads
// row follows the shown page's last row without a gap.
void AlgorithmPanel::fitShownPage() {
  for (int page = 0; page < pages_->count(); ++page) {
    const QSizePolicy::Policy policy =
        page == pages_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
    pages_->widget(page)->setSizePolicy(policy, policy);
  }
}

void AlgorithmPanel::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("algorithm/threads"), threads_->value());
  for (const auto& [kind, page] : pageOfKind_) page->saveSettings(settings);
}

void AlgorithmPanel::restoreSettings(const QSettings& settings) {
  {
    const QSignalBlocker blockThreads(threads_);
    threads_->setValue(settings.value(QStringLiteral("algorithm/threads"), threads_->value()).toInt());
  }
  for (const auto& [kind, page] : pageOfKind_) page->restoreSettings(settings);
}

}  // namespace ms::studio
