#pragma once
// What every matching step machine shares on top of the step-machine frame: its name and graph, the phase
// count, the weight every record carries, and the snapshot's matching fields. An algorithm supplies its
// phases (pendingPhase, runPhase) and its state (fillState). It maximises graph() (the negated weights when
// minimising, see objective.h); records, snapshots and the solution carry weights in the caller's graph.

#include <string>
#include <string_view>

#include "solver/matching/matching_solver.h"
#include "solver/matching/objective.h"

namespace ms::matching {

class MatchingMachine : public MatchingSolver {
 public:
  std::string_view algorithmName() const final { return name_; }
  std::span<const std::string_view> counterNames() const final { return kMatchingCounterNames; }
  MatchingSolution solution() const final;

 protected:
  MatchingMachine(std::string name, MaximisedGraph graph)
      : name_(std::move(name)), graph_(std::move(graph)) {}

  void completePhase() { ++phases_; }
  // The current matching's weight in graph().
  void setWeight(double maximisedWeight) { weight_ = graph_.objectiveWeight(maximisedWeight); }

  const CompleteGraph& graph() const { return graph_.maximised(); }
  int32_t phases() const { return phases_; }

 private:
  // Runs the pending phase: fills the record's counters, counts phases with completePhase(), and calls
  // markFinished() after the last one.
  virtual void runPhase(StepRecord& record) = 0;
  // Copies the matching (-1 for unmatched vertices) and the latest phase's flips.
  virtual void fillState(MatchingSnapshot& out) const = 0;
  // The final perfect matching (called only once finished without a failure).
  virtual std::vector<int32_t> finalMatching() const = 0;

  void runStep(StepRecord& record) final;
  int32_t iteration() const final { return phases_; }
  StepHeader* fillSnapshot(Snapshot& out) const final;

  std::string name_;
  MaximisedGraph graph_;
  int32_t phases_ = 0;
  double weight_ = 0;  // in the caller's graph
};

}  // namespace ms::matching
