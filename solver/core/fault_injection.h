#pragma once
// Test hooks that make rare failures happen on demand, read from the environment once per process:
//   MATCHSCOPE_FAIL_DEVICE_ALLOCATION=K   the K-th device buffer allocation of the process (counted from 1,
//                                         LAP and matching CUDA backends alike) fails as the GPU running out
//                                         of memory does (cudaErrorMemoryAllocation).
// Unset, as always outside tests, a hook costs one comparison per allocation.

namespace ms {

// Called once per device allocation, before it: true when this one is to fail.
bool deviceAllocationFailureInjected();

}  // namespace ms
