#include "solver/lap/memory_check.h"

#include <cstdio>

#include "solver/core/errors.h"
#include "solver/core/host_buffer.h"

namespace ms::lap {

std::string memoryShortfall(int64_t rows, int64_t cols, std::size_t elementBytes) {
  const long double needed = static_cast<long double>(rows) * static_cast<long double>(cols) * elementBytes;
  const std::size_t available = availableHostMemory();
  if (needed <= static_cast<long double>(available)) return "";
  char message[200];
  std::snprintf(
      message, sizeof message,
      "a %lld x %lld matrix of %zu-byte costs needs %.1f GB, more than the %.1f GB of memory available",
      static_cast<long long>(rows), static_cast<long long>(cols), elementBytes,
      static_cast<double>(needed / 1e9), available / 1e9);
  return message;
}

void requireMemoryFor(int64_t rows, int64_t cols, std::size_t elementBytes, const std::string& what) {
  const std::string shortfall = memoryShortfall(rows, cols, elementBytes);
  if (!shortfall.empty()) throw ResourceError(what + ": " + shortfall);
}

}  // namespace ms::lap
