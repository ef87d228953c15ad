#pragma once
// Per-iteration profile of the device-resident search (search_device.cuh), for benchmarks, not solves:
// `bench --search-profile` sets a process-wide sink, and while one is set the CUDA backend runs a separate
// profiling instantiation of the search kernel that fills one record per Hungarian iteration. With no sink
// the kernel takes no time stamps beyond its per-kind totals.

#include <cstdint>
#include <vector>

namespace ms::lap {

// What one Hungarian iteration of a device-resident search did (written by the kernel; plain data). Levels
// and dual updates in team mode (frontiers of at most kTeamFrontier rows, one block per column tile) are
// also counted apart. The time split is block 0's view of each round: `workNs` scanning and settling
// (memory traffic), `reduceNs` its block reduction and atomic, `barrierNs` waiting at the grid or team
// barrier (the slowest block's lead over block 0 included).
struct SearchIterationProfile {
  int32_t blocks =
      0;  // the profiling kernel's grid (it may hold fewer blocks than the one without a profile)
  int32_t levels = 0, teamLevels = 0;
  int32_t closureLevels = 0;  // the closure search's block-local BFS levels (closure_search_device.cuh)
  int64_t rowsRead = 0;       // classical closure search: rows read in full (the trace's rows scanned)
  int32_t dualUpdates = 0, teamDualUpdates = 0;
  int32_t keptRows = 0;        // tree rows kept from the previous iteration's forest (keepSurvivingTreesAt)
  int32_t frontierMax = 0;     // largest frontier of a level
  int32_t reverseColumns = 0;  // unassigned columns reached
  int32_t paths = 0;           // paths augmented
  int32_t pathMax = 0;         // longest path found by the reverse pass, in columns
  int64_t frontierSum = 0;     // frontier rows over all levels
  int64_t pathSum = 0;         // columns over the reverse pass's paths (one per reverse column)
  int64_t forwardNs = 0, dualUpdateNs = 0, augmentNs = 0;
  int64_t workNs = 0, reduceNs = 0, barrierNs = 0;
};

// Where each search appends its iterations' records; nullptr (the default): no profile.
inline std::vector<SearchIterationProfile>*& searchProfileSink() {
  static std::vector<SearchIterationProfile>* sink = nullptr;
  return sink;
}

}  // namespace ms::lap
