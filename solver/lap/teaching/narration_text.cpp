#include "solver/lap/teaching/narration_text.h"

namespace ms::lap::teaching {

std::string rowName(int32_t row) {
  return "row " + std::to_string(row + 1);
}
std::string columnName(int32_t col) {
  return "column " + std::to_string(col + 1);
}
std::string cellName(Cell cell) {
  return rowName(cell.row) + ", " + columnName(cell.col);
}
std::string number(int64_t value) {
  return isForbiddenEntry(value) ? "inf" : std::to_string(value);
}

std::string counted(std::size_t count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

std::string capitalised(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string lineList(const std::string& noun, const std::vector<int32_t>& lines) {
  if (lines.empty()) return "no " + noun + "s";
  std::string out = noun + (lines.size() > 1 ? "s " : " ");
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (k > 0) out += (k + 1 == lines.size()) ? " and " : ", ";
    out += std::to_string(lines[k] + 1);
  }
  return out;
}

std::string cellList(const std::vector<Cell>& cells) {
  std::string out;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (k > 0) out += "; ";
    out += cellName(cells[k]);
  }
  return out;
}

}  // namespace ms::lap::teaching
