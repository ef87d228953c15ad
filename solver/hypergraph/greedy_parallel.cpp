// parallelGreedyMatch of coarsening.h: Fig. 4 on OpenMP threads with compare-and-swap claims.
// Why not the suitor kernels: suitor matching scans every node at least once, and on hub-heavy inputs that
// is 8.5x the nonzeros Fig. 4 scans (the hubs are matched as someone's partner before their own turn and
// are never scanned); see docs/hypergraph-kway.md.
#include <omp.h>

#include <atomic>

#include "solver/hypergraph/coarsening.h"

namespace ms::hypergraph {
namespace {

constexpr int64_t kChunk = 64;  // consecutive nodes a thread takes at a time

std::atomic_ref<int32_t> slot(std::vector<int32_t>& mate, int32_t v) {
  return std::atomic_ref<int32_t>(mate[static_cast<std::size_t>(v)]);
}

}  // namespace

int resolvedThreads(int threads) {
  return threads > 0 ? threads : omp_get_max_threads();
}

int64_t parallelGreedyMatch(const Hypergraph& graph, int32_t first, int32_t last, std::vector<int32_t>& mate,
                            std::vector<NeighbourScan>& scans, int32_t* lastScanned) {
  int64_t visits = 0;
  std::atomic<int32_t> lastSeen{-1};
  const auto threads = static_cast<int>(scans.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) reduction(+ : visits)
  for (int64_t node = first; node < last; ++node) {
    NeighbourScan& scan = scans[static_cast<std::size_t>(omp_get_thread_num())];
    const auto j = static_cast<int32_t>(node);
    while (slot(mate, j).load(std::memory_order_acquire) == -1) {
      visits += scan.scan(graph, j, mate);
      lastSeen.store(j, std::memory_order_relaxed);
      const int32_t k = scan.best();
      if (k < 0) break;  // no unmatched neighbour: j stays alone
      int32_t free = -1;
      if (!slot(mate, j).compare_exchange_strong(free, k, std::memory_order_acq_rel)) break;  // j was taken
      free = -1;
      if (slot(mate, k).compare_exchange_strong(free, j, std::memory_order_acq_rel)) break;  // the pair holds
      slot(mate, j).store(-1, std::memory_order_release);  // k went to another thread: let go, scan again
    }
  }
  if (lastSeen.load() >= 0) *lastScanned = lastSeen.load();
  return visits;
}

}  // namespace ms::hypergraph
