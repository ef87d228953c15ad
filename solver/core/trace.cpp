#include "solver/core/trace.h"

#include <algorithm>
#include <ostream>

#include "solver/core/step_machine.h"

namespace ms {

int64_t Trace::totalWallNs() const {
  int64_t total = 0;
  for (const StepRecord& r : records_) total += r.wall_ns;
  return total;
}

std::vector<PhaseTotal> Trace::phaseTotals() const {
  std::vector<PhaseTotal> totals;
  for (const StepRecord& r : records_) {
    auto it =
        std::find_if(totals.begin(), totals.end(), [&](const PhaseTotal& t) { return t.phase == r.phase; });
    if (it == totals.end()) it = totals.insert(totals.end(), PhaseTotal{r.phase});
    ++it->steps;
    it->wall_ns += r.wall_ns;
    if (r.device_ns >= 0) it->device_ns = std::max<int64_t>(it->device_ns, 0) + r.device_ns;
  }
  return totals;
}

CsvTable Trace::table() const {
  std::vector<std::string> columns = {"step", "iteration", "phase", "wall_ns", "device_ns"};
  columns.insert(columns.end(), counterNames_.begin(), counterNames_.end());
  CsvTable table(std::move(columns));
  for (const StepRecord& r : records_) {
    CsvTable::Row& row = table.addRow();
    row.set("step", r.step).set("iteration", r.iteration).set("phase", std::string(r.phase));
    row.set("wall_ns", r.wall_ns);
    if (r.device_ns >= 0) row.set("device_ns", r.device_ns);
    for (std::size_t c = 0; c < counterNames_.size(); ++c) row.set(counterNames_[c], r.counters[c]);
  }
  return table;
}

void Trace::writeCsv(std::ostream& out) const {
  table().write(out);
}

void Trace::writeCsvFile(const std::filesystem::path& path) const {
  table().writeFile(path);
}

Trace runToEnd(StepMachine& machine) {
  Trace trace(machine.counterNames());
  while (!machine.done()) trace.append(machine.step());
  return trace;
}

}  // namespace ms
