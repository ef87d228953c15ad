#pragma once
// Communicator over Open MPI's MPI_COMM_WORLD: one process per rank, started by mpirun.

#include "solver/lap/hungarian/distributed/communicator.h"

namespace ms::lap {

// Initialises MPI for the life of the object (MPI_Init_thread, funneled: the OpenMP kernels call no MPI) and
// finalises it at the end. One per process, created first thing in main().
class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  // Ends every rank of MPI_COMM_WORLD with `status` (MPI_Abort).
  [[noreturn]] void abort(int status);
};

class MpiCommunicator final : public Communicator {
 public:
  MpiCommunicator();  // MPI_COMM_WORLD; an MpiSession must be alive

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int localRank() const override { return localRank_; }
  bool takesDeviceMemory() const override { return cudaAware_; }
  void minInPlace(std::span<int64_t> values) override;
  void minInPlace(std::span<double> values) override;
  void maxInPlace(std::span<int32_t> values) override;
  void sumInPlace(std::span<int64_t> values) override;
  void sumInPlace(std::span<double> values) override;
  void bitwiseOrInPlace(std::span<uint64_t> values) override;
  void broadcast(std::span<int32_t> values, int root) override;
  void barrier() override;

 private:
  int rank_ = 0;
  int size_ = 1;
  int localRank_ = 0;
  bool cudaAware_ = false;  // Open MPI's MPIX_Query_cuda_support(), asked at run time
};

}  // namespace ms::lap
