#include "solver/hypergraph/coarsening.h"
#include "solver/core/huge_pages.h"

#include <parallel/algorithm>

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace ms::hypergraph {

int64_t NeighbourScan::scan(const Hypergraph& graph, int32_t j, const std::vector<int32_t>& mate) {
  return accumulate<true>(graph, j, mate.data());
}

int64_t NeighbourScan::scanAllUnmatched(const Hypergraph& graph, int32_t j) {
  return accumulate<false>(graph, j, nullptr);
}

template <bool kReadMate>
int64_t NeighbourScan::accumulate(const Hypergraph& graph, int32_t j, const int32_t* mate) {
  for (int32_t k : touched_) slot_[static_cast<std::size_t>(k)] = kUnseen;
  touched_.clear();
  found_.clear();
  current_ = j;
  int64_t visits = 0;
  // A node's hyperedges lie all over memory, and a scan is mostly waiting for them: the offsets and weights
  // of the hyperedge 2 * kAhead on are fetched, and the pins of the one kAhead on, so the misses overlap.
  const std::span<const int32_t> edges = graph.edgesOf(j);
  const int64_t* offsets = graph.edgeOffsets().data();
  const int32_t* weights = graph.edgeWeights().data();
  const int32_t* pinArray = graph.pinArray().data();
  constexpr std::size_t kAhead = 4;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (i + 2 * kAhead < edges.size()) {
      __builtin_prefetch(offsets + edges[i + 2 * kAhead]);
      __builtin_prefetch(weights + edges[i + 2 * kAhead]);
    }
    if (i + kAhead < edges.size()) __builtin_prefetch(pinArray + offsets[edges[i + kAhead]]);
    const int32_t edge = edges[i];
    const auto pins = graph.pins(edge);
    visits += static_cast<int64_t>(pins.size());
    for (int32_t k : pins) {
      if (k == j) continue;
      // Relaxed atomic loads: parallelGreedyMatch's threads claim nodes while others scan.
      if constexpr (kReadMate) {
        if (std::atomic_ref<int32_t>(const_cast<int32_t&>(mate[k])).load(std::memory_order_relaxed) != -1)
          continue;
      }
      // A neighbour is any node sharing a hyperedge, so zero-weight hyperedges still make neighbours.
      int32_t& slot = slot_[static_cast<std::size_t>(k)];
      if (slot == kUnseen) {
        slot = static_cast<int32_t>(touched_.size());
        touched_.push_back(k);
        found_.push_back(0);
      }
      found_[static_cast<std::size_t>(slot)] += weights[edge];
    }
  }
  return visits;
}

int32_t NeighbourScan::best() const {
  int32_t bestNode = -1;
  Similarity bestSimilarity = 0;
  for (std::size_t i = 0; i < touched_.size(); ++i) {
    if (preferred(current_, touched_[i], static_cast<uint64_t>(found_[i]), bestNode,
                  static_cast<uint64_t>(bestSimilarity))) {
      bestNode = touched_[i];
      bestSimilarity = found_[i];
    }
  }
  return bestNode;
}

void NeighbourScan::bestFew(std::span<int32_t> out) {
  // One 64-bit key per neighbour: the similarity above the high half of the edge's tie key, so that selecting
  // and sorting compare integers (few kept: by insertion into a short sorted list; many: by nth_element).
  // Equal keys (tie keys alike in their high half, or similarities of 32 bits and more, which all get the
  // same key) fall back to preferred() on the exact values.
  constexpr uint64_t kWide = uint64_t{UINT32_MAX} << 32;
  const auto keyOf = [&](std::size_t i) -> Ranked {
    const auto similarity = static_cast<uint64_t>(found_[i]);
    return {similarity >= UINT32_MAX ? kWide : similarity << 32 | edgeTieKey(current_, touched_[i]) >> 32,
            static_cast<int32_t>(i)};
  };
  const auto first = [this](const Ranked& a, const Ranked& b) {
    if (a.key != b.key) return a.key > b.key;
    const auto i = static_cast<std::size_t>(a.index), k = static_cast<std::size_t>(b.index);
    return preferred(current_, touched_[i], static_cast<uint64_t>(found_[i]), touched_[k],
                     static_cast<uint64_t>(found_[k]));
  };
  ranked_.clear();
  if (out.size() <= kFewByInsertion) {
    // A short sorted list: most neighbours are turned away by one comparison with its last.
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      const Ranked r = keyOf(i);
      if (ranked_.size() == out.size() && !first(r, ranked_.back())) continue;
      if (ranked_.size() == out.size()) ranked_.pop_back();
      ranked_.insert(std::upper_bound(ranked_.begin(), ranked_.end(), r, first), r);
    }
  } else {
    for (std::size_t i = 0; i < touched_.size(); ++i) ranked_.push_back(keyOf(i));
    const auto end = ranked_.begin() + static_cast<std::ptrdiff_t>(std::min(out.size(), ranked_.size()));
    std::nth_element(ranked_.begin(), end, ranked_.end(), first);
    std::sort(ranked_.begin(), end, first);
  }
  const std::size_t kept = std::min(out.size(), ranked_.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = i < kept ? touched_[static_cast<std::size_t>(ranked_[i].index)] : -1;
  }
}

std::vector<Neighbour> NeighbourScan::neighbours() const {
  std::vector<Neighbour> out;
  out.reserve(touched_.size());
  for (std::size_t i = 0; i < touched_.size(); ++i) out.push_back({touched_[i], found_[i]});
  std::sort(out.begin(), out.end(), [](const Neighbour& a, const Neighbour& b) { return a.node < b.node; });
  return out;
}

int64_t greedyMatch(const Hypergraph& graph, int32_t first, int32_t last, std::vector<int32_t>& mate,
                    NeighbourScan& scan, int32_t* lastScanned) {
  int64_t visits = 0;
  for (int32_t j = first; j < last; ++j) {
    if (mate[static_cast<std::size_t>(j)] != -1) continue;
    visits += scan.scan(graph, j, mate);
    *lastScanned = j;
    const int32_t k = scan.best();
    if (k < 0) continue;  // no unmatched neighbour: j stays alone, f(j) = j
    mate[static_cast<std::size_t>(j)] = k;
    mate[static_cast<std::size_t>(k)] = j;
  }
  return visits;
}

int64_t pairByCommonNeighbour(const Hypergraph& graph, std::vector<int32_t>& mate, int64_t maxWeight,
                              int threads) {
  const auto n = static_cast<std::size_t>(graph.nodeCount());
  // Each node left alone finds its most similar neighbour, matched or not (the scans read no matching, so
  // they run on the threads), then the nodes are paired in node order.
  const std::vector<int32_t> everyone(n, -1);
  std::vector<int32_t> anchor(n, -1);
  int64_t visits = 0;
#pragma omp parallel num_threads(threads) reduction(+ : visits)
  {
    NeighbourScan scan(graph.nodeCount());
#pragma omp for schedule(dynamic, 256)
    for (int32_t j = 0; j < graph.nodeCount(); ++j) {
      if (mate[static_cast<std::size_t>(j)] != -1) continue;
      visits += scan.scan(graph, j, everyone);
      anchor[static_cast<std::size_t>(j)] = scan.best();
    }
  }
  std::vector<int32_t> waiting(n, -1);  // per common neighbour: a node alone waiting for a partner
  int32_t waitingAlone = -1;            // the same for the nodes without neighbours
  for (int32_t j = 0; j < graph.nodeCount(); ++j) {
    if (mate[static_cast<std::size_t>(j)] != -1) continue;
    const int32_t common = anchor[static_cast<std::size_t>(j)];
    // Nodes without any neighbour (no hyperedge of two pins) are paired with each other: they cut nothing.
    int32_t& other = common < 0 ? waitingAlone : waiting[static_cast<std::size_t>(common)];
    if (other >= 0 && mate[static_cast<std::size_t>(other)] == -1 &&
        int64_t{graph.nodeWeight(other)} + graph.nodeWeight(j) <= maxWeight) {
      mate[static_cast<std::size_t>(j)] = other;
      mate[static_cast<std::size_t>(other)] = j;
      other = -1;
    } else {
      other = j;
    }
  }
  return visits;
}

std::vector<int32_t> coarseningMap(const std::vector<int32_t>& mate) {
  std::vector<int32_t> map(mate.size());
  int32_t next = 0;
  for (std::size_t v = 0; v < mate.size(); ++v) {
    const int32_t partner = mate[v];
    if (partner < 0 || static_cast<std::size_t>(partner) > v) {
      map[v] = next++;  // v is the smallest node of its cluster
    } else {
      map[v] = map[static_cast<std::size_t>(partner)];
    }
  }
  return map;
}

Hypergraph applyCoarsening(const Hypergraph& graph, const std::vector<int32_t>& map, int32_t clusters) {
  // Each hyperedge's mapped pins, sorted without repeats where its pins were, then packed; large levels on
  // the OpenMP threads.
  const int32_t m = graph.edgeCount();
  const bool parallel = graph.pinCount() >= (int64_t{1} << 18);
  const std::vector<int64_t>& fineOffsets = graph.edgeOffsets();
  std::vector<int32_t> mapped(graph.pinArray().size());
  std::vector<int64_t> offsets(static_cast<std::size_t>(m) + 1, 0);
#pragma omp parallel for if (parallel) schedule(dynamic, 1024)
  for (int32_t e = 0; e < m; ++e) {
    const auto begin = mapped.begin() + fineOffsets[static_cast<std::size_t>(e)];
    auto end = begin;
    for (int32_t v : graph.pins(e)) *end++ = map[static_cast<std::size_t>(v)];
    std::sort(begin, end);
    offsets[static_cast<std::size_t>(e) + 1] = std::unique(begin, end) - begin;
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<int32_t> pins = hugePageVector<int32_t>(static_cast<std::size_t>(offsets.back()));
#pragma omp parallel for if (parallel) schedule(dynamic, 1024)
  for (int32_t e = 0; e < m; ++e) {
    const auto from = mapped.begin() + fineOffsets[static_cast<std::size_t>(e)];
    std::copy(from, from + (offsets[static_cast<std::size_t>(e) + 1] - offsets[static_cast<std::size_t>(e)]),
              pins.begin() + offsets[static_cast<std::size_t>(e)]);
  }
  std::vector<int32_t> weights(static_cast<std::size_t>(clusters), 0);
  for (int32_t v = 0; v < graph.nodeCount(); ++v) {
    weights[static_cast<std::size_t>(map[static_cast<std::size_t>(v)])] += graph.nodeWeight(v);
  }
  return Hypergraph(clusters, std::move(offsets), std::move(pins), graph.edgeWeights(), std::move(weights));
}

std::vector<int32_t> compactionRepresentatives(const Hypergraph& graph, int threads) {
  const int32_t m = graph.edgeCount();
  // (hash of the pin list, hyperedge) for every hyperedge of two pins or more; sorted, identical hyperedges
  // sit side by side.
  std::vector<std::pair<uint64_t, int32_t>> keyed(static_cast<std::size_t>(m));
  int64_t unsorted = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : unsorted)
  for (int32_t e = 0; e < m; ++e) {
    const auto pins = graph.pins(e);
    if (pins.size() < 2) {
      keyed[static_cast<std::size_t>(e)] = {0, -1};
      continue;
    }
    uint64_t hash = pins.size();
    for (std::size_t i = 0; i < pins.size(); ++i) {
      unsorted += i > 0 && pins[i] <= pins[i - 1];
      hash = (hash ^ static_cast<uint32_t>(pins[i])) * 0x9E3779B97F4A7C15ULL;
      hash ^= hash >> 29;
    }
    keyed[static_cast<std::size_t>(e)] = {hash, e};
  }
  if (unsorted > 0)
    throw std::logic_error("compactEdges: the pins of a hyperedge are not in increasing order");
  std::erase_if(keyed, [](const std::pair<uint64_t, int32_t>& k) { return k.second < 0; });
  __gnu_parallel::sort(keyed.begin(), keyed.end(), __gnu_parallel::default_parallel_tag(threads));

  // Runs of equal hashes, each checked on its own, on the threads (a run's hyperedges lie all over memory).
  std::vector<std::size_t> runStarts;
  for (std::size_t i = 0; i < keyed.size(); ++i) {
    if (i == 0 || keyed[i].first != keyed[i - 1].first) runStarts.push_back(i);
  }
  runStarts.push_back(keyed.size());
  std::vector<int32_t> representative(static_cast<std::size_t>(m), -1);
  std::vector<int64_t> weight(static_cast<std::size_t>(m), 0);  // of the kept ones, merged ones included
  const auto runs = static_cast<int64_t>(runStarts.size()) - 1;
#pragma omp parallel num_threads(threads)
  {
    std::vector<int32_t> kept;  // the hyperedges of a run of equal hashes that stay
#pragma omp for schedule(dynamic, 256)
    for (int64_t run = 0; run < runs; ++run) {
      // Hash equality is not pin equality: each hyperedge of the run is compared with the run's kept ones.
      kept.clear();
      for (std::size_t i = runStarts[static_cast<std::size_t>(run)];
           i < runStarts[static_cast<std::size_t>(run) + 1]; ++i) {
        const int32_t e = keyed[i].second;
        const auto pins = graph.pins(e);
        int32_t into = e;
        for (const int32_t k : kept) {
          const auto other = graph.pins(k);
          if (weight[static_cast<std::size_t>(k)] + graph.edgeWeight(e) <=
                  std::numeric_limits<int32_t>::max() &&
              std::equal(pins.begin(), pins.end(), other.begin(), other.end())) {
            into = k;
            break;
          }
        }
        if (into == e) kept.push_back(e);
        representative[static_cast<std::size_t>(e)] = into;
        weight[static_cast<std::size_t>(into)] += graph.edgeWeight(e);
      }
    }
  }
  return representative;
}

EdgeCompaction planFromRepresentatives(const Hypergraph& graph, std::vector<int32_t> representative,
                                       int threads) {
  const int32_t m = graph.edgeCount();
  if (representative.size() != static_cast<std::size_t>(m))
    throw std::invalid_argument("compaction plan: one representative per hyperedge expected");
  EdgeCompaction plan;
  plan.weight.assign(static_cast<std::size_t>(m), 0);
  int64_t removed = 0, droppedPins = 0;  // hyperedges dropped or merged, and their pins
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : removed, droppedPins)
  for (int32_t e = 0; e < m; ++e) {
    const int32_t into = representative[static_cast<std::size_t>(e)];
    if (into == e) continue;
    ++removed;
    droppedPins += static_cast<int64_t>(graph.pins(e).size());
    if (into >= 0) {
      std::atomic_ref<int64_t>(plan.weight[static_cast<std::size_t>(into)])
          .fetch_add(graph.edgeWeight(e), std::memory_order_relaxed);
    }
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int32_t e = 0; e < m; ++e) {
    if (representative[static_cast<std::size_t>(e)] == e)
      plan.weight[static_cast<std::size_t>(e)] += graph.edgeWeight(e);
  }
  plan.representative = std::move(representative);
  plan.changes = removed > 0;
  plan.droppedPins = droppedPins;
  plan.keptEdges = m - static_cast<int32_t>(removed);
  return plan;
}

EdgeCompaction planEdgeCompaction(const Hypergraph& graph, int threads) {
  return planFromRepresentatives(graph, compactionRepresentatives(graph, threads), threads);
}

std::shared_ptr<const Hypergraph> compactedLevel(const Hypergraph& graph, const EdgeCompaction& plan,
                                                 int threads) {
  const int32_t m = graph.edgeCount();
  const std::vector<int32_t>& representative = plan.representative;
  const std::vector<int64_t>& weight = plan.weight;
  // The kept hyperedges in their order; the first of identical ones stands for them all. Sizes, their sums,
  // then the pins copied on the threads.
  std::vector<int32_t> keptEdges;
  keptEdges.reserve(static_cast<std::size_t>(plan.keptEdges));
  for (int32_t e = 0; e < m; ++e) {
    if (representative[static_cast<std::size_t>(e)] == e) keptEdges.push_back(e);
  }
  const auto keptCount = static_cast<int64_t>(keptEdges.size());
  std::vector<int64_t> offsets(keptEdges.size() + 1, 0);
  std::vector<int32_t> weights(keptEdges.size());
  for (int64_t i = 0; i < keptCount; ++i) {
    const int32_t e = keptEdges[static_cast<std::size_t>(i)];
    offsets[static_cast<std::size_t>(i) + 1] =
        offsets[static_cast<std::size_t>(i)] + static_cast<int64_t>(graph.pins(e).size());
    weights[static_cast<std::size_t>(i)] = static_cast<int32_t>(weight[static_cast<std::size_t>(e)]);
  }
  std::vector<int32_t> pins = hugePageVector<int32_t>(static_cast<std::size_t>(offsets.back()));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (int64_t i = 0; i < keptCount; ++i) {
    const auto p = graph.pins(keptEdges[static_cast<std::size_t>(i)]);
    std::copy(p.begin(), p.end(), pins.begin() + offsets[static_cast<std::size_t>(i)]);
  }
  return std::make_shared<const Hypergraph>(graph.nodeCount(), std::move(offsets), std::move(pins),
                                            std::move(weights), graph.nodeWeights());
}

std::shared_ptr<const Hypergraph> compactEdges(const Hypergraph& graph, double minShare, int threads) {
  const EdgeCompaction plan = planEdgeCompaction(graph, threads);
  if (!plan.drops(minShare, graph.pinCount())) return nullptr;
  return compactedLevel(graph, plan, threads);
}

}  // namespace ms::hypergraph
