// Suitor matching kernels on the host: each OpenMP thread scans with its own similarity array; nodes are
// handed out dynamically in small chunks because their scans cost from nothing to millions of nonzeros.
// A scan keeps the node's few preferred neighbours: when its proposal went to a node matched since, the
// next proposal is the first of them still unmatched (every neighbour it prefers is matched, and the
// similarities do not change within a level), and only a node whose kept neighbours are all matched scans
// again. Without that, the nodes that proposed to a hub rescanned their hyperedges every round.
#include <omp.h>

#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {
namespace {

class CpuSuitorKernels final : public SuitorKernels {
 public:
  explicit CpuSuitorKernels(int threads) : threads_(threads > 0 ? threads : omp_get_max_threads()) {}

  void begin(const Hypergraph& graph) override {
    graph_ = &graph;
    const auto n = static_cast<std::size_t>(graph.nodeCount());
    mate_.assign(n, -1);
    candidate_.assign(n, -1);
    choices_.assign(n * kChoices, -1);
    queue_.clear();
    scans_.clear();
    for (int t = 0; t < threads_; ++t) scans_.emplace_back(graph.nodeCount());
  }

  int64_t propose(bool everyNode) override {
    if (everyNode) {
      queue_.resize(mate_.size());
      for (std::size_t j = 0; j < queue_.size(); ++j) queue_[j] = static_cast<int32_t>(j);
    }
    int64_t visits = 0;
    const auto count = static_cast<int64_t>(queue_.size());
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 16) reduction(+ : visits)
    for (int64_t q = 0; q < count; ++q) {
      NeighbourScan& scan = scans_[static_cast<std::size_t>(omp_get_thread_num())];
      const int32_t j = queue_[static_cast<std::size_t>(q)];
      int32_t* mine = &choices_[static_cast<std::size_t>(j) * kChoices];
      if (!everyNode) {
        int32_t c = 0;
        while (c < kChoices && mine[c] >= 0 && mate_[static_cast<std::size_t>(mine[c])] != -1) ++c;
        if (c < kChoices) {  // the first kept neighbour still unmatched, or none left at all (-1)
          candidate_[static_cast<std::size_t>(j)] = mine[c];
          continue;
        }
      }
      visits += scan.scan(*graph_, j, mate_);
      scan.bestFew(kChoices, mine);
      candidate_[static_cast<std::size_t>(j)] = mine[0];
    }
    return visits;
  }

  SuitorRound matchProposals() override {
    const auto n = static_cast<int64_t>(mate_.size());
    int64_t matchedNodes = 0;
#pragma omp parallel for num_threads(threads_) reduction(+ : matchedNodes)
    for (int64_t j = 0; j < n; ++j) {
      const int32_t c = candidate_[static_cast<std::size_t>(j)];
      if (mate_[static_cast<std::size_t>(j)] == -1 && c >= 0 &&
          candidate_[static_cast<std::size_t>(c)] == j) {
        mate_[static_cast<std::size_t>(j)] = c;
        ++matchedNodes;
      }
    }
    queue_.clear();
    for (int64_t j = 0; j < n; ++j) {
      const int32_t c = candidate_[static_cast<std::size_t>(j)];
      if (mate_[static_cast<std::size_t>(j)] == -1 && c >= 0 && mate_[static_cast<std::size_t>(c)] != -1) {
        queue_.push_back(static_cast<int32_t>(j));
      }
    }
    return {matchedNodes / 2, static_cast<int64_t>(queue_.size())};
  }

  std::vector<int32_t> mates() const override {
    return mate_;
  }
  std::vector<int32_t> candidates() const override {
    return candidate_;
  }

 private:
  int threads_;
  const Hypergraph* graph_ = nullptr;
  static constexpr int32_t kChoices = 8;  // neighbours kept per node, in order of preference
  std::vector<int32_t> mate_, candidate_, queue_;
  std::vector<int32_t> choices_;  // kChoices per node, -1 past the node's last unmatched neighbour
  std::vector<NeighbourScan> scans_;
};

}  // namespace

std::unique_ptr<SuitorKernels> makeCpuSuitorKernels(int threads) {
  return std::make_unique<CpuSuitorKernels>(threads);
}

}  // namespace ms::hypergraph
