#include "solver/lap/hungarian/distributed/communicator.h"

#include <bit>
#include <vector>

namespace ms::lap {

void Communicator::sparseBitwiseOrInPlace(std::span<uint64_t> words) {
  if (words.size() < kSparseFromWords) {
    bitwiseOrInPlace(words);
    return;
  }
  std::vector<uint64_t> setWords((words.size() + 63) / 64, 0);  // bit w: word w is set on some rank
  for (std::size_t w = 0; w < words.size(); ++w) {
    if (words[w] != 0) setWords[w / 64] |= uint64_t{1} << (w % 64);
  }
  bitwiseOrInPlace(setWords);
  std::size_t count = 0;
  for (const uint64_t group : setWords) count += static_cast<std::size_t>(std::popcount(group));
  if (2 * count > words.size()) {
    bitwiseOrInPlace(words);
    return;
  }
  // The set words in index order (the same order on every rank), combined, and put back; the others are
  // zero on every rank already.
  const auto forEachSetWord = [&](auto&& visit) {
    for (std::size_t group = 0; group < setWords.size(); ++group) {
      for (uint64_t bits = setWords[group]; bits != 0; bits &= bits - 1) {
        visit(group * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  };
  std::vector<uint64_t> packed;
  packed.reserve(count);
  forEachSetWord([&](std::size_t w) { packed.push_back(words[w]); });
  bitwiseOrInPlace(packed);
  std::size_t next = 0;
  forEachSetWord([&](std::size_t w) { words[w] = packed[next++]; });
}

}  // namespace ms::lap
