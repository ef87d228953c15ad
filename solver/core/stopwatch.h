#pragma once
// Host wall-clock time since construction, in nanoseconds: the one clock of the step-machine frame and of
// the phases a machine times inside one step.

#include <chrono>
#include <cstdint>

namespace ms {

class Stopwatch {
 public:
  int64_t elapsedNs() const {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_)
        .count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace ms
