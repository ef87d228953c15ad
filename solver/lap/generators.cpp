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
    case Generator::Uniform: return "uniform";
    case Generator::Real: return "real";
    case Generator::Exponential: return "exponential";
    case Generator::Euclidean: return "euclidean";
  }
  return "unknown";
}

std::string_view costRangeName(CostRange range) {
  switch (range) {
    case CostRange::TenthN: return "n/10";
    case CostRange::N: return "n";
    case CostRange::TenN: return "10n";
  }
  return "unknown";
}

int64_t costRangeBound(CostRange range, int32_t n) {
  switch (range) {
    case CostRange::TenthN: return std::max<int64_t>(1, n / 10);
    case CostRange::N: return std::max<int64_t>(1, n);
    case CostRange::TenN: return std::max<int64_t>(1, int64_t{10} * n);
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
    for (int32_t j = 0; j < n; ++j) costs(i, j) = std::hypot(left[2 * i] - right[2 * j], left[2 * i + 1] - right[2 * j + 1]);
  }
  return costs;
}

}  // namespace

AnyCostMatrix generate(const GeneratorSpec& spec) {
  if (spec.n < 1) throw std::invalid_argument("n must be at least 1");
  requireMemoryFor(spec.n, spec.n, spec.generator == Generator::Uniform ? sizeof(int32_t) : sizeof(double),
                   "generated instance");
  std::mt19937_64 random(spec.seed);
  switch (spec.generator) {
    case Generator::Uniform: {
      std::uniform_int_distribution<int32_t> draw(0, static_cast<int32_t>(costRangeBound(spec.range, spec.n) - 1));
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

}  // namespace ms::lap
