#include "app/gui/race/race_panel.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <exception>
#include <string>
#include <variant>

#include "app/gui/problems/lap/lap_approximation.h"
#include "app/gui/problems/lap/lap_session.h"
#include "app/gui/race/race_clock.h"
#include "app/gui/race/race_side.h"
#include "app/gui/race/race_timeline.h"
#include "solver/core/number_format.h"
#include "solver/lap/lap_names.h"
#include "views/palette.h"

namespace ms::studio {

namespace {

QString fromView(std::string_view text) {
  return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// The two runs take two colours of the studio's palette that are far apart (blue, vermillion).
QColor sideColour(std::size_t side) {
  const palette::Rgb8 colour = palette::pathColour(side == 0 ? 4 : 5);
  return QColor(colour.r, colour.g, colour.b);
}

QString formatMs(double milliseconds) {
  return QStringLiteral("%1 ms").arg(milliseconds, 0, 'f', milliseconds < 10 ? 3 : 1);
}

QString formatObjective(double value) {
  return QString::fromStdString(formatNumber(value));
}

// Costs of one instance summed in another order may differ in the last bits (real costs).
bool sameObjective(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

constexpr int kDefaultTicksPerSecond = 10;

}  // namespace

RacePanel::RacePanel(LapSession& session, QWidget* parent) : QWidget(parent), session_(session) {
  setObjectName(QStringLiteral("racePanel"));
  std::vector<RunController*> runs;
  for (Side& side : sides_) {
    side.controller = std::make_unique<RunController>();
    runs.push_back(side.controller.get());
  }
  clock_ = new RaceClock(runs, this);

  header_ = new QLabel(this);
  header_->setObjectName(QStringLiteral("raceHeader"));
  header_->setWordWrap(true);
  QFont bold = header_->font();
  bold.setBold(true);
  header_->setFont(bold);

  auto* sidesSplitter = new QSplitter(Qt::Horizontal, this);
  for (std::size_t k = 0; k < kSides; ++k) {
    sides_[k].view = new RaceSide(k == 0 ? QStringLiteral("raceLeft") : QStringLiteral("raceRight"), this);
    sides_[k].view->setColour(sideColour(k));
    sidesSplitter->addWidget(sides_[k].view);
  }
  timeline_ = new RaceTimeline(this);
  auto* vertical = new QSplitter(Qt::Vertical, this);
  vertical->setObjectName(QStringLiteral("raceSplitter"));
  vertical->addWidget(sidesSplitter);
  vertical->addWidget(timeline_);
  vertical->setStretchFactor(0, 3);
  vertical->setStretchFactor(1, 2);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(buildChoices());
  layout->addWidget(buildTransport());
  layout->addWidget(header_);
  layout->addWidget(vertical, 1);

  connect(clock_, &RaceClock::ticked, this, &RacePanel::ticked);
  connect(clock_, &RaceClock::playingChanged, this, [this](bool playing) {
    playAction_->setText(playing ? tr("Pause") : tr("Play"));
    refresh();
  });
  for (Side& side : sides_) {
    connect(side.controller.get(), &RunController::sessionStarted, this, [this, &side] {
      side.started = true;
      refresh();
    });
    // Snapshots come after the records of the same delivery; a run without history shows the newest.
    connect(side.controller.get(), &RunController::snapshotUpdated, this, &RacePanel::refresh);
    connect(side.controller.get(), &RunController::stateChanged, this, &RacePanel::refresh);
    // A machine that cannot be built (brute force beyond n = 10) or a step that throws: the side says why.
    connect(side.controller.get(), &RunController::solveFailed, this, [this, &side](const QString& message) {
      side.notice = message;
      refresh();
    });
  }
  {
    const QSignalBlocker quiet(sides_[0].algorithm);  // classical against tree, until chosen otherwise
    sides_[0].algorithm->setCurrentIndex(
        sides_[0].algorithm->findData(static_cast<int>(lap::LapAlgorithm::Classical)));
  }
  loadRuns();
}

RacePanel::~RacePanel() {
  for (Side& side : sides_) side.controller.reset();
}

QWidget* RacePanel::buildChoices() {
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  for (std::size_t k = 0; k < kSides; ++k) {
    Side& side = sides_[k];
    const QString which = k == 0 ? tr("Left") : tr("Right");
    side.algorithm = new QComboBox(row);
    side.algorithm->setObjectName(k == 0 ? QStringLiteral("raceLeftAlgorithm")
                                         : QStringLiteral("raceRightAlgorithm"));
    side.algorithm->setToolTip(tr("%1 run's algorithm (a change starts the race afresh)").arg(which));
    for (lap::LapAlgorithm algorithm : lap::kLapAlgorithms)
      side.algorithm->addItem(fromView(lap::algorithmName(algorithm)), static_cast<int>(algorithm));
    side.algorithm->setCurrentIndex(side.algorithm->findData(static_cast<int>(lap::LapAlgorithm::Tree)));
    side.backend = new QComboBox(row);
    side.backend->setObjectName(k == 0 ? QStringLiteral("raceLeftBackend")
                                       : QStringLiteral("raceRightBackend"));
    side.backend->setToolTip(
        tr("%1 run's backend: auto (CUDA when a GPU is usable), cpu (OpenMP), sequential or cuda")
            .arg(which));
    for (lap::Backend backend : lap::kBackends)
      side.backend->addItem(fromView(lap::backendName(backend)), static_cast<int>(backend));
    auto* swatch = new QLabel(QStringLiteral("<span style=\"color:%1\">&#9632;</span> %2")
                                  .arg(sideColour(k).name(), which.toHtmlEscaped()),
                              row);
    layout->addWidget(swatch);
    layout->addWidget(side.algorithm);
    layout->addWidget(side.backend);
    layout->addSpacing(16);
    connect(side.algorithm, &QComboBox::currentIndexChanged, this, &RacePanel::choicesChanged);
    connect(side.backend, &QComboBox::currentIndexChanged, this, &RacePanel::choicesChanged);
  }
  auto* threadsNote = new QLabel(tr("(threads, seeds: as in Studio mode's Algorithm panel)"), row);
  threadsNote->setEnabled(false);
  layout->addWidget(threadsNote);
  layout->addStretch(1);
  return row;
}

QWidget* RacePanel::buildTransport() {
  const auto makeAction = [this](const QString& text, const QString& name, const QKeySequence& key,
                                 const QString& tip) {
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(key);
    // Only while the race has the focus: the studio's transport keeps the same keys.
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    addAction(action);
    return action;
  };
  stepAction_ = makeAction(tr("Step"), QStringLiteral("actionRaceStep"), QKeySequence(Qt::Key_Right),
                           tr("Race: one tick, one step of each run that is not done"));
  playAction_ = makeAction(tr("Play"), QStringLiteral("actionRacePlay"), QKeySequence(Qt::Key_Space),
                           tr("Race: tick at the chosen pace until both runs are done, or pause"));
  restartAction_ = makeAction(tr("Restart"), QStringLiteral("actionRaceRestart"), QKeySequence(Qt::Key_Home),
                              tr("Race: both runs afresh from tick 0"));
  connect(stepAction_, &QAction::triggered, this, &RacePanel::step);
  connect(playAction_, &QAction::triggered, this, &RacePanel::playOrPause);
  connect(restartAction_, &QAction::triggered, this, &RacePanel::restart);

  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  for (QAction* action : {stepAction_, playAction_, restartAction_}) {
    auto* button = new QToolButton(row);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout->addWidget(button);
  }
  pace_ = new QSpinBox(row);
  pace_->setObjectName(QStringLiteral("racePace"));
  pace_->setToolTip(tr("Ticks per second while playing (0: as fast as the runs go)"));
  pace_->setRange(0, 1000);
  pace_->setValue(kDefaultTicksPerSecond);
  pace_->setSpecialValueText(tr("fastest"));
  pace_->setSuffix(tr(" ticks/s"));
  layout->addWidget(pace_);
  slider_ = new QSlider(Qt::Horizontal, row);
  slider_->setObjectName(QStringLiteral("raceSlider"));
  slider_->setToolTip(tr("The ticks so far: drag to show both runs after any of them"));
  layout->addWidget(new QLabel(tr(" Tick "), row));
  layout->addWidget(slider_, 1);
  position_ = new QLabel(row);
  position_->setObjectName(QStringLiteral("racePosition"));
  position_->setMinimumWidth(90);
  layout->addWidget(position_);
  connect(slider_, &QSlider::valueChanged, this, &RacePanel::showTick);
  return row;
}

void RacePanel::setRuns(RaceRun left, RaceRun right) {
  const std::array<RaceRun, kSides> runs{left, right};
  for (std::size_t k = 0; k < kSides; ++k) {
    const QSignalBlocker quietAlgorithm(sides_[k].algorithm), quietBackend(sides_[k].backend);
    sides_[k].algorithm->setCurrentIndex(sides_[k].algorithm->findData(static_cast<int>(runs[k].algorithm)));
    sides_[k].backend->setCurrentIndex(sides_[k].backend->findData(static_cast<int>(runs[k].backend)));
  }
  choicesChanged();
}

RaceRun RacePanel::run(std::size_t side) const {
  return {static_cast<lap::LapAlgorithm>(sides_[side].algorithm->currentData().toInt()),
          static_cast<lap::Backend>(sides_[side].backend->currentData().toInt())};
}

void RacePanel::choicesChanged() {
  for (Side& side : sides_) {
    const auto algorithm = static_cast<lap::LapAlgorithm>(side.algorithm->currentData().toInt());
    side.backend->setEnabled(!lap::isSequentialOnly(algorithm));
  }
  loadRuns();
}

void RacePanel::instanceChanged() {
  for (Side& side : sides_) side.view->setCosts(session_.instance().costs);
  loadRuns();
}

void RacePanel::restart() {
  loadRuns();
}

// Each side's machine comes from the LAP session as the studio's own run does (threads and seeds from its
// Algorithm panel); a backend that cannot run leaves that side empty with the reason.
void RacePanel::loadRuns() {
  clock_->restart();
  shownTick_ = 0;
  std::vector<RaceSeries> series;
  for (std::size_t k = 0; k < kSides; ++k) {
    Side& side = sides_[k];
    lap::LapOptions options = session_.algorithmPage().options();
    options.algorithm = run(k).algorithm;
    options.backend = run(k).backend;
    std::string notice;
    MachineFactory factory;
    try {
      side.resolved = LapSession::resolvedBackend(options, &notice);
      options.backend = side.resolved;
      factory = session_.machineFactoryFor(options, nullptr);
    } catch (const std::exception& e) {
      notice = e.what();
    }
    side.notice = QString::fromStdString(notice);
    side.started = false;
    side.controller->load(std::move(factory), session_.history());
    series.push_back({runName(k), sideColour(k), side.resolved == lap::Backend::Cuda});
  }
  timeline_->setRuns(series);
  refresh();
}

void RacePanel::step() {
  if (shownTick_ < clock_->ticks()) {
    showTick(shownTick_ + 1);
  } else {
    clock_->tick();
  }
}

void RacePanel::playOrPause() {
  if (clock_->playing()) {
    clock_->pause();
  } else {
    showTick(clock_->ticks());  // the race goes on from its newest tick
    clock_->play(pace_->value());
  }
}

// A new tick is shown when the race showed the one before (not while the slider holds an older one).
void RacePanel::ticked(int tick) {
  if (shownTick_ == tick - 1) shownTick_ = tick;
  refresh();
}

void RacePanel::showTick(int tick) {
  shownTick_ = std::clamp(tick, 0, clock_->ticks());
  refresh();
}

bool RacePanel::ready() const {
  return std::all_of(sides_.begin(), sides_.end(), [](const Side& side) { return side.started; });
}

int RacePanel::shownSteps(std::size_t side) const {
  return std::min(shownTick_, clock_->steps(side));
}

bool RacePanel::finishedAtShownTick(std::size_t side) const {
  return sides_[side].controller->state() == RunState::Finished && shownSteps(side) == clock_->steps(side);
}

double RacePanel::elapsedMs(std::size_t side) const {
  const auto& records = sides_[side].controller->trace().records();
  int64_t wallNs = 0;
  for (int k = 0; k < shownSteps(side); ++k) wallNs += records[static_cast<std::size_t>(k)].wall_ns;
  return static_cast<double>(wallNs) / 1e6;
}

// The snapshot of the steps shown: stored with the run's history, else the newest delivered.
std::shared_ptr<const Snapshot> RacePanel::shownSnapshot(std::size_t side) const {
  const RunController& controller = *sides_[side].controller;
  const auto& history = controller.history();
  const auto steps = static_cast<std::size_t>(shownSteps(side));
  return steps < history.size() ? history[steps] : controller.latestSnapshot();
}

double RacePanel::shownObjective(std::size_t side) const {
  const std::shared_ptr<const Snapshot> snapshot = shownSnapshot(side);
  const auto* lap = snapshot ? std::get_if<lap::LapSnapshot>(snapshot.get()) : nullptr;
  return lap != nullptr ? lap->objective : std::nan("");
}

double RacePanel::optimumShown() const {
  for (std::size_t k = 0; k < kSides; ++k) {
    if (!isApproximation(run(k).algorithm) && finishedAtShownTick(k)) return shownObjective(k);
  }
  return std::nan("");
}

QString RacePanel::runName(std::size_t side) const {
  return QStringLiteral("%1: %2 · %3")
      .arg(side == 0 ? tr("left") : tr("right"), fromView(lap::algorithmName(run(side).algorithm)),
           fromView(lap::backendName(sides_[side].resolved)));
}

void RacePanel::refresh() {
  {
    const QSignalBlocker quiet(slider_);
    slider_->setRange(0, clock_->ticks());
    slider_->setValue(shownTick_);
  }
  // Older ticks can be shown only from the runs' stored snapshots, and not while playing.
  const bool kept = std::all_of(sides_.begin(), sides_.end(),
                                [](const Side& side) { return !side.controller->history().empty(); });
  slider_->setEnabled(kept && !clock_->playing());
  position_->setText(tr("%1/%2").arg(shownTick_).arg(clock_->ticks()));
  for (std::size_t k = 0; k < kSides; ++k) refreshSide(k);
  header_->setText(header());
  const bool loaded = session_.hasInstance();
  stepAction_->setEnabled(loaded && (shownTick_ < clock_->ticks() || !clock_->finished()));
  playAction_->setEnabled(loaded && (clock_->playing() || !clock_->finished()));
  restartAction_->setEnabled(loaded);
}

void RacePanel::refreshSide(std::size_t side) {
  const Side& state = sides_[side];
  const RunController& controller = *state.controller;
  const auto& records = controller.trace().records();
  const int steps = shownSteps(side);
  const bool finished = finishedAtShownTick(side);
  timeline_->showRecords(side, std::span<const StepRecord>(records).first(static_cast<std::size_t>(steps)),
                         finished);
  const std::shared_ptr<const Snapshot> snapshot = shownSnapshot(side);
  if (snapshot) state.view->showSnapshot(*snapshot);

  QString caption = runName(side);
  if (!session_.hasInstance()) {
    state.view->setCaption(caption + tr(" — no assignment instance loaded"), state.notice);
    return;
  }
  if (!state.started) {
    state.view->setCaption(caption + tr(" — starting"), state.notice);
    return;
  }
  if (controller.state() == RunState::Empty || controller.state() == RunState::Failed) {
    caption += QStringLiteral(" — ") + (state.notice.isEmpty() ? tr("not running") : state.notice);
    state.view->setCaption(caption, state.notice);
    return;
  }
  const StatusWords words = LapSession::wordsFor(run(side).algorithm);
  caption += tr(" — step %1").arg(steps);
  if (steps > 0)
    caption +=
        QStringLiteral(", %1 %2").arg(words.loop).arg(records[static_cast<std::size_t>(steps - 1)].iteration);
  const double objective = shownObjective(side);
  if (!std::isnan(objective))
    caption += QStringLiteral(" · %1 %2").arg(words.value, formatObjective(objective));
  caption += QStringLiteral(" · ") + formatMs(elapsedMs(side));
  if (finished) {
    caption += tr(" · finished");
    const double optimum = optimumShown();
    if (isApproximation(run(side).algorithm) && !std::isnan(optimum) && !std::isnan(objective)) {
      const double gap = objective - optimum;
      caption += tr(" · gap %1%2 to the optimum")
                     .arg(gap >= 0 ? QStringLiteral("+") : QString(), formatObjective(gap));
      if (optimum != 0) caption += tr(" (%1 %)").arg(100.0 * gap / std::abs(optimum), 0, 'f', 2);
    }
  }
  state.view->setCaption(caption, state.notice);
}

QString RacePanel::header() const {
  if (!session_.hasInstance()) {
    return tr(
        "No assignment instance loaded: load one in Studio mode (Ctrl+1), and the race runs two "
        "solvers on it side by side.");
  }
  if (!ready()) return tr("Starting both runs…");
  for (std::size_t k = 0; k < kSides; ++k) {
    const RunState state = sides_[k].controller->state();
    if (state == RunState::Empty || state == RunState::Failed)
      return tr("The %1 run cannot race: %2").arg(k == 0 ? tr("left") : tr("right"), sides_[k].notice);
  }
  const QString instance = session_.description();
  if (!finishedAtShownTick(0) || !finishedAtShownTick(1)) {
    return tr("%1 — tick %2: Step (Right) moves each run one step, Play (Space) runs both; a run that is "
              "done waits on its last step.")
        .arg(instance)
        .arg(shownTick_);
  }
  const std::size_t first = elapsedMs(0) <= elapsedMs(1) ? 0 : 1;
  const std::size_t second = 1 - first;
  QString text = tr("%1 finished first: %2 against %3 (%4 and %5 steps). ")
                     .arg(runName(first), formatMs(elapsedMs(first)), formatMs(elapsedMs(second)))
                     .arg(shownSteps(first))
                     .arg(shownSteps(second));
  const double a = shownObjective(0);
  const double b = shownObjective(1);
  if (sameObjective(a, b)) {
    text += tr("Both objectives agree: %1.").arg(formatObjective(a));
  } else {
    text += tr("The objectives differ: %1 against %2").arg(formatObjective(a), formatObjective(b));
    const double optimum = optimumShown();
    if (!std::isnan(optimum)) text += tr(", the optimum being %1").arg(formatObjective(optimum));
    text += QLatin1Char('.');
  }
  return text;
}

void RacePanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  for (Side& side : sides_) side.controller->setWatched(true);
}

void RacePanel::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  clock_->pause();
  for (Side& side : sides_) side.controller->setWatched(false);
}

}  // namespace ms::studio
