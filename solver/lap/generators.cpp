#include "solver/lap/generators.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "solver/core/errors.h"
#include "solver/lap/memory_check.h"

namespace ms::lap {

Generator parseGenerator(std::string_view text) {
  if (text == "uniform") return Generator::Uniform;
  if (text == "real") return Generator::Real;
  if (text == "exponential") return Generator::Exponential;
  if (text == "euclidean") return Generator::Euclidean;
  throw std::invalid_argument("unknown generator '" + std::string(text) +
                              "' (expected uniform, real, exponential or euclidean)");
}

CostRange parseCostRange(std::string_view text) {
  if (text == "n/10") return CostRange::TenthN;
  if (text == "n") return CostRange::N;
  if (text == "10n") return CostRange::TenN;
  throw std::invalid_argument("unknown range '" + std::string(text) + "' (expected n/10, n or 10n)");
}

std::string_view generatorName(Generator generator) {
  switch (generator) {
    case Generator::Uniform:
      return "uniform";
    case Generator::Real:
      return "real";
    case Generator::Exponential:
      return "exponential";
    case Generator::Euclidean:
      return "euclidean";
  }
  return "unknown";
}

std::string_view costRangeName(CostRange range) {
  switch (range) {
    case CostRange::TenthN:
      return "n/10";
    case CostRange::N:
      return "n";
    case CostRange::TenN:
      return "10n";
  }
  return "unknown";
}

GeneratorStream parseGeneratorStream(std::string_view text) {
  if (text == "sequential") return GeneratorStream::Sequential;
  if (text == "counter") return GeneratorStream::Counter;
  throw std::invalid_argument("unknown stream '" + std::string(text) + "' (expected sequential or counter)");
}

std::string_view generatorStreamName(GeneratorStream stream) {
  return stream == GeneratorStream::Counter ? "counter" : "sequential";
}

int64_t costRangeBound(CostRange range, int32_t n) {
  switch (range) {
    case CostRange::TenthN:
      return std::max<int64_t>(1, n / 10);
    case CostRange::N:
      return std::max<int64_t>(1, n);
    case CostRange::TenN:
      return std::max<int64_t>(1, int64_t{10} * n);
  }
  return 1;
}

namespace {

template <CostType T, class Draw>
CostMatrix<T> fill(int32_t n, Draw draw) {
  CostMatrix<T> costs(n, n);
  T* data = costs.data();
  for (int64_t k = 0; k < costs.size(); ++k) data[k] = draw();
  return costs;
}

CostMatrix<double> euclidean(int32_t n, std::mt19937_64& random) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> left(2 * static_cast<std::size_t>(n)), right(2 * static_cast<std::size_t>(n));
  for (double& x : left) x = unit(random);
  for (double& x : right) x = unit(random);
  CostMatrix<double> costs(n, n);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j)
      costs(i, j) = std::hypot(left[2 * i] - right[2 * j], left[2 * i + 1] - right[2 * j + 1]);
  }
  return costs;
}

// The counter stream: draw k of sub-stream `stream` is SplitMix64's output for state key + (k + 1) * gamma,
// which is what a SplitMix64 generator seeded with `key` returns at its k-th call.
class CounterStream {
 public:
  CounterStream(uint64_t seed, uint64_t stream) : key_(mix(seed ^ (kGamma * (stream + 1)))) {}
  uint64_t bits(uint64_t k) const { return mix(key_ + (k + 1) * kGamma); }
  double unit(uint64_t k) const { return static_cast<double>(bits(k) >> 11) * 0x1.0p-53; }  // [0, 1)
  // Lemire's multiply-shift on the high 32 bits: bias below bound / 2^32, independent of k.
  int32_t below(uint64_t k, int64_t bound) const {
    return static_cast<int32_t>(((bits(k) >> 32) * static_cast<uint64_t>(bound)) >> 32);
  }

 private:
  static constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;
  static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  uint64_t key_;
};

// Rows on all OpenMP threads: an entry depends on (seed, i, j) alone, so the matrix is the same for any
// thread count (a 144000^2 matrix takes minutes on one core).
template <CostType T, class Entry>
CostMatrix<T> fillSlice(const MatrixSlice& slice, Entry entry) {
  CostMatrix<T> costs(slice.rows(), slice.cols());
#pragma omp parallel for schedule(static)
  for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i) {
    T* row = costs.row(i - slice.rowBegin);
    for (int32_t j = slice.colBegin; j < slice.colEnd; ++j) row[j - slice.colBegin] = entry(i, j);
  }
  return costs;
}

AnyCostMatrix counterSlice(const GeneratorSpec& spec, const MatrixSlice& slice) {
  const CounterStream entries(spec.seed, 0);
  const auto index = [n = uint64_t(spec.n)](int32_t i, int32_t j) { return uint64_t(i) * n + uint64_t(j); };
  switch (spec.generator) {
    case Generator::Uniform:
      return fillSlice<int32_t>(slice, [&, bound = costRangeBound(spec.range, spec.n)](int32_t i, int32_t j) {
        return entries.below(index(i, j), bound);
      });
    case Generator::Real:
      return fillSlice<double>(slice, [&](int32_t i, int32_t j) { return entries.unit(index(i, j)); });
    case Generator::Exponential:
      return fillSlice<double>(slice,
                               [&](int32_t i, int32_t j) { return -std::log1p(-entries.unit(index(i, j))); });
    case Generator::Euclidean: {
      // Point i of the left set and point j of the right set, each from its own sub-stream.
      const CounterStream left(spec.seed, 1), right(spec.seed, 2);
      return fillSlice<double>(slice, [&](int32_t i, int32_t j) {
        const auto a = uint64_t(i) * 2, b = uint64_t(j) * 2;
        return std::hypot(left.unit(a) - right.unit(b), left.unit(a + 1) - right.unit(b + 1));
      });
    }
  }
  throw std::invalid_argument("unknown generator");
}

}  // namespace

AnyCostMatrix generateSlice(const GeneratorSpec& spec, const MatrixSlice& slice) {
  if (spec.stream != GeneratorStream::Counter) {
    throw std::invalid_argument("only the counter stream generates a slice by itself (--stream counter)");
  }
  if (spec.n < 1 || slice.n != spec.n) throw std::invalid_argument("the slice must be of the n x n instance");
  requireMemoryFor(slice.rows(), slice.cols(),
                   spec.generator == Generator::Uniform ? sizeof(int32_t) : sizeof(double),
                   "generated slice");
  return counterSlice(spec, slice);
}

AnyCostMatrix generate(const GeneratorSpec& spec) {
  if (spec.n < 1) throw std::invalid_argument("n must be at least 1");
  if (spec.stream == GeneratorStream::Counter) return generateSlice(spec, MatrixSlice::whole(spec.n));
  requireMemoryFor(spec.n, spec.n, spec.generator == Generator::Uniform ? sizeof(int32_t) : sizeof(double),
                   "generated instance");
  std::mt19937_64 random(spec.seed);
  switch (spec.generator) {
    case Generator::Uniform: {
      std::uniform_int_distribution<int32_t> draw(
          0, static_cast<int32_t>(costRangeBound(spec.range, spec.n) - 1));
      return fill<int32_t>(spec.n, [&] { return draw(random); });
    }
    case Generator::Real: {
      std::uniform_real_distribution<double> draw(0.0, 1.0);
      return fill<double>(spec.n, [&] { return draw(random); });
    }
    case Generator::Exponential: {
      std::exponential_distribution<double> draw(1.0);
      return fill<double>(spec.n, [&] { return draw(random); });
    }
    case Generator::Euclidean:
      return euclidean(spec.n, random);
  }
  throw std::invalid_argument("unknown generator");
}

bool isTiedKind(std::string_view kind) {
  return kind == "equal" || kind == "one-row" || kind == "one-column" || kind == "duplicates";
}

CostMatrix<int32_t> tiedCosts(std::string_view kind, int32_t n, uint64_t seed) {
  if (!isTiedKind(kind)) throw std::invalid_argument("unknown tied kind '" + std::string(kind) + "'");
  CostMatrix<int32_t> costs(n, n);
  std::mt19937_64 random(seed);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      costs(i, j) = kind == "equal"        ? 1
                    : kind == "one-row"    ? (i == 0 ? 1 : 0)
                    : kind == "one-column" ? (j == 0 ? 1 : 0)
                                           : static_cast<int32_t>(random() % 3);
    }
  }
  return costs;
}

}  // namespace ms::lap
