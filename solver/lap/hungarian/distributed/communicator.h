#pragma once
// The collectives the distributed Hungarian kernel set needs, independent of the engine behind them
// (Open MPI in mpi_communicator.h). Every rank calls them in the same order, as MPI requires.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ms::lap {

class Communicator {
 public:
  virtual ~Communicator() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;
  // This rank's index among the ranks on its host (which device it takes).
  virtual int localRank() const = 0;
  // Whether the collectives take device memory (a CUDA-aware MPI), so that GPU ranks skip the host copy.
  virtual bool takesDeviceMemory() const = 0;

  // In place, element by element over all ranks.
  virtual void minInPlace(std::span<int64_t> values) = 0;
  virtual void minInPlace(std::span<double> values) = 0;
  virtual void maxInPlace(std::span<int32_t> values) = 0;
  virtual void sumInPlace(std::span<int64_t> values) = 0;
  virtual void sumInPlace(std::span<double> values) = 0;
  virtual void bitwiseOrInPlace(std::span<uint64_t> values) = 0;
  // Rank `root`'s `values` on every rank.
  virtual void broadcast(std::span<int32_t> values, int root) = 0;
  // Returns once every rank has called it.
  virtual void barrier() = 0;

  // bitwiseOrInPlace for sets that are mostly zero (a BFS level's frontier: a few hundred of n rows): an or
  // of one bit per word first finds the words some rank has set, then only those are combined, two small
  // allreduces instead of one of all the words (docs/multi-gpu-model.md). Sets of fewer than kSparseFromWords
  // words or with over half their words set somewhere, and sets a communicator that takes device memory may
  // have been handed there (the host cannot read them), take the one allreduce.
  void sparseBitwiseOrInPlace(std::span<uint64_t> words);
  static constexpr std::size_t kSparseFromWords = 1024;

  // Whether `value` is the same on every rank: min(~x) is ~max(x), so one reduction gives both ends.
  bool sameOnEveryRank(int64_t value) {
    int64_t ends[2] = {value, ~value};
    minInPlace(ends);
    return ends[0] == ~ends[1];
  }

  template <class V>
  V min(V value) {
    minInPlace(std::span<V>(&value, 1));
    return value;
  }
  template <class V>
  V sum(V value) {
    sumInPlace(std::span<V>(&value, 1));
    return value;
  }

 private:
  // sparseBitwiseOrInPlace's buffers, kept from call to call (it runs once per BFS level): bit w of setWords_
  // says that word w is set on some rank; packedWords_ holds those words in index order.
  std::vector<uint64_t> setWords_, packedWords_;
};

}  // namespace ms::lap
