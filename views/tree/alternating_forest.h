#pragma once
// The alternating forest of a Hungarian forward pass, derived from a snapshot's predecessor arrays: which
// rows and columns the search reached, at what depth, in which vertex-disjoint tree, and which of them lie
// on an augmenting path of the current iteration. The roots are the rows the last optimality check left
// uncovered (unassigned then), so the trees keep their roots through the augmentation that assigns them.
// Plain data, no widgets.

#include <cstdint>
#include <vector>

#include "solver/lap/lap_snapshot.h"

namespace ms::views {

struct ForestVertex {
  int32_t index = 0;  // row or column number
  bool isColumn = false;
  int32_t depth = 0;        // 0 for the roots (free rows); rows at even depths, columns at odd ones
  int32_t tree = 0;         // index of the root's tree, in root order
  int32_t parent = -1;      // position of the parent in AlternatingForest::vertices, -1 for roots
  int32_t path = -1;        // the augmenting path of the latest reverse pass it lies on (its index), or -1
  bool inFrontier = false;  // a row the next forward level expands
};

struct AlternatingForest {
  std::vector<ForestVertex> vertices;  // ordered by depth, then tree, then index
  int32_t treeCount = 0;
  int32_t depthCount = 0;
  int32_t frontierDepth = -1;  // depth of the rows the next level expands (-1 when none)
  int32_t pathCount = 0;       // augmenting paths of the latest reverse pass while they are current
  bool augmented = false;      // the paths were flipped (the step was an augmentation)
  // colourSlot[t]: tree t's slot in palette::treeColour: the tree of path k takes k, the others follow.
  std::vector<int32_t> colourSlot;
  // countPerDepth[d][t]: vertices of tree t at depth d.
  std::vector<std::vector<int32_t>> countPerDepth;
};

// `zeroTolerance` decides which columns the tree variant reached: those with slack at most this (the
// classical variant records predecessors only on zero-slack edges).
AlternatingForest buildForest(const lap::LapSnapshot& snapshot, double zeroTolerance);

}  // namespace ms::views
