#include "solver/core/fault_injection.h"

#include <atomic>
#include <cstdlib>

namespace ms {

bool deviceAllocationFailureInjected() {
  static const long failing = [] {
    const char* value = std::getenv("MATCHSCOPE_FAIL_DEVICE_ALLOCATION");
    return value != nullptr ? std::strtol(value, nullptr, 10) : 0L;
  }();
  if (failing <= 0) return false;
  static std::atomic<long> allocations{0};
  return ++allocations == failing;
}

}  // namespace ms
