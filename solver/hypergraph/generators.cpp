#include "solver/hypergraph/generators.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace ms::hypergraph {
namespace {

constexpr ProfileStats kTable2[] = {
    {"flickr", 820'878, 1, 1, 1, 4, 8549, 12},
    {"wikipedia", 3'566'907, 0, 0, 2, 6, 75547, 12},
    {"stanford", 281'903, 0, 2, 5, 9, 255, 8},
    {"stanford-berkeley", 683'446, 0, 3, 6, 12, 249, 11},
};

// Column counts at the stratified points u = (i + 0.5) / size: linear between the quartiles, then
// q3 (1 - t)^(-alpha) capped at the maximum over the top quarter.
std::vector<int32_t> countsFor(const ProfileStats& s, int32_t size, double alpha) {
  std::vector<int32_t> out(static_cast<std::size_t>(size));
  const double knots[] = {static_cast<double>(s.min), static_cast<double>(s.q1),
                          static_cast<double>(s.median), static_cast<double>(s.q3)};
  for (int32_t i = 0; i < size; ++i) {
    const double u = (i + 0.5) / size;
    double value;
    if (u < 0.75) {
      const int quarter = static_cast<int>(u * 4);
      const double t = u * 4 - quarter;
      value = std::round(knots[quarter] + (knots[quarter + 1] - knots[quarter]) * t);
    } else {
      const double t = (u - 0.75) * 4;
      value = std::min<double>(s.max, std::round(s.q3 * std::pow(1 - t, -alpha)));
    }
    out[static_cast<std::size_t>(i)] = static_cast<int32_t>(value);
  }
  out.back() = s.max;  // the maximum is attained
  return out;
}

double meanOf(const std::vector<int32_t>& counts) {
  return static_cast<double>(std::accumulate(counts.begin(), counts.end(), int64_t{0})) /
         static_cast<double>(counts.size());
}

// Draws `count` distinct rows for one column with `draw` (one random row per call).
template <typename Draw>
void drawDistinctRows(int32_t count, Draw draw, std::vector<int32_t>& rows) {
  rows.clear();
  while (static_cast<int32_t>(rows.size()) < count) {
    while (static_cast<int32_t>(rows.size()) < count) rows.push_back(draw());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  }
}

// Builds the row-major hypergraph from column lists (column j's rows appended in turn).
Hypergraph fromColumns(int32_t rows, int32_t columns, const std::vector<int64_t>& columnOffsets,
                       const std::vector<int32_t>& rowIndices) {
  std::vector<int64_t> offsets(static_cast<std::size_t>(rows) + 1, 0);
  for (int32_t row : rowIndices) ++offsets[static_cast<std::size_t>(row) + 1];
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<int64_t> fill(offsets.begin(), offsets.end() - 1);
  std::vector<int32_t> pins(rowIndices.size());
  for (int32_t column = 0; column < columns; ++column) {
    for (int64_t k = columnOffsets[static_cast<std::size_t>(column)];
         k < columnOffsets[static_cast<std::size_t>(column) + 1]; ++k) {
      pins[static_cast<std::size_t>(
          fill[static_cast<std::size_t>(rowIndices[static_cast<std::size_t>(k)])]++)] = column;
    }
  }
  return Hypergraph(columns, std::move(offsets), std::move(pins));
}

}  // namespace

const ProfileStats& profileStats(Profile profile) {
  return kTable2[static_cast<int>(profile)];
}

std::optional<Profile> parseProfile(std::string_view name) {
  for (Profile profile : kProfiles) {
    if (profileStats(profile).name == name) return profile;
  }
  return std::nullopt;
}

std::vector<int32_t> profileColumnCounts(Profile profile, int32_t size, uint64_t seed) {
  const ProfileStats& s = profileStats(profile);
  if (size < 8 || size < s.max) {
    throw std::invalid_argument("profile " + std::string(s.name) + " needs at least " +
                                std::to_string(std::max(8, s.max)) + " columns (its maximum column count)");
  }
  // The mean grows with the tail exponent: bisect for Table II's mean.
  double low = 0, high = 8;
  for (int iteration = 0; iteration < 40; ++iteration) {
    const double middle = (low + high) / 2;
    (meanOf(countsFor(s, size, middle)) < s.mean ? low : high) = middle;
  }
  std::vector<int32_t> counts = countsFor(s, size, (low + high) / 2);
  std::mt19937_64 random(seed);
  std::shuffle(counts.begin(), counts.end(), random);
  return counts;
}

Hypergraph generateProfile(Profile profile, int32_t size, uint64_t seed) {
  if (size == 0) size = profileStats(profile).originalSize;
  const std::vector<int32_t> counts = profileColumnCounts(profile, size, seed);
  std::vector<int64_t> columnOffsets{0};
  std::vector<int32_t> rowIndices, rows;
  rowIndices.reserve(static_cast<std::size_t>(std::accumulate(counts.begin(), counts.end(), int64_t{0})));
  std::mt19937_64 random(seed + 1);
  std::uniform_int_distribution<int32_t> anyRow(0, size - 1);
  for (int32_t count : counts) {
    drawDistinctRows(
        count, [&] { return anyRow(random); }, rows);
    rowIndices.insert(rowIndices.end(), rows.begin(), rows.end());
    columnOffsets.push_back(static_cast<int64_t>(rowIndices.size()));
  }
  return fromColumns(size, size, columnOffsets, rowIndices);
}

Hypergraph generateHeavyColumns(const HeavyColumnSpec& spec) {
  if (spec.heavyColumns > spec.size || spec.onesPerColumn > spec.size || spec.heavyColumns < 0 ||
      spec.onesPerColumn < 0) {
    throw std::invalid_argument("heavy-column matrix: columns and ones per column must be at most the size");
  }
  std::vector<int64_t> columnOffsets{0};
  std::vector<int32_t> rowIndices, rows;
  rowIndices.reserve(static_cast<std::size_t>(spec.heavyColumns) *
                     static_cast<std::size_t>(spec.onesPerColumn));
  std::mt19937_64 random(spec.seed);
  std::uniform_int_distribution<int32_t> anyRow(0, std::max(0, spec.size - 1));
  for (int32_t column = 0; column < spec.size; ++column) {
    if (column < spec.heavyColumns) {
      drawDistinctRows(
          spec.onesPerColumn, [&] { return anyRow(random); }, rows);
      rowIndices.insert(rowIndices.end(), rows.begin(), rows.end());
    }
    columnOffsets.push_back(static_cast<int64_t>(rowIndices.size()));
  }
  return fromColumns(spec.size, spec.size, columnOffsets, rowIndices);
}

Hypergraph generateRandom(const RandomHypergraphSpec& spec) {
  std::mt19937_64 random(spec.seed);
  std::uniform_int_distribution<int32_t> size(1, std::max(1, std::min(spec.maxEdgeSize, spec.nodes)));
  std::uniform_int_distribution<int32_t> node(0, std::max(0, spec.nodes - 1));
  std::uniform_int_distribution<int32_t> edgeWeight(1, std::max(1, spec.maxEdgeWeight));
  std::uniform_int_distribution<int32_t> nodeWeight(1, std::max(1, spec.maxNodeWeight));
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins, edgeWeights, nodeWeights, edge;
  for (int32_t e = 0; e < spec.edges && spec.nodes > 0; ++e) {
    const int32_t target = size(random);
    edge.clear();
    while (static_cast<int32_t>(edge.size()) < target) {
      const int32_t v = node(random);
      if (std::find(edge.begin(), edge.end(), v) == edge.end()) edge.push_back(v);
    }
    std::sort(edge.begin(), edge.end());
    pins.insert(pins.end(), edge.begin(), edge.end());
    offsets.push_back(static_cast<int64_t>(pins.size()));
    edgeWeights.push_back(edgeWeight(random));
  }
  for (int32_t v = 0; v < spec.nodes; ++v) nodeWeights.push_back(nodeWeight(random));
  return Hypergraph(spec.nodes, std::move(offsets), std::move(pins), std::move(edgeWeights),
                    std::move(nodeWeights));
}

}  // namespace ms::hypergraph
