// The cost of the distributed Hungarian's exchanges (solver/lap/hungarian/distributed/): the communicator's
// collectives, timed on their own over message sizes from one value to a few n-sized arrays, so that the
// scaling model (bench/lap/multi_gpu_model.py, docs/multi-gpu-model.md) can fit a latency and a bandwidth.
//
//   mpirun -np P exchange_cost [REPEATS] > exchange-pP.csv
//
// Rank 0 writes one CSV row per collective and size: the median and the mean over REPEATS calls of the
// slowest rank's time (each call starts after a barrier). A solve pays the mean: on a machine whose cores
// other processes share, a rank that is not scheduled delays the collective, and the mean shows it.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "solver/lap/hungarian/distributed/mpi_communicator.h"

namespace {

using ms::lap::Communicator;

struct Timing {
  double medianUs, meanUs;
};

Timing timeCollective(Communicator& communicator, int repeats, const std::function<void()>& call) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    communicator.barrier();
    const auto start = std::chrono::steady_clock::now();
    call();
    double elapsed =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    elapsed = -communicator.min(-elapsed);  // the slowest rank's
    times.push_back(elapsed);
  }
  double sum = 0;
  for (const double t : times) sum += t;
  std::nth_element(times.begin(), times.begin() + repeats / 2, times.end());
  return {times[static_cast<std::size_t>(repeats / 2)], sum / repeats};
}

}  // namespace

int main(int argc, char** argv) {
  ms::lap::MpiSession session(&argc, &argv);
  ms::lap::MpiCommunicator communicator;
  const int repeats = argc > 1 ? std::max(3, std::atoi(argv[1])) : 200;
  if (communicator.rank() == 0) std::printf("ranks,operation,bytes,median_us,mean_us\n");
  // 8 bytes (theta), then up to 8 * 40000 bytes (the assignment broadcast of n = 40000).
  for (std::size_t bytes = 8; bytes <= std::size_t{1} << 19; bytes *= 4) {
    std::vector<uint64_t> bits(bytes / 8, communicator.rank());
    std::vector<int32_t> ints(bytes / 4, communicator.rank());
    const Timing orTime = timeCollective(communicator, repeats, [&] { communicator.bitwiseOrInPlace(bits); });
    const Timing maxTime = timeCollective(communicator, repeats, [&] { communicator.maxInPlace(ints); });
    const Timing broadcastTime =
        timeCollective(communicator, repeats, [&] { communicator.broadcast(ints, 0); });
    if (communicator.rank() == 0) {
      const int ranks = communicator.size();
      std::printf("%d,allreduce_or,%zu,%.3f,%.3f\n", ranks, bytes, orTime.medianUs, orTime.meanUs);
      std::printf("%d,allreduce_max,%zu,%.3f,%.3f\n", ranks, bytes, maxTime.medianUs, maxTime.meanUs);
      std::printf("%d,broadcast,%zu,%.3f,%.3f\n", ranks, bytes, broadcastTime.medianUs, broadcastTime.meanUs);
    }
  }
  return 0;
}
