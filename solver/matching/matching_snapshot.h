#pragma once
// Host copy of a weighted-matching solver's state for the views: the matching, the 4-cycle flips of the
// latest phase, and the points of a geometric graph.

#include <cstdint>
#include <vector>

#include "solver/core/step_header.h"
#include "solver/matching/point.h"

namespace ms::matching {

// One 4-cycle flip (Hovland, Algorithm 4): the matched edges (u, mateU) and (x, mateX) were replaced by
// (u, x) and (mateU, mateX). Both flip directions of the thesis fit this form: x is the vertex u took.
struct MatchingFlip {
  int32_t u = -1, mateU = -1;
  int32_t x = -1, mateX = -1;
  float gain = 0;  // weight gained by the flip
};

// The header's iteration counts the phases completed.
struct MatchingSnapshot : StepHeader {
  int32_t n = 0;  // vertices the solver works on (even; may include one padding vertex)

  std::vector<int32_t> mate;  // partner of each vertex, -1 while unmatched
  // Flips of the latest phase in the order they took effect: applying them one after another to the matching
  // before the phase gives `mate`.
  std::vector<MatchingFlip> flips;
  double weight = 0;  // of the current matching
  // Geometric graphs only: the position of every real vertex (empty otherwise; a padding vertex has none).
  std::vector<Point> points;
};

}  // namespace ms::matching
