#include "app/gui/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>
#include <exception>
#include <span>

#include "app/gui/algorithm_panel.h"
#include "app/gui/help_menu.h"
#include "app/gui/history_scrubber.h"
#include "app/gui/instance_panel.h"
#include "app/gui/legend_dock.h"
#include "app/gui/png_export.h"
#include "app/gui/problem_registry.h"
#include "app/gui/problems/lap/lap_session.h"
#include "app/gui/pseudocode_dock.h"
#include "app/gui/race/race_panel.h"
#include "app/gui/step_history.h"
#include "views/charts/trace_charts.h"
#include "views/log/step_log_model.h"
#include "views/matrix/matrix_view.h"
#include "views/teaching/learn_panel.h"

namespace ms::studio {

namespace {

// Speed slider: positions 0..30 are 10^(p/10) steps per second (1 to 1000), the last one is unpaced.
constexpr int kSpeedPositions = 31;
double stepsPerSecondAt(int position) {
  return position >= kSpeedPositions ? 0 : std::pow(10.0, position / 10.0);
}

constexpr double kRenderShareWhileRunning = 0.1;
constexpr QSize kFrameAllowance(16, 64);  // a window manager's frame and title bar, about
constexpr int kMinLogRows = 6;            // the step log shows at least this many rows
constexpr int kMinChartsWidth = 360;      // room for the axes, the plot and a legend row of two entries
constexpr int kDisplayRefreshWhileRunningMs = 500;  // charts and log

QString formatObjective(double value) {
  return QString::number(value, 'g', 12);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), controller_(std::make_unique<RunController>()) {
  setWindowTitle(tr("MatchScope"));
  setObjectName(QStringLiteral("mainWindow"));
  history_ = new StepHistory(*controller_, this);
  buildViews();
  buildDocks();
  addPseudocodeDock(*this, *controller_);
  sessions_ = makeProblemSessions({*matrixView_, *charts_, *splitter_, *instancePanel_, *algorithmPanel_});
  buildActions();
  buildStatusBar();
  buildModes();
  addHelpMenu(*this, matrixView_->rendererDevice(), matrixView_->rendererProblem());
  showProblemViews();
  connect(quantity_, &QComboBox::currentIndexChanged, this, &MainWindow::updateLegend);
  connect(colorMap_, &QComboBox::currentIndexChanged, this, &MainWindow::updateLegend);

  connect(controller_.get(), &RunController::sessionStarted, this, &MainWindow::sessionStarted);
  connect(controller_.get(), &RunController::recordsAppended, this, &MainWindow::recordsAppended);
  connect(controller_.get(), &RunController::snapshotUpdated, this, &MainWindow::snapshotUpdated);
  connect(controller_.get(), &RunController::stateChanged, this, &MainWindow::stateChanged);
  connect(controller_.get(), &RunController::solveFailed, this, &MainWindow::showError);
  connect(&loader_, &QFutureWatcher<LoadResult>::finished, this, &MainWindow::instanceLoaded);
  connect(instancePanel_, &InstancePanel::sourceRequested, this, &MainWindow::loadInstance);
  connect(algorithmPanel_, &AlgorithmPanel::optionsChanged, this, &MainWindow::algorithmOptionsChanged);
  connect(history_, &StepHistory::moved, this, &MainWindow::historyMoved);
  connect(history_, &StepHistory::rangeChanged, this, &MainWindow::updateActions);
  connect(instancePanel_, &InstancePanel::problemKindChanged, this, &MainWindow::problemKindChosen);

  fitFirstLaunchToScreen();  // until the settings say otherwise
  resizeDocks({findChild<QDockWidget*>(QStringLiteral("chartsDock"))}, {460}, Qt::Horizontal);
  resizeDocks({findChild<QDockWidget*>(QStringLiteral("logDock"))}, {logView_->minimumHeight()},
              Qt::Vertical);
  resizeDocks({findChild<QDockWidget*>(QStringLiteral("logDock")), legendDock_}, {720, 560}, Qt::Horizontal);
  restoreSettings();
  updateActions();
  updateStatusBar();
}

// 1600 x 1000 where the screen has room; on a smaller screen (1280 x 800) the window opens maximized, so the
// window manager fits it with its frame, and at the screen's size where there is none (Xvfb).
void MainWindow::fitFirstLaunchToScreen() {
  const QRect available = screen()->availableGeometry();
  const QSize preferred(1600, 1000);
  resize(preferred.boundedTo(available.size()));
  if (available.width() < preferred.width() + kFrameAllowance.width() ||
      available.height() < preferred.height() + kFrameAllowance.height()) {
    move(available.topLeft());
    setWindowState(windowState() | Qt::WindowMaximized);
  }
}

MainWindow::~MainWindow() {
  loader_.waitForFinished();
  controller_.reset();  // joins the worker before the views it feeds go away
}

void MainWindow::buildViews() {
  matrixView_ = new views::MatrixView(this);
  matrixView_->setObjectName(QStringLiteral("matrixView"));
  splitter_ = new QSplitter(Qt::Horizontal, this);
  splitter_->setObjectName(QStringLiteral("viewSplitter"));
  splitter_->addWidget(matrixView_);  // the kinds' own views follow it
  splitter_->setStretchFactor(0, 3);
  setCentralWidget(splitter_);
}

// The panels and views follow the kind of the instance just loaded.
void MainWindow::setProblemKind(ProblemKind kind) {
  problem_ = kind;
  {
    const QSignalBlocker quiet(instancePanel_);  // the instance just loaded starts its own session
    instancePanel_->setProblemKind(kind);
  }
  algorithmPanel_->setProblemKind(kind);
  showProblemViews();
}

// The loaded instance's solver steps only while its kind is the chosen one: choosing another kind closes the
// run (trace, charts, log and history emptied) until an instance of that kind is loaded, and coming back
// starts a fresh run of the loaded instance.
void MainWindow::problemKindChosen(ProblemKind kind) {
  algorithmPanel_->setProblemKind(kind);
  if (!problem().hasInstance()) return;
  if (chosenKindLoaded()) {
    startSession();
  } else {
    closeRun();
  }
}

// A new algorithm (or backend, or option) starts a fresh run; the choices of a kind with no instance loaded
// run nothing.
void MainWindow::algorithmOptionsChanged() {
  if (chosenKindLoaded()) {
    startSession();
  } else if (problem().hasInstance()) {
    closeRun();
  }
}

bool MainWindow::chosenKindLoaded() const {
  return instancePanel_->problemKind() == problem_ && problem().hasInstance();
}

void MainWindow::closeRun() {
  controller_->load({});
  lastError_.clear();
  statusMessage_->setText(tr("No %1 instance loaded: Generate or Open file… in the Instance panel to run one")
                              .arg(instancePanel_->problemTitle()));
}

// The current kind's views and the matrix view as it uses it; the matrix toolbar's choices apply only while
// the matrix is shown, and slack only where the snapshots carry duals.
void MainWindow::showProblemViews() {
  for (const auto& session : sessions_) {
    if (session.get() != &problem()) session->setViewsShown(false);
  }
  problem().setViewsShown(true);
  const MatrixUse use = problem().matrixUse();
  matrixView_->setVisible(use.shown);
  matrixBar_->setEnabled(use.shown);
  quantity_->setItemText(0, use.valueName);
  qobject_cast<QStandardItemModel*>(quantity_->model())->item(1)->setEnabled(use.hasSlack);
  if (!use.hasSlack) quantity_->setCurrentIndex(0);
  updateLegend();
}

// The legend names the marks of the current kind, algorithm, quantity and colour map.
void MainWindow::updateLegend() {
  legendDock_->setLegend(problem().legend());
}

void MainWindow::buildDocks() {
  const auto addDock = [this](const QString& title, const QString& name, QWidget* content,
                              Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);  // saveState() needs names
    dock->setWidget(content);
    addDockWidget(area, dock);
    return dock;
  };
  instancePanel_ = new InstancePanel(this);
  algorithmPanel_ = new AlgorithmPanel(this);
  addDock(tr("Instance"), QStringLiteral("instanceDock"), instancePanel_, Qt::LeftDockWidgetArea);
  addDock(tr("Algorithm"), QStringLiteral("algorithmDock"), algorithmPanel_, Qt::LeftDockWidgetArea);

  logModel_ = new views::StepLogModel(this);
  logView_ = new QTableView(this);
  logView_->setObjectName(QStringLiteral("stepLog"));
  logView_->setModel(logModel_);
  logView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  logView_->setAlternatingRowColors(true);
  logView_->setWordWrap(false);
  logView_->setTextElideMode(Qt::ElideNone);  // eliding every long explanation on each repaint is costly
  logView_->verticalHeader()->hide();
  logView_->verticalHeader()->setDefaultSectionSize(20);
  logView_->horizontalHeader()->setStretchLastSection(true);
  logView_->setColumnWidth(views::StepLogModel::StepColumn, 60);
  logView_->setColumnWidth(views::StepLogModel::IterationColumn, 50);
  logView_->setColumnWidth(views::StepLogModel::PhaseColumn, 130);
  logView_->setColumnWidth(views::StepLogModel::TimeColumn, 80);
  logView_->setColumnWidth(views::StepLogModel::ExplanationColumn, 520);
  logView_->setMinimumHeight(logView_->horizontalHeader()->sizeHint().height() +
                             kMinLogRows * logView_->verticalHeader()->defaultSectionSize() +
                             logView_->horizontalScrollBar()->sizeHint().height() +
                             2 * logView_->frameWidth());
  addDock(tr("Step log"), QStringLiteral("logDock"), logView_, Qt::BottomDockWidgetArea);
  // The log follows new rows while it is scrolled to the bottom.
  connect(logModel_, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
    logFollowing_ = logView_->verticalScrollBar()->value() >= logView_->verticalScrollBar()->maximum() - 2;
  });
  connect(logModel_, &QAbstractItemModel::rowsInserted, this, [this] {
    if (logFollowing_) logView_->scrollToBottom();
  });
  // A click on a row shows the state after that step, when the session keeps history.
  connect(logView_, &QTableView::clicked, this,
          [this](const QModelIndex& index) { history_->seek(index.row() + 1); });

  // Each chart needs some height to be read: where the dock is shorter than the charts of a kind, it scrolls
  // rather than making the window taller than the screen.
  charts_ = new views::TraceCharts(this);
  auto* chartsScroll = new QScrollArea(this);
  chartsScroll->setObjectName(QStringLiteral("chartsScroll"));
  chartsScroll->setWidget(charts_);
  chartsScroll->setWidgetResizable(true);
  chartsScroll->setFrameShape(QFrame::NoFrame);
  chartsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  chartsScroll->setMinimumWidth(kMinChartsWidth);
  addDock(tr("Charts"), QStringLiteral("chartsDock"), chartsScroll, Qt::RightDockWidgetArea);
  // Right of the step log, where a wide, short legend lays its entries out in columns.
  legendDock_ = new LegendDock(this);
  splitDockWidget(findChild<QDockWidget*>(QStringLiteral("logDock")), legendDock_, Qt::Horizontal);
}

void MainWindow::buildActions() {
  const auto makeAction = [this](const QString& text, const QString& name, const QKeySequence& shortcut) {
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(text, shortcut.toString(QKeySequence::NativeText)));
    return action;
  };
  backAction_ = makeAction(tr("Back"), QStringLiteral("actionBack"), QKeySequence(Qt::Key_Left));
  backIterationAction_ = makeAction(tr("Back iteration"), QStringLiteral("actionBackIteration"),
                                    QKeySequence(Qt::SHIFT | Qt::Key_Left));
  stepAction_ = makeAction(tr("Step phase"), QStringLiteral("actionStep"), QKeySequence(Qt::Key_Right));
  stepIterationAction_ = makeAction(tr("Step iteration"), QStringLiteral("actionStepIteration"),
                                    QKeySequence(Qt::SHIFT | Qt::Key_Right));
  runPauseAction_ = makeAction(tr("Run"), QStringLiteral("actionRunPause"), QKeySequence(Qt::Key_Space));
  runToEndAction_ =
      makeAction(tr("Run to end"), QStringLiteral("actionRunToEnd"), QKeySequence(Qt::CTRL | Qt::Key_End));
  resetAction_ = makeAction(tr("Reset"), QStringLiteral("actionReset"), QKeySequence(Qt::Key_Home));
  exportAction_ =
      makeAction(tr("Export…"), QStringLiteral("actionExport"), QKeySequence(Qt::CTRL | Qt::Key_E));
  // Forward replays stored steps first, then steps the solver.
  connect(backAction_, &QAction::triggered, history_, &StepHistory::back);
  connect(backIterationAction_, &QAction::triggered, history_, &StepHistory::backIteration);
  connect(stepAction_, &QAction::triggered, history_, &StepHistory::forward);
  connect(stepIterationAction_, &QAction::triggered, history_, &StepHistory::forwardIteration);
  connect(runPauseAction_, &QAction::triggered, this, &MainWindow::runOrPause);
  connect(runToEndAction_, &QAction::triggered, controller_.get(), &RunController::runToEnd);
  connect(resetAction_, &QAction::triggered, controller_.get(), &RunController::reset);
  connect(exportAction_, &QAction::triggered, this, &MainWindow::exportWithDialog);

  QToolBar* transport = addToolBar(tr("Transport"));
  transport->setObjectName(QStringLiteral("transportToolbar"));
  transport->addActions({backIterationAction_, backAction_, stepAction_, stepIterationAction_,
                         runPauseAction_, runToEndAction_, resetAction_});
  scrubber_ = new HistoryScrubber(*history_, *controller_, this);
  transport->addWidget(scrubber_);
  transport->addSeparator();
  speed_ = new QSlider(Qt::Horizontal, this);
  speed_->setToolTip(tr("Steps per second while running (the last position runs unpaced)"));
  speed_->setObjectName(QStringLiteral("speed"));
  speed_->setRange(0, kSpeedPositions);
  speed_->setValue(10);
  speed_->setMaximumWidth(120);
  speedLabel_ = new QLabel(this);
  speedLabel_->setMinimumWidth(75);
  transport->addWidget(new QLabel(tr(" Speed "), this));
  transport->addWidget(speed_);
  transport->addWidget(speedLabel_);
  connect(speed_, &QSlider::valueChanged, this, &MainWindow::speedChanged);
  speedChanged(speed_->value());

  matrixBar_ = addToolBar(tr("Matrix"));
  matrixBar_->setObjectName(QStringLiteral("matrixToolbar"));
  quantity_ = new QComboBox(this);
  quantity_->setToolTip(
      tr("What the cells show: the entries, or their slack c - u - v under the current duals"));
  quantity_->setObjectName(QStringLiteral("matrixQuantity"));
  quantity_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // each kind names its entries
  quantity_->addItem(tr("cost"), static_cast<int>(render::MatrixQuantity::Cost));
  quantity_->addItem(tr("slack"), static_cast<int>(render::MatrixQuantity::Slack));
  colorMap_ = new QComboBox(this);
  colorMap_->setToolTip(tr("Colour map of the cells (both colour-blind safe)"));
  colorMap_->setObjectName(QStringLiteral("matrixColorMap"));
  colorMap_->addItem(tr("viridis"), static_cast<int>(render::ColorMap::Viridis));
  colorMap_->addItem(tr("cividis"), static_cast<int>(render::ColorMap::Cividis));
  matrixBar_->addWidget(new QLabel(tr(" Show "), this));
  matrixBar_->addWidget(quantity_);
  matrixBar_->addWidget(new QLabel(tr(" Colours "), this));
  matrixBar_->addWidget(colorMap_);
  connect(quantity_, &QComboBox::currentIndexChanged, this, [this] {
    matrixView_->setQuantity(static_cast<render::MatrixQuantity>(quantity_->currentData().toInt()));
  });
  connect(colorMap_, &QComboBox::currentIndexChanged, this, [this] {
    matrixView_->setColorMap(static_cast<render::ColorMap>(colorMap_->currentData().toInt()));
  });

  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(exportAction_);
  file->addSeparator();
  file->addAction(tr("Quit"), QKeySequence::Quit, this, &QWidget::close);
  QMenu* run = menuBar()->addMenu(tr("&Run"));
  run->addActions({backIterationAction_, backAction_, stepAction_, stepIterationAction_, runPauseAction_,
                   runToEndAction_, resetAction_});
  QMenu* view = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addAction(transport->toggleViewAction());
  view->addAction(matrixBar_->toggleViewAction());
}

void MainWindow::buildStatusBar() {
  const auto addField = [this](const QString& name) {
    auto* label = new QLabel(this);
    label->setObjectName(name);
    statusBar()->addPermanentWidget(label);
    return label;
  };
  statusMessage_ = new QLabel(this);
  statusMessage_->setObjectName(QStringLiteral("statusMessage"));
  statusBar()->addWidget(statusMessage_, 1);
  statusN_ = addField(QStringLiteral("statusN"));
  statusIteration_ = addField(QStringLiteral("statusIteration"));
  statusAssigned_ = addField(QStringLiteral("statusAssigned"));
  statusObjective_ = addField(QStringLiteral("statusObjective"));
  statusElapsed_ = addField(QStringLiteral("statusElapsed"));
}

// The Learn and Race panels share the central area with the studio's views; a mode switch swaps them and
// hides the studio's docks and toolbars (their layout comes back with the studio).
void MainWindow::buildModes() {
  learnPanel_ = new views::LearnPanel(this);
  learnPanel_->setObjectName(QStringLiteral("learnPanel"));
  racePanel_ = new RacePanel(session<LapSession>(), this);
  modePages_ = new QStackedWidget(this);
  modePages_->setObjectName(QStringLiteral("modePages"));
  modePages_->addWidget(takeCentralWidget());
  modePages_->addWidget(learnPanel_);
  modePages_->addWidget(racePanel_);
  fitShownModePage();
  setCentralWidget(modePages_);

  auto* modes = new QActionGroup(this);
  const auto addMode = [&](const QString& text, const QString& name, const QKeySequence& shortcut,
                           WindowMode mode) {
    auto* action = modes->addAction(text);
    action->setObjectName(name);
    action->setCheckable(true);
    action->setShortcut(shortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(text, shortcut.toString(QKeySequence::NativeText)));
    connect(action, &QAction::toggled, this, [this, mode](bool on) {
      if (on) setMode(mode);
    });
    return action;
  };
  studioModeAction_ = addMode(tr("Studio"), QStringLiteral("actionStudioMode"),
                              QKeySequence(Qt::CTRL | Qt::Key_1), WindowMode::Studio);
  learnModeAction_ = addMode(tr("Learn"), QStringLiteral("actionLearnMode"),
                             QKeySequence(Qt::CTRL | Qt::Key_2), WindowMode::Learn);
  raceModeAction_ = addMode(tr("Race"), QStringLiteral("actionRaceMode"), QKeySequence(Qt::CTRL | Qt::Key_3),
                            WindowMode::Race);
  raceModeAction_->setToolTip(
      tr("Race two algorithms or backends on the loaded assignment instance, side by side (%1)")
          .arg(raceModeAction_->shortcut().toString(QKeySequence::NativeText)));
  studioModeAction_->setChecked(true);
  // In the menu bar's corner: the toolbar row keeps its width for the transport and matrix choices.
  modeBar_ = new QToolBar(tr("Mode"), this);
  modeBar_->setObjectName(QStringLiteral("modeToolbar"));
  modeBar_->addActions(modes->actions());
  menuBar()->setCornerWidget(modeBar_, Qt::TopRightCorner);
  menuBar()->addMenu(tr("&Mode"))->addActions(modes->actions());
}

// A stacked widget is as large as its largest page: the hidden page's size is ignored, so that the lesson's
// width does not widen the studio beyond a 1280-pixel screen (nor the studio's the lesson).
void MainWindow::fitShownModePage() {
  for (int page = 0; page < modePages_->count(); ++page) {
    const QSizePolicy::Policy policy =
        page == modePages_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
    modePages_->widget(page)->setSizePolicy(policy, policy);
  }
}

void MainWindow::setMode(WindowMode mode) {
  if (mode == mode_) return;
  const bool wasStudio = mode_ == WindowMode::Studio;
  mode_ = mode;
  const bool studio = mode == WindowMode::Studio;
  QAction* modeAction = mode == WindowMode::Learn  ? learnModeAction_
                        : mode == WindowMode::Race ? raceModeAction_
                                                   : studioModeAction_;
  modeAction->setChecked(true);
  if (wasStudio) studioLayout_ = saveState();
  for (QDockWidget* dock : findChildren<QDockWidget*>()) {
    if (!studio) dock->hide();
    dock->toggleViewAction()->setEnabled(studio);  // the View menu cannot bring them into another mode
  }
  for (QToolBar* bar : findChildren<QToolBar*>()) {
    if (bar == modeBar_) continue;
    if (!studio) bar->hide();
    bar->toggleViewAction()->setEnabled(studio);
  }
  if (mode == WindowMode::Learn) {
    modePages_->setCurrentWidget(learnPanel_);
    learnPanel_->setFocus();  // its Left and Right shortcuts work within the panel
  } else if (mode == WindowMode::Race) {
    controller_->pause();  // the studio's run would share the cores with the runs being timed
    modePages_->setCurrentWidget(racePanel_);
    racePanel_->setFocus();  // its Step, Play and Restart keys work within the panel
  } else {
    modePages_->setCurrentIndex(0);
    restoreState(studioLayout_);
  }
  fitShownModePage();
  statusBar()->setVisible(studio);  // it describes the studio's solve
  // A solve may go on in another mode; it is watched again when the studio comes back.
  controller_->setWatched(isVisible() && studio);
  updateActions();
}

// A newer request replaces the watched future, so only the latest load reaches instanceLoaded().
void MainWindow::loadInstance(const InstanceSource& source) {
  statusMessage_->setText(tr("Loading…"));
  const ProblemKind kind = studio::problemKind(source);
  ProblemSession* session = sessions_[static_cast<std::size_t>(kind)].get();
  loader_.setFuture(QtConcurrent::run([source, kind, session]() -> LoadResult {
    LoadResult result{kind, {}, {}};
    try {
      result.adopt = session->load(source);
    } catch (const std::exception& e) {
      result.error = QString::fromStdString(e.what());
    }
    return result;
  }));
}

void MainWindow::instanceLoaded() {
  const LoadResult result = loader_.result();
  if (!result.error.isEmpty()) {
    showError(result.error);
    emit instanceFailed(result.error);
    return;
  }
  for (const auto& session : sessions_) {
    if (session->kind() != result.kind) session->dropInstance();  // one instance in memory at a time
  }
  result.adopt();
  racePanel_->instanceChanged();  // an assignment instance to race, or none any more
  setProblemKind(result.kind);
  statusMessage_->setText(problem().description());
  startSession();
  emit instanceReady();
}

// The current kind keeps every step's snapshot when its instance is small enough, for Back and the history
// scrubber.
void MainWindow::startSession() {
  std::string notice;
  MachineFactory factory;
  try {
    factory = problem().machineFactory(&notice);
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
    controller_->load({});
    return;
  }
  if (!factory) return;
  lastError_.clear();
  const QString description = problem().description();
  statusMessage_->setText(
      notice.empty() ? description : description + QStringLiteral(" — ") + QString::fromStdString(notice));
  controller_->load(std::move(factory), problem().history());
}

void MainWindow::sessionStarted() {
  logModel_->setExplainer(problem().explainer(controller_->session()));
  logModel_->setTrace(&controller_->trace());
  // A closed run (another kind chosen) leaves the charts empty and untitled.
  charts_->setConfig(chosenKindLoaded() ? problem().chartsConfig() : views::TraceChartsConfig{});
  charts_->reset(controller_->session().counterNames);
  chartedSteps_ = 0;
  problem().sessionStarted();
  showProblemViews();  // what the matrix offers may follow the algorithm
  status_ = StatusValues{};
  status_.n = problem().size();
  updateStatusBar();
  updateActions();
}

void MainWindow::recordsAppended(int firstIndex, int count) {
  logModel_->recordsAppended(firstIndex, count);
  const auto& records = controller_->trace().records();
  if (chartedSteps_ == firstIndex) {
    charts_->append(std::span<const StepRecord>(records).subspan(static_cast<std::size_t>(firstIndex),
                                                                 static_cast<std::size_t>(count)));
    chartedSteps_ = firstIndex + count;
  } else {
    chartSteps(static_cast<int>(records.size()));  // the charts showed a stored step: all of them again
  }
  status_.iteration = records.back().iteration;
  status_.elapsedMs = static_cast<double>(controller_->trace().totalWallNs()) / 1e6;
  if (history_->available()) logView_->clearSelection();  // the highlighted stored step is left behind
  problem().progressDelivered(*controller_);
  updateStatusBar();
}

void MainWindow::snapshotUpdated(const std::shared_ptr<const Snapshot>& snapshot) {
  if (history_->following()) showSnapshot(snapshot);  // while scrubbing, the views keep the stored step
  problem().progressDelivered(*controller_);
}

// Shows a stored step: its snapshot in the views, the log row of the step that led to it (none at the start)
// and its iteration in the status bar; the solver is not touched.
void MainWindow::historyMoved() {
  const int step = history_->shownStep();
  status_.iteration = history_->iterationAt(step);
  chartSteps(step);
  if (step == 0) {
    logView_->clearSelection();
  } else {
    // Not selectRow(): that extends the selection while a modifier key is held.
    const QModelIndex row = logModel_->index(step - 1, 0);
    logView_->selectionModel()->select(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    logView_->scrollTo(row);
  }
  showSnapshot(history_->shownSnapshot());
}

// The charts and the elapsed time as they stood after the first `steps` steps.
void MainWindow::chartSteps(int steps) {
  const auto shown =
      std::span<const StepRecord>(controller_->trace().records()).first(static_cast<std::size_t>(steps));
  charts_->reset(controller_->session().counterNames);
  charts_->append(shown);
  problem().chartsReplayed(*controller_, steps);
  charts_->refreshNow();
  chartedSteps_ = steps;
  int64_t wallNs = 0;
  for (const StepRecord& record : shown) wallNs += record.wall_ns;
  status_.elapsedMs = static_cast<double>(wallNs) / 1e6;
}

void MainWindow::showSnapshot(const std::shared_ptr<const Snapshot>& snapshot) {
  shownSnapshot_ = snapshot;
  problem().showSnapshot(*snapshot, status_);
  updateStatusBar();
}

void MainWindow::stateChanged(RunState state) {
  // While the solver runs, pictures take only a small share of the machine (a CPU Vulkan device needs
  // 100 ms and more per frame of a large matrix, and a Qt Charts refresh costs milliseconds of the GUI
  // thread); between runs the views follow every step at once.
  const bool running = state == RunState::Busy;
  matrixView_->setRenderTimeShare(running ? kRenderShareWhileRunning : 1.0);
  charts_->setRefreshInterval(running ? kDisplayRefreshWhileRunningMs : views::TraceCharts::kRefreshMs);
  logModel_->setFlushInterval(running ? kDisplayRefreshWhileRunningMs : 0);
  updateActions();
}

void MainWindow::showError(const QString& message) {
  lastError_ = message;
  statusMessage_->setText(tr("Error: %1").arg(message));
  statusMessage_->setStyleSheet(QStringLiteral("color: #b00020"));
}

// The same four fields for every kind, in its own words: a matching counts phases, matched vertices and
// weight where an assignment counts iterations, assigned rows and its objective.
void MainWindow::updateStatusBar() {
  const StatusWords words = problem().statusWords();
  const bool known = status_.assigned >= 0;
  statusN_->setText(tr("n = %1").arg(status_.n));
  statusIteration_->setText(QStringLiteral("%1 %2").arg(words.loop).arg(status_.iteration));
  statusAssigned_->setText(
      known ? QStringLiteral("%1 %2/%3").arg(words.pairs).arg(status_.assigned).arg(status_.n)
            : words.pairs + QStringLiteral(" –"));
  statusObjective_->setText(known
                                ? QStringLiteral("%1 %2").arg(words.value, formatObjective(status_.objective))
                                : words.value + QStringLiteral(" –"));
  statusElapsed_->setText(tr("elapsed %1 ms").arg(status_.elapsedMs, 0, 'f', status_.elapsedMs < 10 ? 3 : 1));
  if (lastError_.isEmpty()) statusMessage_->setStyleSheet(QString());
}

// In Learn and Race mode the studio's actions are off, so their keys (Left, Right, Space ...) reach the
// panel shown.
void MainWindow::updateActions() {
  const RunState state = controller_->state();
  const bool studio = mode_ == WindowMode::Studio;
  const bool canStep = studio && (state == RunState::Ready || state == RunState::Busy);
  const bool storedAhead = studio && history_->available() && !history_->following();
  const bool canGoBack =
      studio && history_->available() && state != RunState::Busy && history_->shownStep() > 0;
  backAction_->setEnabled(canGoBack);
  backIterationAction_->setEnabled(canGoBack);
  stepAction_->setEnabled(canStep || storedAhead);
  stepIterationAction_->setEnabled(canStep || storedAhead);
  runToEndAction_->setEnabled(canStep);
  runPauseAction_->setEnabled(canStep);
  runPauseAction_->setText(state == RunState::Busy ? tr("Pause") : tr("Run"));
  resetAction_->setEnabled(studio && (state != RunState::Empty || chosenKindLoaded()));
  exportAction_->setEnabled(studio);
}

void MainWindow::runOrPause() {
  if (controller_->state() == RunState::Busy) {
    controller_->pause();
  } else {
    controller_->run();
  }
}

void MainWindow::speedChanged(int position) {
  const double stepsPerSecond = stepsPerSecondAt(position);
  speedLabel_->setText(stepsPerSecond > 0 ? tr("%1 steps/s").arg(stepsPerSecond, 0, 'g', 3) : tr("unpaced"));
  controller_->setStepsPerSecond(stepsPerSecond);
}

// The current kind's main view: the matrix, or the view that stands in for it.
void MainWindow::exportMatrixPng(const QString& path, QSize size) {
  const QImage image = problem().renderMainView(size);
  writePngFile(legendDock_->inExports() ? views::imageWithLegend(image, problem().legend()) : image, path);
}

void MainWindow::exportWindowPng(const QString& path) {
  writePngFile(grab().toImage(), path);
}

void MainWindow::exportTraceCsv(const QString& path) {
  controller_->trace().writeCsvFile(path.toStdString());
}

void MainWindow::exportRequest(const ExportRequest& request) {
  switch (request.kind) {
    case ExportKind::MatrixPng:
      exportMatrixPng(request.path, request.size);
      break;
    case ExportKind::WindowPng:
      exportWindowPng(request.path);
      break;
    case ExportKind::TraceCsv:
      exportTraceCsv(request.path);
      break;
  }
}

// The main view rendered small at the export's aspect, the window grabbed, or the trace's size in words.
ExportPreview MainWindow::exportPreview(const ExportRequest& request, QSize box) {
  switch (request.kind) {
    case ExportKind::MatrixPng:
      return {problem().hasInstance()
                  ? problem().renderMainView(request.size.scaled(box, Qt::KeepAspectRatio))
                  : QImage(),
              tr("nothing loaded")};
    case ExportKind::WindowPng:
      return {grab().toImage(), {}};
    case ExportKind::TraceCsv:
      return {QImage(), tr("%1 steps, one row each, with %2 counters")
                            .arg(controller_->trace().records().size())
                            .arg(controller_->session().counterNames.size())};
  }
  return {};
}

void MainWindow::exportWithDialog() {
  ExportDialog dialog(
      lastExport_, [this](const ExportRequest& request, QSize box) { return exportPreview(request, box); },
      this);
  if (dialog.exec() != QDialog::Accepted) return;
  lastExport_ = dialog.request();
  try {
    exportRequest(lastExport_);
    statusMessage_->setText(tr("Exported %1").arg(lastExport_.path));
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
    // The person asked for this file: say so where they look, without blocking the event loop (open(), not
    // exec()), so a running solve and the window's timers carry on.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), QString::fromStdString(e.what()),
                                QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
  }
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  controller_->setWatched(mode_ == WindowMode::Studio);
}

void MainWindow::hideEvent(QHideEvent* event) {
  QMainWindow::hideEvent(event);
  controller_->setWatched(false);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  controller_->cancel();
  saveSettings();
  QMainWindow::closeEvent(event);
}

void MainWindow::saveSettings() const {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  // In Learn and Race mode the studio's docks are hidden: its layout is the one kept from before the switch.
  const bool studio = mode_ == WindowMode::Studio;
  settings.setValue(QStringLiteral("window/state"), studio ? saveState() : studioLayout_);
  settings.setValue(QStringLiteral("window/mode"), studio                       ? QStringLiteral("studio")
                                                   : mode_ == WindowMode::Learn ? QStringLiteral("learn")
                                                                                : QStringLiteral("race"));
  settings.setValue(QStringLiteral("window/splitter"), splitter_->saveState());
  settings.setValue(QStringLiteral("transport/speed"), speed_->value());
  settings.setValue(QStringLiteral("matrix/quantity"), quantity_->currentIndex());
  settings.setValue(QStringLiteral("matrix/colorMap"), colorMap_->currentIndex());
  settings.setValue(QStringLiteral("export/kind"), static_cast<int>(lastExport_.kind));
  settings.setValue(QStringLiteral("export/path"), lastExport_.path);
  settings.setValue(QStringLiteral("export/size"), lastExport_.size);
  instancePanel_->saveSettings(settings);
  algorithmPanel_->saveSettings(settings);
}

void MainWindow::restoreSettings() {
  const QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  splitter_->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
  speed_->setValue(settings.value(QStringLiteral("transport/speed"), speed_->value()).toInt());
  quantity_->setCurrentIndex(settings.value(QStringLiteral("matrix/quantity"), 0).toInt());
  colorMap_->setCurrentIndex(settings.value(QStringLiteral("matrix/colorMap"), 0).toInt());
  const ExportRequest defaults = ExportDialog::defaultRequest();
  lastExport_.kind = static_cast<ExportKind>(
      settings.value(QStringLiteral("export/kind"), static_cast<int>(defaults.kind)).toInt());
  lastExport_.path = settings.value(QStringLiteral("export/path"), defaults.path).toString();
  lastExport_.size = settings.value(QStringLiteral("export/size"), defaults.size).toSize();
  instancePanel_->restoreSettings(settings);
  algorithmPanel_->restoreSettings(settings);
  const QString mode = settings.value(QStringLiteral("window/mode")).toString();
  if (mode == QLatin1String("learn")) setMode(WindowMode::Learn);
  if (mode == QLatin1String("race")) setMode(WindowMode::Race);
}

}  // namespace ms::studio
