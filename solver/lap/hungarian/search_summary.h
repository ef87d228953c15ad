#pragma once
// What one coarse Hungarian step did (HungarianPhase::Search): whole iterations of the search, with the
// time spent by phase kind. Kernel sets that run the search on the device report it; the orchestration
// fills it in itself where it runs the search phase by phase.

#include <array>
#include <cstdint>

namespace ms::lap {

enum class SearchPhaseKind : int {
  Forward,     // forward BFS levels (and, classical, the start of each search)
  DualUpdate,  // slack minimum and dual update (classical: with the zero-slack compression)
  Augment,     // reverse pass, augmentation and the optimality check
  Count
};

struct SearchSummary {
  int32_t iterations = 0;   // augmenting iterations completed
  int32_t assigned = 0;     // assignments after the last optimality check
  int32_t paths = 0;        // augmenting paths flipped
  int32_t levels = 0;       // forward BFS levels
  int32_t dualUpdates = 0;  // dual updates
  int64_t rowsScanned =
      0;  // classical: matrix rows read in full (dual updates, zero-slack lists, closure reads)
  bool infeasible = false;  // a dual update found no finite slack
  std::array<int64_t, static_cast<int>(SearchPhaseKind::Count)>
      nanoseconds{};  // device (or host) time by kind
};

}  // namespace ms::lap
