#include "solver/core/csv_table.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "solver/core/atomic_file.h"

namespace ms {
namespace {

void writeCell(std::ostream& out, const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) {
    out << cell;
    return;
  }
  out << '"';
  for (char c : cell) {
    if (c == '"') out << '"';
    out << c;
  }
  out << '"';
}

}  // namespace

CsvTable::Row& CsvTable::Row::set(std::string_view column, std::string text) {
  cells_[table_->columnIndex(column)] = std::move(text);
  return *this;
}

CsvTable::Row& CsvTable::Row::set(std::string_view column, double value) {
  return set(column, std::isnan(value) ? std::string() : formatNumber(value));
}

CsvTable::CsvTable(std::vector<std::string> columns) : columns_(std::move(columns)) {}

void CsvTable::addConstantColumn(std::string name, std::string value) {
  constants_.emplace_back(std::move(name), std::move(value));
}

CsvTable::Row& CsvTable::addRow() {
  return rows_.emplace_back(Row(*this, columns_.size()));
}

std::size_t CsvTable::columnIndex(std::string_view column) const {
  const auto it = std::find(columns_.begin(), columns_.end(), column);
  if (it == columns_.end()) throw std::logic_error("CSV table has no column '" + std::string(column) + "'");
  return static_cast<std::size_t>(it - columns_.begin());
}

void CsvTable::write(std::ostream& out) const {
  auto writeLine = [&](const std::vector<std::string>& cells, bool header) {
    bool first = true;
    auto put = [&](const std::string& cell) {
      if (!first) out << ',';
      first = false;
      writeCell(out, cell);
    };
    for (const std::string& cell : cells) put(cell);
    for (const auto& [name, value] : constants_) put(header ? name : value);
    out << '\n';
  };
  writeLine(columns_, true);
  for (const Row& row : rows_) writeLine(row.cells_, false);
}

void CsvTable::writeFile(const std::filesystem::path& path) const {
  writeFileAtomically(path, [this](std::ostream& out) { write(out); });
}

}  // namespace ms
