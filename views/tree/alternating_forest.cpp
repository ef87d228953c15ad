#include "views/tree/alternating_forest.h"

#include <algorithm>
#include <tuple>

#include "views/lap_paths.h"

namespace ms::views {

namespace {

constexpr int32_t kUnknown = -1;

// Vertex ids: rows 0..n-1, columns n..2n-1.
struct Walk {
  const lap::LapSnapshot& s;
  std::vector<int32_t> depth, tree;  // per vertex id

  int32_t parentOf(int32_t id) const {
    const int32_t n = s.n;
    if (id < n) {
      const int32_t col = s.rowPredecessor[static_cast<std::size_t>(id)];
      return col == -1 ? -1 : n + col;
    }
    return s.colPredecessor[static_cast<std::size_t>(id - n)];
  }

  // Resolves the depth and tree of `id` and of everything between it and its root. Predecessor arrays of a
  // consistent snapshot form a forest; a chain longer than 2n means a cycle, and the chain stays unknown.
  void resolve(int32_t id, const std::vector<int32_t>& rootIndex) {
    std::vector<int32_t> chain;
    int32_t v = id;
    while (v != -1 && depth[static_cast<std::size_t>(v)] == kUnknown) {
      if (chain.size() > 2 * static_cast<std::size_t>(s.n)) return;
      chain.push_back(v);
      const int32_t parent = parentOf(v);
      if (parent == -1) {
        if (v >= s.n || rootIndex[static_cast<std::size_t>(v)] == kUnknown) return;  // not a root: detached
        depth[static_cast<std::size_t>(v)] = 0;
        tree[static_cast<std::size_t>(v)] = rootIndex[static_cast<std::size_t>(v)];
        chain.pop_back();
        break;
      }
      v = parent;
    }
    if (v == -1) return;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int32_t parent = parentOf(*it);
      depth[static_cast<std::size_t>(*it)] = depth[static_cast<std::size_t>(parent)] + 1;
      tree[static_cast<std::size_t>(*it)] = tree[static_cast<std::size_t>(parent)];
    }
  }
};

}  // namespace

AlternatingForest buildForest(const lap::LapSnapshot& s, double zeroTolerance) {
  AlternatingForest forest;
  const int32_t n = s.n;
  const auto size = static_cast<std::size_t>(n);
  if (n == 0 || s.rowPredecessor.size() != size || s.rowAssignment.size() != size) return forest;

  // Between the initial reduction and the end every search starts at an optimality check; before the first
  // check there is no forest.
  const bool searching = !s.done && !s.lastPhase.empty() && s.lastPhase != "setup" &&
                         s.lastPhase != "initial_reduction" && s.rowCovered.size() == size;
  if (!searching) return forest;
  const bool pathsCurrent = augmentingPathsCurrent(s);

  // Columns reached: those through which a row was reached (covered), free columns a tree row reached over a
  // zero-slack edge, and the ends of the current augmenting paths (assigned once the paths are flipped).
  std::vector<uint8_t> columnReached(size, 0);
  for (int32_t r = 0; r < n; ++r) {
    const int32_t col = s.rowPredecessor[static_cast<std::size_t>(r)];
    if (col != -1) columnReached[static_cast<std::size_t>(col)] = 1;
  }
  for (int32_t c = 0; c < n; ++c) {
    const auto j = static_cast<std::size_t>(c);
    const bool zeroSlack = s.columnSlack.empty() || s.columnSlack[j] <= zeroTolerance;
    if (s.colAssignment[j] == -1 && s.colPredecessor[j] != -1 && zeroSlack) columnReached[j] = 1;
  }
  if (pathsCurrent) {
    for (const std::vector<int32_t>& path : s.augmentingPaths) {
      if (!path.empty() && path.back() >= 0 && path.back() < n)
        columnReached[static_cast<std::size_t>(path.back())] = 1;
    }
  }

  // Roots: the rows the last check left uncovered that no column reached. The check covers exactly the
  // assigned rows and the forward pass uncovers only rows it reaches, so this holds at every phase,
  // augmentation included.
  std::vector<uint8_t> isRoot(size, 0);
  for (int32_t r = 0; r < n; ++r) {
    const auto i = static_cast<std::size_t>(r);
    isRoot[i] = s.rowCovered[i] == 0 && s.rowPredecessor[i] == -1;
  }
  std::vector<int32_t> rootIndex(size, kUnknown);
  for (int32_t r = 0; r < n; ++r) {
    if (isRoot[static_cast<std::size_t>(r)]) rootIndex[static_cast<std::size_t>(r)] = forest.treeCount++;
  }

  Walk walk{s, std::vector<int32_t>(2 * size, kUnknown), std::vector<int32_t>(2 * size, kUnknown)};
  for (int32_t r = 0; r < n; ++r) {
    if (isRoot[static_cast<std::size_t>(r)] || s.rowPredecessor[static_cast<std::size_t>(r)] != -1) {
      walk.resolve(r, rootIndex);
    }
  }
  for (int32_t c = 0; c < n; ++c) {
    if (columnReached[static_cast<std::size_t>(c)]) walk.resolve(n + c, rootIndex);
  }

  std::vector<int32_t> onPath(2 * size, -1);
  if (pathsCurrent) {
    forest.pathCount = static_cast<int32_t>(s.augmentingPaths.size());
    forest.augmented = s.lastPhase == "augment";
    for (std::size_t p = 0; p < s.augmentingPaths.size(); ++p) {
      const std::vector<int32_t>& path = s.augmentingPaths[p];
      for (std::size_t k = 0; k < path.size(); ++k) {
        if (path[k] < 0 || path[k] >= n) continue;
        onPath[static_cast<std::size_t>(k % 2 == 0 ? path[k] : n + path[k])] = static_cast<int32_t>(p);
      }
    }
  }
  std::vector<uint8_t> inFrontier(size, 0);
  for (int32_t r : s.frontier) {
    if (r >= 0 && r < n) inFrontier[static_cast<std::size_t>(r)] = 1;
  }

  for (int32_t id = 0; id < 2 * n; ++id) {
    const auto v = static_cast<std::size_t>(id);
    if (walk.depth[v] == kUnknown) continue;
    ForestVertex vertex;
    vertex.isColumn = id >= n;
    vertex.index = vertex.isColumn ? id - n : id;
    vertex.depth = walk.depth[v];
    vertex.tree = walk.tree[v];
    vertex.path = onPath[v];
    vertex.inFrontier = !vertex.isColumn && inFrontier[v] != 0;
    if (vertex.inFrontier) forest.frontierDepth = std::max(forest.frontierDepth, vertex.depth);
    forest.depthCount = std::max(forest.depthCount, vertex.depth + 1);
    forest.vertices.push_back(vertex);
  }
  std::sort(forest.vertices.begin(), forest.vertices.end(), [](const ForestVertex& a, const ForestVertex& b) {
    return std::tie(a.depth, a.tree, a.index) < std::tie(b.depth, b.tree, b.index);
  });

  std::vector<int32_t> position(2 * size, -1);
  for (std::size_t k = 0; k < forest.vertices.size(); ++k) {
    const ForestVertex& vertex = forest.vertices[k];
    position[static_cast<std::size_t>(vertex.isColumn ? n + vertex.index : vertex.index)] =
        static_cast<int32_t>(k);
  }
  // Colour slots: path k's tree takes slot k, the trees without a path the next slots in root order.
  forest.colourSlot.assign(static_cast<std::size_t>(forest.treeCount), -1);
  for (const ForestVertex& vertex : forest.vertices) {
    if (vertex.depth == 0 && vertex.path >= 0)
      forest.colourSlot[static_cast<std::size_t>(vertex.tree)] = vertex.path;
  }
  int32_t nextSlot = forest.pathCount;
  for (int32_t& slot : forest.colourSlot) {
    if (slot == -1) slot = nextSlot++;
  }
  forest.countPerDepth.assign(static_cast<std::size_t>(forest.depthCount),
                              std::vector<int32_t>(static_cast<std::size_t>(forest.treeCount), 0));
  for (ForestVertex& vertex : forest.vertices) {
    const int32_t parent = walk.parentOf(vertex.isColumn ? n + vertex.index : vertex.index);
    if (parent != -1) vertex.parent = position[static_cast<std::size_t>(parent)];
    ++forest.countPerDepth[static_cast<std::size_t>(vertex.depth)][static_cast<std::size_t>(vertex.tree)];
  }
  return forest;
}

}  // namespace ms::views
