#pragma once
// Pieces every benchmark family shares: naming the device a row was measured on, CSV quoting, medians.

#include <string>
#include <vector>

#include "solver/lap/lap_solver.h"

namespace ms::cli {

std::string cpuName();
// The GPU's name for the CUDA backend, else the CPU's with its thread counts.
std::string deviceName(lap::Backend backend, int threads);
// CSV-safe: device names contain commas only in exotic cases; quote always.
std::string quoted(const std::string& text);
double median(std::vector<double> values);

}  // namespace ms::cli
