#pragma once
// Seeded hypergraph generators: matrices shaped like the paper's Table II test matrices, the paper's
// 700,000 x 700,000 heavy-column matrix, and small random hypergraphs for tests.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

enum class Profile { Flickr, Wikipedia, Stanford, StanfordBerkeley };

// One row of Table II: the distribution of nonzeros per column, and the size of the SuiteSparse matrix.
struct ProfileStats {
  std::string_view name;  // "flickr", "wikipedia", "stanford", "stanford-berkeley"
  int32_t originalSize = 0;
  int32_t min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  double mean = 0;
};

const ProfileStats& profileStats(Profile profile);
std::optional<Profile> parseProfile(std::string_view name);
inline constexpr Profile kProfiles[] = {Profile::Flickr, Profile::Wikipedia, Profile::Stanford,
                                        Profile::StanfordBerkeley};

// Nonzeros of each of `size` columns: the quartiles of Table II exactly (order statistic at
// floor(q (size - 1))), its minimum and maximum, and a heavy tail above the third quartile whose exponent
// makes the mean Table II's. Assigned to columns in a seeded random order.
std::vector<int32_t> profileColumnCounts(Profile profile, int32_t size, uint64_t seed);

// A size x size matrix (size 0 = the original) whose columns have profileColumnCounts nonzeros; the rows of
// a column are drawn without repetition with probability proportional to a row weight taken from the same
// distribution, so rows are long-tailed too, as in the web and social graphs the profiles come from.
Hypergraph generateProfile(Profile profile, int32_t size, uint64_t seed);

// The paper's synthetic matrix: zero everywhere except the first `heavyColumns` columns, each with
// `onesPerColumn` ones at distinct random rows (defaults: 700,000 x 700,000, 1,000 columns, 100,000 ones).
struct HeavyColumnSpec {
  int32_t size = 700'000;
  int32_t heavyColumns = 1'000;
  int32_t onesPerColumn = 100'000;
  uint64_t seed = 1;
};
Hypergraph generateHeavyColumns(const HeavyColumnSpec& spec);

// Hyperedges of 1..maxEdgeSize distinct random nodes, weights uniform in 1..max.
struct RandomHypergraphSpec {
  int32_t nodes = 10;
  int32_t edges = 10;
  int32_t maxEdgeSize = 4;
  int32_t maxEdgeWeight = 1;
  int32_t maxNodeWeight = 1;
  uint64_t seed = 1;
};
Hypergraph generateRandom(const RandomHypergraphSpec& spec);

}  // namespace ms::hypergraph
