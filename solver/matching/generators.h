#pragma once
// Seeded generators for Hovland's three weight distributions (thesis, Section 5.1):
//   uniform:     every weight uniform in [0, 1);
//   exponential: every weight exponential with rate lambda = 3.5 (mean 0.29, most weights near zero);
//   geometric:   n points uniform in the unit square, weights their Euclidean distances (points kept).
// Each row of the upper triangle draws from its own stream seeded by (seed, row), so an instance depends on
// the seed alone, not on the number of threads that generate it.

#include <cstdint>
#include <string_view>

#include "solver/matching/complete_graph.h"

namespace ms::matching {

enum class Distribution { Uniform, Exponential, Geometric };

inline constexpr float kExponentialRate = 3.5f;

struct GraphSpec {
  Distribution distribution = Distribution::Uniform;
  int32_t n = 0;
  uint64_t seed = 1;
};

// Parses "uniform|exponential|geometric"; throws std::invalid_argument otherwise.
Distribution parseDistribution(std::string_view text);
std::string_view distributionName(Distribution distribution);

// Throws std::invalid_argument for n < 1 and ResourceError when the n x n matrix does not fit in memory.
CompleteGraph generateGraph(const GraphSpec& spec);

}  // namespace ms::matching
