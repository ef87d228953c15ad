#pragma once
// Where a step machine stands, as every snapshot reports it. Each family's snapshot derives from it, and the
// step-machine frame fills it, so no machine writes these fields itself.

#include <cstdint>
#include <string_view>

namespace ms {

struct StepHeader {
  int64_t step = 0;            // steps taken so far
  int32_t iteration = 0;       // the algorithm's own outer count (iterations, phases, scaling phases, ...)
  std::string_view lastPhase;  // phase of the last step ("" before the first)
  std::string_view nextPhase;  // phase the next step will run ("" when done)
  bool done = false;
};

}  // namespace ms
