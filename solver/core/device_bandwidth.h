#pragma once
// The device's memory bandwidth as a device-to-device copy measures it: the yardstick of memory-bound
// kernels (how long reading a matrix once takes).

#include <cstddef>

namespace ms {

// Median over `repeats` timed copies of a `bytes` buffer (after one warm-up), in GB/s counting the bytes read
// and the bytes written. Throws SolveError when no CUDA device is usable or the buffers do not fit.
double measureDeviceCopyBandwidth(std::size_t bytes, int repeats);

}  // namespace ms
