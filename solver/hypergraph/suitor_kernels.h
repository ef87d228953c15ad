#pragma once
// The kernel set behind the queue-based suitor matching of Fig. 9, one per backend (sequential and OpenMP
// in suitor_cpu.cpp, CUDA in cuda/), driven by the one orchestration in the multilevel machine.
//
// Q_I, the nodes that proposed to a node that has just been matched to someone else, is built by looking at
// each unmatched node's candidate instead of scanning the neighbours of the nodes in Q_C (LAMBDA2): the set
// is the same, and the scan costs a pass over the candidates instead of one over the matched nodes' pins.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

// A level's graph and matching in device memory (cuda/device_level.h), shared by a device's suitor and
// contraction kernels; opaque to host code.
struct DeviceLevel;

struct SuitorRound {
  int64_t newPairs = 0;   // pairs made final by this round
  int64_t queueSize = 0;  // |Q_I|: nodes whose proposal must be made again
};

class SuitorKernels {
 public:
  virtual ~SuitorKernels() = default;
  // Starts a level on `graph` (borrowed until the next begin): every node unmatched, no proposals.
  virtual void begin(const Hypergraph& graph) = 0;
  // Starts a level on the graph this device's contraction kernels have just built, where they left it (no
  // upload; its host copy may still be on its way). Device kernels only.
  virtual void beginContracted() { throw std::logic_error("host suitor kernels begin from a host graph"); }
  // The level and matching these kernels hold on a device; nullptr for host kernels.
  virtual std::shared_ptr<DeviceLevel> deviceLevel() const { return nullptr; }
  // cand(j) = the unmatched neighbour j prefers (Fig. 9 lines 4-9 for every node when `everyNode`, else
  // lines 21-26 for Q_I). Returns the nonzeros scanned.
  virtual int64_t propose(bool everyNode) = 0;
  // Lines 10-15 / 27-32: mutual proposals become pairs; then Q_I is built for the next proposals.
  virtual SuitorRound matchProposals() = 0;
  virtual std::vector<int32_t> mates() const = 0;
  virtual std::vector<int32_t> candidates() const = 0;
  // How often each node scanned its hyperedges on this level (its other proposals came from the neighbours
  // kept by a scan); empty where the kernels do not count (the device).
  virtual std::vector<int32_t> scansPerNode() const { return {}; }
  // Device time of the last propose/matchProposals call in ns; -1 for host kernels.
  virtual int64_t lastDeviceNs() const { return -1; }
};

// ratingCap > 0: nodes rate their neighbours through at most that many of their hyperedges (rating_level.h);
// 0: through all. threads = 1: the sequential kernel set; otherwise OpenMP with that many threads (0 = all).
std::unique_ptr<SuitorKernels> makeCpuSuitorKernels(int threads, int32_t ratingCap = 0);
// Throws SolveError when this build has no CUDA support or no device is usable.
std::unique_ptr<SuitorKernels> makeCudaSuitorKernels(int32_t ratingCap = 0);

}  // namespace ms::hypergraph
