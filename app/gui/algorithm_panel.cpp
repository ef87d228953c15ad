#include "app/gui/algorithm_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
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
  matchingAlgorithm_ = new QComboBox(this);
  matchingAlgorithm_->setObjectName(QStringLiteral("matchingAlgorithm"));
  for (auto algorithm : {matching::MatchingAlgorithm::Greedy, matching::MatchingAlgorithm::Roma,
                         matching::MatchingAlgorithm::ParallelRoma1,
                         matching::MatchingAlgorithm::ParallelRoma2, matching::MatchingAlgorithm::Exact}) {
    matchingAlgorithm_->addItem(QString::fromUtf8(matching::matchingAlgorithmName(algorithm).data()),
                                static_cast<int>(algorithm));
  }
  matchingAlgorithm_->setCurrentIndex(
      matchingAlgorithm_->findData(static_cast<int>(matching::MatchingAlgorithm::ParallelRoma2)));
  matchingBackend_ = new QComboBox(this);
  matchingBackend_->setObjectName(QStringLiteral("matchingBackend"));
  for (auto backend : {lap::Backend::Cpu, lap::Backend::Cuda}) {
    matchingBackend_->addItem(QString::fromUtf8(lap::backendName(backend).data()), static_cast<int>(backend));
  }
  initialMatching_ = new QComboBox(this);
  initialMatching_->setObjectName(QStringLiteral("initialMatching"));
  for (auto initial : {matching::InitialMatching::Neighbour, matching::InitialMatching::Half,
                       matching::InitialMatching::Shuffled, matching::InitialMatching::Greedy}) {
    initialMatching_->addItem(QString::fromUtf8(matching::initialMatchingName(initial).data()),
                              static_cast<int>(initial));
  }
  maxPhases_ = new QSpinBox(this);
  maxPhases_->setObjectName(QStringLiteral("maxPhases"));
  maxPhases_->setRange(0, 100000);
  maxPhases_->setSpecialValueText(tr("until converged"));
  maxPhases_->setValue(matching::kDefaultMaxPhases);
  threads_ = new QSpinBox(this);
  threads_->setObjectName(QStringLiteral("threads"));
  threads_->setRange(0, std::max(1, static_cast<int>(std::thread::hardware_concurrency())) * 4);
  threads_->setSpecialValueText(tr("all cores"));

  auto* lapPage = new QWidget(this);
  auto* lapForm = new QFormLayout(lapPage);
  lapForm->setContentsMargins(0, 0, 0, 0);
  lapForm->addRow(tr("Variant"), variant_);
  lapForm->addRow(tr("Backend"), backend_);
  auto* matchingPage = new QWidget(this);
  auto* matchingForm = new QFormLayout(matchingPage);
  matchingForm->setContentsMargins(0, 0, 0, 0);
  matchingForm->addRow(tr("Algorithm"), matchingAlgorithm_);
  matchingForm->addRow(tr("Backend"), matchingBackend_);
  matchingForm->addRow(tr("Initial matching"), initialMatching_);
  matchingForm->addRow(tr("Max phases"), maxPhases_);
  pages_ = new QStackedWidget(this);
  pages_->addWidget(lapPage);
  pages_->addWidget(matchingPage);
  auto* form = new QFormLayout;
  form->addRow(tr("Threads"), threads_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(pages_);
  layout->addLayout(form);
  layout->addStretch(1);
  setProblemKind(ProblemKind::Assignment);
  enableMatchingChoices();

  connect(variant_, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::optionsChanged);
  connect(backend_, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::optionsChanged);
  connect(threads_, &QSpinBox::valueChanged, this, &AlgorithmPanel::optionsChanged);
  connect(matchingAlgorithm_, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::enableMatchingChoices);
  for (QComboBox* box : {matchingAlgorithm_, matchingBackend_, initialMatching_}) {
    connect(box, &QComboBox::currentIndexChanged, this, &AlgorithmPanel::optionsChanged);
  }
  connect(maxPhases_, &QSpinBox::valueChanged, this, &AlgorithmPanel::optionsChanged);
}

// Only parallel ROMA has backends, and only ROMA starts from an initial matching and counts phases.
void AlgorithmPanel::enableMatchingChoices() {
  const auto algorithm = static_cast<matching::MatchingAlgorithm>(matchingAlgorithm_->currentData().toInt());
  const bool parallel = algorithm == matching::MatchingAlgorithm::ParallelRoma1 ||
                        algorithm == matching::MatchingAlgorithm::ParallelRoma2;
  const bool roma = parallel || algorithm == matching::MatchingAlgorithm::Roma;
  matchingBackend_->setEnabled(parallel);
  initialMatching_->setEnabled(roma);
  maxPhases_->setEnabled(roma);
}

// A stacked widget is as tall as its tallest page; the hidden page's size is ignored so that the Threads
// row follows the shown page's last row without a gap.
void AlgorithmPanel::setProblemKind(ProblemKind kind) {
  pages_->setCurrentIndex(kind == ProblemKind::Matching ? 1 : 0);
  for (int page = 0; page < pages_->count(); ++page) {
    const QSizePolicy::Policy policy =
        page == pages_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
    pages_->widget(page)->setSizePolicy(policy, policy);
  }
}

matching::MatchingOptions AlgorithmPanel::matchingOptions() const {
  matching::MatchingOptions options;
  options.algorithm = static_cast<matching::MatchingAlgorithm>(matchingAlgorithm_->currentData().toInt());
  options.backend = static_cast<lap::Backend>(matchingBackend_->currentData().toInt());
  options.initial = static_cast<matching::InitialMatching>(initialMatching_->currentData().toInt());
  options.maxPhases = maxPhases_->value();
  options.threads = threads_->value();
  return options;
}

void AlgorithmPanel::setMatchingOptions(const matching::MatchingOptions& options) {
  {
    const QSignalBlocker blockAlgorithm(matchingAlgorithm_), blockBackend(matchingBackend_),
        blockInitial(initialMatching_), blockPhases(maxPhases_), blockThreads(threads_);
    matchingAlgorithm_->setCurrentIndex(matchingAlgorithm_->findData(static_cast<int>(options.algorithm)));
    matchingBackend_->setCurrentIndex(matchingBackend_->findData(static_cast<int>(options.backend)));
    initialMatching_->setCurrentIndex(initialMatching_->findData(static_cast<int>(options.initial)));
    maxPhases_->setValue(options.maxPhases);
    threads_->setValue(options.threads);
  }
  enableMatchingChoices();
  emit optionsChanged();
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
  settings.setValue(QStringLiteral("algorithm/matching"), matchingAlgorithm_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/matchingBackend"), matchingBackend_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/initialMatching"), initialMatching_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/maxPhases"), maxPhases_->value());
}

void AlgorithmPanel::restoreSettings(const QSettings& settings) {
  {
    const QSignalBlocker blockVariant(variant_), blockBackend(backend_), blockThreads(threads_),
        blockAlgorithm(matchingAlgorithm_), blockMatchingBackend(matchingBackend_),
        blockInitial(initialMatching_), blockPhases(maxPhases_);
    const auto restoreIndex = [&](QComboBox* box, const QString& key) {
      box->setCurrentIndex(settings.value(key, box->currentIndex()).toInt());
    };
    restoreIndex(variant_, QStringLiteral("algorithm/variant"));
    restoreIndex(backend_, QStringLiteral("algorithm/backend"));
    threads_->setValue(settings.value(QStringLiteral("algorithm/threads"), threads_->value()).toInt());
    restoreIndex(matchingAlgorithm_, QStringLiteral("algorithm/matching"));
    restoreIndex(matchingBackend_, QStringLiteral("algorithm/matchingBackend"));
    restoreIndex(initialMatching_, QStringLiteral("algorithm/initialMatching"));
    maxPhases_->setValue(settings.value(QStringLiteral("algorithm/maxPhases"), maxPhases_->value()).toInt());
  }
  enableMatchingChoices();
}

}  // namespace ms::studio
