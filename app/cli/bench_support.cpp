#include "app/cli/bench_support.h"

#include <algorithm>
#include <fstream>
#include <thread>

#include "solver/core/cuda_device.h"

namespace ms::cli {

std::string cpuName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

std::string deviceName(lap::Backend backend, int threads) {
  if (backend == lap::Backend::Cuda) return cudaDevice().name;
  const std::string cores = std::to_string(std::thread::hardware_concurrency());
  return cpuName() + " (" + cores + " hardware threads, " + std::to_string(threads) + " used)";
}

std::vector<std::string> phaseColumnNames() {
  std::vector<std::string> names;
  for (std::string_view phase : kPhaseColumns) names.push_back(std::string(phase) + "_ms");
  return names;
}

int64_t setPhaseColumns(CsvTable::Row& row, const std::vector<PhaseTotal>& phases) {
  int64_t deviceNs = -1;
  for (std::string_view phase : kPhaseColumns) {
    const auto it =
        std::find_if(phases.begin(), phases.end(), [&](const PhaseTotal& t) { return t.phase == phase; });
    const std::string column = std::string(phase) + "_ms";
    if (it == phases.end()) {
      row.set(column, 0);
      continue;
    }
    row.set(column, static_cast<double>(it->wall_ns) / 1e6);
    if (it->device_ns >= 0) deviceNs = std::max<int64_t>(deviceNs, 0) + it->device_ns;
  }
  return deviceNs;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

}  // namespace ms::cli
