// Work counts of one coarsening level's matching on the Table II profiles (bench/results/2026-11-26-suitor):
//
//   suitor_counts OUT.csv [N] [THREADS] [PROFILE]
//
// N: nodes (100000; 0 = Table II's sizes), THREADS: OpenMP threads of the suitor (2), PROFILE: one only.
//
// One row for Fig. 4 greedy (sequential) and one per suitor round: proposals made, those taken from a
// node's kept neighbours and those that scanned, the nonzeros scanned, the same for hubs (nodes of more
// than kHubEdges hyperedges), the largest hyperedge scanned, pairs matched and proposals displaced (made to
// a node that was matched to someone else, so made again next round). The counts do not depend on THREADS.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace {

using namespace ms::hypergraph;

constexpr std::size_t kHubEdges = 16;

struct Work {
  int64_t scans = 0, hubScans = 0, visits = 0, hubVisits = 0, largestEdge = 0;
  void addScan(const Hypergraph& g, int32_t v, int64_t times) {
    int64_t cost = 0;
    for (int32_t e : g.edgesOf(v)) {
      cost += static_cast<int64_t>(g.pins(e).size());
      largestEdge = std::max<int64_t>(largestEdge, static_cast<int64_t>(g.pins(e).size()));
    }
    scans += times;
    visits += times * cost;
    if (g.edgesOf(v).size() > kHubEdges) {
      hubScans += times;
      hubVisits += times * cost;
    }
  }
};

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void writeRow(FILE* out, const char* profile, int32_t n, const char* matching, int round, int64_t proposals,
              const Work& w, int64_t pairs, int64_t displaced, double ms) {
  std::fprintf(out, "%s,%d,%s,%d,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%.1f\n", profile, n, matching,
               round, static_cast<long long>(proposals), static_cast<long long>(proposals - w.scans),
               static_cast<long long>(w.scans), static_cast<long long>(w.hubScans),
               static_cast<long long>(w.visits), static_cast<long long>(w.hubVisits),
               static_cast<long long>(w.largestEdge), static_cast<long long>(pairs),
               static_cast<long long>(displaced), ms);
}

void countGreedy(FILE* out, const char* profile, const Hypergraph& g) {
  std::vector<int32_t> mate(static_cast<std::size_t>(g.nodeCount()), -1);
  NeighbourScan scan(g.nodeCount());
  Work w;
  int32_t last = -1;
  const auto start = std::chrono::steady_clock::now();
  for (int32_t v = 0; v < g.nodeCount(); ++v) {
    // Fig. 4 scans the nodes unmatched at their turn.
    const bool scans = mate[static_cast<std::size_t>(v)] == -1;
    greedyMatch(g, v, v + 1, mate, scan, &last);
    if (scans) w.addScan(g, v, 1);
  }
  const double ms = millisecondsSince(start);
  const auto pairs = std::count_if(mate.begin(), mate.end(), [](int32_t m) { return m >= 0; }) / 2;
  writeRow(out, profile, g.nodeCount(), "greedy", 0, w.scans, w, pairs, 0, ms);
}

void countSuitor(FILE* out, const char* profile, const Hypergraph& g, int threads) {
  const auto kernels = makeCpuSuitorKernels(threads);
  kernels->begin(g);
  std::vector<int32_t> scansBefore(static_cast<std::size_t>(g.nodeCount()), 0);
  int64_t proposals = g.nodeCount(), pairs = 0;
  for (int round = 1;; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const int64_t visits = kernels->propose(round == 1);
    const SuitorRound matched = kernels->matchProposals();
    const double ms = millisecondsSince(start);
    const std::vector<int32_t> scans = kernels->scansPerNode();
    Work w;
    for (int32_t v = 0; v < g.nodeCount(); ++v) {
      const auto i = static_cast<std::size_t>(v);
      if (scans[i] > scansBefore[i]) w.addScan(g, v, scans[i] - scansBefore[i]);
    }
    scansBefore = scans;
    if (w.visits != visits) {
      std::fprintf(stderr,
                   "suitor_counts: %s round %d: the kernels scanned %lld nonzeros, the count says %lld\n",
                   profile, round, static_cast<long long>(visits), static_cast<long long>(w.visits));
      std::exit(1);
    }
    pairs += matched.newPairs;
    writeRow(out, profile, g.nodeCount(), "suitor", round, proposals, w, pairs, matched.queueSize, ms);
    if (matched.newPairs == 0 || matched.queueSize == 0) break;  // as the multilevel machine stops
    proposals = matched.queueSize;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: suitor_counts OUT.csv [N] [THREADS] [PROFILE]\n");
    return 2;
  }
  const int32_t n = argc > 2 ? std::atoi(argv[2]) : 100000;
  const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
  const std::string only = argc > 4 ? argv[4] : "";
  FILE* out = std::fopen(argv[1], "w");
  if (!out) {
    std::fprintf(stderr, "suitor_counts: cannot write %s\n", argv[1]);
    return 1;
  }
  std::fprintf(out,
               "profile,n,matching,round,proposals,from_kept_list,scans,hub_scans,pin_visits,hub_pin_visits,"
               "largest_edge_scanned,pairs_so_far,displaced,ms\n");
  for (Profile profile : kProfiles) {
    const std::string name(profileStats(profile).name);
    if (!only.empty() && only != name) continue;
    const Hypergraph g = generateProfile(profile, n, 1);  // n = 0: the original size
    countGreedy(out, name.c_str(), g);
    countSuitor(out, name.c_str(), g, threads);
    std::fflush(out);
  }
  return std::fclose(out) == 0 ? 0 : 1;
}
