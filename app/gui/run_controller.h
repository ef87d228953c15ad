#pragma once
// Runs one step machine on a worker thread and publishes its trace and snapshots to the GUI thread.
//
// The worker owns the machine; the GUI thread only sends requests (load, step, run, pause, ...), which go
// into a queue the worker reads between steps, so cancel and pause take effect after the current step and
// the GUI never waits on a solver. Results travel back through one mailbox: the worker appends trace
// records and, when someone watches, a snapshot at most once per frame (a small session can also keep the
// snapshot of every step, for stepping back); it posts one queued notification
// per frame at most, and the GUI thread drains the mailbox and emits plain signals. The controller knows
// nothing of the problem kind: it forwards ms::Snapshot, and views pick their alternative with get_if.

#include <QObject>
#include <QString>
#include <chrono>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "solver/core/snapshot.h"
#include "solver/core/step_machine.h"
#include "solver/core/trace.h"

namespace ms::studio {

// Builds a fresh machine; called on the worker thread at load and at every reset. A machine that borrows
// data (a LAP solver borrows its cost matrix) keeps it alive through the pointer's control block.
using MachineFactory = std::function<std::shared_ptr<StepMachine>()>;

// `machine`, which borrows `data`, in a pointer whose control block keeps `data` alive as long as the
// machine.
template <class Data, class Machine>
std::shared_ptr<StepMachine> machineKeeping(std::shared_ptr<const Data> data,
                                            std::unique_ptr<Machine> machine) {
  struct Session {
    std::shared_ptr<const Data> data;
    std::unique_ptr<Machine> machine;
  };
  auto session = std::make_shared<Session>(Session{std::move(data), std::move(machine)});
  return std::shared_ptr<StepMachine>(session, session->machine.get());
}

// Deliveries to the GUI thread (records, and a snapshot when watched): at most one per frame (30 a second)
// while stepping or running paced; while running unpaced, ten a second are plenty to follow the progress and
// leave the machine to the solver (the first one interval into the run).
inline constexpr std::chrono::milliseconds kSteppingDeliveryInterval{33};
inline constexpr std::chrono::milliseconds kUnpacedDeliveryInterval{100};

// Sessions of at most this size (rows of an assignment problem, vertices of a graph) keep the snapshot of
// every step, so the window can step back and scrub without reversing the algorithm; a snapshot of n = 64 is
// a few kilobytes, so even thousands of steps stay small.
inline constexpr int32_t kHistoryMaxSize = 64;

enum class History { Off, Kept };
inline History historyFor(int32_t problemSize) {
  return problemSize <= kHistoryMaxSize ? History::Kept : History::Off;
}

enum class RunState {
  Empty,     // nothing loaded, or the factory failed
  Ready,     // idle and not done: waiting for a request
  Busy,      // stepping (a run, run to end, or one iteration)
  Finished,  // the machine is done
  Failed,    // the last step threw a SolveError; reset or load to go on
};

struct SessionInfo {
  QString algorithm;
  std::vector<std::string_view> counterNames;
  bool keepsHistory = false;
};

class RunController : public QObject {
  Q_OBJECT
 public:
  explicit RunController(QObject* parent = nullptr);
  ~RunController() override;  // stops after the current step and joins the worker

  // Replaces the session: the worker drops the old machine and builds one from `factory`; with History::Kept
  // it snapshots the machine after every step (watched or not) and delivers them all into history().
  void load(MachineFactory factory, History history = History::Off);
  void reset();          // a fresh machine from the same factory
  void stepPhase();      // one step
  void stepIteration();  // steps until the machine's iteration changes or it is done
  void run();            // steps continuously, paced by stepsPerSecond
  void runToEnd();       // steps continuously, unpaced
  void pause();          // stops a run, run to end or iteration after the current step
  void cancel();         // drops every queued request, then pauses
  void setStepsPerSecond(double stepsPerSecond);  // pace of run(); <= 0 means unpaced
  // Snapshots are copied out only while someone watches.
  void setWatched(bool watched);
  void setDeliveryIntervals(std::chrono::milliseconds stepping, std::chrono::milliseconds unpaced);

  RunState state() const { return state_; }
  const Trace& trace() const { return trace_; }  // every record delivered so far in this session
  const SessionInfo& session() const { return session_; }
  const std::shared_ptr<const Snapshot>& latestSnapshot() const { return snapshot_; }
  // The snapshot after each step delivered so far, [0] before the first (so trace().records().size() + 1
  // entries); empty when the session keeps no history.
  const std::vector<std::shared_ptr<const Snapshot>>& history() const { return history_; }

 signals:
  void sessionStarted();                            // after load or reset; trace() is empty again
  void recordsAppended(int firstIndex, int count);  // new records in trace() (and their history())
  void snapshotUpdated(std::shared_ptr<const ms::Snapshot> snapshot);
  void stateChanged(ms::studio::RunState state);
  void solveFailed(const QString& message);  // a SolveError or a failed factory; state follows

 private:
  class Worker;
  struct Mailbox;

  void drain();  // GUI thread: takes what the worker posted and emits the signals

  std::unique_ptr<Mailbox> mailbox_;
  std::unique_ptr<Worker> worker_;
  RunState state_ = RunState::Empty;
  SessionInfo session_;
  Trace trace_;
  std::shared_ptr<const Snapshot> snapshot_;
  std::vector<std::shared_ptr<const Snapshot>> history_;
};

}  // namespace ms::studio
