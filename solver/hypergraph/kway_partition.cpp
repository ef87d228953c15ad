#include "solver/hypergraph/kway_partition.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>

#include "solver/hypergraph/kway_gain_cache.h"

namespace ms::hypergraph {
namespace {

// phi(e, p) (the pins of hyperedge e in part p; dense, |E| x k) and the part weights of a partition being
// refined, with the exact price of moving one node.
class PartState {
 public:
  PartState(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts)
      : graph_(graph),
        part_(part),
        parts_(parts),
        pinsIn_(static_cast<std::size_t>(graph.edgeCount()) * static_cast<std::size_t>(parts), 0),
        words_((parts + 63) / 64),
        connected_(static_cast<std::size_t>(graph.edgeCount()) * static_cast<std::size_t>(words_), 0),
        weight_(partWeights(graph, part, parts)),
        gain_(static_cast<std::size_t>(parts), 0),
        stamp_(static_cast<std::size_t>(parts), -1),
        visited_(static_cast<std::size_t>(parts), 0) {
    for (int32_t e = 0; e < graph.edgeCount(); ++e) {
      for (int32_t v : graph.pins(e)) {
        const int32_t p = part[static_cast<std::size_t>(v)];
        if (count(e, p)++ == 0) flip(e, p);
      }
    }
  }

  using Move = KWayMove;

  // The move of v that lowers the objective most among the parts it fits in under maxPart (ties: the
  // lighter part). A part v shares no hyperedge with gains the base amount only.
  Move bestMove(int32_t v, int64_t maxPart, Objective objective) {
    const int32_t from = part_[static_cast<std::size_t>(v)];
    ++current_;
    int64_t base = 0;
    for (int32_t e : graph_.edgesOf(v)) {
      const int64_t w = graph_.edgeWeight(e);
      const auto size = static_cast<int32_t>(graph_.pins(e).size());
      const int32_t inFrom = pinsIn(e, from);
      if (objective == Objective::Km1) {
        // + w when v is e's last pin in `from`; - w for joining a part e does not touch yet, which the
        // parts e already touches take back.
        base += (inFrom == 1 ? w : 0) - w;
        forEachOtherPart(e, from, [&](int32_t p) { add(p, w); });
      } else {
        if (inFrom == size && size > 1) base -= w;  // e becomes cut
        if (inFrom == 1) {  // e becomes uncut when all its other pins lie in the target
          forEachOtherPart(e, from, [&](int32_t p) {
            if (pinsIn(e, p) == size - 1) add(p, w);
          });
        }
      }
    }
    const int64_t nodeWeight = graph_.nodeWeight(v);
    Move best;
    for (int32_t p = 0; p < parts_; ++p) {
      const auto slot = static_cast<std::size_t>(p);
      if (p == from || weight_[slot] + nodeWeight > maxPart) continue;
      const int64_t gain = base + (stamp_[slot] == current_ ? gain_[slot] : 0);
      if (best.target < 0 || gain > best.gain ||
          (gain == best.gain && weight_[slot] < weight_[static_cast<std::size_t>(best.target)])) {
        best = {p, gain};
      }
    }
    return best;
  }

  void move(int32_t v, int32_t to) {
    const int32_t from = part_[static_cast<std::size_t>(v)];
    for (int32_t e : graph_.edgesOf(v)) {
      if (--count(e, from) == 0) flip(e, from);
      if (count(e, to)++ == 0) flip(e, to);
    }
    weight_[static_cast<std::size_t>(from)] -= graph_.nodeWeight(v);
    weight_[static_cast<std::size_t>(to)] += graph_.nodeWeight(v);
    part_[static_cast<std::size_t>(v)] = to;
  }

  int64_t weight(int32_t p) const { return weight_[static_cast<std::size_t>(p)]; }
  const std::vector<int64_t>& weights() const { return weight_; }
  // f(p) for every part that holds a pin of e.
  template <typename F>
  void forEachPart(int32_t e, F f) {
    forEachOtherPart(e, -1, f);
  }
  // Whether a hyperedge of v has pins in another part.
  bool onBoundary(int32_t v) {
    const int32_t from = part_[static_cast<std::size_t>(v)];
    for (int32_t e : graph_.edgesOf(v)) {
      if (pinsIn(e, from) < static_cast<int32_t>(graph_.pins(e).size())) return true;
    }
    return false;
  }
  int32_t pinsIn(int32_t e, int32_t p) const { return pinsIn_[slot(e, p)]; }

 private:
  std::size_t slot(int32_t e, int32_t p) const {
    return static_cast<std::size_t>(e) * static_cast<std::size_t>(parts_) + static_cast<std::size_t>(p);
  }
  int32_t& count(int32_t e, int32_t p) { return pinsIn_[slot(e, p)]; }
  // Part p starts or stops holding pins of e.
  void flip(int32_t e, int32_t p) {
    connected_[static_cast<std::size_t>(e) * static_cast<std::size_t>(words_) +
               static_cast<std::size_t>(p / 64)] ^= uint64_t{1} << (p % 64);
  }
  // Gain towards part p of the pricing under way (stamped with its number, so nothing is cleared per node).
  void add(int32_t p, int64_t w) {
    const auto slot = static_cast<std::size_t>(p);
    if (stamp_[slot] != current_) {
      stamp_[slot] = current_;
      gain_[slot] = 0;
    }
    gain_[slot] += w;
  }
  // Calls f once for every part other than `from` that holds a pin of e: through e's bit set of connected
  // parts (one word per 64 parts) when that has no more words than e has pins, else through the pins (a part
  // is marked with the number of the visit that reached it). The bit set spares a read of each pin's part,
  // scattered over memory: k-way runs of stanford- and flickr-like 100k at k = 64 took 42 % and 51 % less
  // time on the VM with it (the same partitions).
  template <typename F>
  void forEachOtherPart(int32_t e, int32_t from, F f) {
    const auto pins = graph_.pins(e);
    if (static_cast<std::size_t>(words_) <= pins.size()) {
      const uint64_t* words =
          connected_.data() + static_cast<std::size_t>(e) * static_cast<std::size_t>(words_);
      for (int32_t w = 0; w < words_; ++w) {
        for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
          const int32_t p = w * 64 + std::countr_zero(bits);
          if (p != from) f(p);
        }
      }
      return;
    }
    ++visit_;
    for (int32_t u : pins) {
      const int32_t p = part_[static_cast<std::size_t>(u)];
      int64_t& mark = visited_[static_cast<std::size_t>(p)];
      if (p == from || mark == visit_) continue;
      mark = visit_;
      f(p);
    }
  }

  const Hypergraph& graph_;
  std::vector<int32_t>& part_;
  int32_t parts_;
  std::vector<int32_t> pinsIn_;
  int32_t words_;                    // of the bit set of connected parts per hyperedge
  std::vector<uint64_t> connected_;  // per hyperedge: bit p set while part p holds a pin of it
  std::vector<int64_t> weight_;
  std::vector<int64_t> gain_;
  std::vector<int64_t> stamp_;
  std::vector<int64_t> visited_;  // per part: the forEachOtherPart visit that last reached it
  int64_t visit_ = 0;
  int64_t current_ = -1;  // number of the pricing under way
};

}  // namespace

std::string_view objectiveName(Objective objective) {
  return objective == Objective::Cut ? "cut" : "km1";
}

Objective parseObjective(std::string_view text) {
  if (text == "cut") return Objective::Cut;
  if (text == "km1") return Objective::Km1;
  throw std::invalid_argument("unknown objective '" + std::string(text) + "': choose cut or km1");
}

int64_t kWayCut(const Hypergraph& graph, const std::vector<int32_t>& part) {
  int64_t cut = 0;
  for (int32_t e = 0; e < graph.edgeCount(); ++e) {
    const auto pins = graph.pins(e);
    if (std::any_of(pins.begin(), pins.end(), [&](int32_t v) {
          return part[static_cast<std::size_t>(v)] != part[static_cast<std::size_t>(pins[0])];
        })) {
      cut += graph.edgeWeight(e);
    }
  }
  return cut;
}

int64_t km1Of(const Hypergraph& graph, const std::vector<int32_t>& part) {
  int64_t km1 = 0;
  const int32_t parts = part.empty() ? 0 : *std::max_element(part.begin(), part.end()) + 1;
  std::vector<int32_t> lastEdge(static_cast<std::size_t>(parts), -1);  // the hyperedge that last reached p
  for (int32_t e = 0; e < graph.edgeCount(); ++e) {
    int64_t lambda = 0;
    for (int32_t v : graph.pins(e)) {
      int32_t& last = lastEdge[static_cast<std::size_t>(part[static_cast<std::size_t>(v)])];
      if (last != e) {
        last = e;
        ++lambda;
      }
    }
    if (lambda > 1) km1 += (lambda - 1) * static_cast<int64_t>(graph.edgeWeight(e));
  }
  return km1;
}

int64_t objectiveOf(const Hypergraph& graph, const std::vector<int32_t>& part, Objective objective) {
  return objective == Objective::Cut ? kWayCut(graph, part) : km1Of(graph, part);
}

std::vector<int64_t> partWeights(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts) {
  std::vector<int64_t> weight(static_cast<std::size_t>(parts), 0);
  for (int32_t v = 0; v < graph.nodeCount(); ++v)
    weight[static_cast<std::size_t>(part[static_cast<std::size_t>(v)])] += graph.nodeWeight(v);
  return weight;
}

int64_t maxPartWeight(int64_t totalWeight, int32_t parts, double epsilon) {
  const int64_t perfect = (totalWeight + parts - 1) / parts;
  return static_cast<int64_t>(std::floor((1.0 + epsilon) * static_cast<double>(perfect) + 1e-9));
}

double kWayImbalance(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts) {
  const int64_t perfect = (graph.totalNodeWeight() + parts - 1) / parts;
  if (perfect == 0) return 0;
  const std::vector<int64_t> weight = partWeights(graph, part, parts);
  return static_cast<double>(*std::max_element(weight.begin(), weight.end())) / static_cast<double>(perfect) -
         1.0;
}

KWayPassResult labelPropagationPass(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts,
                                    int64_t maxPart, Objective objective) {
  KWayPassResult result;
  result.objectiveBefore = result.objectiveAfter = objectiveOf(graph, part, objective);
  PartState state(graph, part, parts);
  for (int32_t v = 0; v < graph.nodeCount(); ++v) {
    const PartState::Move m = state.bestMove(v, maxPart, objective);
    if (m.target < 0 || m.gain <= 0) continue;
    state.move(v, m.target);
    result.objectiveAfter -= m.gain;
    ++result.moves;
  }
  return result;
}

KWayPassResult rebalance(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                         Objective objective) {
  KWayPassResult result;
  result.objectiveBefore = result.objectiveAfter = objectiveOf(graph, part, objective);
  PartState state(graph, part, parts);
  const auto over = [&](int32_t p) { return state.weight(p) > maxPart; };
  // Price every node of an overweight part once, then move them cheapest first (per unit of weight),
  // pricing each again at its turn since earlier moves change its gain and the parts' room.
  struct Candidate {
    double costPerWeight;
    int32_t node;
  };
  std::vector<Candidate> candidates;
  for (int32_t v = 0; v < graph.nodeCount(); ++v) {
    if (!over(part[static_cast<std::size_t>(v)])) continue;
    const PartState::Move m = state.bestMove(v, maxPart, objective);
    if (m.target < 0) continue;
    candidates.push_back({static_cast<double>(-m.gain) / std::max(1, graph.nodeWeight(v)), v});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.costPerWeight < b.costPerWeight || (a.costPerWeight == b.costPerWeight && a.node < b.node);
  });
  for (const Candidate& c : candidates) {
    if (!over(part[static_cast<std::size_t>(c.node)])) continue;
    const PartState::Move m = state.bestMove(c.node, maxPart, objective);
    if (m.target < 0) continue;
    state.move(c.node, m.target);
    result.objectiveAfter -= m.gain;
    ++result.moves;
  }
  return result;
}

KWayPassResult kWayFmPass(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                          Objective objective) {
  KWayPassResult result;
  result.objectiveBefore = result.objectiveAfter = objectiveOf(graph, part, objective);
  PartState state(graph, part, parts);
  // km1 prices from the gain cache where it fits; the cut objective from the hyperedges, each time.
  std::optional<Km1GainCache> cache;
  if (objective == Objective::Km1 && Km1GainCache::fits(graph.nodeCount(), parts))
    cache.emplace(graph, part, parts);
  const auto bestMove = [&](int32_t v) {
    return cache ? cache->bestMove(v, maxPart, state) : state.bestMove(v, maxPart, objective);
  };
  const int32_t n = graph.nodeCount();
  // The queue holds (gain, node, version); an entry whose version is not the node's current one is stale.
  using Entry = std::tuple<int64_t, int32_t, uint32_t>;
  std::priority_queue<Entry> queue;
  std::vector<uint32_t> version(static_cast<std::size_t>(n), 0);
  std::vector<uint8_t> locked(static_cast<std::size_t>(n), 0);
  std::vector<int64_t> touched(static_cast<std::size_t>(n), -1);  // the move that last priced the node
  const auto price = [&](int32_t v) {
    const PartState::Move m = bestMove(v);
    const auto slot = static_cast<std::size_t>(v);
    ++version[slot];
    if (m.target >= 0) queue.emplace(m.gain, v, version[slot]);
  };
  for (int32_t v = 0; v < n; ++v) {
    if (state.onBoundary(v)) price(v);
  }
  struct Moved {
    int32_t node, from;
  };
  std::vector<Moved> moves;
  int64_t objectiveNow = result.objectiveBefore;
  std::size_t bestPrefix = 0;
  // Moves made without beating the best prefix before the pass gives up (the rest would be rolled back).
  const auto patience = static_cast<std::size_t>(std::max<int64_t>(kFmMinPatience, n / kFmPatienceDivisor));
  while (!queue.empty() && moves.size() - bestPrefix <= patience) {
    const auto [gain, v, stamp] = queue.top();
    queue.pop();
    const auto slot = static_cast<std::size_t>(v);
    if (locked[slot] || stamp != version[slot]) continue;
    // Not every node is priced again after each move (the part weights change, the pins of large hyperedges
    // wait, and without the gain cache hubs too): price the node again and put it back when its gain fell (a
    // node whose gain rose waits for its entry).
    const PartState::Move m = bestMove(v);
    if (m.target < 0) continue;
    if (m.gain < gain) {
      queue.emplace(m.gain, v, version[slot]);
      continue;
    }
    const int32_t from = part[slot];
    state.move(v, m.target);
    locked[slot] = 1;
    objectiveNow -= m.gain;
    moves.push_back({v, from});
    if (objectiveNow < result.objectiveAfter) {
      result.objectiveAfter = objectiveNow;
      bestPrefix = moves.size();
    }
    const auto moveNumber = static_cast<int64_t>(moves.size());
    if (cache) cache->moved(v, from, m.target, state);
    // The pins whose best move may have changed, by their gains or by the part weights: those of v's
    // hyperedges, except (km1) where e neither left `from` nor reached the target nor has one pin left in
    // `from` or two in the target, and except through hyperedges of more than kFmUpdateEdgeLimit pins.
    // Without the gain cache hubs wait too (pricing one reads all its hyperedges; the cache prices from a
    // row).
    for (int32_t e : graph.edgesOf(v)) {
      const auto pins = graph.pins(e);
      if (static_cast<int64_t>(pins.size()) > kFmUpdateEdgeLimit) continue;
      if (objective == Objective::Km1 && state.pinsIn(e, from) > 1 && state.pinsIn(e, m.target) > 2) continue;
      for (int32_t u : pins) {
        const auto other = static_cast<std::size_t>(u);
        if (locked[other] || touched[other] == moveNumber ||
            (!cache && static_cast<int64_t>(graph.edgesOf(u).size()) > kFmUpdateDegreeLimit)) {
          continue;
        }
        touched[other] = moveNumber;
        price(u);
      }
    }
  }
  for (std::size_t i = moves.size(); i > bestPrefix; --i) state.move(moves[i - 1].node, moves[i - 1].from);
  result.moves = static_cast<int64_t>(bestPrefix);
  return result;
}

}  // namespace ms::hypergraph
