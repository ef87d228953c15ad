#pragma once
// The one CSV writer: the header and every row come from the same column list, so a column cannot be added
// to one and forgotten in the other. Cells are set by column name (an unknown name is a programming error
// and throws std::logic_error); unset cells stay empty. A cell is quoted only where RFC 4180 needs it (a
// comma, a quote or a line break in it).

#include <concepts>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/number_format.h"

namespace ms {

class CsvTable {
 public:
  class Row {
   public:
    Row& set(std::string_view column, std::string text);
    Row& set(std::string_view column, const char* text) { return set(column, std::string(text)); }
    Row& set(std::string_view column, bool value) {
      return set(column, std::string(value ? "true" : "false"));
    }
    // Shortest round-trip text (formatNumber); NaN leaves the cell empty.
    Row& set(std::string_view column, double value);
    template <std::integral T>
    requires(!std::same_as<T, bool>) Row& set(std::string_view column, T value) {
      return set(column, formatNumber(value));
    }

   private:
    friend class CsvTable;
    Row(const CsvTable& table, std::size_t columns) : table_(&table), cells_(columns) {}
    const CsvTable* table_;
    std::vector<std::string> cells_;
  };

  explicit CsvTable(std::vector<std::string> columns);

  // A column that holds `value` on every row, after the others (the provenance of a bench run).
  void addConstantColumn(std::string name, std::string value);
  // A new row with every cell empty. The reference stays valid while the table lives.
  Row& addRow();
  std::size_t rowCount() const { return rows_.size(); }

  // The header line, then one line per row.
  void write(std::ostream& out) const;
  // Written to a temporary file beside `path` and renamed, so a failed write never leaves half a file.
  void writeFile(const std::filesystem::path& path) const;

 private:
  std::size_t columnIndex(std::string_view column) const;

  std::vector<std::string> columns_;
  std::vector<std::pair<std::string, std::string>> constants_;
  std::deque<Row> rows_;
};

}  // namespace ms
