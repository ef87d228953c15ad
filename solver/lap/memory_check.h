#pragma once
// Refuses matrices that cannot fit in host memory before trying to allocate them.

#include <cstddef>
#include <cstdint>
#include <string>

namespace ms::lap {

// Throws ResourceError("<what>: a R x C matrix of B-byte costs needs X GB, more than the Y GB available")
// when rows * cols * elementBytes exceeds the memory the machine can hand out.
void requireMemoryFor(int64_t rows, int64_t cols, std::size_t elementBytes, const std::string& what);

// The same check, returning the message instead of throwing ("" when it fits).
std::string memoryShortfall(int64_t rows, int64_t cols, std::size_t elementBytes);

}  // namespace ms::lap
