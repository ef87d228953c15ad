#include "app/gui/run_controller.h"

#include <QMetaObject>
#include <QThread>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>

#include "solver/core/errors.h"

namespace ms::studio {

namespace {

using Clock = std::chrono::steady_clock;

enum class RequestKind {
  Load,
  Reset,
  StepPhase,
  StepIteration,
  Run,
  RunToEnd,
  Pause,
  Pace,
  RefreshSnapshot,
  Quit
};

struct Request {
  RequestKind kind;
  MachineFactory factory;          // Load only
  double stepsPerSecond = 0;       // Pace only
  History history = History::Off;  // Load only
};

// What the worker is doing between requests.
enum class Mode { Idle, Paced, Unpaced, UntilIterationChanges };

}  // namespace

// Everything the worker hands to the GUI thread, guarded by one mutex; drained once per notification.
struct RunController::Mailbox {
  std::mutex mutex;
  bool notifyPending = false;
  std::optional<SessionInfo> newSession;  // records below belong to this session when set
  std::vector<StepRecord> records;
  // One per record, plus the initial one after a rebuild.
  std::vector<std::shared_ptr<const Snapshot>> history;
  std::shared_ptr<const Snapshot> snapshot;
  std::optional<RunState> state;
  std::optional<QString> error;
};

class RunController::Worker {
 public:
  Worker(RunController& owner, Mailbox& mailbox) : owner_(owner), mailbox_(mailbox) {
    thread_.reset(QThread::create([this] { loop(); }));
    thread_->setObjectName(QStringLiteral("matchscope-solver"));
    thread_->start();
  }

  ~Worker() {
    {
      std::lock_guard lock(mutex_);
      queue_.clear();
      queue_.push_back({RequestKind::Quit, {}, 0});
    }
    wake_.notify_one();
    thread_->wait();
  }

  void post(Request request, bool dropQueued = false) {
    {
      std::lock_guard lock(mutex_);
      if (dropQueued) queue_.clear();
      queue_.push_back(std::move(request));
    }
    wake_.notify_one();
  }

  std::atomic<bool> watched{false};
  std::atomic<int64_t> steppingIntervalNs{std::chrono::nanoseconds(kSteppingDeliveryInterval).count()};
  std::atomic<int64_t> unpacedIntervalNs{std::chrono::nanoseconds(kUnpacedDeliveryInterval).count()};

 private:
  void loop() {
    for (;;) {
      std::optional<Request> request;
      {
        std::unique_lock lock(mutex_);
        const auto hasRequest = [this] { return !queue_.empty(); };
        if (mode_ == Mode::Idle) {
          wake_.wait(lock, hasRequest);
        } else if (mode_ == Mode::Paced) {
          wake_.wait_until(lock, nextStepAt_, hasRequest);
        }
        if (!queue_.empty()) {
          request = std::move(queue_.front());
          queue_.pop_front();
        }
      }
      if (!request) {
        stepOnce();
      } else if (!handle(*request)) {
        return;
      }
    }
  }

  // Returns false on Quit.
  bool handle(Request& request) {
    switch (request.kind) {
      case RequestKind::Quit:
        return false;
      case RequestKind::Load:
        factory_ = std::move(request.factory);
        historyPolicy_ = request.history;
        rebuild();
        break;
      case RequestKind::Reset:
        rebuild();
        break;
      case RequestKind::StepPhase:
        if (startCommand()) stepOnce();
        break;
      case RequestKind::StepIteration:
        if (startCommand()) {
          mode_ = Mode::UntilIterationChanges;
          startIteration_ = iteration_;
        }
        break;
      case RequestKind::Run:
        if (startCommand()) {
          mode_ = stepsPerSecond_ > 0 ? Mode::Paced : Mode::Unpaced;
          nextStepAt_ = Clock::now();
          if (mode_ == Mode::Unpaced) startDeliveryInterval();
        }
        break;
      case RequestKind::RunToEnd:
        if (startCommand()) {
          mode_ = Mode::Unpaced;
          startDeliveryInterval();
        }
        break;
      case RequestKind::Pause:
        if (mode_ != Mode::Idle) finishCommand();
        break;
      case RequestKind::Pace:
        stepsPerSecond_ = request.stepsPerSecond;
        if (mode_ == Mode::Paced || mode_ == Mode::Unpaced)
          mode_ = stepsPerSecond_ > 0 ? Mode::Paced : Mode::Unpaced;
        nextStepAt_ = Clock::now();
        break;
      case RequestKind::RefreshSnapshot:
        if (machine_ != nullptr) publish(/*force=*/true);
        break;
    }
    return true;
  }

  void rebuild() {
    mode_ = Mode::Idle;
    machine_.reset();
    latestKept_.reset();
    iteration_ = 0;
    SessionInfo session;
    std::optional<QString> error;
    try {
      if (factory_) machine_ = factory_();
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    if (machine_ != nullptr) {
      session.algorithm = QString::fromUtf8(machine_->algorithmName().data(),
                                            static_cast<qsizetype>(machine_->algorithmName().size()));
      const auto names = machine_->counterNames();
      session.counterNames.assign(names.begin(), names.end());
      session.keepsHistory = historyPolicy_ == History::Kept;
      if (session.keepsHistory) latestKept_ = takeSnapshot();
    }
    {
      std::lock_guard lock(mailbox_.mutex);
      mailbox_.newSession = std::move(session);
      mailbox_.records.clear();
      mailbox_.history.clear();
      if (latestKept_ != nullptr) mailbox_.history.push_back(latestKept_);
      mailbox_.snapshot.reset();
      mailbox_.error = std::move(error);
      mailbox_.state = machineState();
    }
    publish(/*force=*/true);
  }

  // A stepping command can start when a machine exists and is not done.
  bool startCommand() {
    if (machine_ == nullptr || machine_->done()) return false;
    setState(RunState::Busy);
    notify();
    return true;
  }

  // An unpaced run delivers one interval after it starts, not at its first step: the views already show the
  // state it starts from, and a run shorter than the interval pays for its final delivery only (at n = 2000
  // on two shared cores, updating the views at the start of a 17 ms solve took 2 ms of the solver's time).
  void startDeliveryInterval() { lastSnapshotAt_ = lastNotifyAt_ = Clock::now(); }

  void finishCommand() {
    mode_ = Mode::Idle;
    setState(machineState());
    publish(/*force=*/true);
  }

  void stepOnce() {
    if (machine_ == nullptr || machine_->done()) {
      finishCommand();
      return;
    }
    StepRecord record;
    try {
      record = machine_->step();
    } catch (const std::exception& e) {
      // The machine marks itself done after a throw; the session stays loaded and can be reset.
      mode_ = Mode::Idle;
      {
        std::lock_guard lock(mailbox_.mutex);
        mailbox_.error = QString::fromStdString(e.what());
        mailbox_.state = RunState::Failed;
      }
      publish(/*force=*/true);
      return;
    }
    iteration_ = record.iteration;
    if (latestKept_ != nullptr) latestKept_ = takeSnapshot();
    {
      std::lock_guard lock(mailbox_.mutex);
      mailbox_.records.push_back(record);
      if (latestKept_ != nullptr) mailbox_.history.push_back(latestKept_);
    }
    const bool commandOver = mode_ == Mode::Idle || machine_->done() ||
                             (mode_ == Mode::UntilIterationChanges && iteration_ != startIteration_);
    if (commandOver) {
      finishCommand();
      return;
    }
    if (mode_ == Mode::Paced) {
      nextStepAt_ = Clock::now() + std::chrono::nanoseconds(static_cast<int64_t>(1e9 / stepsPerSecond_));
    }
    publish(/*force=*/false);
  }

  RunState machineState() const {
    if (machine_ == nullptr) return RunState::Empty;
    return machine_->done() ? RunState::Finished : RunState::Ready;
  }

  void setState(RunState state) {
    std::lock_guard lock(mailbox_.mutex);
    mailbox_.state = state;
  }

  // Takes a snapshot when watched and an interval has passed (or when forced), and tells the GUI thread
  // that the mailbox holds news at most once per interval.
  void publish(bool force) {
    const Clock::time_point now = Clock::now();
    const auto interval = std::chrono::nanoseconds(
        (mode_ == Mode::Unpaced ? unpacedIntervalNs : steppingIntervalNs).load(std::memory_order_relaxed));
    if (machine_ != nullptr && watched.load(std::memory_order_relaxed) &&
        (force || now - lastSnapshotAt_ >= interval)) {
      // A session with history already holds the snapshot of the latest step.
      std::shared_ptr<const Snapshot> snapshot = latestKept_ != nullptr ? latestKept_ : takeSnapshot();
      lastSnapshotAt_ = now;
      std::lock_guard lock(mailbox_.mutex);
      mailbox_.snapshot = std::move(snapshot);
    }
    if (force || now - lastNotifyAt_ >= interval) {
      lastNotifyAt_ = now;
      notify();
    }
  }

  std::shared_ptr<const Snapshot> takeSnapshot() const {
    auto snapshot = std::make_shared<Snapshot>();
    machine_->snapshot(*snapshot);
    return snapshot;
  }

  void notify() {
    {
      std::lock_guard lock(mailbox_.mutex);
      if (mailbox_.notifyPending) return;
      mailbox_.notifyPending = true;
    }
    RunController* owner = &owner_;
    QMetaObject::invokeMethod(
        owner, [owner] { owner->drain(); }, Qt::QueuedConnection);
  }

  RunController& owner_;
  Mailbox& mailbox_;
  std::unique_ptr<QThread> thread_;

  std::mutex mutex_;  // guards queue_
  std::condition_variable wake_;
  std::deque<Request> queue_;

  // Worker-thread state.
  MachineFactory factory_;
  History historyPolicy_ = History::Off;
  std::shared_ptr<StepMachine> machine_;
  std::shared_ptr<const Snapshot> latestKept_;  // the newest history snapshot; null without history
  Mode mode_ = Mode::Idle;
  double stepsPerSecond_ = 0;
  int32_t iteration_ = 0;
  int32_t startIteration_ = 0;
  Clock::time_point nextStepAt_{};
  Clock::time_point lastSnapshotAt_{};
  Clock::time_point lastNotifyAt_{};
};

RunController::RunController(QObject* parent)
    : QObject(parent),
      mailbox_(std::make_unique<Mailbox>()),
      worker_(std::make_unique<Worker>(*this, *mailbox_)) {}

RunController::~RunController() = default;

void RunController::load(MachineFactory factory, History history) {
  worker_->post({RequestKind::Load, std::move(factory), 0, history});
}
void RunController::reset() {
  worker_->post({RequestKind::Reset, {}, 0});
}
void RunController::stepPhase() {
  worker_->post({RequestKind::StepPhase, {}, 0});
}
void RunController::stepIteration() {
  worker_->post({RequestKind::StepIteration, {}, 0});
}
void RunController::run() {
  worker_->post({RequestKind::Run, {}, 0});
}
void RunController::runToEnd() {
  worker_->post({RequestKind::RunToEnd, {}, 0});
}
void RunController::pause() {
  worker_->post({RequestKind::Pause, {}, 0});
}
void RunController::cancel() {
  worker_->post({RequestKind::Pause, {}, 0}, /*dropQueued=*/true);
}

void RunController::setStepsPerSecond(double stepsPerSecond) {
  worker_->post({RequestKind::Pace, {}, stepsPerSecond});
}

void RunController::setWatched(bool watched) {
  const bool was = worker_->watched.exchange(watched);
  if (watched && !was) worker_->post({RequestKind::RefreshSnapshot, {}, 0});
}

void RunController::setDeliveryIntervals(std::chrono::milliseconds stepping,
                                         std::chrono::milliseconds unpaced) {
  worker_->steppingIntervalNs = std::chrono::nanoseconds(stepping).count();
  worker_->unpacedIntervalNs = std::chrono::nanoseconds(unpaced).count();
}

void RunController::drain() {
  std::optional<SessionInfo> newSession;
  std::vector<StepRecord> records;
  std::vector<std::shared_ptr<const Snapshot>> history;
  std::shared_ptr<const Snapshot> snapshot;
  std::optional<RunState> state;
  std::optional<QString> error;
  {
    std::lock_guard lock(mailbox_->mutex);
    mailbox_->notifyPending = false;
    newSession.swap(mailbox_->newSession);
    records.swap(mailbox_->records);
    history.swap(mailbox_->history);
    snapshot.swap(mailbox_->snapshot);
    state.swap(mailbox_->state);
    error.swap(mailbox_->error);
  }
  if (newSession) {
    session_ = std::move(*newSession);
    trace_ = Trace(session_.counterNames);
    snapshot_.reset();
    history_.clear();
    emit sessionStarted();
  }
  // The state goes first: views decide how much effort a frame deserves by whether a solve is running.
  if (state && *state != state_) {
    state_ = *state;
    emit stateChanged(state_);
  }
  history_.insert(history_.end(), history.begin(), history.end());
  if (!records.empty()) {
    const int first = static_cast<int>(trace_.records().size());
    for (const StepRecord& record : records) trace_.append(record);
    emit recordsAppended(first, static_cast<int>(records.size()));
  }
  if (snapshot) {
    snapshot_ = std::move(snapshot);
    emit snapshotUpdated(snapshot_);
  }
  if (error) emit solveFailed(*error);
}

}  // namespace ms::studio
