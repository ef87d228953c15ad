#include "app/cli/instance_options.h"

#include "solver/lap/generators.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::cli {

void addInstanceOptions(CLI::App& command, InstanceOptions& options) {
  auto* input = command.add_option("--input", options.input, "Instance file: .npy, or text (whitespace/comma, # comments)");
  auto* generator = command.add_option("--generate", options.generator,
                                       "Generate an instance instead of reading one (LAP: uniform, real, exponential, "
                                       "euclidean; matching: uniform, exponential, geometric)")
                        ->check(CLI::IsMember({"uniform", "real", "exponential", "euclidean", "geometric"}));
  input->excludes(generator);
  command.add_option("--n", options.n, "Size of the generated instance")->check(CLI::PositiveNumber);
  command.add_option("--range", options.range, "Integer cost range of 'uniform': [0, n/10), [0, n) or [0, 10n)")
      ->check(CLI::IsMember({"n/10", "n", "10n"}))
      ->capture_default_str();
  command.add_option("--seed", options.seed, "Random seed of the generator")->capture_default_str();
}

lap::AnyCostMatrix loadInstance(const InstanceOptions& options, std::string* description) {
  if (!options.input.empty()) {
    *description = options.input;
    return lap::readCostMatrix(options.input);
  }
  if (options.generator.empty()) throw CLI::ValidationError("give --input FILE or --generate KIND --n N");
  if (options.n <= 0) throw CLI::ValidationError("--generate needs --n N");
  if (options.generator == "geometric") throw CLI::ValidationError("--generate geometric needs --problem matching");
  lap::GeneratorSpec spec{lap::parseGenerator(options.generator), options.n, lap::parseCostRange(options.range),
                          options.seed};
  *description = options.generator + " n=" + std::to_string(options.n) +
                 (spec.generator == lap::Generator::Uniform
                      ? " range=[0," + std::to_string(lap::costRangeBound(spec.range, spec.n)) + ")"
                      : "") +
                 " seed=" + std::to_string(options.seed);
  return lap::generate(spec);
}

bool isLapAlgorithm(const std::string& name) {
  for (const char* known : kLapAlgorithms) {
    if (name == known) return true;
  }
  return false;
}

lap::LapAlgorithm parseAlgorithm(const std::string& name) {
  if (name == "classical") return lap::LapAlgorithm::Classical;
  if (name == "brute") return lap::LapAlgorithm::Brute;
  if (name == "random") return lap::LapAlgorithm::Random;
  if (name == "greedy-naive") return lap::LapAlgorithm::GreedyNaive;
  if (name == "greedy") return lap::LapAlgorithm::Greedy;
  if (name == "auction") return lap::LapAlgorithm::Auction;
  return lap::LapAlgorithm::Tree;
}

lap::Backend parseBackend(const std::string& name) {
  if (name == "cpu") return lap::Backend::Cpu;
  if (name == "sequential") return lap::Backend::Sequential;
  if (name == "cuda") return lap::Backend::Cuda;
  return lap::Backend::Auto;
}

}  // namespace ms::cli
