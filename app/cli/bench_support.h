#pragma once
// Pieces every benchmark family shares: naming the device a row was measured on, CSV quoting, medians.

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/trace.h"
#include "solver/lap/lap_solver.h"

namespace ms::cli {

// Hungarian phases reported as CSV columns (<phase>_ms), in the order of the paper's breakdown.
inline constexpr std::string_view kPhaseColumns[] = {
    "setup",        "initial_reduction", "optimality_check", "compress_zeros", "forward_level",
    "reverse_pass", "augment",           "dual_update",      "search"};
// The header's ",<phase>_ms" columns, and a row's: each phase's wall time in ms (0 where it did not run).
// The row returns the phases' device time in ns, -1 when none was measured.
void writePhaseColumnNames(std::ostream& csv);
int64_t writePhaseColumns(std::ostream& csv, const std::vector<PhaseTotal>& phases);

std::string cpuName();
// The GPU's name for the CUDA backend, else the CPU's with its thread counts.
std::string deviceName(lap::Backend backend, int threads);
// CSV-safe: device names contain commas only in exotic cases; quote always.
std::string quoted(const std::string& text);
double median(std::vector<double> values);

}  // namespace ms::cli
