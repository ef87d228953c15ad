#include "solver/matching/matching_machine.h"

namespace ms::matching {

void MatchingMachine::runStep(StepRecord& record) {
  runPhase(record);
  record.counters[kWeight] = weight_;
}

StepHeader* MatchingMachine::fillSnapshot(Snapshot& out) const {
  MatchingSnapshot* snap = std::get_if<MatchingSnapshot>(&out);
  if (snap == nullptr) snap = &out.emplace<MatchingSnapshot>();
  snap->n = graph().vertexCount();
  snap->weight = weight_;
  snap->points = graph().points();
  fillState(*snap);
  return snap;
}

MatchingSolution MatchingMachine::solution() const {
  requireSolved();
  return {finalMatching(), weight_, phases_};
}

}  // namespace ms::matching
