#pragma once
// One square minimisation LAP solved by shortest augmenting paths (Jonker & Volgenant's Dijkstra search,
// as Crouse, "On implementing 2D rectangular assignment algorithms", 2016): row after row, a Dijkstra
// search over reduced costs finds the cheapest path to a free column, the duals absorb the distances and
// the path is flipped. O(n^3) at worst, one pass over a row per search step, no allocation per step: the
// fastest exact method for the small dense problems of a batch.

#include <cstdint>
#include <vector>

#include "solver/lap/batch/shortest_path_steps.h"
#include "solver/lap/cost_types.h"

namespace ms::lap {

// How a Dijkstra step settles columns. One: the least-distance column (the classical search; one row scanned
// per step). Tied: every column at the least distance at once, their rows all scanned in the next step,
// as a Hungarian's BFS takes every tight column of a level; on integer costs, where distances tie often,
// far fewer steps (each a block-wide synchronisation on a GPU) for the same rows scanned.
enum class SettleRule { One, Tied };

template <CostType T>
class ShortestPathLap {
 public:
  using Dual = DualOf<T>;

  explicit ShortestPathLap(int32_t n, SettleRule rule = SettleRule::One)
      : n_(n),
        rule_(rule),
        distance_(static_cast<std::size_t>(n)),
        predecessor_(static_cast<std::size_t>(n)),
        remaining_(static_cast<std::size_t>(n)),
        rowInTree_(static_cast<std::size_t>(n)),
        colInTree_(static_cast<std::size_t>(n)) {}

  // Solves the n x n problem at `costs` (row-major, +inf forbidden). Writes the assignment and the duals
  // (u_i + v_j <= c_ij everywhere, equality on assigned pairs); returns false when infeasible.
  bool solve(const T* costs, int32_t* rowToCol, Dual* u, Dual* v) {
    const int32_t n = n_;
    std::vector<int32_t> rowOfCol(static_cast<std::size_t>(n), -1);
    // Column reduction: v_j = min_i c_ij (rows in order, strictly less: the lowest row on ties).
    for (int32_t j = 0; j < n; ++j) v[j] = kDualInfinity<Dual>;
    for (int32_t i = 0; i < n; ++i) {
      rowToCol[i] = -1;
      u[i] = 0;
      const T* costRow = costs + static_cast<std::size_t>(i) * n;
      for (int32_t j = 0; j < n; ++j) {
        if (isForbidden(costRow[j]) || static_cast<Dual>(costRow[j]) >= v[j]) continue;
        v[j] = static_cast<Dual>(costRow[j]);
        predecessor_[j] = i;
      }
    }
    for (int32_t j = 0; j < n; ++j) {
      if (v[j] == kDualInfinity<Dual>) return false;  // a column with only forbidden entries
    }
    assignColumnMinima(n, predecessor_.data(), rowOfCol.data(), rowToCol);
    for (int32_t start = 0; start < n; ++start) {
      if (rowToCol[start] < 0 && augmentFrom(costs, start, rowOfCol.data(), rowToCol, u, v) < 0) return false;
    }
    return true;
  }

  // One Dijkstra search from the free row `start` over the reduced costs c_ij - u_i - v_j of any state that
  // keeps them non-negative with equality on the assigned pairs (this solver's own, or a Hungarian's between
  // iterations): augments along the shortest path found and moves the duals so that the state keeps both
  // properties. Returns the rows the search scanned (its Dijkstra steps), or -1 when no free column can be
  // reached.
  int32_t augmentFrom(const T* costs, int32_t start, int32_t* rowOfCol, int32_t* rowToCol, Dual* u, Dual* v) {
    const int32_t n = n_;
    const int32_t scanned = search(costs, start, rowOfCol, u, v);
    if (scanned < 0) return -1;
    rowsScanned_ += scanned;
    // Duals: the start row takes the path length; every other tree row and column absorbs the difference
    // between it and its own distance, keeping reduced costs non-negative. (rowToCol is still the
    // assignment the search started from.)
    u[start] += pathLength_;
    for (int32_t i = 0; i < n; ++i) {
      if (rowInTree_[i] && i != start) u[i] += pathLength_ - distance_[rowToCol[i]];
    }
    for (int32_t j = 0; j < n; ++j) {
      if (colInTree_[j]) v[j] -= pathLength_ - distance_[j];
    }
    flipPath(sink_, start, predecessor_.data(), rowOfCol, rowToCol);
    return scanned;
  }

  // Rows scanned by every search since construction; with SettleRule::One also its Dijkstra steps.
  int64_t rowsScanned() const { return rowsScanned_; }
  // Dijkstra steps of every search since construction (the block-wide rounds a one-block GPU search takes).
  int64_t steps() const { return steps_; }

 private:
  // Dijkstra from row `start` over reduced costs to a free column (sink_); returns the rows scanned, or -1 if
  // no free column can be reached.
  int32_t search(const T* costs, int32_t start, const int32_t* rowOfCol, const Dual* u, const Dual* v) {
    const int32_t n = n_;
    for (int32_t j = 0; j < n; ++j) {
      distance_[j] = kDualInfinity<Dual>;
      remaining_[j] = j;
      rowInTree_[j] = 0;
      colInTree_[j] = 0;
    }
    int32_t remaining = n, scanned = 0;
    Dual reached = 0;
    layer_.assign(1, start);
    for (;;) {
      ++steps_;
      // Relax every column outside the tree through each row of the layer; the last row's pass also picks
      // the step's column (one pass per row, as the classical search).
      int32_t best = -1;
      Dual lowest = kDualInfinity<Dual>;
      for (std::size_t r = 0; r < layer_.size(); ++r) {
        const int32_t row = layer_[r];
        const bool pick = r + 1 == layer_.size();
        rowInTree_[row] = 1;
        ++scanned;
        const T* costRow = costs + static_cast<std::size_t>(row) * n;
        for (int32_t k = 0; k < remaining; ++k) {
          const int32_t j = remaining_[k];
          if (!isForbidden(costRow[j])) {
            const Dual through = reached + static_cast<Dual>(costRow[j]) - u[row] - v[j];
            if (through < distance_[j]) {
              predecessor_[j] = row;
              distance_[j] = through;
            }
          }
          if (pick && (distance_[j] < lowest || (distance_[j] == lowest && best >= 0 && rowOfCol[j] < 0 &&
                                                 rowOfCol[remaining_[best]] >= 0))) {
            lowest = distance_[j];
            best = k;
          }
        }
      }
      if (best < 0 || lowest == kDualInfinity<Dual>) return -1;
      reached = lowest;
      const int32_t column = remaining_[best];
      if (rowOfCol[column] < 0) {
        pathLength_ = reached;
        sink_ = column;
        colInTree_[column] = 1;
        return scanned;
      }
      // The picked column is assigned, so no column at the least distance is free: settle the picked one,
      // or every one of them (SettleRule::Tied), and scan their rows next.
      layer_.clear();
      const auto settle = [&](int32_t k) {
        const int32_t j = remaining_[k];
        colInTree_[j] = 1;
        layer_.push_back(rowOfCol[j]);
        remaining_[k] = remaining_[--remaining];  // from the end: already visited by the loop below
      };
      if (rule_ == SettleRule::One) {
        settle(best);
        continue;
      }
      for (int32_t k = remaining - 1; k >= 0; --k) {
        if (distance_[remaining_[k]] == lowest) settle(k);
      }
    }
  }

  int32_t n_;
  SettleRule rule_;
  std::vector<Dual> distance_;
  std::vector<int32_t> predecessor_;  // per column: the tree row it was reached from
  std::vector<int32_t> remaining_;    // columns not yet in the tree
  std::vector<uint8_t> rowInTree_, colInTree_;
  std::vector<int32_t> layer_;  // the rows the next step scans
  Dual pathLength_ = 0;
  int32_t sink_ = -1;  // the free column the last search reached
  int64_t rowsScanned_ = 0, steps_ = 0;
};

}  // namespace ms::lap
