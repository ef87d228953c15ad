// k-way partitioning against independent recounts and brute force: cut and km1 counted from sets of part
// ids; label propagation and k-way FM never raise their objective and keep Mt-KaHyPar's bound, and FM
// improves on converged label propagation, the V-cycle's coarse levels keep the partition exactly and it
// improves on converged FM; rebalancing restores the bound; on k = 3 and n <= 9 the machine
// is compared with the best of all 3^n partitions; on a grid the parts are balanced, the refinement beats
// recursive bisection alone and label propagation alone, and the steps are the phases the studio shows.
#include <QtTest/QtTest>

#include <limits>
#include <random>
#include <set>

#include "hypergraph_test_support.h"
#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/kway_gain_cache.h"
#include "solver/hypergraph/kway_partition.h"
#include "solver/hypergraph/kway_solver.h"
#include "solver/hypergraph/kway_vcycle.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

namespace {

struct Recount {
  int64_t cut = 0, km1 = 0;
};

// The objectives from the set of part ids of each hyperedge.
Recount recount(const Hypergraph& g, const std::vector<int32_t>& part) {
  Recount r;
  for (int32_t e = 0; e < g.edgeCount(); ++e) {
    std::set<int32_t> ids;
    for (int32_t v : g.pins(e)) ids.insert(part[static_cast<std::size_t>(v)]);
    if (ids.size() > 1) {
      r.cut += g.edgeWeight(e);
      r.km1 += static_cast<int64_t>(ids.size() - 1) * g.edgeWeight(e);
    }
  }
  return r;
}

int64_t recountObjective(const Hypergraph& g, const std::vector<int32_t>& part, Objective objective) {
  const Recount r = recount(g, part);
  return objective == Objective::Cut ? r.cut : r.km1;
}

int64_t heaviestPart(const Hypergraph& g, const std::vector<int32_t>& part, int32_t k) {
  std::vector<int64_t> weight(static_cast<std::size_t>(k), 0);
  for (int32_t v = 0; v < g.nodeCount(); ++v)
    weight[static_cast<std::size_t>(part[static_cast<std::size_t>(v)])] += g.nodeWeight(v);
  return *std::max_element(weight.begin(), weight.end());
}

// A balanced random assignment: nodes dealt round robin to the parts, then shuffled.
std::vector<int32_t> randomParts(int32_t n, int32_t k, std::mt19937_64& random) {
  std::vector<int32_t> part(static_cast<std::size_t>(n));
  for (int32_t v = 0; v < n; ++v) part[static_cast<std::size_t>(v)] = v % k;
  std::shuffle(part.begin(), part.end(), random);
  return part;
}

// A random balanced partition refined by label propagation until a pass moves nothing.
std::vector<int32_t> convergedLabelPropagation(const Hypergraph& g, int32_t k, int64_t bound,
                                               Objective objective, std::mt19937_64& random) {
  std::vector<int32_t> part = randomParts(g.nodeCount(), k, random);
  while (labelPropagationPass(g, part, k, bound, objective).moves > 0) {
  }
  return part;
}

// The partition as the gain cache reads it, counted plainly: the part weights, and the pins of each hyperedge
// in each part.
class CountedParts {
 public:
  CountedParts(const Hypergraph& g, const std::vector<int32_t>& part, int32_t k)
      : k_(k),
        pinsIn_(static_cast<std::size_t>(g.edgeCount()) * static_cast<std::size_t>(k), 0),
        weight_(partWeights(g, part, k)) {
    for (int32_t e = 0; e < g.edgeCount(); ++e) {
      for (int32_t u : g.pins(e)) ++count(e, part[static_cast<std::size_t>(u)]);
    }
  }
  int32_t pinsIn(int32_t e, int32_t p) { return count(e, p); }
  const std::vector<int64_t>& weights() const { return weight_; }
  template <class F>
  void forEachPart(int32_t e, F f) {
    for (int32_t p = 0; p < k_; ++p) {
      if (count(e, p) > 0) f(p);
    }
  }
  void move(const Hypergraph& g, int32_t v, int32_t from, int32_t to) {
    for (int32_t e : g.edgesOf(v)) {
      --count(e, from);
      ++count(e, to);
    }
    weight_[static_cast<std::size_t>(from)] -= g.nodeWeight(v);
    weight_[static_cast<std::size_t>(to)] += g.nodeWeight(v);
  }

 private:
  int32_t& count(int32_t e, int32_t p) {
    return pinsIn_[static_cast<std::size_t>(e) * static_cast<std::size_t>(k_) + static_cast<std::size_t>(p)];
  }
  int32_t k_;
  std::vector<int32_t> pinsIn_;
  std::vector<int64_t> weight_;
};

KWayOptions kwayOptions(int32_t parts, Objective objective, int32_t passes = 8, int32_t fmPasses = 8,
                        int32_t vCycles = 2) {
  KWayOptions o;
  o.bisection.algorithm = HypergraphAlgorithm::Bipartition;
  o.bisection.backend = lap::Backend::Sequential;
  o.parts = parts;
  o.objective = objective;
  o.maxRefinementPasses = passes;
  o.maxFmPasses = fmPasses;
  o.maxVCycles = vCycles;
  return o;
}

struct KWaySolved {
  KWayResult result;
  Trace trace;
};

KWaySolved solveKWay(const Hypergraph& g, const KWayOptions& options) {
  auto solver = makeKWaySolver(std::make_shared<const Hypergraph>(g), options);
  KWaySolved out{{}, runToEnd(*solver)};
  out.result = solver->result();
  return out;
}

// A side x side five-point stencil: one hyperedge per point with its grid neighbours.
Hypergraph stencil(int32_t side) {
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> pins;
  for (int32_t r = 0; r < side; ++r) {
    for (int32_t c = 0; c < side; ++c) {
      for (const auto& [dr, dc] : {std::pair{0, 0}, {-1, 0}, {0, -1}, {0, 1}, {1, 0}}) {
        if (r + dr >= 0 && r + dr < side && c + dc >= 0 && c + dc < side)
          pins.push_back((r + dr) * side + c + dc);
      }
      offsets.push_back(static_cast<int64_t>(pins.size()));
    }
  }
  return Hypergraph(side * side, offsets, pins);
}

}  // namespace

class TestHypergraphKWay : public QObject {
  Q_OBJECT

 private slots:
  void objectivesMatchAnIndependentRecount() {
    std::mt19937_64 random(baseSeed() + 100);
    for (const RandomHypergraphSpec& base : smallSpecs(40, baseSeed() + 100)) {
      RandomHypergraphSpec spec = base;
      spec.nodes *= 4;
      spec.edges *= 4;
      spec.maxEdgeSize += 6;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {2, 3, 5, 16}) {
        std::uniform_int_distribution<int32_t> pick(0, k - 1);
        std::vector<int32_t> part(static_cast<std::size_t>(g.nodeCount()));
        for (int32_t& p : part) p = pick(random);
        const Recount r = recount(g, part);
        QCOMPARE(kWayCut(g, part), r.cut);
        QCOMPARE(km1Of(g, part), r.km1);
      }
    }
  }

  void boundAndImbalanceAreMtKaHyPars() {
    QCOMPARE(maxPartWeight(100, 8, 0.03), int64_t{13});    // floor(1.03 * 13)
    QCOMPARE(maxPartWeight(1000, 3, 0.03), int64_t{344});  // floor(1.03 * 334)
    QCOMPARE(maxPartWeight(64, 64, 0.03), int64_t{1});
    const Hypergraph g = stencil(3);  // 9 nodes
    QCOMPARE(kWayImbalance(g, {0, 0, 0, 0, 1, 1, 1, 2, 2}, 3), 4.0 / 3.0 - 1.0);
  }

  // More parts than nodes: the bound is one node per part, so every node gets a part of its own (km1 is then
  // every hyperedge's pins less one), in at most one bisection per node instead of one per part.
  void morePartsThanNodesGiveEachNodeItsOwnPart() {
    for (const RandomHypergraphSpec& base : smallSpecs(6, baseSeed() + 7300)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 20 + spec.nodes;
      spec.edges = spec.nodes * 2;
      const Hypergraph g = generateRandom(spec);
      const KWaySolved solved = solveKWay(g, kwayOptions(1 << 12, Objective::Km1));
      const std::set<int32_t> parts(solved.result.part.begin(), solved.result.part.end());
      QCOMPARE(static_cast<int32_t>(parts.size()), g.nodeCount());
      QVERIFY(*parts.rbegin() < (1 << 12));
      int64_t km1 = 0;
      for (int32_t e = 0; e < g.edgeCount(); ++e)
        km1 += g.edgeWeight(e) * static_cast<int64_t>(g.pins(e).size() - 1);
      QCOMPARE(solved.result.km1, km1);
      QCOMPARE(solved.result.heaviestPart, int64_t{1});
      const auto& records = solved.trace.records();
      QVERIFY(std::count_if(records.begin(), records.end(),
                            [](const StepRecord& r) { return r.phase == kBisectionPhase; }) < g.nodeCount());
    }
  }

  // The gain cache against recounts: after every one of a run of random moves, each node's gain to each part
  // is km1 before minus km1 after that move, and the best move is the best of those within the bound
  // (k = 70: more parts than a 64-bit word).
  void gainCacheMatchesRecountedGainsAfterEveryMove() {
    std::mt19937_64 random(baseSeed() + 240);
    int64_t checked = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(12, baseSeed() + 240)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 10 + spec.nodes * 2;
      spec.edges = 5 + spec.edges * 2;
      spec.maxNodeWeight = base.seed % 2 == 0 ? 1 : 3;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {3, 8, 70}) {
        std::uniform_int_distribution<int32_t> pickPart(0, k - 1), pickNode(0, g.nodeCount() - 1);
        std::vector<int32_t> part(static_cast<std::size_t>(g.nodeCount()));
        for (int32_t& p : part) p = pickPart(random);
        CountedParts parts(g, part, k);
        const auto recountedGains = [&] {
          std::vector<int64_t> gains(static_cast<std::size_t>(g.nodeCount()) * static_cast<std::size_t>(k),
                                     0);
          const int64_t now = recount(g, part).km1;
          for (int32_t u = 0; u < g.nodeCount(); ++u) {
            const int32_t home = part[static_cast<std::size_t>(u)];
            for (int32_t t = 0; t < k; ++t) {
              part[static_cast<std::size_t>(u)] = t;
              gains[static_cast<std::size_t>(u) * static_cast<std::size_t>(k) + static_cast<std::size_t>(t)] =
                  now - recount(g, part).km1;
            }
            part[static_cast<std::size_t>(u)] = home;
          }
          return gains;
        };
        Km1GainCache cache(g, part, k);
        std::vector<int64_t> before = recountedGains();
        for (int move = 0; move < 12; ++move) {
          const QString what = describe(spec) + QString(" k=%1 move %2").arg(k).arg(move);
          for (int32_t u = 0; u < g.nodeCount(); ++u) {
            for (int32_t t = 0; t < k; ++t) {
              if (t == part[static_cast<std::size_t>(u)]) continue;
              const int64_t expected = before[static_cast<std::size_t>(u) * static_cast<std::size_t>(k) +
                                              static_cast<std::size_t>(t)];
              QVERIFY2(cache.gain(u, t, parts) == expected,
                       qPrintable(what + QString(" node %1 part %2").arg(u).arg(t)));
              ++checked;
            }
          }
          // The best move within a bound that leaves some parts out.
          const std::vector<int64_t>& weights = parts.weights();
          const int64_t bound = *std::min_element(weights.begin(), weights.end()) + 2;
          const int32_t probe = pickNode(random);
          const KWayMove best = cache.bestMove(probe, bound, parts);
          int64_t bestGain = std::numeric_limits<int64_t>::min();
          for (int32_t t = 0; t < k; ++t) {
            if (t != part[static_cast<std::size_t>(probe)] &&
                weights[static_cast<std::size_t>(t)] + g.nodeWeight(probe) <= bound)
              bestGain = std::max(bestGain, cache.gain(probe, t, parts));
          }
          QVERIFY2((best.target < 0) == (bestGain == std::numeric_limits<int64_t>::min()), qPrintable(what));
          if (best.target >= 0) QVERIFY2(best.gain == bestGain, qPrintable(what));

          const int32_t v = pickNode(random);
          const int32_t from = part[static_cast<std::size_t>(v)];
          int32_t to = pickPart(random);
          if (to == from) to = (to + 1) % k;
          parts.move(g, v, from, to);
          part[static_cast<std::size_t>(v)] = to;
          cache.moved(v, from, to, parts);
          before = recountedGains();
        }
      }
    }
    QVERIFY(checked > 10000);
  }

  // Both refinement passes on random partitions of random hypergraphs, unit and non-unit weights.
  void labelPropagationNeverWorsensAndKeepsBalance() { checkPassNeverWorsens(labelPropagationPass, 200); }
  void fmNeverWorsensAndKeepsBalance() { checkPassNeverWorsens(kWayFmPass, 250); }

  // Once label propagation has converged no single move within the bound lowers the objective; FM still
  // finds better partitions through moves that first raise it (or make room in a full part).
  void fmImprovesOnConvergedLabelPropagation() {
    std::mt19937_64 random(baseSeed() + 260);
    int64_t improved = 0, tried = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(20, baseSeed() + 260)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 40 + spec.nodes * 8;
      spec.edges = 20 + spec.edges * 6;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {3, 8}) {
        for (Objective objective : {Objective::Cut, Objective::Km1}) {
          const int64_t bound = maxPartWeight(g.totalNodeWeight(), k, 0.03);
          std::vector<int32_t> part = convergedLabelPropagation(g, k, bound, objective, random);
          const KWayPassResult r = kWayFmPass(g, part, k, bound, objective);
          QVERIFY(r.objectiveAfter <= r.objectiveBefore);
          QCOMPARE(r.objectiveAfter, recountObjective(g, part, objective));
          improved += r.objectiveBefore - r.objectiveAfter;
          tried += r.objectiveBefore;
        }
      }
    }
    qInfo("FM after converged label propagation: %lld of %lld objective removed",
          static_cast<long long>(improved), static_cast<long long>(tried));
    QVERIFY(improved * 50 > tried);  // more than 2 %
  }

  // The V-cycle's coarsening pairs nodes of one part only, so a coarse level carries the partition with
  // the same objectives and part weights.
  void matchingWithinPartsKeepsThePartition() {
    std::mt19937_64 random(baseSeed() + 270);
    int64_t pairs = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(20, baseSeed() + 270)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 30 + spec.nodes * 5;
      spec.edges = 20 + spec.edges * 5;
      spec.maxNodeWeight = base.seed % 2 == 0 ? 1 : 3;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {2, 5}) {
        const std::vector<int32_t> part = randomParts(g.nodeCount(), k, random);
        const std::vector<int32_t> mate = matchWithinParts(g, part, k);
        for (int32_t v = 0; v < g.nodeCount(); ++v) {
          const int32_t m = mate[static_cast<std::size_t>(v)];
          if (m < 0) continue;
          QVERIFY2(m != v && mate[static_cast<std::size_t>(m)] == v, qPrintable(describe(spec)));
          QVERIFY2(part[static_cast<std::size_t>(m)] == part[static_cast<std::size_t>(v)],
                   qPrintable(describe(spec)));
          ++pairs;
        }
        const std::vector<int32_t> map = coarseningMap(mate);
        const int32_t clusters = *std::max_element(map.begin(), map.end()) + 1;
        const Hypergraph coarse = applyCoarsening(g, map, clusters);
        std::vector<int32_t> coarsePart(static_cast<std::size_t>(clusters));
        for (std::size_t v = 0; v < map.size(); ++v) coarsePart[static_cast<std::size_t>(map[v])] = part[v];
        const Recount fine = recount(g, part), coarseCount = recount(coarse, coarsePart);
        QCOMPARE(coarseCount.cut, fine.cut);
        QCOMPARE(coarseCount.km1, fine.km1);
        QCOMPARE(partWeights(coarse, coarsePart, k), partWeights(g, part, k));
      }
    }
    QVERIFY(pairs > 0);
  }

  // On inputs large enough for coarse levels (more than 160 k nodes), a V-cycle after converged label
  // propagation and FM never raises the objective, keeps the bound, and removes more.
  void vCycleImprovesOnConvergedFm() {
    std::mt19937_64 random(baseSeed() + 280);
    int64_t improved = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(3, baseSeed() + 280)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 2000;
      spec.edges = 2000;
      spec.maxEdgeSize = 6;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {3, 8}) {
        for (Objective objective : {Objective::Cut, Objective::Km1}) {
          const int64_t bound = maxPartWeight(g.totalNodeWeight(), k, 0.03);
          std::vector<int32_t> part = convergedLabelPropagation(g, k, bound, objective, random);
          while (kWayFmPass(g, part, k, bound, objective).moves > 0) {
          }
          const VCycleResult r = kWayVCycle(g, part, k, bound, objective);
          const QString what =
              describe(spec) + QString(" k=%1 %2").arg(k).arg(objectiveName(objective).data());
          QVERIFY2(r.levels > 0, qPrintable(what));
          QVERIFY2(r.pass.objectiveAfter <= r.pass.objectiveBefore, qPrintable(what));
          QVERIFY2(r.pass.objectiveAfter == recountObjective(g, part, objective), qPrintable(what));
          QVERIFY2(heaviestPart(g, part, k) <= bound, qPrintable(what));
          improved += r.pass.objectiveBefore - r.pass.objectiveAfter;
        }
      }
    }
    QVERIFY(improved > 0);
  }

  void rebalanceRestoresTheBound() {
    std::mt19937_64 random(baseSeed() + 300);
    for (const RandomHypergraphSpec& base : smallSpecs(20, baseSeed() + 300)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 30 + spec.nodes * 4;
      spec.edges = 10 + spec.edges * 4;
      const Hypergraph g = generateRandom(spec);
      for (int32_t k : {2, 3, 7}) {
        for (Objective objective : {Objective::Cut, Objective::Km1}) {
          // Half of the nodes piled into part 0, the rest spread: part 0 is far over the bound.
          std::vector<int32_t> part = randomParts(g.nodeCount(), k, random);
          for (int32_t v = 0; v < g.nodeCount(); v += 2) part[static_cast<std::size_t>(v)] = 0;
          const int64_t bound = maxPartWeight(g.totalNodeWeight(), k, 0.03);
          QVERIFY(heaviestPart(g, part, k) > bound);
          const KWayPassResult r = rebalance(g, part, k, bound, objective);
          const QString what =
              describe(spec) + QString(" k=%1 %2").arg(k).arg(objectiveName(objective).data());
          QVERIFY2(heaviestPart(g, part, k) <= bound, qPrintable(what));  // unit weights always fit
          QVERIFY2(r.objectiveAfter == recountObjective(g, part, objective), qPrintable(what));
        }
      }
    }
  }

  // All 3^n assignments of n <= 9 nodes: the machine's partition is within the bound, reports its own
  // objectives, and is optimal on most instances and never far off.
  void threeWayComparedWithBruteForce() {
    int instances = 0, optimal = 0;
    QString worst;
    double worstRatio = 1;
    for (const RandomHypergraphSpec& base : smallSpecs(60, baseSeed() + 400)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 6 + static_cast<int32_t>(base.seed % 4);
      spec.edges = 4 + base.edges % 10;
      const Hypergraph g = generateRandom(spec);
      const int32_t n = g.nodeCount();
      for (Objective objective : {Objective::Cut, Objective::Km1}) {
        const int64_t bound = maxPartWeight(g.totalNodeWeight(), 3, 0.03);
        int64_t best = -1;
        std::vector<int32_t> part(static_cast<std::size_t>(n), 0);
        for (int code = 0, codes = static_cast<int>(std::pow(3, n)); code < codes; ++code) {
          for (int v = 0, c = code; v < n; ++v, c /= 3) part[static_cast<std::size_t>(v)] = c % 3;
          if (heaviestPart(g, part, 3) > bound) continue;
          const int64_t value = recountObjective(g, part, objective);
          if (best < 0 || value < best) best = value;
        }
        const KWaySolved solved = solveKWay(g, kwayOptions(3, objective));
        const KWayResult& r = solved.result;
        const QString what = describe(spec) + " " + objectiveName(objective).data();
        QVERIFY2(heaviestPart(g, r.part, 3) <= bound, qPrintable(what));
        QCOMPARE(r.heaviestPart, heaviestPart(g, r.part, 3));
        const Recount counted = recount(g, r.part);
        QCOMPARE(r.cut, counted.cut);
        QCOMPARE(r.km1, counted.km1);
        const int64_t value = objective == Objective::Cut ? counted.cut : counted.km1;
        QVERIFY(value >= best);
        ++instances;
        if (value == best) ++optimal;
        const double ratio = static_cast<double>(value + 1) / static_cast<double>(best + 1);
        if (ratio > worstRatio) {
          worstRatio = ratio;
          worst = what + QString(": %1 against the optimum %2").arg(value).arg(best);
        }
      }
    }
    qInfo("k = 3: optimal on %d of %d instances; worst %s", optimal, instances, qPrintable(worst));
    QVERIFY2(optimal * 10 >= instances * 7,
             qPrintable(QString("optimal on %1 of %2").arg(optimal).arg(instances)));
    QVERIFY2(worstRatio <= 2.0, qPrintable(worst));
  }

  // FM passes and V-cycles go on while each lowers km1 by more than minImprovement of it: every one but the
  // last of them did, and with a share of 1 (no pass gains that much) one of each runs.
  void fmPassesAndVCyclesStopWhenTheyGainLittle() {
    const Hypergraph g = stencil(40);
    for (const double share : {0.0, 0.001, 0.01, 1.0}) {
      KWayOptions options = kwayOptions(4, Objective::Km1, 8, 8, 4);
      options.minImprovement = share;
      const KWaySolved solved = solveKWay(g, options);
      const QString what = QString("share %1").arg(share);
      for (const std::string_view phase : {kFmPhase, kVCyclePhase}) {
        std::vector<std::pair<double, double>> steps;  // km1 before and after each step of the phase
        double before = 0;
        for (const StepRecord& s : solved.trace.records()) {
          if (s.phase == phase) steps.emplace_back(before, s.counters[kKWayKm1]);
          before = s.counters[kKWayKm1];
        }
        QVERIFY2(!steps.empty(), qPrintable(what));
        if (share >= 1.0) QCOMPARE(steps.size(), std::size_t{1});
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
          QVERIFY2(steps[i].first - steps[i].second > share * steps[i].first, qPrintable(what));
      }
    }
  }

  // A 48 x 48 stencil: every part used and within the bound, the refinement never worse than recursive
  // bisection alone or with label propagation only (and FM better on some), far better than a random
  // split, and the trace is k - 1 bisections then label propagation and FM passes and V-cycles, its last
  // record carrying the result's objectives.
  void gridPartsAreBalancedAndRefined() {
    const Hypergraph g = stencil(48);
    std::mt19937_64 random(baseSeed() + 500);
    int64_t fmGain = 0;  // what FM removed after label propagation, over all k and both objectives
    for (int32_t k : {3, 4, 6, 8}) {
      for (Objective objective : {Objective::Cut, Objective::Km1}) {
        const KWaySolved refined = solveKWay(g, kwayOptions(k, objective));
        const KWaySolved bisected = solveKWay(g, kwayOptions(k, objective, 0, 0, 0));
        const KWaySolved propagated = solveKWay(g, kwayOptions(k, objective, 8, 0, 0));
        const KWayResult& r = refined.result;
        const QString what = QString("k=%1 %2").arg(k).arg(objectiveName(objective).data());
        std::vector<int64_t> weight = partWeights(g, r.part, k);
        for (int64_t w : weight) QVERIFY2(w > 0 && w <= r.maxPartWeight, qPrintable(what));
        QCOMPARE(r.maxPartWeight, maxPartWeight(g.totalNodeWeight(), k, kDefaultEpsilon));
        const Recount counted = recount(g, r.part);
        QCOMPARE(r.cut, counted.cut);
        QCOMPARE(r.km1, counted.km1);
        const auto value = [&](const KWayResult& x) { return objective == Objective::Cut ? x.cut : x.km1; };
        QVERIFY2(value(r) <= value(bisected.result), qPrintable(what));
        QVERIFY2(value(r) <= value(propagated.result), qPrintable(what));
        fmGain += value(propagated.result) - value(r);
        const Recount shuffled = recount(g, randomParts(g.nodeCount(), k, random));
        QVERIFY2(value(r) < 0.3 * (objective == Objective::Cut ? shuffled.cut : shuffled.km1),
                 qPrintable(what));

        const auto& records = refined.trace.records();
        const auto bisections = std::count_if(records.begin(), records.end(),
                                              [](const StepRecord& s) { return s.phase == kBisectionPhase; });
        QCOMPARE(bisections, static_cast<std::ptrdiff_t>(k - 1));
        QCOMPARE(records.back().phase, std::string(kVCyclePhase));
        QCOMPARE(records.back().counters[kKWayKm1], static_cast<double>(r.km1));
        QCOMPARE(records.back().counters[kPartsPlaced], static_cast<double>(k));
      }
    }
    QVERIFY(fmGain > 0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeKWaySolver(std::make_shared<const Hypergraph>(g),
                                                                   kwayOptions(1, Objective::Km1)));
  }

 private:
  template <typename Pass>
  void checkPassNeverWorsens(Pass pass, uint64_t seedOffset) {
    std::mt19937_64 random(baseSeed() + seedOffset);
    int64_t improved = 0;
    for (const RandomHypergraphSpec& base : smallSpecs(30, baseSeed() + seedOffset)) {
      RandomHypergraphSpec spec = base;
      spec.nodes = 20 + spec.nodes * 6;
      spec.edges = 10 + spec.edges * 5;
      spec.maxNodeWeight = base.seed % 2 == 0 ? 1 : 4;
      const Hypergraph g = generateRandom(spec);
      // 130 parts: three words of connected parts per hyperedge, and hyperedges of fewer pins priced
      // through their pins.
      for (int32_t k : {2, 3, 8, 130}) {
        for (Objective objective : {Objective::Cut, Objective::Km1}) {
          std::vector<int32_t> part = randomParts(g.nodeCount(), k, random);
          const int64_t bound =
              std::max(maxPartWeight(g.totalNodeWeight(), k, 0.1), heaviestPart(g, part, k));
          for (int round = 0; round < 3; ++round) {
            const int64_t before = recountObjective(g, part, objective);
            const KWayPassResult r = pass(g, part, k, bound, objective);
            const QString what =
                describe(spec) +
                QString(" k=%1 %2 pass %3").arg(k).arg(objectiveName(objective).data()).arg(round);
            QVERIFY2(r.objectiveBefore == before, qPrintable(what));
            QVERIFY2(r.objectiveAfter == recountObjective(g, part, objective), qPrintable(what));
            QVERIFY2(r.objectiveAfter <= before, qPrintable(what));
            QVERIFY2(heaviestPart(g, part, k) <= bound, qPrintable(what));
            improved += before - r.objectiveAfter;
          }
        }
      }
    }
    QVERIFY(improved > 0);
  }
};

QTEST_APPLESS_MAIN(TestHypergraphKWay)
#include "test_hypergraph_kway.moc"
