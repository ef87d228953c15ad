#pragma once
// Measurement switches of the device-resident search (search_device.cuh), process-wide because they serve
// benchmarks, not solves: which tree-variant search runs (`bench --search-variants`, or for any command the
// environment variable MATCHSCOPE_SEARCH_VARIANT), and where per-iteration profiles go (`bench
// --search-profile`). With no profile sink the kernel takes no time stamps beyond its per-kind totals.

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace ms::lap {

// The tree variant's search (the classical variant ignores it):
//  Rescan: a dual update queues the tree rows at the new zero-slack columns, and the next level reads those
//          rows again to reach the columns (the phase-by-phase Algorithm 9);
//  Settle: the dual update settles the new zero-slack columns itself (reaches their rows or marks them for
//          the reverse pass), one level fewer per dual update;
//  SettleFirstPath: Settle, and the forward pass stops at the level that reaches an unassigned column;
//  Fuse: Settle, and in team mode (small frontiers) a dual update at which one column alone reaches zero
//        slack runs in the same round as the level from that column's row (one team barrier fewer).
enum class SearchVariant { Rescan, Settle, SettleFirstPath, Fuse };

inline SearchVariant parseSearchVariant(const std::string& text) {
  if (text == "rescan") return SearchVariant::Rescan;
  if (text == "settle") return SearchVariant::Settle;
  if (text == "settle-first-path") return SearchVariant::SettleFirstPath;
  if (text == "fuse") return SearchVariant::Fuse;
  throw std::invalid_argument("unknown search variant '" + text +
                              "' (rescan, settle, settle-first-path, fuse)");
}

inline const char* searchVariantName(SearchVariant variant) {
  switch (variant) {
    case SearchVariant::Rescan:
      return "rescan";
    case SearchVariant::Settle:
      return "settle";
    case SearchVariant::SettleFirstPath:
      return "settle-first-path";
    case SearchVariant::Fuse:
      return "fuse";
  }
  return "?";
}

// What one Hungarian iteration of a device-resident search did (written by the kernel; plain data). Levels
// and dual updates in team mode (frontiers of at most kTeamFrontier rows, one block per column tile) are
// also counted apart. The time split is block 0's view of each round: `workNs` scanning and settling
// (memory traffic), `reduceNs` its block reduction and atomic, `barrierNs` waiting at the grid or team
// barrier (the slowest block's lead over block 0 included).
struct SearchIterationProfile {
  int32_t blocks =
      0;  // the profiling kernel's grid (it may hold fewer blocks than the one without a profile)
  int32_t levels = 0, teamLevels = 0;
  int32_t dualUpdates = 0, teamDualUpdates = 0;
  int32_t frontierMax = 0;     // largest frontier of a level
  int32_t reverseColumns = 0;  // unassigned columns reached
  int32_t paths = 0;           // paths augmented
  int32_t pathMax = 0;         // longest path found by the reverse pass, in columns
  int64_t frontierSum = 0;     // frontier rows over all levels
  int64_t pathSum = 0;         // columns over the reverse pass's paths (one per reverse column)
  int64_t forwardNs = 0, dualUpdateNs = 0, augmentNs = 0;
  int64_t workNs = 0, reduceNs = 0, barrierNs = 0;
};

struct SearchTuning {
  SearchVariant variant = SearchVariant::Rescan;
  std::vector<SearchIterationProfile>* profile = nullptr;  // each search appends its iterations when set
};

// The process's settings; MATCHSCOPE_SEARCH_VARIANT, when set, picks the initial variant.
inline SearchTuning& searchTuning() {
  static SearchTuning tuning = [] {
    SearchTuning initial;
    if (const char* name = std::getenv("MATCHSCOPE_SEARCH_VARIANT"); name != nullptr && *name != '\0')
      initial.variant = parseSearchVariant(name);
    return initial;
  }();
  return tuning;
}

}  // namespace ms::lap
