#pragma once
// The one parser of each LAP enum's names (algorithm, backend, granularity), used by the CLI and the studio
// alike: the names are those algorithmName(), backendName() and granularityName() print, and an unknown name
// throws std::invalid_argument listing the accepted ones (never a silent default).

#include <array>
#include <string>
#include <string_view>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

inline constexpr std::array kLapAlgorithms = {
    LapAlgorithm::Classical,   LapAlgorithm::Tree,   LapAlgorithm::Brute,  LapAlgorithm::Random,
    LapAlgorithm::GreedyNaive, LapAlgorithm::Greedy, LapAlgorithm::Auction};
inline constexpr std::array kBackends = {Backend::Auto, Backend::Cpu, Backend::Sequential, Backend::Cuda};
inline constexpr std::array kGranularities = {Granularity::Search, Granularity::Phase};

LapAlgorithm parseLapAlgorithm(std::string_view name);
Backend parseBackend(std::string_view name);
Granularity parseGranularity(std::string_view name);
bool isLapAlgorithmName(std::string_view name);

// "a, b or c": the accepted names, for messages and help texts.
std::string lapAlgorithmNames();

}  // namespace ms::lap
