#include "app/gui/problems/lap/lap_choices.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <limits>

namespace ms::studio {

LapInstanceForm::LapInstanceForm(QWidget& panel) {
  generator_ = new QComboBox(&panel);
  generator_->setToolTip(QObject::tr("Cost distribution of the generated matrix"));
  for (auto kind : {lap::Generator::Uniform, lap::Generator::Real, lap::Generator::Exponential,
                    lap::Generator::Euclidean}) {
    generator_->addItem(QString::fromUtf8(lap::generatorName(kind).data()), static_cast<int>(kind));
  }
  generator_->setObjectName(QStringLiteral("generator"));
  range_ = new QComboBox(&panel);
  range_->setToolTip(QObject::tr("Range of the uniform costs"));
  range_->setObjectName(QStringLiteral("range"));
  range_->addItem(QStringLiteral("[0, n/10)"), static_cast<int>(lap::CostRange::TenthN));
  range_->addItem(QStringLiteral("[0, n)"), static_cast<int>(lap::CostRange::N));
  range_->addItem(QStringLiteral("[0, 10n)"), static_cast<int>(lap::CostRange::TenN));
  range_->setCurrentIndex(1);
  QObject::connect(generator_, &QComboBox::currentIndexChanged, range_, [this] {
    range_->setEnabled(generator_->currentData().toInt() == static_cast<int>(lap::Generator::Uniform));
  });
}

QString LapInstanceForm::title() const {
  return QObject::tr("assignment (LAP)");
}

std::vector<std::pair<QString, QWidget*>> LapInstanceForm::rows() const {
  return {{QObject::tr("Generator"), generator_}, {QObject::tr("Costs"), range_}};
}

InstanceSource LapInstanceForm::generatorSource(int32_t n, uint64_t seed) const {
  LapInstanceSource source;
  source.generator.generator = static_cast<lap::Generator>(generator_->currentData().toInt());
  source.generator.n = n;
  source.generator.range = static_cast<lap::CostRange>(range_->currentData().toInt());
  source.generator.seed = seed;
  return source;
}

void LapInstanceForm::setGenerator(const lap::GeneratorSpec& spec) {
  generator_->setCurrentIndex(generator_->findData(static_cast<int>(spec.generator)));
  range_->setCurrentIndex(range_->findData(static_cast<int>(spec.range)));
}

InstanceSource LapInstanceForm::fileSource(const QString& path) const {
  LapInstanceSource source;
  source.file = path;
  return source;
}

QString LapInstanceForm::fileDialogTitle() const {
  return QObject::tr("Open a cost matrix");
}

QString LapInstanceForm::fileFilter() const {
  return QObject::tr("Cost matrices (*.txt *.csv *.npy);;All files (*)");
}

void LapInstanceForm::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("instance/generator"), generator_->currentIndex());
  settings.setValue(QStringLiteral("instance/range"), range_->currentIndex());
}

void LapInstanceForm::restoreSettings(const QSettings& settings) {
  generator_->setCurrentIndex(
      settings.value(QStringLiteral("instance/generator"), generator_->currentIndex()).toInt());
  range_->setCurrentIndex(settings.value(QStringLiteral("instance/range"), range_->currentIndex()).toInt());
}

LapAlgorithmPage::LapAlgorithmPage(QSpinBox& threads, QWidget* parent) : AlgorithmPage(threads, parent) {
  variant_ = new QComboBox(this);
  variant_->setToolTip(
      QObject::tr("The algorithm: the exact Hungarian variants, brute force, or an approximation"));
  variant_->setObjectName(QStringLiteral("variant"));
  variant_->addItem(tr("alternating tree (Lawler)"), static_cast<int>(lap::LapAlgorithm::Tree));
  variant_->addItem(tr("classical (Munkres)"), static_cast<int>(lap::LapAlgorithm::Classical));
  variant_->addItem(tr("brute force (n ≤ 10)"), static_cast<int>(lap::LapAlgorithm::Brute));
  variant_->addItem(tr("random permutation"), static_cast<int>(lap::LapAlgorithm::Random));
  variant_->addItem(tr("greedy, naive scan"), static_cast<int>(lap::LapAlgorithm::GreedyNaive));
  variant_->addItem(tr("greedy, sorted entries"), static_cast<int>(lap::LapAlgorithm::Greedy));
  variant_->addItem(tr("auction (epsilon scaling)"), static_cast<int>(lap::LapAlgorithm::Auction));
  backend_ = new QComboBox(this);
  backend_->setToolTip(QObject::tr("Where the solver runs: auto, CPU (OpenMP), sequential, or CUDA"));
  backend_->setObjectName(QStringLiteral("backend"));
  for (auto backend : {lap::Backend::Auto, lap::Backend::Cpu, lap::Backend::Sequential, lap::Backend::Cuda}) {
    backend_->addItem(QString::fromUtf8(lap::backendName(backend).data()), static_cast<int>(backend));
  }
  shuffleSeed_ = new QSpinBox(this);
  shuffleSeed_->setToolTip(QObject::tr("Seed of the random permutation"));
  shuffleSeed_->setObjectName(QStringLiteral("shuffleSeed"));
  shuffleSeed_->setRange(0, std::numeric_limits<int>::max());
  shuffleSeed_->setValue(1);
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Variant"), variant_);
  form->addRow(tr("Shuffle seed"), shuffleSeed_);
  form->addRow(tr("Backend"), backend_);
  enableChoices();
  connect(variant_, &QComboBox::currentIndexChanged, this, &LapAlgorithmPage::enableChoices);
  connect(variant_, &QComboBox::currentIndexChanged, this, &AlgorithmPage::optionsChanged);
  connect(backend_, &QComboBox::currentIndexChanged, this, &AlgorithmPage::optionsChanged);
  connect(shuffleSeed_, &QSpinBox::valueChanged, this, &AlgorithmPage::optionsChanged);
}

// Brute force, random and greedy run on one thread; only random draws from a seed.
void LapAlgorithmPage::enableChoices() {
  const auto algorithm = static_cast<lap::LapAlgorithm>(variant_->currentData().toInt());
  backend_->setEnabled(!lap::isSequentialOnly(algorithm));
  shuffleSeed_->setEnabled(algorithm == lap::LapAlgorithm::Random);
}

lap::LapOptions LapAlgorithmPage::options() const {
  lap::LapOptions options;
  options.algorithm = static_cast<lap::LapAlgorithm>(variant_->currentData().toInt());
  options.backend = static_cast<lap::Backend>(backend_->currentData().toInt());
  options.threads = threads_.value();
  options.seed = static_cast<uint64_t>(shuffleSeed_->value());
  return options;
}

void LapAlgorithmPage::setOptions(const lap::LapOptions& options) {
  {
    const QSignalBlocker blockVariant(variant_), blockBackend(backend_), blockThreads(threads_),
        blockSeed(shuffleSeed_);
    variant_->setCurrentIndex(variant_->findData(static_cast<int>(options.algorithm)));
    backend_->setCurrentIndex(backend_->findData(static_cast<int>(options.backend)));
    threads_.setValue(options.threads);
    shuffleSeed_->setValue(static_cast<int>(options.seed));
  }
  enableChoices();
  emit optionsChanged();
}

void LapAlgorithmPage::saveSettings(QSettings& settings) const {
  settings.setValue(QStringLiteral("algorithm/variant"), variant_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/backend"), backend_->currentIndex());
  settings.setValue(QStringLiteral("algorithm/shuffleSeed"), shuffleSeed_->value());
}

void LapAlgorithmPage::restoreSettings(const QSettings& settings) {
  {
    const QSignalBlocker blockVariant(variant_), blockBackend(backend_), blockSeed(shuffleSeed_);
    variant_->setCurrentIndex(
        settings.value(QStringLiteral("algorithm/variant"), variant_->currentIndex()).toInt());
    backend_->setCurrentIndex(
        settings.value(QStringLiteral("algorithm/backend"), backend_->currentIndex()).toInt());
    shuffleSeed_->setValue(
        settings.value(QStringLiteral("algorithm/shuffleSeed"), shuffleSeed_->value()).toInt());
  }
  enableChoices();
}

}  // namespace ms::studio
