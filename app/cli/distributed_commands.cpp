#include "app/cli/distributed_commands.h"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/assignment_output.h"
#include "app/cli/bench_support.h"
#include "app/cli/cli_main.h"
#include "app/cli/exit_codes.h"
#include "app/cli/instance_options.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/csv_table.h"
#include "solver/core/errors.h"
#include "solver/core/fingerprint.h"
#include "solver/core/number_format.h"
#include "solver/core/provenance.h"
#include "solver/core/trace.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/generators.h"
#include "solver/lap/hungarian/distributed/distributed_cuda.h"
#include "solver/lap/hungarian/distributed/distributed_solver.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::cli {
namespace {

// This rank's part of the instance.
struct SliceInstance {
  lap::AnyCostMatrix costs;
  lap::MatrixSlice slice;
  std::string description;
  Fingerprint read;  // what this rank read that every rank reads alike (requireSameInstance)
};

// What identifies a .npy file that each rank reads only part of: its size and its first bytes (the header
// with shape and dtype, and the leading costs), which every rank reads alike.
void addNpyIdentity(const std::string& path, Fingerprint& fingerprint) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> head(1 << 16);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  const auto size = static_cast<uint64_t>(std::filesystem::file_size(path));
  fingerprint.add(&size, sizeof size).add(head.data(), static_cast<std::size_t>(in.gcount()));
}

// Every rank must split the same instance: the ranks compare its fingerprint (name, size and type, and what
// they read), and all stop with one line when any differs (a file that differs between hosts).
void requireSameInstance(lap::Communicator& communicator, const SliceInstance& instance) {
  Fingerprint fingerprint = instance.read;
  fingerprint.add(instance.description).add(&instance.slice.n, sizeof instance.slice.n);
  const std::size_t type = instance.costs.index();
  fingerprint.add(&type, sizeof type);
  if (communicator.sameOnEveryRank(static_cast<int64_t>(fingerprint.value()))) return;
  throw SharedFailure(kExitBadInput, communicator.rank() != 0
                                         ? ""
                                         : instance.description +
                                               ": the ranks read different instances (size, type or "
                                               "content differ between them); give every rank the same file");
}

// Runs `load` on every rank; when it throws on any, every rank stops with the lowest failing rank's message
// printed once (a file missing on one host), instead of one rank ending the others mid-collective.
template <class Load>
auto onEveryRankOrNone(lap::Communicator& communicator, Load load) -> decltype(load()) {
  std::string problem;
  int status = kExitOk;
  decltype(load()) result{};
  try {
    result = load();
  } catch (const CLI::ParseError& error) {
    problem = error.what();
    status = kExitUsage;
  } catch (const std::exception& error) {
    problem = error.what();
    status = kExitBadInput;
  }
  const int64_t reporter =
      communicator.min(int64_t{status == kExitOk ? communicator.size() : communicator.rank()});
  if (reporter == communicator.size()) return result;
  const int64_t sharedStatus =
      communicator.min(int64_t{reporter == communicator.rank() ? status : kExitUsage});
  throw SharedFailure(static_cast<int>(sharedStatus), reporter == communicator.rank() ? problem : "");
}

// The range every rank's kernels sum in (int64 duals exact, floating sums finite; cost_range.h), from the
// largest |cost| of the whole matrix, refused in one line from rank 0.
template <lap::CostType T>
void requireSummableCosts(const lap::CostMatrix<T>& costs, int32_t n, lap::Communicator& communicator) {
  if constexpr (!std::is_same_v<T, int32_t>) {
    const lap::DualOf<T> largest = -communicator.min(-lap::maxAbsFiniteCost(costs));
    try {
      lap::requireSummableRange<T>(largest, n);
    } catch (const SolveError& error) {
      throw SharedFailure(kExitBadInput, communicator.rank() == 0 ? error.what() : "");
    }
  }
}

// .npy is read by offset (only the slice); text has no offsets, so every rank parses the whole file and keeps
// its part; generators use the counter stream, which draws each entry from (seed, i, j) alone.
SliceInstance loadSlice(const InstanceOptions& options, lap::SliceAxis axis,
                        const lap::Communicator& communicator) {
  SliceInstance out;
  if (!options.input.empty()) {
    // Under mpirun standard input reaches rank 0 only.
    if (options.input == "-")
      throw CLI::ValidationError("--input", "a distributed solve reads files, not stdin");
    out.description = options.input;
    if (std::filesystem::path(options.input).extension() == ".npy") {
      out.costs =
          lap::readNpySlice(options.input, axis, communicator.rank(), communicator.size(), &out.slice);
      addNpyIdentity(options.input, out.read);
      return out;
    }
    const lap::AnyCostMatrix whole = lap::readCostMatrix(options.input);
    std::visit(
        [&](const auto& matrix) {
          if (!matrix.isSquare())
            throw SolveError(options.input + ": a distributed solve takes a square matrix");
          out.slice = lap::sliceOf(matrix.rows(), axis, communicator.rank(), communicator.size());
          std::decay_t<decltype(matrix)> part(out.slice.rows(), out.slice.cols());
          part.eigen() = matrix.eigen().block(out.slice.rowBegin, out.slice.colBegin, out.slice.rows(),
                                              out.slice.cols());
          out.costs = std::move(part);
          out.read.add(matrix.data(), static_cast<std::size_t>(matrix.size()) * sizeof(matrix.data()[0]));
        },
        whole);
    return out;
  }
  const lap::GeneratorSpec spec = generatorSpec(options, &out.description);
  if (spec.stream != lap::GeneratorStream::Counter) {
    throw CLI::ValidationError("--stream",
                               "a distributed solve generates slice by slice: use --stream counter");
  }
  out.slice = lap::sliceOf(spec.n, axis, communicator.rank(), communicator.size());
  out.costs = lap::generateSlice(spec, out.slice);  // the generator's parameters are in the description
  return out;
}

// Every rank's `value`, in rank order, on every rank.
std::vector<double> perRank(lap::Communicator& communicator, double value) {
  std::vector<double> values(static_cast<std::size_t>(communicator.size()), 0.0);
  values[static_cast<std::size_t>(communicator.rank())] = value;
  communicator.sumInPlace(values);
  return values;
}

std::string joined(const std::vector<double>& values, char separator) {
  std::string out;
  for (const double v : values) out += (out.empty() ? "" : std::string(1, separator)) + formatNumber(v);
  return out;
}

double sliceMegabytes(const lap::AnyCostMatrix& costs) {
  return std::visit([](const auto& m) { return static_cast<double>(m.size()) * sizeof(m.data()[0]) / 1e6; },
                    costs);
}

// "trace.csv" -> "trace.rank1.csv": each rank writes its own trace, with its own step times.
std::filesystem::path rankPath(const std::filesystem::path& path, int rank) {
  std::filesystem::path out = path;
  out.replace_filename(path.stem().string() + ".rank" + std::to_string(rank) + path.extension().string());
  return out;
}

template <lap::CostType T>
struct DistributedRun {
  lap::LapSolution<T> solution;
  Trace trace;
  std::string algorithmName;
  std::vector<double> rankMs;         // each rank's time from its slice in memory to the solution
  lap::DeviceMemoryUse deviceMemory;  // this rank's (CUDA backend)
};

template <lap::CostType T>
DistributedRun<T> runDistributed(const lap::CostMatrix<T>& costs, const lap::MatrixSlice& slice,
                                 const lap::LapOptions& options, lap::Communicator& communicator) {
  communicator.barrier();  // the ranks start their clocks together
  const auto start = std::chrono::steady_clock::now();
  DistributedRun<T> run;
  auto solver = lap::makeDistributedLapSolver(costs, slice, options, communicator, &run.deviceMemory);
  // Every rank finds an infeasible instance so at the same step (each holds the whole state): rank 0 says so
  // once, and all end with the same status instead of aborting each other.
  try {
    run.trace = runToEnd(*solver);
  } catch (const InfeasibleError& error) {
    throw SharedFailure(kExitInfeasible, communicator.rank() == 0 ? error.what() : "");
  }
  run.solution = solver->solution();
  run.algorithmName = std::string(solver->algorithmName());
  run.rankMs =
      perRank(communicator,
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  return run;
}

// The CUDA backend: each rank's device and its device memory, measured by the set-up step (cudaMemGetInfo
// before and after, one rank at a time) next to the sum of its buffers (the slice and the O(n) state).
void printDeviceMemory(const lap::DeviceMemoryUse& memory, lap::Communicator& communicator) {
  const std::vector<double> devices = perRank(communicator, memory.device);
  const std::vector<double> measured = perRank(communicator, memory.measuredBytes / 1e6);
  const std::vector<double> expected = perRank(communicator, memory.expectedBytes / 1e6);
  const std::vector<double> slices = perRank(communicator, memory.sliceBytes / 1e6);
  if (communicator.rank() != 0) return;
  std::printf("device: %s\n", memory.deviceName.c_str());
  std::printf("rank_devices: %s\n", joined(devices, ' ').c_str());
  std::printf("device_mb: %s\n", joined(measured, ' ').c_str());
  std::printf("expected_device_mb: %s\n", joined(expected, ' ').c_str());
  std::printf("device_slice_mb: %s\n", joined(slices, ' ').c_str());
}

// mpirun binds each of 1 or 2 ranks to one core by default: the rank's OpenMP threads would then share it.
void warnIfThreadsShareCores(lap::Backend backend, int threads, const lap::Communicator& communicator) {
  cpu_set_t allowed;
  if (backend != lap::Backend::Cpu || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  const int cores = CPU_COUNT(&allowed);
  if (cores < threads) {
    std::fprintf(stderr,
                 "matchscope-mpi: notice: rank %d may run on %d core(s) only, so its %d OpenMP threads share "
                 "them; give mpirun --bind-to none (or --map-by slot:PE=%d)\n",
                 communicator.rank(), cores, threads, threads);
  }
}

struct DistributedSolveOptions {
  InstanceOptions instance;
  std::string algorithm = "classical";
  std::string backend = "cpu";
  std::string granularity = "search";
  int threads = 1;
  bool verify = false;
  std::string traceOut;
  std::string assignmentOut;
};

template <lap::CostType T>
void solveSlice(const lap::CostMatrix<T>& costs, const SliceInstance& instance,
                const DistributedSolveOptions& options, lap::Communicator& communicator) {
  const bool root = communicator.rank() == 0;
  const lap::LapOptions lapOptions{lap::parseLapAlgorithm(options.algorithm),
                                   lap::parseBackend(options.backend), options.threads,
                                   lap::parseGranularity(options.granularity)};
  warnIfThreadsShareCores(lapOptions.backend, options.threads, communicator);
  requireSummableCosts(costs, instance.slice.n, communicator);
  const DistributedRun<T> run = runDistributed(costs, instance.slice, lapOptions, communicator);
  const std::vector<double> sliceMb = perRank(communicator, sliceMegabytes(instance.costs));
  if (root) {
    std::printf("instance: %s (%d x %d, %s)\n", instance.description.c_str(), instance.slice.n,
                instance.slice.n, std::string(lap::costTypeName<T>()).c_str());
    std::printf("ranks: %d (%s split)\n", communicator.size(),
                lap::distributedSliceAxis(lapOptions.algorithm) == lap::SliceAxis::Rows ? "rows" : "columns");
    std::printf("algorithm: %s\n", run.algorithmName.c_str());
    std::printf("objective: %s\n", formatNumber(run.solution.objective).c_str());
    std::printf("iterations: %d\n", run.solution.iterations);
    std::printf("steps: %zu\n", run.trace.records().size());
    std::printf("time_ms: %s\n",
                formatNumber(*std::max_element(run.rankMs.begin(), run.rankMs.end())).c_str());
    std::printf("rank_ms: %s\n", joined(run.rankMs, ' ').c_str());
    std::printf("slice_mb: %s\n", joined(sliceMb, ' ').c_str());
  }
  if (lapOptions.backend == lap::Backend::Cuda) printDeviceMemory(run.deviceMemory, communicator);
  if (options.verify) {
    std::string problem;
    const bool valid = lap::certifyDistributed(costs, instance.slice, run.solution, communicator, &problem);
    if (!problem.empty()) std::fprintf(stderr, "rank %d: %s\n", communicator.rank(), problem.c_str());
    if (root) std::printf("certificate: %s\n", valid ? "valid" : "INVALID");
    if (!valid) throw SolveError("the dual certificate does not hold");
  }
  if (!options.traceOut.empty()) run.trace.writeCsvFile(rankPath(options.traceOut, communicator.rank()));
  if (root && !options.assignmentOut.empty())
    writeAssignmentCsv(options.assignmentOut, run.solution.rowToCol);
}

void addAlgorithmOptions(CLI::App& command, std::string& backend, int& threads, std::string& granularity) {
  command
      .add_option("--backend", backend,
                  "Kernel set of every rank: cpu (OpenMP), sequential or cuda (device local rank modulo "
                  "the visible devices)")
      ->check(CLI::IsMember({"cpu", "sequential", "cuda"}))
      ->capture_default_str();
  command.add_option("--threads", threads, "OpenMP threads per rank (cpu backend)")
      ->check(integerIn(1, kMaxThreads))
      ->capture_default_str();
  addGranularityOption(command, granularity);
}

void addSolve(CLI::App& app, lap::Communicator& communicator) {
  auto options = std::make_shared<DistributedSolveOptions>();
  options->instance.stream = "counter";
  CLI::App* solve = app.add_subcommand("solve", "Solve one instance, each rank holding its slice");
  addInstanceOptions(*solve, options->instance);
  solve
      ->add_option("--algorithm", options->algorithm,
                   "classical (rows split over the ranks) or tree (columns)")
      ->check(CLI::IsMember({"classical", "tree"}))
      ->capture_default_str();
  addAlgorithmOptions(*solve, options->backend, options->threads, options->granularity);
  solve->add_flag("--verify", options->verify, "Check the dual certificate (each rank on its slice)");
  solve
      ->add_option("--trace-out", options->traceOut,
                   "Step trace CSV; each rank writes its own, NAME.rank<k>.csv, with its own step times")
      ->check(CLI::Validator(
          [](const std::string& path) {
            return path == "-" || path.rfind("/dev/", 0) == 0
                       ? "each rank writes its own file NAME.rank<k>.csv: give a file name, not " + path
                       : std::string();
          },
          "FILE"))
      ->check(outputFormat(kCsvFile));
  solve
      ->add_option("--assignment-out", options->assignmentOut,
                   "Write the assignment as CSV (row,col), rank 0")
      ->check(outputFormat(kCsvFile));
  solve->callback([options, &communicator] {
    // Each rank checks its own outputs (the trace names differ by rank); any refusal stops all of them.
    onEveryRankOrNone(communicator, [&] {
      requireOutputsApartFromInput(
          options->instance.input,
          {{"--assignment-out", options->assignmentOut},
           {"--trace-out",
            options->traceOut.empty() ? "" : rankPath(options->traceOut, communicator.rank()).string()}});
      return 0;
    });
    const SliceInstance instance = onEveryRankOrNone(communicator, [&] {
      if (lap::parseBackend(options->backend) == lap::Backend::Cuda) lap::prepareRankDevice(communicator);
      return loadSlice(options->instance,
                       lap::distributedSliceAxis(lap::parseLapAlgorithm(options->algorithm)), communicator);
    });
    requireSameInstance(communicator, instance);
    std::visit([&](const auto& costs) { solveSlice(costs, instance, *options, communicator); },
               instance.costs);
  });
}

struct DistributedBenchOptions {
  std::string preset = "weak";
  std::vector<int32_t> sizes;
  std::vector<std::string> algorithms = {"classical", "tree"};
  std::string backend = "cpu";
  std::string granularity = "search";
  int threads = 1;
  int repeats = 3;
  int warmups = 1;
  uint64_t seed = 1;
  std::string output;
};

// Date & Nagi's Section 6.3 on [0, 10n): weak scaling grows n with sqrt(P) from 10000 on one device (about
// 10^8 costs per device); strong scaling keeps n fixed (their 20000, and 40000 here).
std::vector<int32_t> presetSizes(const std::string& preset, int ranks) {
  if (preset == "weak")
    return {static_cast<int32_t>(std::lround(10000.0 * std::sqrt(static_cast<double>(ranks))))};
  return {20000, 40000};
}

void runDistributedBench(DistributedBenchOptions options, lap::Communicator& communicator) {
  const bool root = communicator.rank() == 0;
  const int ranks = communicator.size();
  if (options.sizes.empty()) options.sizes = presetSizes(options.preset, ranks);
  if (options.output.empty())
    options.output = "bench-" + options.preset + "-p" + std::to_string(ranks) + ".csv";
  const lap::Backend backend = lap::parseBackend(options.backend);
  warnIfThreadsShareCores(backend, options.threads, communicator);
  if (backend == lap::Backend::Cuda) lap::prepareRankDevice(communicator);  // page-locked slices
  std::vector<std::string> columns = {"device",    "preset",      "ranks",      "n",       "range",
                                      "seed",      "algorithm",   "backend",    "threads", "repeat",
                                      "objective", "certificate", "iterations", "steps",   "total_ms",
                                      "rank_ms",   "slice_mb",    "device_mb"};
  for (std::string& name : phaseColumnNames()) columns.push_back(std::move(name));
  CsvTable table(std::move(columns));
  addProvenanceColumns(table);
  bool allValid = true;
  for (const int32_t n : options.sizes) {
    for (const std::string& algorithm : options.algorithms) {
      InstanceOptions instanceOptions{"", "uniform", n, "10n", options.seed, "counter"};
      const lap::LapAlgorithm lapAlgorithm = lap::parseLapAlgorithm(algorithm);
      const SliceInstance instance =
          loadSlice(instanceOptions, lap::distributedSliceAxis(lapAlgorithm), communicator);
      requireSameInstance(communicator, instance);
      const auto& costs = std::get<lap::CostMatrix<int32_t>>(instance.costs);
      const lap::LapOptions lapOptions{lapAlgorithm, backend, options.threads,
                                       lap::parseGranularity(options.granularity)};
      const std::vector<double> sliceMb = perRank(communicator, sliceMegabytes(instance.costs));
      for (int w = 0; w < options.warmups; ++w)
        runDistributed(costs, instance.slice, lapOptions, communicator);
      for (int repeat = 0; repeat < options.repeats; ++repeat) {
        const DistributedRun<int32_t> run = runDistributed(costs, instance.slice, lapOptions, communicator);
        // Each rank's device memory, measured by its set-up step (CUDA).
        const std::vector<double> deviceMb = perRank(communicator, run.deviceMemory.measuredBytes / 1e6);
        std::string problem;
        const bool valid = repeat > 0 || lap::certifyDistributed(costs, instance.slice, run.solution,
                                                                 communicator, &problem);
        allValid = allValid && valid;
        const double totalMs = *std::max_element(run.rankMs.begin(), run.rankMs.end());
        // (CUDA: rank 0's device, named without probing device 0 from ranks that use another.)
        const std::string device = backend == lap::Backend::Cuda ? run.deviceMemory.deviceName
                                                                 : deviceName(backend, options.threads);
        CsvTable::Row& row = table.addRow();
        row.set("device", device).set("preset", options.preset);
        row.set("ranks", ranks).set("n", n).set("range", "10n").set("seed", options.seed);
        row.set("algorithm", algorithm).set("backend", options.backend).set("threads", options.threads);
        row.set("repeat", repeat).set("objective", formatNumber(run.solution.objective));
        if (repeat == 0) row.set("certificate", valid ? "valid" : "INVALID");
        row.set("iterations", run.solution.iterations).set("steps", run.trace.records().size());
        row.set("total_ms", totalMs)
            .set("rank_ms", joined(run.rankMs, ';'))
            .set("slice_mb", joined(sliceMb, ';'));
        if (backend == lap::Backend::Cuda) row.set("device_mb", joined(deviceMb, ';'));
        setPhaseColumns(row, run.trace.phaseTotals());  // rank 0's
        if (root)
          std::fprintf(stderr, "%s n=%d P=%d %s: %.1f ms\n", options.preset.c_str(), n, ranks,
                       algorithm.c_str(), totalMs);
      }
    }
  }
  if (root) {
    table.writeFile(options.output);
    std::printf("dual certificates (first timed run of each): %s\n", allValid ? "valid" : "INVALID");
    std::printf("wrote %s\n", options.output.c_str());
  }
  if (!allValid) throw SolveError("invalid dual certificate (see the CSV)");
}

void addBench(CLI::App& app, lap::Communicator& communicator) {
  auto options = std::make_shared<DistributedBenchOptions>();
  CLI::App* bench =
      app.add_subcommand("bench", "Time the distributed solve over the paper's scaling grids; CSV");
  bench
      ->add_option(
          "--preset", options->preset,
          "weak: n = 10000 sqrt(P), [0,10n) (Date & Nagi Table 4); strong: n = 20000 and 40000, [0,10n) "
          "(Table 5); run once per rank count P")
      ->check(CLI::IsMember({"weak", "strong"}))
      ->capture_default_str();
  bench->add_option("--sizes", options->sizes, "Override the preset's sizes")
      ->delimiter(',')
      ->check(integerAtLeast<int32_t>(1));
  bench->add_option("--algorithms", options->algorithms, "classical, tree")
      ->delimiter(',')
      ->check(CLI::IsMember({"classical", "tree"}));
  addAlgorithmOptions(*bench, options->backend, options->threads, options->granularity);
  bench->add_option("--seed", options->seed, "Seed of the counter-stream instances")
      ->check(integerAtLeast<uint64_t>(0))
      ->capture_default_str();
  bench->add_option("--repeats", options->repeats, "Timed runs per size and algorithm")
      ->check(integerIn(1, kMaxBenchRuns))
      ->capture_default_str();
  bench->add_option("--warmups", options->warmups, "Untimed runs before the timed ones")
      ->check(integerIn(0, kMaxBenchRuns))
      ->capture_default_str();
  bench
      ->add_option("--output", options->output,
                   "CSV file, written by rank 0 (default bench-<preset>-p<P>.csv)")
      ->check(outputFormat(kCsvFile));
  bench->callback([options, &communicator] { runDistributedBench(*options, communicator); });
}

}  // namespace

void addDistributedCommands(CLI::App& app, lap::Communicator& communicator) {
  addSolve(app, communicator);
  addBench(app, communicator);
}

}  // namespace ms::cli
