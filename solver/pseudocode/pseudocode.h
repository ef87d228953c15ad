#pragma once
// An algorithm's pseudocode as a table of lines, and which line each step phase runs: what the pseudocode
// panel (views/pseudocode) shows beside a lesson or a solve, highlighting the line of the current step.
// Qt-free, so listings live next to the algorithms they describe.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ms {

struct PseudocodeListing {
  std::string title;               // "Hungarian method, classical variant (Date & Nagi 2016)"
  std::vector<std::string> lines;  // indentation by leading spaces, two per level
  // Step phase name (StepRecord::phase) -> the line that phase runs.
  std::vector<std::pair<std::string, int32_t>> phaseLines;

  // The line of a phase; -1 when the listing has none for it.
  int32_t lineOf(std::string_view phase) const {
    for (const auto& [name, line] : phaseLines) {
      if (name == phase) return line;
    }
    return -1;
  }
};

// The live variables shown under the listing: name and value, in display order.
using PseudocodeVariables = std::vector<std::pair<std::string, std::string>>;

}  // namespace ms
