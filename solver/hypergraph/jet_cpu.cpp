// Jet's kernel set on the host's OpenMP threads (jet_refinement.h); every loop gives the same result on any
// number of threads.
#include <omp.h>
#include <parallel/algorithm>

#include <algorithm>
#include <utility>
#include <vector>

#include "solver/hypergraph/jet_refinement.h"

namespace ms::hypergraph {
namespace {

class CpuJetKernels final : public JetKernels {
 public:
  explicit CpuJetKernels(int threads) : threads_(threads > 0 ? threads : omp_get_max_threads()) {}

  void load(const Hypergraph& graph, const Partition& partition) override {
    graph_ = &graph;
    side_ = partition;
    const auto n = static_cast<std::size_t>(graph.nodeCount());
    locked_.assign(n, 0);
    gain_.assign(n, 0);
    candidate_.assign(n, 0);
    afterburnt_.assign(n, 0);
    onSide1_.assign(static_cast<std::size_t>(graph.edgeCount()), 0);
    countPins();
  }

  int64_t moveCandidates() override {
    const Hypergraph& g = *graph_;
    const int32_t n = g.nodeCount();
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 256)
    for (int32_t v = 0; v < n; ++v) {
      const auto i = static_cast<std::size_t>(v);
      const Price price = priceOf(v);
      gain_[i] = price.gain();
      afterburnt_[i] = 0;
      candidate_[i] = !locked_[i] && isJetCandidate(price.benefit, price.penalty);
    }
    afterburn();
    int64_t moved = 0;
#pragma omp parallel for num_threads(threads_) schedule(static) reduction(+ : moved)
    for (int32_t v = 0; v < n; ++v) {
      const auto i = static_cast<std::size_t>(v);
      const bool moves = candidate_[i] && afterburnt_[i] >= 0;
      locked_[i] = moves;
      if (moves) {
        side_[i] ^= 1;
        ++moved;
      }
    }
    countPins();
    return moved;
  }

  int64_t rebalance(int heavySide, int64_t excess, int64_t maxNodeWeight) override {
    const Hypergraph& g = *graph_;
    const int32_t n = g.nodeCount();
    const auto movable = [&](int32_t v) {
      return side_[static_cast<std::size_t>(v)] == heavySide && g.nodeWeight(v) <= maxNodeWeight;
    };
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 256)
    for (int32_t v = 0; v < n; ++v) {
      if (movable(v)) gain_[static_cast<std::size_t>(v)] = priceOf(v).gain();
    }
    std::vector<std::pair<uint64_t, int32_t>> order;
    for (int32_t v = 0; v < n; ++v) {
      if (movable(v)) order.emplace_back(jetOrder(gain_[static_cast<std::size_t>(v)], v), v);
    }
    __gnu_parallel::sort(order.begin(), order.end(), __gnu_parallel::default_parallel_tag(threads_));
    int64_t movedWeight = 0, moved = 0;
    for (const auto& [key, v] : order) {
      if (movedWeight >= excess) break;
      side_[static_cast<std::size_t>(v)] ^= 1;
      movedWeight += g.nodeWeight(v);
      ++moved;
    }
    std::fill(locked_.begin(), locked_.end(), 0);
    countPins();
    return moved;
  }

  JetMeasure measure() override {
    const Hypergraph& g = *graph_;
    int64_t cut = 0, weight1 = 0;
#pragma omp parallel for num_threads(threads_) schedule(static) reduction(+ : cut)
    for (int32_t e = 0; e < g.edgeCount(); ++e) {
      const int32_t on1 = onSide1_[static_cast<std::size_t>(e)];
      if (on1 > 0 && on1 < static_cast<int32_t>(g.pins(e).size())) cut += g.edgeWeight(e);
    }
#pragma omp parallel for num_threads(threads_) schedule(static) reduction(+ : weight1)
    for (int32_t v = 0; v < g.nodeCount(); ++v) {
      if (side_[static_cast<std::size_t>(v)]) weight1 += g.nodeWeight(v);
    }
    return {cut, {g.totalNodeWeight() - weight1, weight1}};
  }

  void keepBest() override {
    best_ = side_;
  }
  void restoreBest() override {
    side_ = best_;
    countPins();
  }
  Partition partition() const override {
    return side_;
  }

 private:
  // What moving a node to the other side would uncut (benefit) and newly cut (penalty).
  struct Price {
    int64_t benefit = 0, penalty = 0;
    int64_t gain() const { return benefit - penalty; }
  };
  Price priceOf(int32_t v) const {
    const Hypergraph& g = *graph_;
    const bool onSide1 = side_[static_cast<std::size_t>(v)] != 0;
    Price price;
    for (int32_t e : g.edgesOf(v)) {
      const auto size = static_cast<int32_t>(g.pins(e).size());
      const int32_t on1 = onSide1_[static_cast<std::size_t>(e)];
      const int32_t own = onSide1 ? on1 : size - on1;
      if (own == 1) price.benefit += g.edgeWeight(e);
      if (own == size) price.penalty += g.edgeWeight(e);
    }
    return price;
  }

  // Each candidate's gain with the candidates ahead of it in jetOrder moved: per hyperedge, its candidates
  // in that order, each priced against the pin counts the ones before it left.
  void afterburn() {
    const Hypergraph& g = *graph_;
#pragma omp parallel num_threads(threads_)
    {
      std::vector<std::pair<uint64_t, int32_t>> movers;
#pragma omp for schedule(dynamic, 256)
      for (int32_t e = 0; e < g.edgeCount(); ++e) {
        movers.clear();
        for (int32_t v : g.pins(e)) {
          if (candidate_[static_cast<std::size_t>(v)])
            movers.emplace_back(jetOrder(gain_[static_cast<std::size_t>(v)], v), v);
        }
        if (movers.empty()) continue;
        std::sort(movers.begin(), movers.end());
        const auto size = static_cast<int32_t>(g.pins(e).size());
        int32_t on1 = onSide1_[static_cast<std::size_t>(e)];
        for (const auto& [key, v] : movers) {
          const bool fromSide1 = side_[static_cast<std::size_t>(v)] != 0;
          const int32_t own = fromSide1 ? on1 : size - on1;
          const int64_t change = (own == 1 ? g.edgeWeight(e) : 0) - (own == size ? g.edgeWeight(e) : 0);
          if (change != 0) {
#pragma omp atomic
            afterburnt_[static_cast<std::size_t>(v)] += change;
          }
          on1 += fromSide1 ? -1 : 1;
        }
      }
    }
  }

  void countPins() {
    const Hypergraph& g = *graph_;
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 1024)
    for (int32_t e = 0; e < g.edgeCount(); ++e) {
      int32_t on1 = 0;
      for (int32_t v : g.pins(e)) on1 += side_[static_cast<std::size_t>(v)];
      onSide1_[static_cast<std::size_t>(e)] = on1;
    }
  }

  int threads_;
  const Hypergraph* graph_ = nullptr;
  Partition side_, best_;
  std::vector<uint8_t> locked_, candidate_;
  std::vector<int64_t> gain_, afterburnt_;
  std::vector<int32_t> onSide1_;  // per hyperedge: its pins on side 1
};

}  // namespace

std::unique_ptr<JetKernels> makeCpuJetKernels(int threads) {
  return std::make_unique<CpuJetKernels>(threads);
}

}  // namespace ms::hypergraph
