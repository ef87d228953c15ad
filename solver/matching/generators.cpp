#include "solver/matching/generators.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/lap/memory_check.h"

namespace ms::matching {

Distribution parseDistribution(std::string_view text) {
  if (text == "uniform") return Distribution::Uniform;
  if (text == "exponential") return Distribution::Exponential;
  if (text == "geometric") return Distribution::Geometric;
  throw std::invalid_argument("unknown distribution '" + std::string(text) +
                              "' (expected uniform, exponential or geometric)");
}

std::string_view distributionName(Distribution distribution) {
  switch (distribution) {
    case Distribution::Uniform:
      return "uniform";
    case Distribution::Exponential:
      return "exponential";
    case Distribution::Geometric:
      return "geometric";
  }
  return "unknown";
}

namespace {

std::mt19937_64 rowStream(uint64_t seed, int32_t row) {
  std::seed_seq sequence{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32),
                         static_cast<uint32_t>(row)};
  return std::mt19937_64(sequence);
}

// Draws the strict upper triangle row by row, then mirrors it tile by tile; the diagonal is 0.
template <class Draw>
WeightMatrix symmetricMatrix(int32_t n, uint64_t seed, Draw distribution) {
  WeightMatrix weights(n, n);
#pragma omp parallel for schedule(dynamic, 16)
  for (int32_t i = 0; i < n; ++i) {
    std::mt19937_64 random = rowStream(seed, i);
    Draw draw = distribution;  // a fresh copy per row: no state carried across rows
    float* row = weights.row(i);
    row[i] = 0;
    for (int32_t j = i + 1; j < n; ++j) row[j] = draw(random);
  }
  constexpr int32_t kTile = 64;
  const int32_t tiles = (n + kTile - 1) / kTile;
#pragma omp parallel for schedule(dynamic)
  for (int32_t ti = 0; ti < tiles; ++ti) {
    for (int32_t tj = 0; tj <= ti; ++tj) {
      for (int32_t i = ti * kTile; i < std::min(n, (ti + 1) * kTile); ++i) {
        for (int32_t j = tj * kTile; j < std::min(i, (tj + 1) * kTile); ++j) weights(i, j) = weights(j, i);
      }
    }
  }
  return weights;
}

}  // namespace

CompleteGraph generateGraph(const GraphSpec& spec) {
  if (spec.n < 1) throw std::invalid_argument("a graph needs at least one vertex");
  lap::requireMemoryFor(spec.n, spec.n, sizeof(float), "generated graph");
  switch (spec.distribution) {
    case Distribution::Uniform:
      return CompleteGraph(
          symmetricMatrix(spec.n, spec.seed, std::uniform_real_distribution<float>(0.0f, 1.0f)));
    case Distribution::Exponential:
      return CompleteGraph(
          symmetricMatrix(spec.n, spec.seed, std::exponential_distribution<float>(kExponentialRate)));
    case Distribution::Geometric: {
      std::mt19937_64 random(spec.seed);
      std::uniform_real_distribution<double> unit(0.0, 1.0);
      std::vector<Point> points(static_cast<std::size_t>(spec.n));
      for (Point& p : points) {
        p.x = unit(random);
        p.y = unit(random);
      }
      return graphFromPoints(std::move(points));
    }
  }
  throw std::invalid_argument("unknown distribution");
}

}  // namespace ms::matching
