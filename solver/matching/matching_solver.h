#pragma once
// The interface every weighted-matching algorithm shares (a step machine with a solution), its options, and
// the factory that picks an algorithm and a backend.

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/lap/lap_solver.h"
#include "solver/matching/complete_graph.h"
#include "solver/matching/objective.h"

namespace ms::matching {

struct MatchingSolution {
  std::vector<int32_t> mate;  // a perfect matching of the solver's (even) graph
  double weight = 0;          // in the solver's graph, whatever the objective
  int32_t phases = 0;         // ROMA phases run (Suitor rounds for greedy, 1 for exact)
};

class MatchingSolver : public StepMachine {
 public:
  // Precondition: done() and no step threw.
  virtual MatchingSolution solution() const = 0;
};

enum class MatchingAlgorithm {
  Greedy,         // the 1/2-approximation (Algorithm 1), computed by Suitor proposals
  Roma,           // sequential ROMA with 4-cycle augmentation (Algorithms 3-5)
  ParallelRoma1,  // Algorithm 9 with the thread-per-vertex phase (Algorithms 6-7)
  ParallelRoma2,  // Algorithm 9 with the block-per-edge phase (Algorithms 7-8)
  Exact,          // LEMON's maximum (minimum) weighted perfect matching (Edmonds' blossom algorithm)
};

// How ROMA's starting perfect matching pairs the vertices (thesis, Section 5.5.7).
enum class InitialMatching {
  Neighbour,  // 0-1, 2-3, ...
  Half,       // i with i + n/2
  Shuffled,   // i in the first half with a seeded shuffle of the second half
  Greedy,     // the greedy 1/2-approximation
};

std::string_view matchingAlgorithmName(
    MatchingAlgorithm algorithm);                               // "greedy", "roma", "parallel-roma-1", ...
std::string_view initialMatchingName(InitialMatching initial);  // "neighbour", "half", "shuffled", "greedy"
// Inverse of the names above; throw std::invalid_argument naming the choices.
MatchingAlgorithm parseMatchingAlgorithm(std::string_view text);
InitialMatching parseInitialMatching(std::string_view text);

inline constexpr float kDefaultGainThreshold = 1e-5f;  // Hovland, Section 5.3: flip only for gain > 1e-5
inline constexpr int32_t kDefaultMaxPhases = 8;        // Hovland's experiments stop after 8 phases

struct MatchingOptions {
  MatchingAlgorithm algorithm = MatchingAlgorithm::ParallelRoma2;
  // Minimise runs the algorithm on a negated copy of the graph (objective.h says what each algorithm then
  // guarantees); weights in records, snapshots and the solution stay those of the given graph.
  Objective objective = Objective::Maximise;
  // Parallel ROMA only: Cpu (OpenMP) or Cuda; the other algorithms run sequentially on the CPU.
  lap::Backend backend = lap::Backend::Cpu;
  int threads = 0;  // OpenMP threads; 0 = all hardware threads
  InitialMatching initial = InitialMatching::Neighbour;
  int32_t maxPhases = kDefaultMaxPhases;  // 0 = until a phase makes no flip
  float gainThreshold = kDefaultGainThreshold;
  // Parallel ROMA: after a flip fails (a lock taken, or edges changed since the search), search again from
  // the current matching up to this many times in the same phase. 0 waits for the next phase, as Hovland
  // chose for speed (Section 5.5.2); more retries buy weight per phase on wide GPUs, where more searches go
  // stale.
  int32_t flipRetries = 0;
  uint64_t seed = 1;  // sequential ROMA's vertex order, and the shuffled initial matching
};

// Phases (trace values) and counter slots shared by every matching machine; a machine leaves the counters
// it has no use for empty. Gains are improvements in the objective (weight lost when minimising).
inline constexpr std::string_view kSetupPhase = "setup";      // initial matching, buffers, upload
inline constexpr std::string_view kRomaPhase = "roma_phase";  // one ROMA phase over every vertex/edge
inline constexpr std::string_view kSuitorRoundPhase = "suitor_round";  // greedy: one round of proposals
inline constexpr std::string_view kBlossomPhase = "blossom";           // exact: the whole blossom algorithm

enum MatchingCounter : int {
  kWeight = 0,   // matching weight after the step
  kFlips,        // 4-cycle flips made
  kFailedLocks,  // flips given up because a lock was taken (parallel ROMA)
  kStaleMates,   // flips given up because the locked edges had changed since the search (parallel ROMA)
  kBestGain,     // largest gain of a flip made in the phase
  kProposals,    // greedy: Suitor proposals made in the round
  kMatchingCounterCount
};
inline constexpr std::array<std::string_view, kMatchingCounterCount> kMatchingCounterNames = {
    "weight", "flips", "failed_locks", "stale_mates", "best_gain", "proposals"};

// The solver borrows `graph` (even vertex count: pad odd graphs with PreparedGraph first); keep it alive
// while the solver lives. Minimising keeps a negated copy besides (n^2 floats more; ResourceError when that
// does not fit). The backend must be resolved (lap::resolveBackend). Throws SolveError for a CUDA
// backend in a build without CUDA, and for an odd graph.
std::unique_ptr<MatchingSolver> makeMatchingSolver(const CompleteGraph& graph,
                                                   const MatchingOptions& options);

}  // namespace ms::matching
