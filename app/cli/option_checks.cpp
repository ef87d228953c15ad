#include "app/cli/option_checks.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "solver/core/atomic_file.h"
#include "solver/core/number_format.h"

namespace ms::cli {

CLI::Validator finiteIn(double lowest, double highest) {
  const std::string range = "[" + formatNumber(lowest) + ", " + formatNumber(highest) + "]";
  return CLI::Validator(
      [lowest, highest, range](const std::string& text) {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool parsed = !text.empty() && end == text.c_str() + text.size();
        if (parsed && std::isfinite(value) && value >= lowest && value <= highest) return std::string();
        return "'" + text + "' is not a finite number in " + range;
      },
      "FLOAT in " + range);
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
