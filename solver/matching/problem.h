#pragma once
// From a user's graph to the even vertex count the algorithms take, and back. A graph with an odd number of
// vertices gets one more vertex joined to every other by weight 0 (Hovland, Section 5.1): every perfect
// matching of the padded graph weighs what the matching of the real vertices does, and the real vertex
// matched to the padding is reported unmatched.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "solver/matching/complete_graph.h"

namespace ms::matching {

struct MatchingAnswer {
  std::vector<int32_t> mate;  // per original vertex: its partner, or -1 when it was matched to the padding
  double weight = 0;          // in the original graph
  int32_t pairs = 0;          // matched pairs of real vertices
};

class PreparedGraph {
 public:
  // Borrows `original`: keep it alive while this object lives.
  explicit PreparedGraph(const CompleteGraph& original);

  const CompleteGraph& even() const { return padded_ ? *padded_ : original_; }
  bool isPadded() const { return padded_.has_value(); }
  // `evenMate` is a perfect matching of even().
  MatchingAnswer answer(std::span<const int32_t> evenMate) const;

 private:
  const CompleteGraph& original_;
  std::optional<CompleteGraph> padded_;
};

}  // namespace ms::matching
