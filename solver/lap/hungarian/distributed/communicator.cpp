#include "solver/lap/hungarian/distributed/communicator.h"

#include <bit>
#include <vector>

namespace ms::lap {

void Communicator::sparseBitwiseOrInPlace(std::span<uint64_t> words) {
  if (words.size() < kSparseFromWords || takesDeviceMemory()) {
    bitwiseOrInPlace(words);
    return;
  }
  setWords_.assign((words.size() + 63) / 64, 0);
  for (std::size_t w = 0; w < words.size(); ++w) {
    if (words[w] != 0) setWords_[w / 64] |= uint64_t{1} << (w % 64);
  }
  bitwiseOrInPlace(setWords_);
  std::size_t count = 0;
  for (const uint64_t group : setWords_) count += static_cast<std::size_t>(std::popcount(group));
  if (2 * count > words.size()) {
    bitwiseOrInPlace(words);
    return;
  }
  // The set words in index order (the same order on every rank), combined, and put back; the others are
  // zero on every rank already.
  const auto forEachSetWord = [&](auto&& visit) {
    for (std::size_t group = 0; group < setWords_.size(); ++group) {
      for (uint64_t bits = setWords_[group]; bits != 0; bits &= bits - 1) {
        visit(group * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  };
  packedWords_.clear();
  forEachSetWord([&](std::size_t w) { packedWords_.push_back(words[w]); });
  bitwiseOrInPlace(packedWords_);
  std::size_t next = 0;
  forEachSetWord([&](std::size_t w) { words[w] = packedWords_[next++]; });
}

}  // namespace ms::lap
