#pragma once
// CUDA kernel set of parallel ROMA (Hovland, Algorithms 6-9) behind the shared orchestration (roma.h). Plain
// C++ on the outside, so that host code compiled by g++ drives it; the kernels live in cuda_roma_kernels.cu.
//
//   ParallelRoma1 (Algorithm 6): one thread per vertex u; the threads whose u is the smaller end of its
//     matched edge each run Algorithm 5's search over all matched edges, then the atomic flip.
//   ParallelRoma2 (Algorithm 8): one block of 1024 threads per vertex; the blocks whose u is the smaller end
//     split the search among their threads, reduce to the best flip (CUB BlockReduce) and one thread flips.
//     The search runs per vertex y ("u takes y, M[u] takes M[y]"): every thread does useful work, the reads
//     of row u, M and the matched weights are coalesced, and the one scattered read, w(M[u], M[y]), hits a
//     copy of row M[u] in shared memory when the row fits (n <= ~56000 on an H100).
// Both keep w(x, M[x]) per vertex (updated by the flips) instead of reading it from a random row, and flip
// through Algorithm 7: lock min(u, x), then max(u, x), check that all four mate entries are unchanged and
// the gain still above the threshold, take a slot in the flip log, write, fence, unlock.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "solver/matching/matching_snapshot.h"
#include "solver/matching/roma_phase_counts.h"

namespace ms::matching {

class CudaRomaKernels {
 public:
  // Borrows the row-major n x n `weights` until setup() has uploaded them. A failed flip searches again up to
  // `flipRetries` times in the same phase. Throws SolveError when no device is usable.
  CudaRomaKernels(const float* weights, int32_t n, bool blockPerEdge, int32_t flipRetries);
  ~CudaRomaKernels();
  CudaRomaKernels(CudaRomaKernels&&) noexcept;
  CudaRomaKernels& operator=(CudaRomaKernels&&) noexcept;

  // Throws ResourceError when the graph does not fit the device's free memory.
  void setup(std::span<const int32_t> initialMate);
  double weight() const;
  RomaPhaseCounts runPhase(float gainThreshold);
  std::vector<int32_t> mates() const;
  void snapshot(MatchingSnapshot& out) const;
  void beginPhase();
  int64_t endPhase();

  // Whether ParallelRoma2 keeps row M[u] in shared memory on this device for this n (for reports).
  bool rowInSharedMemory() const;

 private:
  struct Device;
  std::unique_ptr<Device> device_;
};

}  // namespace ms::matching
