#include "app/cli/option_checks.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "solver/core/atomic_file.h"
#include "solver/core/number_format.h"

namespace ms::cli {

namespace {

// A refused value, shown as given but cut short: the message stays one short line whatever was typed.
std::string quoted(const std::string& text) {
  constexpr std::size_t kShown = 40;
  return "'" + (text.size() <= kShown ? text : text.substr(0, kShown) + "...") + "'";
}

CLI::Validator finiteValidator(double lowest, double highest, bool strictlyAbove, const std::string& range) {
  return CLI::Validator(
      [lowest, highest, strictlyAbove, range](const std::string& text) {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool parsed = !text.empty() && end == text.c_str() + text.size();
        const bool above = strictlyAbove ? value > lowest : value >= lowest;
        if (parsed && std::isfinite(value) && above && value <= highest) return std::string();
        return "expected a finite number " + range + ", got " + quoted(text);
      },
      "FLOAT " + range);
}

}  // namespace

CLI::Validator finiteIn(double lowest, double highest) {
  return finiteValidator(lowest, highest, false,
                         "in [" + formatNumber(lowest) + ", " + formatNumber(highest) + "]");
}

CLI::Validator finiteAtLeast(double lowest, bool strictly) {
  return finiteValidator(lowest, std::numeric_limits<double>::max(), strictly,
                         (strictly ? "> " : ">= ") + formatNumber(lowest));
}

CLI::Validator integerRange(int64_t lowest, uint64_t highest, bool highestIsTypeLimit) {
  const std::string range =
      highestIsTypeLimit ? ">= " + std::to_string(lowest) + " (at most " + std::to_string(highest) + ")"
                         : "in [" + std::to_string(lowest) + ", " + std::to_string(highest) + "]";
  return CLI::Validator(
      [lowest, highest, range](const std::string& text) {
        // Signed and unsigned halves: the range may reach past either 64-bit type (a uint64 seed).
        const char* first = text.data();
        const char* last = text.data() + text.size();
        bool inRange = false;
        if (!text.empty() && text.front() == '-') {
          int64_t value = 0;
          const auto [end, ec] = std::from_chars(first, last, value);
          inRange = ec == std::errc() && end == last && lowest <= value;
        } else {
          uint64_t value = 0;
          const auto [end, ec] = std::from_chars(first, last, value);
          inRange = ec == std::errc() && end == last && value <= highest &&
                    (lowest <= 0 || value >= static_cast<uint64_t>(lowest));
        }
        if (inRange) return std::string();
        return "expected an integer " + range + ", got " + quoted(text);
      },
      "INT " + (highestIsTypeLimit ? ">= " + std::to_string(lowest) : range));
}

namespace {

// Empty when `path` is named for one of `extensions` (or names no file: "-", a device), else why not.
std::string outputFormatProblem(const std::string& path, const std::vector<std::string>& extensions) {
  if (path.empty() || path == "-" || path.rfind("/dev/", 0) == 0) return {};
  const std::string extension = std::filesystem::path(path).extension().string();
  for (const std::string& accepted : extensions) {
    if (extension == accepted) return {};
  }
  std::string list;
  for (const std::string& accepted : extensions) list += (list.empty() ? "" : ", ") + accepted;
  return path + " is named for no format it can be written in: expected " + list;
}

}  // namespace

void requireOutputFormat(const char* option, const std::string& path,
                         const std::vector<std::string>& extensions) {
  const std::string problem = outputFormatProblem(path, extensions);
  if (!problem.empty()) throw CLI::ValidationError(option, problem);
}

CLI::Validator outputFormat(const std::vector<std::string>& extensions) {
  return CLI::Validator(
      [extensions](const std::string& path) { return outputFormatProblem(path, extensions); }, "FILE");
}

void requireOutputsApartFromInput(const std::string& input, const std::vector<OutputOption>& outputs) {
  if (input.empty() || input == "-") return;
  for (const OutputOption& output : outputs) {
    if (!output.path.empty() && isSameFile(output.path, input)) {
      throw CLI::ValidationError(output.option,
                                 output.path + " is the input file; writing it would destroy the instance");
    }
  }
}

}  // namespace ms::cli
