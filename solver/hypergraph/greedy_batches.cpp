// batchedGreedyMatch of coarsening.h: Fig. 4 with the neighbour scans of a batch spread over OpenMP threads.
// Why not the suitor kernels: suitor matching must scan every node at least once, and on hub-heavy inputs
// that is 8.5x the nonzeros Fig. 4 scans (the hubs are matched as someone's partner before their own turn
// and never scanned); see docs/hypergraph-kway.md.
#include <omp.h>

#include <algorithm>

#include "solver/hypergraph/coarsening.h"

namespace ms::hypergraph {

namespace {

// Neighbours kept per scan: a node whose first choice went to an earlier node of its batch takes the next
// one instead of scanning again (most such losses are to hubs everyone prefers).
constexpr int32_t kChoices = 4;

}  // namespace

int resolvedThreads(int threads) {
  return threads > 0 ? threads : omp_get_max_threads();
}

int64_t batchedGreedyMatch(const Hypergraph& graph, int32_t first, int32_t last, int32_t batch,
                           std::vector<int32_t>& mate, std::vector<NeighbourScan>& scans, int32_t* lastScanned) {
  int64_t visits = 0;
  const auto threads = static_cast<int>(scans.size());
  std::vector<int32_t> pending, choices, kept;
  for (int32_t begin = first; begin < last; begin += batch) {
    const int32_t end = static_cast<int32_t>(std::min<int64_t>(last, int64_t{begin} + batch));
    pending.clear();
    for (int32_t j = begin; j < end; ++j) {
      if (mate[static_cast<std::size_t>(j)] == -1) pending.push_back(j);
    }
    while (!pending.empty()) {
      choices.resize(pending.size() * kChoices);
      const auto count = static_cast<int64_t>(pending.size());
      int64_t roundVisits = 0;
      // The scans only read `mate`: the choices do not depend on which thread made them.
#pragma omp parallel for num_threads(threads) schedule(dynamic, 8) reduction(+ : roundVisits) if (count > 8)
      for (int64_t i = 0; i < count; ++i) {
        NeighbourScan& scan = scans[static_cast<std::size_t>(omp_get_thread_num())];
        roundVisits += scan.scan(graph, pending[static_cast<std::size_t>(i)], mate);
        scan.bestFew(kChoices, &choices[static_cast<std::size_t>(i) * kChoices]);
      }
      visits += roundVisits;
      kept.clear();
      for (std::size_t i = 0; i < pending.size(); ++i) {
        const int32_t j = pending[i];
        if (mate[static_cast<std::size_t>(j)] != -1) continue;  // taken as an earlier node's partner
        *lastScanned = j;
        const int32_t* mine = &choices[i * kChoices];
        int32_t c = 0;
        while (c < kChoices && mine[c] >= 0 && mate[static_cast<std::size_t>(mine[c])] != -1) ++c;
        if (c < kChoices && mine[c] >= 0) {
          mate[static_cast<std::size_t>(j)] = mine[c];
          mate[static_cast<std::size_t>(mine[c])] = j;
        } else if (c == kChoices) {
          kept.push_back(j);  // every choice went to an earlier node of the batch: scan again
        }
        // Otherwise all of j's unmatched neighbours are taken: j stays alone.
      }
      pending.swap(kept);
    }
  }
  return visits;
}

}  // namespace ms::hypergraph
