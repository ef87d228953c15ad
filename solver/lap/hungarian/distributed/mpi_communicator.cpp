#include "solver/lap/hungarian/distributed/mpi_communicator.h"

#include <mpi.h>
// Open MPI's extensions: MPIX_Query_cuda_support() (in every build, CUDA-aware or not).
#include <mpi-ext.h>

#include <cstdlib>
#include <string>

#include "solver/core/errors.h"

namespace ms::lap {
namespace {

void check(int status, const char* call) {
  if (status == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  throw SolveError(std::string(call) + " failed: " + std::string(text, static_cast<std::size_t>(length)));
}

template <class V>
void allReduce(std::span<V> values, MPI_Datatype type, MPI_Op op, const char* call) {
  check(MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), type, op, MPI_COMM_WORLD),
        call);
}

}  // namespace

MpiSession::MpiSession(int* argc, char*** argv) {
  int provided = 0;
  check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  // Errors come back as codes, so that check() turns them into exceptions with MPI's text.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

MpiSession::~MpiSession() {
  MPI_Finalize();
}

void MpiSession::abort(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

MpiCommunicator::MpiCommunicator() {
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
  MPI_Comm host = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &host),
        "MPI_Comm_split_type");
  check(MPI_Comm_rank(host, &localRank_), "MPI_Comm_rank");
  MPI_Comm_free(&host);
#if defined(MPIX_CUDA_AWARE_SUPPORT)
  // The compile-time macro says what the headers were built with; the library in use may differ.
  cudaAware_ = MPIX_Query_cuda_support() == 1;
#endif
}

void MpiCommunicator::minInPlace(std::span<int64_t> values) {
  allReduce(values, MPI_INT64_T, MPI_MIN, "MPI_Allreduce(min)");
}
void MpiCommunicator::minInPlace(std::span<double> values) {
  allReduce(values, MPI_DOUBLE, MPI_MIN, "MPI_Allreduce(min)");
}
void MpiCommunicator::maxInPlace(std::span<int32_t> values) {
  allReduce(values, MPI_INT32_T, MPI_MAX, "MPI_Allreduce(max)");
}
void MpiCommunicator::sumInPlace(std::span<int64_t> values) {
  allReduce(values, MPI_INT64_T, MPI_SUM, "MPI_Allreduce(sum)");
}
void MpiCommunicator::sumInPlace(std::span<double> values) {
  allReduce(values, MPI_DOUBLE, MPI_SUM, "MPI_Allreduce(sum)");
}

void MpiCommunicator::bitwiseOrInPlace(std::span<uint64_t> values) {
  allReduce(values, MPI_UINT64_T, MPI_BOR, "MPI_Allreduce(bor)");
}

void MpiCommunicator::broadcast(std::span<int32_t> values, int root) {
  check(MPI_Bcast(values.data(), static_cast<int>(values.size()), MPI_INT32_T, root, MPI_COMM_WORLD),
        "MPI_Bcast");
}

void MpiCommunicator::barrier() {
  check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
}

}  // namespace ms::lap
