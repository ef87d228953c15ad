#pragma once
// Bookkeeping every matching step machine shares: record numbering, wall-clock timing, failure handling and
// the snapshot header. An algorithm supplies its phases (pendingPhase, runStep) and its state (fillState).

#include <string>
#include <string_view>

#include "solver/matching/matching_solver.h"

namespace ms::matching {

class MatchingMachine : public MatchingSolver {
 public:
  std::string_view algorithmName() const final { return name_; }
  std::span<const std::string_view> counterNames() const final { return kMatchingCounterNames; }
  bool done() const final { return finished_; }
  std::string_view nextPhase() const final { return finished_ ? "" : pendingPhase(); }
  StepRecord step() final;
  void snapshot(Snapshot& out) const final;
  MatchingSolution solution() const final;

 protected:
  MatchingMachine(std::string name, const CompleteGraph& graph) : name_(std::move(name)), graph_(graph) {}

  // The phase the next step runs (called only while not finished).
  virtual std::string_view pendingPhase() const = 0;
  // Runs that phase: fills the record's counters (and device_ns), counts phases with completePhase(), and
  // calls finish() after the last one.
  virtual void runStep(StepRecord& record) = 0;
  // Copies the matching (-1 for unmatched vertices) and the latest phase's flips.
  virtual void fillState(MatchingSnapshot& out) const = 0;
  // The final perfect matching (called only once finished without a failure).
  virtual std::vector<int32_t> finalMatching() const = 0;

  void completePhase() { ++phases_; }
  void finish() { finished_ = true; }
  void setWeight(double weight) { weight_ = weight; }

  const CompleteGraph& graph() const { return graph_; }
  int32_t phases() const { return phases_; }

 private:
  std::string name_;
  const CompleteGraph& graph_;
  int64_t steps_ = 0;
  int32_t phases_ = 0;
  std::string_view lastPhase_;
  double weight_ = 0;
  bool finished_ = false;
  bool failed_ = false;
};

}  // namespace ms::matching
