#include "solver/core/trace.h"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "solver/core/atomic_file.h"
#include "solver/core/number_format.h"
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

void Trace::writeCsv(std::ostream& out) const {
  out << "step,iteration,phase,wall_ns,device_ns";
  for (std::string_view name : counterNames_) out << ',' << name;
  out << '\n';
  for (const StepRecord& r : records_) {
    out << r.step << ',' << r.iteration << ',' << r.phase << ',' << r.wall_ns << ',';
    if (r.device_ns >= 0) out << r.device_ns;
    for (size_t c = 0; c < counterNames_.size(); ++c) {
      out << ',';
      if (!std::isnan(r.counters[c])) out << formatNumber(r.counters[c]);
    }
    out << '\n';
  }
}

void Trace::writeCsvFile(const std::filesystem::path& path) const {
  writeFileAtomically(path, [this](std::ostream& out) { writeCsv(out); });
}

Trace runToEnd(StepMachine& machine) {
  Trace trace(machine.counterNames());
  while (!machine.done()) trace.append(machine.step());
  return trace;
}

}  // namespace ms
