#pragma once
// Loop execution for the CPU kernel sets. The sequential and OpenMP kernel sets are the same kernel code run
// under one of these two policies, so the two backends cannot drift apart.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>

namespace ms::lap {

// Identity of a min-reduction: +inf where the type has one, so "nothing found" is recognisable as infinity.
template <class V>
constexpr V minIdentity() {
  return std::numeric_limits<V>::has_infinity ? std::numeric_limits<V>::infinity()
                                              : std::numeric_limits<V>::max();
}

// Loops with less total work than this run on the calling thread: below it, starting a parallel region
// costs more than the loop (and on an oversubscribed machine, far more).
inline constexpr int64_t kMinParallelWork = int64_t{1} << 15;

// `workPerItem` estimates the elementary operations of one loop iteration, to decide on parallelism.
struct SequentialExecution {
  int parallelism() const { return 1; }

  template <class F>
  void forEach(int32_t count, int64_t /*workPerItem*/, F&& body) const {
    for (int32_t k = 0; k < count; ++k) body(k);
  }
  template <class V, class F>
  V minOf(int32_t count, int64_t /*workPerItem*/, F&& value) const {
    V best = minIdentity<V>();
    for (int32_t k = 0; k < count; ++k) {
      const V candidate = value(k);
      if (candidate < best) best = candidate;
    }
    return best;
  }
};

// The paper's OMP-T: every kernel is a `#pragma omp parallel for` over its rows, columns or frontier.
struct OpenMpExecution {
  int threads = 1;

  // About eight chunks per thread: enough to balance uneven items, few enough to keep scheduling cheap.
  // (A fixed chunk is wrong for short loops such as the tree variant's few dozen column blocks.)
  int32_t chunkSize(int32_t count) const { return std::clamp(count / (8 * threads), 1, 64); }
  int parallelism() const { return threads; }

  template <class F>
  void forEach(int32_t count, int64_t workPerItem, F&& body) const {
    // Dynamic chunks: frontier rows have adjacency lists of very different lengths.
    const int32_t chunk = chunkSize(count);
#pragma omp parallel for schedule(dynamic, chunk) \
    num_threads(threads) if (count * workPerItem >= kMinParallelWork)
    for (int32_t k = 0; k < count; ++k) body(k);
  }
  template <class V, class F>
  V minOf(int32_t count, int64_t workPerItem, F&& value) const {
    V best = minIdentity<V>();
    const int32_t chunk = chunkSize(count);
#pragma omp parallel for schedule(dynamic, chunk) reduction(min     \
                                                            : best) \
    num_threads(threads) if (count * workPerItem >= kMinParallelWork)
    for (int32_t k = 0; k < count; ++k) {
      const V candidate = value(k);
      if (candidate < best) best = candidate;
    }
    return best;
  }
};

// Shared arrays that several threads of one kernel may write race benignly, as in the paper (any one writer
// wins). Relaxed atomics make those races defined behaviour; on x86 they compile to plain moves.
template <class T>
T loadRelaxed(const T& slot) {
  return std::atomic_ref<T>(const_cast<T&>(slot)).load(std::memory_order_relaxed);
}
template <class T>
void storeRelaxed(T& slot, T value) {
  std::atomic_ref<T>(slot).store(value, std::memory_order_relaxed);
}
// True for exactly one caller that finds `slot == from`.
template <class T>
bool claim(T& slot, T from, T to) {
  return std::atomic_ref<T>(slot).compare_exchange_strong(from, to, std::memory_order_relaxed);
}
template <class T>
T fetchAdd(T& counter, T amount) {
  return std::atomic_ref<T>(counter).fetch_add(amount, std::memory_order_relaxed);
}
template <class T>
T fetchIncrement(T& counter) {
  return fetchAdd(counter, T{1});
}

}  // namespace ms::lap
