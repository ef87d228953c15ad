#include "solver/core/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace ms {

void adviseHugePages(void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHugePage = std::uintptr_t{1} << 21;
  constexpr std::size_t kWorthIt = 4 * kHugePage;
  if (bytes < kWorthIt) return;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
  // Advice only: a kernel without transparent huge pages refuses it, and the memory stays as it was.
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

}  // namespace ms
