#pragma once
// The kernel set behind the contraction step of the multilevel machine (eq. 3-4), one per backend: the host
// one builds the next level with coarseningMap and applyCoarsening (coarsening.h); the CUDA one (cuda/)
// builds it on the device from the level and the matching the CUDA suitor kernels hold there, leaves it
// there for their next level, and downloads the host copy once (filled in on the host in the background).

#include <cstdint>
#include <future>
#include <memory>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_snapshot.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {

// The host copy of a contracted level.
struct HostLevel {
  Hypergraph graph;          // level l + 1 on the host
  std::vector<int32_t> map;  // f: level l -> level l + 1 (coarseningMap's numbering)
  // compactionRepresentatives(graph) where the device found them (coarsening.h); empty: the host plans.
  std::vector<int32_t> compaction{};
  int64_t fillNs = -1;  // wall time of filling it from the downloaded arrays; -1 on the host
};

struct ContractedLevel {
  LevelSize size;  // level l + 1's nodes, hyperedges and pins
  // The host kernels hand it over ready; after a device contraction a background thread fills it while the
  // device matches the next level (filling fresh host pages costs as much as the level's kernels).
  std::future<HostLevel> host;
  int64_t deviceNs = -1;  // device time of the contraction kernels; -1 on the host
  int64_t downloadNs =
      -1;  // wall time of copying level l + 1 and f to page-locked host memory; -1 on the host
};

class ContractionKernels {
 public:
  virtual ~ContractionKernels() = default;
  // eq. 3-4 for `graph` (level l) under a matching: `mate` where host code made or changed it; nullptr for
  // the matching the device's suitor kernels hold (device kernels only).
  virtual ContractedLevel contract(const Hypergraph& graph, const std::vector<int32_t>* mate) = 0;
  // Called once, with the input, before its first level is matched: what the first contraction can prepare
  // while that runs (the CUDA set page-locks the buffer its downloads go through on another thread: 250 ms
  // for wikipedia-like's 400 MB on an H100's host, most of the first contraction otherwise).
  virtual void anticipate(const Hypergraph& /*input*/) {}
};

std::unique_ptr<ContractionKernels> makeCpuContractionKernels();
// Contracts the level `suitor` (the CUDA kernel set) holds on the device, and leaves the new level there
// for suitor.beginContracted; with `planCompaction` (a partitioner will compact the levels) each new level
// comes with HostLevel::compaction. Throws SolveError when this build has no CUDA support,
// std::invalid_argument when `suitor` holds nothing on a device.
std::unique_ptr<ContractionKernels> makeCudaContractionKernels(const SuitorKernels& suitor,
                                                               bool planCompaction);

}  // namespace ms::hypergraph
