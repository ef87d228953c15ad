#pragma once
// Seeded instance generators: the paper's uniform integer ranges, and real-valued families.

#include <cstdint>
#include <string>
#include <string_view>

#include "solver/lap/cost_matrix.h"

namespace ms::lap {

enum class Generator {
  Uniform,      // integers uniform in [0, range) with range n/10, n or 10n (Date & Nagi, Section 6)
  Real,         // doubles uniform in [0, 1)
  Exponential,  // doubles, exponential with rate 1
  Euclidean,    // distances between n random points and n others in the unit square
};

enum class CostRange { TenthN, N, TenN };

struct GeneratorSpec {
  Generator generator = Generator::Uniform;
  int32_t n = 0;
  CostRange range = CostRange::N;  // Uniform only
  uint64_t seed = 1;
};

// Parses "uniform|real|exponential|euclidean" and "n/10|n|10n"; throw std::invalid_argument otherwise.
Generator parseGenerator(std::string_view text);
CostRange parseCostRange(std::string_view text);
std::string_view generatorName(Generator generator);
std::string_view costRangeName(CostRange range);

// Exclusive upper bound of the integer costs for size n (at least 1).
int64_t costRangeBound(CostRange range, int32_t n);

// Uniform gives int32 costs, the others float64. Throws ResourceError when n x n does not fit in memory.
AnyCostMatrix generate(const GeneratorSpec& spec);

}  // namespace ms::lap
