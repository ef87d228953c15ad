#pragma once
// One trace record per solver step: what phase ran, what it cost, and what it did.

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>

namespace ms {

// Counter slots are fixed so that a record is trivially copyable and a trace appends without allocating.
inline constexpr int kMaxCounters = 13;

inline constexpr double kNotApplicable = std::numeric_limits<double>::quiet_NaN();

struct StepRecord {
  int64_t step = 0;        // 0-based index over the whole solve
  int32_t iteration = 0;   // the algorithm's own outer iteration (0 = set-up before the first)
  std::string_view phase;  // static name, e.g. "forward_level"; also the CSV value
  int64_t wall_ns = 0;     // host wall-clock time of the step
  int64_t device_ns = -1;  // accelerator time measured by device events; -1 when no device ran
  std::array<double, kMaxCounters> counters;  // meaning given by the machine's counterNames(); NaN = n/a

  StepRecord() { counters.fill(kNotApplicable); }
};

}  // namespace ms
