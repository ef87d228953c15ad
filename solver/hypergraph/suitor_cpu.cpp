// Suitor matching kernels on the host: each OpenMP thread scans with its own similarity array; nodes are
// handed out dynamically in small chunks because their scans cost from nothing to millions of nonzeros.
//
// Where the work went (bench/results/2026-11-26-suitor): on the hub-heavy profiles 70 % of the nonzeros
// were rescans, nearly all by hubs (nodes of many hyperedges) whose 8 kept neighbours had been matched:
// hubs stay unmatched for many rounds and walk deep into their lists. And every round passed over all n
// nodes twice, one pass serial, while only the unmatched nodes with a proposal take part. So:
// - A scan keeps the node's preferred neighbours in order: 8, or a quarter of the neighbours it found when
//   it found more than 512 (a hub) or scans again (it has shown it goes deep), and at least twice as many
//   as before at each further scan. When its proposal went to a node matched since, the next proposal is the
//   first kept neighbour still unmatched (every neighbour it prefers is matched, and the similarities do not
//   change within a level); only a node whose kept neighbours are all matched scans again. A cursor per node
//   skips the kept neighbours already found matched. (Long lists for every node cost more to select than the
//   rescans they save where hubs are mild: stanford-like.)
// - The rounds work on the list of active nodes (unmatched, with a proposal), which shrinks as pairs form;
//   each thread compacts its share of it in one pass and the shares are joined in order.
// - With a rating cap, the level's first proposals build the rating level (rating_level.h) and every scan of
//   the level reads it.
#include <omp.h>

#include <algorithm>
#include <span>

#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/rating_level.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {
namespace {

class CpuSuitorKernels final : public SuitorKernels {
 public:
  CpuSuitorKernels(int threads, int32_t ratingCap)
      : threads_(threads > 0 ? threads : omp_get_max_threads()), ratingCap_(ratingCap) {}

  void begin(const Hypergraph& graph) override {
    level_ = &graph;
    ratingLevel_.reset();
    const auto n = static_cast<std::size_t>(graph.nodeCount());
    mate_.assign(n, -1);
    candidate_.assign(n, -1);
    firstChoices_.assign(n * kFirstChoices, -1);
    moreChoices_.assign(n, {});
    cursor_.assign(n, 0);
    scanCount_.assign(n, 0);
    queue_.clear();
    active_.clear();
    scans_.clear();
    for (int t = 0; t < threads_; ++t) scans_.emplace_back(graph.nodeCount());
    keptParts_.assign(static_cast<std::size_t>(threads_), {});
    queueParts_.assign(static_cast<std::size_t>(threads_), {});
  }

  int64_t propose(bool everyNode) override {
    if (everyNode) {
      if (ratingCap_ > 0) {
        ratingLevel_ = ratingLevel(*level_, ratingCap_, threads_);
      }
      queue_.resize(mate_.size());
      for (std::size_t j = 0; j < queue_.size(); ++j) queue_[j] = static_cast<int32_t>(j);
    }
    int64_t visits = 0;
    const auto count = static_cast<int64_t>(queue_.size());
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 16) reduction(+ : visits)
    for (int64_t q = 0; q < count; ++q) {
      const int32_t j = queue_[static_cast<std::size_t>(q)];
      const auto v = static_cast<std::size_t>(j);
      if (scanCount_[v] > 0) {
        const std::span<const int32_t> kept = keptOf(j);
        int32_t& c = cursor_[v];
        while (c < static_cast<int32_t>(kept.size()) && kept[static_cast<std::size_t>(c)] >= 0 &&
               mate_[static_cast<std::size_t>(kept[static_cast<std::size_t>(c)])] != -1) {
          ++c;
        }
        if (c <
            static_cast<int32_t>(kept.size())) {  // the first kept neighbour still unmatched, or none (-1)
          candidate_[v] = kept[static_cast<std::size_t>(c)];
          continue;
        }
      }
      NeighbourScan& scan = scans_[static_cast<std::size_t>(omp_get_thread_num())];
      const Hypergraph& scanned = ratingLevel_ ? *ratingLevel_ : *level_;
      visits += everyNode ? scan.scanAllUnmatched(scanned, j) : scan.scan(scanned, j, mate_);
      const std::span<int32_t> kept = keepFor(j, scan.found());
      scan.bestFew(kept);
      ++scanCount_[v];
      cursor_[v] = 0;
      candidate_[v] = kept[0];
    }
    if (everyNode) active_ = queue_;
    return visits;
  }

  SuitorRound matchProposals() override {
    int64_t matchedNodes = 0;
    const auto count = static_cast<int64_t>(active_.size());
    // One pass, no barrier inside: every proposal went to a node unmatched at the round's start, so whether
    // a node is matched this round follows from the candidates alone (it and its candidate propose to each
    // other), which no thread writes here. Each thread keeps its unmatched nodes that still propose, and
    // queues those whose candidate is matched this round.
#pragma omp parallel num_threads(threads_) reduction(+ : matchedNodes)
    {
      std::vector<int32_t>& kept = keptParts_[static_cast<std::size_t>(omp_get_thread_num())];
      std::vector<int32_t>& again = queueParts_[static_cast<std::size_t>(omp_get_thread_num())];
      kept.clear();
      again.clear();
#pragma omp for schedule(static) nowait
      for (int64_t a = 0; a < count; ++a) {
        const int32_t j = active_[static_cast<std::size_t>(a)];
        const int32_t c = candidate_[static_cast<std::size_t>(j)];
        if (c < 0) continue;  // no unmatched neighbour left: j stays alone
        if (candidate_[static_cast<std::size_t>(c)] == j) {
          mate_[static_cast<std::size_t>(j)] = c;
          ++matchedNodes;
          continue;
        }
        kept.push_back(j);
        const int32_t d = candidate_[static_cast<std::size_t>(c)];
        if (d >= 0 && candidate_[static_cast<std::size_t>(d)] == c) again.push_back(j);
      }
    }
    active_.clear();
    queue_.clear();
    for (int t = 0; t < threads_; ++t) {
      active_.insert(active_.end(), keptParts_[static_cast<std::size_t>(t)].begin(),
                     keptParts_[static_cast<std::size_t>(t)].end());
      queue_.insert(queue_.end(), queueParts_[static_cast<std::size_t>(t)].begin(),
                    queueParts_[static_cast<std::size_t>(t)].end());
    }
    return {matchedNodes / 2, static_cast<int64_t>(queue_.size())};
  }

  std::vector<int32_t> mates() const override {
    return mate_;
  }
  std::vector<int32_t> candidates() const override {
    return candidate_;
  }
  std::vector<int32_t> scansPerNode() const override {
    return scanCount_;
  }

 private:
  // Where node j's kept neighbours live: fixed slots when its scans kept only kFirstChoices, else a list of
  // its own.
  std::span<const int32_t> keptOf(int32_t j) const {
    const auto v = static_cast<std::size_t>(j);
    return moreChoices_[v].empty()
               ? std::span<const int32_t>(firstChoices_).subspan(v * kFirstChoices, kFirstChoices)
               : std::span<const int32_t>(moreChoices_[v]);
  }
  // The slots node j's scan that found `found` neighbours fills: a quarter of them for a hub or a rescan
  // (hubs walk that deep into their lists while the nodes they prefer pair up), and at least twice what its
  // last scan kept.
  std::span<int32_t> keepFor(int32_t j, std::size_t found) {
    const auto v = static_cast<std::size_t>(j);
    const std::size_t last = scanCount_[v] > 0 ? keptOf(j).size() : kFirstChoices / 2;
    const std::size_t slots =
        std::max(2 * last, found > kShareFrom || scanCount_[v] > 0 ? found / kKeptShare : 0);
    if (slots == kFirstChoices)
      return std::span<int32_t>(firstChoices_).subspan(v * kFirstChoices, kFirstChoices);
    moreChoices_[v].resize(slots);
    return moreChoices_[v];
  }

  int threads_;
  int32_t ratingCap_;                              // hyperedges a node rates through at most; 0: all
  const Hypergraph* level_ = nullptr;              // the level being matched
  std::shared_ptr<const Hypergraph> ratingLevel_;  // its rating level, when the cap leaves one: scans read it
  static constexpr std::size_t kFirstChoices = 8;  // neighbours a node's first scan keeps at least
  static constexpr std::size_t kKeptShare = 4;     // and at least this share of the neighbours it found
  static constexpr std::size_t kShareFrom = 512;   // when it found more than this many
  std::vector<int32_t> mate_, candidate_;
  std::vector<int32_t> queue_;         // the nodes that propose next
  std::vector<int32_t> active_;        // unmatched nodes with a proposal, in the order of the first proposals
  std::vector<int32_t> firstChoices_;  // kFirstChoices per node, -1 past its last neighbour
  std::vector<std::vector<int32_t>> moreChoices_;  // from a node's second scan on, -1 past its last
  std::vector<int32_t> cursor_;                    // per node: its kept neighbours before it are matched
  std::vector<int32_t> scanCount_;                 // per node: scans so far on this level
  std::vector<NeighbourScan> scans_;               // one per thread
  std::vector<std::vector<int32_t>> keptParts_, queueParts_;  // per thread, while compacting active_
};

}  // namespace

std::unique_ptr<SuitorKernels> makeCpuSuitorKernels(int threads, int32_t ratingCap) {
  return std::make_unique<CpuSuitorKernels>(threads, ratingCap);
}

}  // namespace ms::hypergraph
