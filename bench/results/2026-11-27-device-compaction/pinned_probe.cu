// How long page-locking host memory takes on the GPU machine: cudaMallocHost of the sizes a wikipedia-like
// level download needs (about 400 MB) and a flickr-like one (about 90 MB), cold (first allocation of the
// process) and again after a free, with the first write over the block timed apart.
//   nvcc -O2 -arch=sm_90 pinned_probe.cu -o pinned_probe && ./pinned_probe
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstring>

static double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

int main() {
  cudaFree(nullptr);  // the context first, as the CLI creates it while reading the file
  for (size_t mb : {400, 90, 400}) {
    void* p = nullptr;
    auto t = std::chrono::steady_clock::now();
    cudaMallocHost(&p, mb << 20);
    const double alloc = msSince(t);
    t = std::chrono::steady_clock::now();
    std::memset(p, 1, mb << 20);
    const double touch = msSince(t);
    t = std::chrono::steady_clock::now();
    cudaFreeHost(p);
    std::printf("cudaMallocHost %zu MB: %.1f ms, first write %.1f ms, cudaFreeHost %.1f ms\n", mb, alloc,
                touch, msSince(t));
  }
  return 0;
}
