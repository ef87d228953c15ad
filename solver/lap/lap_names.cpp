#include "solver/lap/lap_names.h"

#include <stdexcept>

namespace ms::lap {
namespace {

template <class Enum, std::size_t N, class NameOf>
std::string namesOf(const std::array<Enum, N>& values, NameOf nameOf) {
  std::string out;
  for (std::size_t k = 0; k < N; ++k) {
    if (k > 0) out += k + 1 == N ? " or " : ", ";
    out += nameOf(values[k]);
  }
  return out;
}

template <class Enum, std::size_t N, class NameOf>
Enum parseName(std::string_view name, const std::array<Enum, N>& values, NameOf nameOf, const char* what) {
  for (const Enum value : values) {
    if (name == nameOf(value)) return value;
  }
  throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(name) + "' (expected " +
                              namesOf(values, nameOf) + ")");
}

}  // namespace

LapAlgorithm parseLapAlgorithm(std::string_view name) {
  return parseName(name, kLapAlgorithms, algorithmName, "LAP algorithm");
}

Backend parseBackend(std::string_view name) {
  return parseName(name, kBackends, backendName, "backend");
}

Granularity parseGranularity(std::string_view name) {
  return parseName(name, kGranularities, granularityName, "granularity");
}

bool isLapAlgorithmName(std::string_view name) {
  for (const LapAlgorithm algorithm : kLapAlgorithms) {
    if (name == algorithmName(algorithm)) return true;
  }
  return false;
}

std::string lapAlgorithmNames() {
  return namesOf(kLapAlgorithms, algorithmName);
}

}  // namespace ms::lap
