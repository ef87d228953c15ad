#pragma once
// Arrays that the partitioner reads at random (pins, incidence, FM's per-node and per-hyperedge state) on
// transparent huge pages, where the kernel hands them out on request (THP "madvise" mode, Debian's default):
// a random read then costs no TLB miss in arrays of hundreds of MB.

#include <cstddef>
#include <vector>

namespace ms {

// Asks for huge pages under the 2 MB-aligned part of [data, data + bytes) before it is first written; does
// nothing below a few MB or where the system has no transparent huge pages.
void adviseHugePages(void* data, std::size_t bytes);

// `count` copies of `value`, on huge pages where advised.
template <class T>
std::vector<T> hugePageVector(std::size_t count, const T& value = T()) {
  std::vector<T> out;
  out.reserve(count);
  adviseHugePages(out.data(), count * sizeof(T));
  out.assign(count, value);
  return out;
}

// A copy of [first, last), on huge pages where advised.
template <class T>
std::vector<T> hugePageCopy(const T* first, const T* last) {
  std::vector<T> out;
  out.reserve(static_cast<std::size_t>(last - first));
  adviseHugePages(out.data(), static_cast<std::size_t>(last - first) * sizeof(T));
  out.assign(first, last);
  return out;
}

}  // namespace ms
