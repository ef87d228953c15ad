#pragma once
// Seeded instance generators: the paper's uniform integer ranges, and real-valued families.

#include <cstdint>
#include <string>
#include <string_view>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

enum class Generator {
  Uniform,      // integers uniform in [0, range) with range n/10, n or 10n (Date & Nagi, Section 6)
  Real,         // doubles uniform in [0, 1)
  Exponential,  // doubles, exponential with rate 1
  Euclidean,    // distances between n random points and n others in the unit square
};

enum class CostRange { TenthN, N, TenN };

// How the seed becomes entries. Sequential: one std::mt19937_64 stream read row after row (the instances
// of every single-process run so far). Counter: entry (i, j) is a function of (seed, i, j) alone (SplitMix64
// of a counter), so each rank of a distributed solve generates its own slice, the same for any number of
// ranks. The two streams give different matrices for the same seed.
enum class GeneratorStream { Sequential, Counter };

struct GeneratorSpec {
  Generator generator = Generator::Uniform;
  int32_t n = 0;
  CostRange range = CostRange::N;  // Uniform only
  uint64_t seed = 1;
  GeneratorStream stream = GeneratorStream::Sequential;
};

// Parses "uniform|real|exponential|euclidean" and "n/10|n|10n"; throw std::invalid_argument otherwise.
Generator parseGenerator(std::string_view text);
CostRange parseCostRange(std::string_view text);
std::string_view generatorName(Generator generator);
std::string_view costRangeName(CostRange range);
GeneratorStream parseGeneratorStream(std::string_view text);  // "sequential" | "counter"
std::string_view generatorStreamName(GeneratorStream stream);

// Exclusive upper bound of the integer costs for size n (at least 1).
int64_t costRangeBound(CostRange range, int32_t n);

// Uniform gives int32 costs, the others float64. Throws ResourceError when n x n does not fit in memory.
AnyCostMatrix generate(const GeneratorSpec& spec);
// The slice's rows x columns of the counter stream's matrix (spec.n must equal slice.n); throws
// std::invalid_argument for the sequential stream, which cannot start mid-matrix.
AnyCostMatrix generateSlice(const GeneratorSpec& spec, const MatrixSlice& slice);

// Degenerate costs, the tied families of the ties bench and tests: "equal" (every cost 1), "one-row" (a row
// of ones over zeros: a 1 x n matrix as its padding solves it), "one-column", "duplicates" (costs drawn from
// {0, 1, 2} with `seed`). isTiedKind() tells the names; tiedCosts() throws std::invalid_argument otherwise.
bool isTiedKind(std::string_view kind);
CostMatrix<int32_t> tiedCosts(std::string_view kind, int32_t n, uint64_t seed);

}  // namespace ms::lap
