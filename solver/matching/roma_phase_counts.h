#pragma once
// What a ROMA kernel set reports after each phase: the one small record the host reads back.

#include <cstdint>

#include "solver/core/step_record.h"

namespace ms::matching {

struct RomaPhaseCounts {
  int64_t flips = 0;
  double failedLocks = kNotApplicable;  // sequential ROMA takes no locks
  double staleMates = kNotApplicable;
  float bestGain = 0;  // 0 when no flip was made
  double weight = 0;   // after the phase
};

}  // namespace ms::matching
