#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"
#include "solver/core/number_format.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/lap/memory_check.h"

namespace ms::lap {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// Splits on commas when the line has any, else on runs of whitespace. Empty comma fields are kept so that
// "1,,2" is reported instead of silently read as two values.
std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  if (line.find(',') != std::string_view::npos) {
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      out.push_back(
          trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (out.size() > 1 && out.back().empty()) out.pop_back();  // a trailing comma ends the row
    return out;
  }
  std::size_t position = 0;
  while (position < line.size()) {
    const std::size_t first = line.find_first_not_of(" \t\r", position);
    if (first == std::string_view::npos) break;
    const std::size_t last = line.find_first_of(" \t\r", first);
    out.push_back(line.substr(first, last == std::string_view::npos ? std::string_view::npos : last - first));
    position = last == std::string_view::npos ? line.size() : last;
  }
  return out;
}

// Parsed values stay integers until the first value that is not one; then all become doubles.
struct Values {
  bool integral = true;
  std::vector<int64_t> integers;
  std::vector<double> reals;

  void addReal(double value) {
    if (integral) {
      reals.assign(integers.begin(), integers.end());
      integers.clear();
      integers.shrink_to_fit();
      integral = false;
    }
    reals.push_back(value);
  }
};

void parseField(std::string_view field, Values& values, const std::string& file, int64_t line,
                ValueKind kind) {
  const std::string where = std::to_string(line);
  if (field.empty()) throw InputError(file, where, "empty value between commas");
  const char* begin = field.data();
  const char* end = begin + field.size();
  if (field.front() == '+') ++begin;  // from_chars does not take a leading '+'
  int64_t integer = 0;
  auto [intEnd, intError] = std::from_chars(begin, end, integer);
  if (intError == std::errc() && intEnd == end) {
    if (values.integral) {
      values.integers.push_back(integer);
    } else {
      values.addReal(static_cast<double>(integer));
    }
    return;
  }
  if (intError == std::errc::result_out_of_range && intEnd == end) {
    throw InputError(file, where,
                     "'" + std::string(field) + "' does not fit int64 (write it as a real number)");
  }
  double real = 0;
  auto [realEnd, realError] = std::from_chars(begin, end, real);
  if (realEnd != end || (realError != std::errc() && realError != std::errc::result_out_of_range)) {
    throw InputError(file, where, "'" + std::string(field) + "' is not a number");
  }
  // Out of range leaves `real` untouched (0): an overflow is refused rather than read as 0 (inf, written as
  // such, is the forbidden mark), and so is an underflow to 0, which would change the instance's ties.
  if (realError == std::errc::result_out_of_range) {
    const bool overflow = std::abs(std::strtod(std::string(field).c_str(), nullptr)) > 1;
    throw InputError(file, where,
                     "'" + std::string(field) +
                         (!overflow             ? "' underflows float64 (it would read as 0)"
                          : kind.infForbidsPair ? "' overflows float64 (write inf to forbid a pair)"
                                                : "' overflows float64"));
  }
  if (std::isnan(real)) throw InputError(file, where, kind.notA("NaN"));
  if (real == -std::numeric_limits<double>::infinity()) throw InputError(file, where, kind.notA("-inf"));
  values.addReal(real);
}

template <CostType T, class Source>
CostMatrix<T> toMatrix(const Source& source, int32_t rows, int32_t cols) {
  CostMatrix<T> costs(rows, cols);
  for (int64_t k = 0; k < costs.size(); ++k)
    costs.data()[k] = static_cast<T>(source[static_cast<std::size_t>(k)]);
  return costs;
}

template <CostType T>
void writeText(const CostMatrix<T>& costs, std::ostream& out) {
  out << "# " << costs.rows() << " x " << costs.cols() << " " << costTypeName<T>()
      << " cost matrix written by MatchScope\n";
  for (int32_t i = 0; i < costs.rows(); ++i) {
    for (int32_t j = 0; j < costs.cols(); ++j) {
      if (j != 0) out << ' ';
      if constexpr (std::is_floating_point_v<T>) {
        out << formatNumber(static_cast<double>(costs(i, j)));
      } else {
        out << costs(i, j);
      }
    }
    out << '\n';
  }
}

}  // namespace

AnyCostMatrix readTextMatrix(const std::filesystem::path& path) {
  InputSource source = InputSource::open(path);
  return readTextMatrix(source);
}

AnyCostMatrix readTextMatrix(InputSource& source, ValueKind kind) {
  const std::string& file = source.name();
  std::istream& in = source.stream();
  skipUtf8ByteOrderMark(in);
  Values values;
  std::string line;
  int64_t lineNumber = 0;
  int64_t rows = 0;
  std::size_t cols = 0;
  int64_t firstRowLine = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    std::string_view content = line;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);  // CRLF
    // A CR-only file (classic Mac line endings) reads as one line: its rows would silently become one row.
    if (content.find('\r') != std::string_view::npos) {
      throw InputError(file, std::to_string(lineNumber),
                       "carriage return inside a line: CR-only line endings are refused (use LF or CRLF)");
    }
    if (const auto hash = content.find('#'); hash != std::string_view::npos)
      content = content.substr(0, hash);
    content = trim(content);
    if (content.empty()) continue;
    const std::vector<std::string_view> row = fields(content);
    for (std::string_view field : row) parseField(field, values, file, lineNumber, kind);
    if (rows == 0) {
      cols = row.size();
      firstRowLine = lineNumber;
    } else if (row.size() != cols) {
      throw InputError(file, std::to_string(lineNumber),
                       "row has " + std::to_string(row.size()) + " values, expected " + std::to_string(cols) +
                           " (as on line " + std::to_string(firstRowLine) + ")");
    }
    ++rows;
    if (rows > std::numeric_limits<int32_t>::max())
      throw InputError(file, std::to_string(lineNumber), "too many rows");
  }
  if (in.bad()) throw InputError(file, std::to_string(lineNumber + 1), "read error");
  if (rows == 0) throw InputError(file, "", "empty file: no " + std::string(kind.noun) + " rows");
  if (cols > static_cast<std::size_t>(std::numeric_limits<int32_t>::max()))
    throw InputError(file, "1", "too many columns");
  const auto r = static_cast<int32_t>(rows);
  const auto c = static_cast<int32_t>(cols);
  if (!values.integral) {
    requireMemoryFor(r, c, sizeof(double), file);
    return toMatrix<double>(values.reals, r, c);
  }
  const bool fitsInt32 = std::all_of(values.integers.begin(), values.integers.end(), [](int64_t v) {
    return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
  });
  if (fitsInt32) {
    requireMemoryFor(r, c, sizeof(int32_t), file);
    return toMatrix<int32_t>(values.integers, r, c);
  }
  requireMemoryFor(r, c, sizeof(int64_t), file);
  return toMatrix<int64_t>(values.integers, r, c);
}

void writeTextMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path) {
  writeFileAtomically(
      path, [&](std::ostream& out) { std::visit([&](const auto& m) { writeText(m, out); }, costs); });
}

}  // namespace ms::lap
