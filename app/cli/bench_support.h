#pragma once
// Pieces every benchmark family shares: naming the device a row was measured on, phase columns, medians.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/csv_table.h"
#include "solver/core/trace.h"
#include "solver/lap/lap_solver.h"

namespace ms::cli {

// Hungarian phases reported as CSV columns (<phase>_ms), in the order of the paper's breakdown.
inline constexpr std::string_view kPhaseColumns[] = {
    "setup",        "initial_reduction", "optimality_check", "compress_zeros", "forward_level",
    "reverse_pass", "augment",           "dual_update",      "search"};
// The "<phase>_ms" column names, and a row's cells in them: each phase's wall time in ms (0 where it did not
// run). setPhaseColumns returns the phases' device time in ns, -1 when none was measured.
std::vector<std::string> phaseColumnNames();
int64_t setPhaseColumns(CsvTable::Row& row, const std::vector<PhaseTotal>& phases);

std::string cpuName();
// The GPU's name for the CUDA backend, else the CPU's with its thread counts.
std::string deviceName(lap::Backend backend, int threads);
double median(std::vector<double> values);

}  // namespace ms::cli
