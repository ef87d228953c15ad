#include "solver/matching/initial_matching.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "solver/matching/greedy.h"

namespace ms::matching {

std::vector<int32_t> makeInitialMatching(const CompleteGraph& graph, InitialMatching kind, uint64_t seed) {
  const int32_t n = graph.vertexCount();
  const int32_t half = n / 2;
  std::vector<int32_t> mate(static_cast<std::size_t>(n));
  auto pair = [&](int32_t u, int32_t v) {
    mate[static_cast<std::size_t>(u)] = v;
    mate[static_cast<std::size_t>(v)] = u;
  };
  switch (kind) {
    case InitialMatching::Neighbour:
      for (int32_t u = 0; u + 1 < n; u += 2) pair(u, u + 1);
      break;
    case InitialMatching::Half:
      for (int32_t u = 0; u < half; ++u) pair(u, u + half);
      break;
    case InitialMatching::Shuffled: {
      std::vector<int32_t> secondHalf(static_cast<std::size_t>(half));
      std::iota(secondHalf.begin(), secondHalf.end(), half);
      std::mt19937_64 random(seed);
      std::shuffle(secondHalf.begin(), secondHalf.end(), random);
      for (int32_t u = 0; u < half; ++u) pair(u, secondHalf[static_cast<std::size_t>(u)]);
      break;
    }
    case InitialMatching::Greedy:
      return greedyMatching(graph);
  }
  return mate;
}

}  // namespace ms::matching
