#include "solver/hypergraph/partition.h"
#include "solver/core/huge_pages.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <deque>
#include <limits>
#include <set>
#include <stdexcept>
#include <tuple>

namespace ms::hypergraph {
namespace {

std::array<int64_t, 2> sideWeights(const Hypergraph& graph, const Partition& partition) {
  std::array<int64_t, 2> weight{0, 0};
  for (int32_t v = 0; v < graph.nodeCount(); ++v)
    weight[partition[static_cast<std::size_t>(v)]] += graph.nodeWeight(v);
  return weight;
}

// How far the side most over its limit is over it (negative: how far the closest one is below).
int64_t excess(const std::array<int64_t, 2>& weight, const SideLimits& limits) {
  return std::max(weight[0] - limits[0], weight[1] - limits[1]);
}

int64_t overweight(const std::array<int64_t, 2>& weight, const SideLimits& limits) {
  return std::max<int64_t>(0, excess(weight, limits));
}

// Free nodes by gain, per side: bucket arrays (doubly linked lists threaded through the nodes), or, where
// the gains reach beyond what arrays can index (hyperedge weights in the millions), ordered sets. Both hand
// out the node inserted last among those of the highest gain, so the pass is the same either way.
class GainBuckets {
 public:
  GainBuckets(int32_t nodes, int64_t maxGain) : offset_(maxGain), ordered_(maxGain > kMaxBucketGain) {
    if (ordered_) {
      stamp_.assign(static_cast<std::size_t>(nodes), 0);
      return;
    }
    next_ = hugePageVector<int32_t>(static_cast<std::size_t>(nodes), -1);
    previous_ = hugePageVector<int32_t>(static_cast<std::size_t>(nodes), -1);
    for (auto& heads : heads_) heads.assign(static_cast<std::size_t>(2 * maxGain + 1), -1);
  }
  void insert(int32_t v, int side, int64_t gain) {
    if (ordered_) {
      stamp_[static_cast<std::size_t>(v)] = ++inserted_;
      sets_[side].insert({gain, inserted_, v});
      return;
    }
    auto& heads = heads_[side];
    const auto slot = static_cast<std::size_t>(gain + offset_);
    next_[static_cast<std::size_t>(v)] = heads[slot];
    previous_[static_cast<std::size_t>(v)] = -1;
    if (heads[slot] >= 0) previous_[static_cast<std::size_t>(heads[slot])] = v;
    heads[slot] = v;
    top_[side] = std::max(top_[side], static_cast<int64_t>(slot));
  }
  void remove(int32_t v, int side, int64_t gain) {
    if (ordered_) {
      sets_[side].erase({gain, stamp_[static_cast<std::size_t>(v)], v});
      return;
    }
    const auto slot = static_cast<std::size_t>(gain + offset_);
    const int32_t p = previous_[static_cast<std::size_t>(v)], n = next_[static_cast<std::size_t>(v)];
    if (p >= 0) {
      next_[static_cast<std::size_t>(p)] = n;
    } else {
      heads_[side][slot] = n;
    }
    if (n >= 0) previous_[static_cast<std::size_t>(n)] = p;
  }
  // Highest-gain free node of a side, -1 when none.
  int32_t top(int side) {
    if (ordered_) return sets_[side].empty() ? -1 : std::get<2>(*sets_[side].rbegin());
    while (top_[side] >= 0 && heads_[side][static_cast<std::size_t>(top_[side])] < 0) --top_[side];
    return top_[side] < 0 ? -1 : heads_[side][static_cast<std::size_t>(top_[side])];
  }

 private:
  static constexpr int64_t kMaxBucketGain = int64_t{1} << 25;  // 2 x 256 MB of bucket heads at most
  int64_t offset_;
  bool ordered_;
  std::array<std::vector<int32_t>, 2> heads_;
  std::array<int64_t, 2> top_{-1, -1};
  std::vector<int32_t> next_, previous_;
  std::array<std::set<std::tuple<int64_t, int64_t, int32_t>>, 2> sets_;  // (gain, insertion, node)
  std::vector<int64_t> stamp_;                                           // per node: its insertion
  int64_t inserted_ = 0;
};

}  // namespace

int64_t cutOf(const Hypergraph& graph, const Partition& partition) {
  int64_t cut = 0;
  for (int32_t e = 0; e < graph.edgeCount(); ++e) {
    const auto pins = graph.pins(e);
    if (pins.empty()) continue;
    const uint8_t side = partition[static_cast<std::size_t>(pins[0])];
    for (int32_t v : pins) {
      if (partition[static_cast<std::size_t>(v)] != side) {
        cut += graph.edgeWeight(e);
        break;
      }
    }
  }
  return cut;
}

double imbalanceOf(const Hypergraph& graph, const Partition& partition) {
  return imbalanceOf(sideWeights(graph, partition));
}

double imbalanceOf(const std::array<int64_t, 2>& weight) {
  const int64_t total = weight[0] + weight[1];
  return total == 0
             ? 0.0
             : static_cast<double>(2 * std::max(weight[0], weight[1]) - total) / static_cast<double>(total);
}

int64_t maxSideWeight(int64_t totalWeight, double epsilon, int64_t slack) {
  return sideLimits(totalWeight, epsilon, {1, 1}, slack)[0];
}

SideLimits sideLimits(int64_t totalWeight, double epsilon, SideShares shares, int64_t slack) {
  const int64_t parts = shares[0] + shares[1];
  SideLimits limits{};
  for (int s = 0; s < 2; ++s) {
    const auto allowed = static_cast<int64_t>(
        std::floor((1.0 + epsilon) * static_cast<double>(totalWeight) * shares[s] / parts + 1e-9));
    limits[s] = std::max(allowed, (totalWeight * shares[s] + parts - 1) / parts) + slack;
  }
  return limits;
}

int64_t sideTarget(int64_t totalWeight, SideShares shares) {
  return totalWeight * shares[1] / (shares[0] + shares[1]);
}

Partition bruteForcePartition(const Hypergraph& graph, SideLimits limits) {
  const int32_t n = graph.nodeCount();
  if (n > 30) throw std::invalid_argument("brute-force partition: more than 30 nodes");
  Partition current(static_cast<std::size_t>(n), 0), best = current;
  if (n <= 1) return best;
  // Gray code over nodes 1..n-1 (node 0 stays on side 0): one node flips per partition, the cut follows
  // from the per-hyperedge count of pins on side 1.
  std::vector<int32_t> onSide1(static_cast<std::size_t>(graph.edgeCount()), 0);
  std::array<int64_t, 2> weight{graph.totalNodeWeight(), 0};
  int64_t cut = 0;
  int64_t bestCut = 0, bestOver = overweight(weight, limits), bestExcess = excess(weight, limits);
  const uint64_t partitions = uint64_t{1} << (n - 1);
  for (uint64_t code = 1; code < partitions; ++code) {
    const int32_t v = 1 + std::countr_zero(code);
    const uint8_t to = current[static_cast<std::size_t>(v)] ^= 1;
    weight[to] += graph.nodeWeight(v);
    weight[to ^ 1] -= graph.nodeWeight(v);
    for (int32_t e : graph.edgesOf(v)) {
      const auto size = static_cast<int32_t>(graph.pins(e).size());
      int32_t& count = onSide1[static_cast<std::size_t>(e)];
      const bool wasCut = count > 0 && count < size;
      count += to == 1 ? 1 : -1;
      const bool isCut = count > 0 && count < size;
      cut += (isCut - wasCut) * static_cast<int64_t>(graph.edgeWeight(e));
    }
    const int64_t over = overweight(weight, limits), slack = excess(weight, limits);
    if (over < bestOver || (over == bestOver && (cut < bestCut || (cut == bestCut && slack < bestExcess)))) {
      best = current;
      bestCut = cut;
      bestOver = over;
      bestExcess = slack;
    }
  }
  return best;
}

Partition growPartition(const Hypergraph& graph, int64_t target) {
  const int32_t n = graph.nodeCount();
  Partition partition(static_cast<std::size_t>(n), 0);
  std::vector<uint8_t> visited(static_cast<std::size_t>(n), 0),
      edgeDone(static_cast<std::size_t>(graph.edgeCount()), 0);
  int64_t grown = 0;
  std::deque<int32_t> frontier;
  for (int32_t start = 0; start < n && grown < target; ++start) {
    if (visited[static_cast<std::size_t>(start)]) continue;
    visited[static_cast<std::size_t>(start)] = 1;
    frontier.push_back(start);
    while (!frontier.empty() && grown < target) {
      const int32_t v = frontier.front();
      frontier.pop_front();
      partition[static_cast<std::size_t>(v)] = 1;
      grown += graph.nodeWeight(v);
      for (int32_t e : graph.edgesOf(v)) {
        if (edgeDone[static_cast<std::size_t>(e)]) continue;
        edgeDone[static_cast<std::size_t>(e)] = 1;
        for (int32_t k : graph.pins(e)) {
          if (!visited[static_cast<std::size_t>(k)]) {
            visited[static_cast<std::size_t>(k)] = 1;
            frontier.push_back(k);
          }
        }
      }
    }
    frontier.clear();
  }
  return partition;
}

Partition project(const Partition& coarse, const std::vector<int32_t>& map) {
  Partition fine(map.size());
  for (std::size_t v = 0; v < map.size(); ++v) fine[v] = coarse[static_cast<std::size_t>(map[v])];
  return fine;
}

bool rebalanceBySubsetSum(const Hypergraph& graph, Partition& partition, SideLimits limits) {
  const int32_t n = graph.nodeCount();
  const int64_t total = graph.totalNodeWeight();
  if (overweight(sideWeights(graph, partition), limits) == 0) return false;
  if (static_cast<double>(n) * static_cast<double>(total + 1) > static_cast<double>(kRebalanceCells))
    return false;
  // moves[w]: fewest nodes moved among the first k nodes so that side 1 weighs w; flipped[k][w] records
  // whether node k moved on that best way.
  constexpr int32_t kUnreachable = std::numeric_limits<int32_t>::max();
  const auto width = static_cast<std::size_t>(total + 1);
  std::vector<int32_t> moves(width, kUnreachable), next(width);
  std::vector<bool> flipped(static_cast<std::size_t>(n) * width, false);
  moves[0] = 0;
  for (int32_t v = 0; v < n; ++v) {
    const auto w = static_cast<std::size_t>(graph.nodeWeight(v));
    const bool onSide1 = partition[static_cast<std::size_t>(v)] == 1;
    std::fill(next.begin(), next.end(), kUnreachable);
    for (std::size_t before = 0; before < width; ++before) {
      if (moves[before] == kUnreachable) continue;
      // Staying adds w to side 1 when v is there; moving adds it when v is on side 0.
      for (const bool flip : {false, true}) {
        const std::size_t after = before + ((onSide1 != flip) ? w : 0);
        const int32_t cost = moves[before] + (flip ? 1 : 0);
        if (after < width && cost < next[after]) {
          next[after] = cost;
          flipped[static_cast<std::size_t>(v) * width + after] = flip;
        }
      }
    }
    moves.swap(next);
  }
  std::size_t target = width;
  for (std::size_t w = 0; w < width; ++w) {
    const auto side1 = static_cast<int64_t>(w);
    if (moves[w] == kUnreachable || side1 > limits[1] || total - side1 > limits[0]) continue;
    if (target == width || moves[w] < moves[target]) target = w;
  }
  if (target == width) return false;  // no partition meets eq. 2
  for (int32_t v = n - 1; v >= 0; --v) {
    const bool flip = flipped[static_cast<std::size_t>(v) * width + target];
    uint8_t& side = partition[static_cast<std::size_t>(v)];
    side ^= flip ? 1 : 0;
    if (side == 1) target -= static_cast<std::size_t>(graph.nodeWeight(v));
  }
  return true;
}

FmPassResult fmPass(const Hypergraph& graph, Partition& partition, SideLimits limits, int threads) {
  const int32_t n = graph.nodeCount();
  FmPassResult result;
  // The set-up reads every pin twice (once per hyperedge, once per node): each hyperedge's counts and each
  // node's gain are computed by one thread.
  const int32_t m = graph.edgeCount();
  std::vector<std::array<int32_t, 2>> count =
      hugePageVector<std::array<int32_t, 2>>(static_cast<std::size_t>(m), {0, 0});
  int64_t cut = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : cut)
  for (int32_t e = 0; e < m; ++e) {
    auto& c = count[static_cast<std::size_t>(e)];
    for (int32_t v : graph.pins(e)) ++c[partition[static_cast<std::size_t>(v)]];
    if (c[0] > 0 && c[1] > 0) cut += graph.edgeWeight(e);
  }
  // gain(v) = cut decrease if v moved alone.
  std::vector<int64_t> gain = hugePageVector<int64_t>(static_cast<std::size_t>(n), 0);
  int64_t maxGain = 1;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : maxGain)
  for (int32_t v = 0; v < n; ++v) {
    const uint8_t from = partition[static_cast<std::size_t>(v)];
    int64_t degree = 0, g = 0;
    for (int32_t e : graph.edgesOf(v)) {
      const auto& c = count[static_cast<std::size_t>(e)];
      const int64_t w = graph.edgeWeight(e);
      degree += w;
      if (c[from] == 1 && c[from ^ 1] > 0) g += w;
      if (c[from ^ 1] == 0 && c[from] > 1) g -= w;
    }
    gain[static_cast<std::size_t>(v)] = g;
    maxGain = std::max(maxGain, degree);
  }
  GainBuckets buckets(n, maxGain);
  std::vector<uint8_t> locked = hugePageVector<uint8_t>(static_cast<std::size_t>(n), 0);
  for (int32_t v = 0; v < n; ++v)
    buckets.insert(v, partition[static_cast<std::size_t>(v)], gain[static_cast<std::size_t>(v)]);

  auto weight = sideWeights(graph, partition);
  result.cutBefore = cut;
  int64_t bestCut = cut, bestOver = overweight(weight, limits);
  std::size_t bestPrefix = 0;
  std::vector<int32_t> moves;
  const auto adjust = [&](int32_t u, int64_t delta) {
    if (locked[static_cast<std::size_t>(u)] || delta == 0) return;
    const uint8_t side = partition[static_cast<std::size_t>(u)];
    buckets.remove(u, side, gain[static_cast<std::size_t>(u)]);
    gain[static_cast<std::size_t>(u)] += delta;
    buckets.insert(u, side, gain[static_cast<std::size_t>(u)]);
  };
  // Moves made without beating the best prefix before the pass gives up (the rest would be rolled back): a
  // tenth of the nodes, at most 20,000 (on large inputs no pass was seen to find a new best after that many;
  // bench/results/2026-11-26-host-threads-h100).
  const int64_t patience = std::max<int64_t>(200, std::min<int64_t>(20'000, n / 10));
  while (static_cast<int64_t>(moves.size() - bestPrefix) <= patience) {
    int32_t chosen = -1;
    for (int side = 0; side < 2; ++side) {
      const int32_t v = buckets.top(side);
      if (v < 0) continue;
      const int64_t w = graph.nodeWeight(v);
      const bool fits = weight[side ^ 1] + w <= limits[side ^ 1];
      const bool lightens = weight[side] > limits[side] &&
                            weight[side ^ 1] + w - limits[side ^ 1] < weight[side] - limits[side];
      if (!fits && !lightens) continue;
      if (chosen < 0 || gain[static_cast<std::size_t>(v)] > gain[static_cast<std::size_t>(chosen)] ||
          (gain[static_cast<std::size_t>(v)] == gain[static_cast<std::size_t>(chosen)] &&
           weight[side] - limits[side] > weight[side ^ 1] - limits[side ^ 1])) {
        chosen = v;
      }
    }
    if (chosen < 0) break;
    const uint8_t from = partition[static_cast<std::size_t>(chosen)], to = from ^ 1;
    buckets.remove(chosen, from, gain[static_cast<std::size_t>(chosen)]);
    locked[static_cast<std::size_t>(chosen)] = 1;
    cut -= gain[static_cast<std::size_t>(chosen)];
    // The classic FM gain updates, before and after the move, per hyperedge of the moved node.
    for (int32_t e : graph.edgesOf(chosen)) {
      auto& c = count[static_cast<std::size_t>(e)];
      const int64_t w = graph.edgeWeight(e);
      const auto pins = graph.pins(e);
      if (c[to] == 0) {
        for (int32_t u : pins) adjust(u, w);
      } else if (c[to] == 1) {
        for (int32_t u : pins) {
          if (partition[static_cast<std::size_t>(u)] == to) adjust(u, -w);
        }
      }
      --c[from];
      ++c[to];
      if (c[from] == 0) {
        for (int32_t u : pins) adjust(u, -w);
      } else if (c[from] == 1) {
        for (int32_t u : pins) {
          if (u != chosen && partition[static_cast<std::size_t>(u)] == from) adjust(u, w);
        }
      }
    }
    partition[static_cast<std::size_t>(chosen)] = to;
    weight[from] -= graph.nodeWeight(chosen);
    weight[to] += graph.nodeWeight(chosen);
    moves.push_back(chosen);
    const int64_t over = overweight(weight, limits);
    if (over < bestOver || (over == bestOver && cut < bestCut)) {
      bestOver = over;
      bestCut = cut;
      bestPrefix = moves.size();
    }
  }
  for (std::size_t m = moves.size(); m > bestPrefix; --m)
    partition[static_cast<std::size_t>(moves[m - 1])] ^= 1;
  result.cutAfter = bestCut;
  result.movesTried = static_cast<int64_t>(moves.size());
  result.movesKept = static_cast<int64_t>(bestPrefix);
  return result;
}

}  // namespace ms::hypergraph
