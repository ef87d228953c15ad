#include "solver/matching/matching_solver.h"

#include <stdexcept>
#include <string>
#include <thread>

#include "solver/core/errors.h"
#include "solver/matching/cpu/openmp_roma_kernels.h"
#include "solver/matching/cpu/sequential_roma_kernels.h"
#include "solver/matching/cuda/cuda_roma.h"
#include "solver/matching/exact.h"
#include "solver/matching/greedy.h"
#include "solver/matching/roma.h"

namespace ms::matching {

std::string_view matchingAlgorithmName(MatchingAlgorithm algorithm) {
  switch (algorithm) {
    case MatchingAlgorithm::Greedy:
      return "greedy";
    case MatchingAlgorithm::Roma:
      return "roma";
    case MatchingAlgorithm::ParallelRoma1:
      return "parallel-roma-1";
    case MatchingAlgorithm::ParallelRoma2:
      return "parallel-roma-2";
    case MatchingAlgorithm::Exact:
      return "exact";
  }
  return "unknown";
}

std::string_view initialMatchingName(InitialMatching initial) {
  switch (initial) {
    case InitialMatching::Neighbour:
      return "neighbour";
    case InitialMatching::Half:
      return "half";
    case InitialMatching::Shuffled:
      return "shuffled";
    case InitialMatching::Greedy:
      return "greedy";
  }
  return "unknown";
}

MatchingAlgorithm parseMatchingAlgorithm(std::string_view text) {
  for (auto algorithm : {MatchingAlgorithm::Greedy, MatchingAlgorithm::Roma, MatchingAlgorithm::ParallelRoma1,
                         MatchingAlgorithm::ParallelRoma2, MatchingAlgorithm::Exact}) {
    if (text == matchingAlgorithmName(algorithm)) return algorithm;
  }
  throw std::invalid_argument("unknown matching algorithm '" + std::string(text) +
                              "' (expected greedy, roma, parallel-roma-1, parallel-roma-2 or exact)");
}

InitialMatching parseInitialMatching(std::string_view text) {
  for (auto initial : {InitialMatching::Neighbour, InitialMatching::Half, InitialMatching::Shuffled,
                       InitialMatching::Greedy}) {
    if (text == initialMatchingName(initial)) return initial;
  }
  throw std::invalid_argument("unknown initial matching '" + std::string(text) +
                              "' (expected neighbour, half, shuffled or greedy)");
}

namespace {

template <MatchingAlgorithm kVariant>
std::unique_ptr<MatchingSolver> makeOpenMpRoma(const MaximisedGraph& graph, const MatchingOptions& options) {
  // The sequential backend is the OpenMP kernel set on one thread: the same phase, without concurrency.
  const int threads = options.backend == lap::Backend::Sequential ? 1
                      : options.threads > 0
                          ? options.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::string name = std::string(matchingAlgorithmName(kVariant)) + "/omp" + std::to_string(threads);
  return std::make_unique<Roma<OpenMpRomaKernels<kVariant>>>(
      name, graph, OpenMpRomaKernels<kVariant>(graph.maximised(), threads, options.flipRetries), options);
}

}  // namespace

std::unique_ptr<MatchingSolver> makeMatchingSolver(const CompleteGraph& given,
                                                   const MatchingOptions& options) {
  if (given.vertexCount() % 2 != 0) {
    throw SolveError("the matching solvers take an even vertex count; pad odd graphs first (PreparedGraph)");
  }
  if (options.maxPhases < 0) throw SolveError("the number of phases cannot be negative");
  if (options.flipRetries < 0) throw SolveError("the number of flip retries cannot be negative");
  const bool parallel = options.algorithm == MatchingAlgorithm::ParallelRoma1 ||
                        options.algorithm == MatchingAlgorithm::ParallelRoma2;
  if (options.backend == lap::Backend::Auto) {
    throw SolveError("makeMatchingSolver: resolve the backend first (lap::resolveBackend)");
  }
  if (options.backend == lap::Backend::Cuda) {
    if (!parallel) {
      throw SolveError(std::string(matchingAlgorithmName(options.algorithm)) +
                       " runs on the CPU only; the CUDA backend serves parallel-roma-1 and parallel-roma-2");
    }
    return makeCudaRoma(MaximisedGraph(given, options.objective), options);
  }
  const MaximisedGraph graph(given, options.objective);
  switch (options.algorithm) {
    case MatchingAlgorithm::Greedy:
      return makeGreedySolver(graph);
    case MatchingAlgorithm::Exact:
      return makeExactSolver(graph);
    case MatchingAlgorithm::Roma:
      return std::make_unique<Roma<SequentialRomaKernels>>(
          "roma/sequential", graph, SequentialRomaKernels(graph.maximised(), options.seed), options);
    case MatchingAlgorithm::ParallelRoma1:
      return makeOpenMpRoma<MatchingAlgorithm::ParallelRoma1>(graph, options);
    case MatchingAlgorithm::ParallelRoma2:
      return makeOpenMpRoma<MatchingAlgorithm::ParallelRoma2>(graph, options);
  }
  throw SolveError("unknown matching algorithm");
}

}  // namespace ms::matching
