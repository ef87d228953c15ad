#pragma once
// The trace of a solve: one StepRecord per step, exported as CSV with one row per step.

#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/csv_table.h"
#include "solver/core/step_record.h"

namespace ms {

class StepMachine;

// Time spent in one phase over a whole trace.
struct PhaseTotal {
  std::string_view phase;
  int64_t steps = 0;
  int64_t wall_ns = 0;
  int64_t device_ns = -1;  // -1 when no step of the phase ran device work
};

class Trace {
 public:
  Trace() = default;
  explicit Trace(std::span<const std::string_view> counterNames)
      : counterNames_(counterNames.begin(), counterNames.end()) {}

  void append(const StepRecord& record) { records_.push_back(record); }
  const std::vector<StepRecord>& records() const { return records_; }
  const std::vector<std::string_view>& counterNames() const { return counterNames_; }
  int64_t totalWallNs() const;
  // One entry per distinct phase, in order of first appearance.
  std::vector<PhaseTotal> phaseTotals() const;

  // Header: step,iteration,phase,wall_ns,device_ns,<counter names>; empty cells where a value does not apply.
  void writeCsv(std::ostream& out) const;
  // Written to a temporary file beside `path` and renamed, so a failed export never leaves half a file.
  void writeCsvFile(const std::filesystem::path& path) const;

 private:
  CsvTable table() const;

  std::vector<std::string_view> counterNames_;
  std::vector<StepRecord> records_;
};

// Steps the machine until done, recording every step. SolveErrors propagate with the partial trace lost;
// callers that need it step by hand.
Trace runToEnd(StepMachine& machine);

}  // namespace ms
