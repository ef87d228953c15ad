#pragma once
// The interface every hypergraph algorithm shares (a step machine with a result), its options, trace phases
// and counters, and the factory that picks an algorithm and a backend.
//
//   coarsen-greedy: sequential Mondriaan neighbour finding + greedy matching (Fig. 3-4), level after level.
//   coarsen-suitor: queue-based suitor matching (Fig. 9) on the sequential, OpenMP or CUDA kernel set.
//   bipartition:    the multilevel paradigm of Fig. 2 with either matching, brute force below a threshold,
//                   projection (eq. 5) and Fiduccia-Mattheyses refinement under the balance constraint (eq.
//                   2).

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_snapshot.h"
#include "solver/lap/lap_solver.h"

namespace ms::hypergraph {

enum class HypergraphAlgorithm { CoarsenGreedy, CoarsenSuitor, Bipartition };
enum class MatchingRule { Greedy, Suitor };
// How a bipartition refines each level: Fiduccia-Mattheyses passes (sequential moves, on the host), or Jet
// iterations (all moves of an iteration at once, on the backend's kernel set: jet_refinement.h) and then the
// FM passes from where Jet ended; Auto: Jet on the CUDA backend, FM on the others and in the bisections of a
// k-way partition (recursive_bisection.cpp).
enum class Refinement { Auto, Fm, Jet };
std::string_view refinementName(Refinement refinement);  // "auto", "fm", "jet"
// Inverse of the name above; throws std::invalid_argument naming the choices.
Refinement parseRefinement(std::string_view text);

std::string_view hypergraphAlgorithmName(HypergraphAlgorithm algorithm);  // "coarsen-greedy", ...
// Inverse of the name above; throws std::invalid_argument naming the choices.
HypergraphAlgorithm parseHypergraphAlgorithm(std::string_view text);

inline constexpr double kDefaultEpsilon = 0.03;  // Zoltan's default 1.03 tolerance in the terms of eq. 2
inline constexpr int32_t kDefaultBruteForceBelow = 16;  // M of Fig. 2

// Pins per node from which a level counts as pin-heavy (HypergraphOptions::maxPinHeavyFmPasses).
inline constexpr int64_t kPinHeavyPinsPerNode = 32;

// The contraction limit of a bipartition of `inputNodes` nodes: Mt-KaHyPar's for two parts (160 nodes per
// part), or sqrt(|V|) where that is fewer, so that small inputs (the studio's) still coarsen over several
// levels. Coarsening ends at the first level of at most this many nodes that still holds a third of the
// input's pins (multilevel_machine.cpp says why).
int32_t coarsestNodesFor(int32_t inputNodes);

struct HypergraphOptions {
  HypergraphAlgorithm algorithm = HypergraphAlgorithm::Bipartition;
  // Suitor matching (coarsen-suitor, and bipartition with MatchingRule::Suitor): Sequential, Cpu (OpenMP)
  // or Cuda. Greedy matching: Sequential (Fig. 4) or Cpu (Fig. 4 on OpenMP threads that claim pairs
  // with compare-and-swap, coarsening.h). Contraction runs on the GPU after CUDA suitor matching (the next
  // level starts there), sequentially on the CPU otherwise; refinement runs sequentially on the CPU.
  lap::Backend backend = lap::Backend::Sequential;
  int threads = 0;                                          // OpenMP threads; 0 = all hardware threads
  MatchingRule bipartitionMatching = MatchingRule::Greedy;  // how bipartition coarsens
  double epsilon = kDefaultEpsilon;                         // balance threshold of eq. 2
  // Bipartition: the parts each side stands for (recursive bisection into k parts splits k into floor(k / 2)
  // and ceil(k / 2)); side s gets that share of the weight, eq. 2 applied to the share.
  std::array<int32_t, 2> sideShares{1, 1};
  int32_t bruteForceBelow = kDefaultBruteForceBelow;  // partition by brute force when |V| < M
  // Coarsening levels at most; 0 = until the contraction limit (below), |V| < M or a level that shrinks by <
  // 5 %.
  int32_t maxLevels = 0;
  // Bipartition: coarsening also ends at a level of at most this many nodes that holds a third of the
  // input's pins; 0 = coarsestNodesFor(|V|).
  int32_t coarsestNodes = 0;
  int32_t nodesPerStep =
      0;  // greedy matching: nodes per step (1 lets the studio watch every node); 0 = a level
  int32_t maxFmPasses = 8;  // FM passes per level at most
  // The same on levels of at least 32 pins per node other than the input, and other than the coarsest unless
  // coarsening stopped there at the contraction limit (coarse levels whose hyperedges stay large), where a
  // pass costs a walk over millions of pins for few nodes. None by default: without those passes the final
  // cut moved by -0.06 % to +0.21 % on the Table II-like profiles, a random hypergraph and a grid at 100k,
  // and flickr- and wikipedia-like at their sizes spent 41 % and 56 % less time in FM (the finer levels'
  // passes find what they found).
  int32_t maxPinHeavyFmPasses = 0;
  // A pass that lowers the cut by at most this share of it ends the level's FM (0: only a pass that gains
  // nothing). A level's passes after the second gain 0.01-0.1 % each at the full price of a pass; 1 % ends
  // flickr-like's levels after two (bench/results/2026-11-27-reader-hugepages says what it costs in km1).
  double fmMinImprovement = 0.01;
  // Suitor matching, every backend: a node rates its neighbours through at most this many of its hyperedges,
  // its heaviest per pin (rating_level.h; the same level on the device); 0: through all of them, the paper's
  // rating. On hub-heavy inputs a cap of 64 makes the suitor's scans several times shorter for about the
  // same cut (docs/results/hypergraphs.md).
  int32_t suitorRatingCap = 0;
  // Bipartition: FM passes on the host, or Jet iterations on the backend (the GPU with Backend::Cuda, the
  // OpenMP threads otherwise) followed by the FM passes. Jet runs on the levels FM runs on. Auto picks Jet
  // where it pays: on the H100 it took flickr- and wikipedia-like's bipartitions from 3.2 to 2.4-2.5 s
  // and 9.0 to 6.1-6.9 s (km1 +0.04 % and -1.3 %); on the 16 host threads Jet's iterations cost more than the
  // FM passes they save (bench/results/2026-11-27-jet-refinement).
  Refinement refinement = Refinement::Auto;
};

// Fm or Jet: what a bipartition with these options refines with (Auto resolved by the backend).
Refinement resolvedRefinement(const HypergraphOptions& options);

struct HypergraphResult {
  std::vector<LevelSize> levels;       // input first, then each coarsened level
  std::vector<int32_t> mate;           // the matching of the input level (-1 unmatched)
  std::vector<int32_t> coarseningMap;  // f of the input level (eq. 3-5): f(v) = min{v, mate(v)}, renumbered
                                       // 0..|V'|-1 in increasing order of that minimum
  std::vector<int64_t>
      downloadNs;  // per coarsened level a device contracted: copying it (and f) to
                   // page-locked host memory, ns; empty where the contraction ran on the host
  std::vector<int64_t> hostFillNs;  // and filling its host copy from there on a background thread, ns
  std::vector<uint8_t> partition;   // bipartition only: side of each input node
  int64_t cut = 0;
  double imbalance = 0;
};

class HypergraphSolver : public StepMachine {
 public:
  // Precondition: done() and no step threw.
  virtual HypergraphResult result() const = 0;
};

// Trace phases.
inline constexpr std::string_view kGreedyMatchingPhase = "greedy_matching";  // Fig. 3-4 over a chunk of nodes
inline constexpr std::string_view kProposalsPhase = "suitor_proposals";  // Fig. 9: neighbour finding, cand
inline constexpr std::string_view kMatchProposalsPhase = "suitor_matching";  // Fig. 9: mutual proposals final
inline constexpr std::string_view kContractionPhase = "contraction";         // apply-coarsening, eq. 3-4
inline constexpr std::string_view kInitialPartitionPhase = "initial_partition";  // brute force or growing
inline constexpr std::string_view kProjectionPhase = "projection";               // eq. 5
inline constexpr std::string_view kFmPassPhase = "fm_pass";              // one Fiduccia-Mattheyses pass
inline constexpr std::string_view kJetIterationPhase = "jet_iteration";  // one Jet iteration

enum HypergraphCounter : int {
  kLevel = 0,     // level the step worked on (0 = input)
  kNodes,         // nodes of that level (after contraction: of the new level)
  kEdges,         // hyperedges of that level
  kPins,          // pins of that level
  kMatchedPairs,  // pairs matched so far on that level
  kPinVisits,     // nonzeros scanned by neighbour finding in the step
  kCut,           // edge cut after the step (partitioning steps)
  kImbalance,     // imbalance after the step (partitioning steps)
  kFmPassLimit,   // FM passes the level may run (the steps that partition or project onto a level)
  kHypergraphCounterCount
};
inline constexpr std::array<std::string_view, kHypergraphCounterCount> kHypergraphCounterNames = {
    "level", "nodes", "edges", "pins", "matched_pairs", "pin_visits", "cut", "imbalance", "fm_pass_limit"};

// The solver shares `graph`; the backend must be resolved (lap::resolveBackend). Throws SolveError for a
// CUDA backend in a build without CUDA.
std::unique_ptr<HypergraphSolver> makeHypergraphSolver(std::shared_ptr<const Hypergraph> graph,
                                                       const HypergraphOptions& options);

}  // namespace ms::hypergraph
