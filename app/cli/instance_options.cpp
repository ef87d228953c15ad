#include "app/cli/instance_options.h"

#include "app/cli/option_checks.h"
#include "solver/lap/generators.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::cli {

void addInstanceOptions(CLI::App& command, InstanceOptions& options) {
  auto* input = command.add_option("--input", options.input,
                                   "Instance file: .npy, or text (whitespace/comma, # comments)");
  auto* generator =
      command
          .add_option("--generate", options.generator,
                      "Generate an instance instead of reading one (LAP: uniform, real, exponential, "
                      "euclidean; matching: uniform, exponential, geometric; hypergraph: flickr, wikipedia, "
                      "stanford, stanford-berkeley, heavy-columns, random-hypergraph)")
          ->check(CLI::IsMember({"uniform", "real", "exponential", "euclidean", "geometric", "flickr",
                                 "wikipedia", "stanford", "stanford-berkeley", "heavy-columns",
                                 "random-hypergraph"}));
  input->excludes(generator);
  command
      .add_option("--n", options.n, "Size of the generated instance (hypergraph profiles: 0 = original size)")
      ->check(integerAtLeast<int32_t>(0));
  command
      .add_option("--range", options.range, "Integer cost range of 'uniform': [0, n/10), [0, n) or [0, 10n)")
      ->check(CLI::IsMember({"n/10", "n", "10n"}))
      ->capture_default_str();
  command.add_option("--seed", options.seed, "Random seed of the generator")
      ->check(integerAtLeast<uint64_t>(0))
      ->capture_default_str();
  command
      .add_option(
          "--stream", options.stream,
          "LAP generators: sequential (one stream over the matrix) or counter (entry (i,j) from (seed,i,j) "
          "alone: the instance every rank count of matchscope-mpi generates slice by slice)")
      ->check(CLI::IsMember({"sequential", "counter"}))
      ->capture_default_str();
}

lap::GeneratorSpec generatorSpec(const InstanceOptions& options, std::string* description) {
  if (options.generator.empty()) throw CLI::ValidationError("give --input FILE or --generate KIND --n N");
  if (options.n <= 0) throw CLI::ValidationError("--generate needs --n N");
  if (options.generator == "geometric")
    throw CLI::ValidationError("--generate geometric needs --problem matching");
  lap::GeneratorSpec spec{lap::parseGenerator(options.generator), options.n,
                          lap::parseCostRange(options.range), options.seed,
                          lap::parseGeneratorStream(options.stream)};
  *description = options.generator + " n=" + std::to_string(options.n) +
                 (spec.generator == lap::Generator::Uniform
                      ? " range=[0," + std::to_string(lap::costRangeBound(spec.range, spec.n)) + ")"
                      : "") +
                 " seed=" + std::to_string(options.seed) +
                 (spec.stream == lap::GeneratorStream::Counter ? " stream=counter" : "");
  return spec;
}

lap::AnyCostMatrix loadInstance(const InstanceOptions& options, std::string* description) {
  if (!options.input.empty()) {
    *description = options.input;
    return lap::readCostMatrix(options.input);
  }
  const lap::GeneratorSpec spec = generatorSpec(options, description);
  return lap::generate(spec);
}

void addGranularityOption(CLI::App& command, std::string& granularity) {
  command
      .add_option("--granularity", granularity,
                  "Hungarian step size: search (whole iterations per step, on the device for cuda) or phase "
                  "(one BFS level or dual update per step, as the studio steps)")
      ->check(CLI::IsMember({"search", "phase"}))
      ->capture_default_str();
}

}  // namespace ms::cli
