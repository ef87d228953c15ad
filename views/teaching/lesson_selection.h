#pragma once
// What the learner picked in one lesson view, shown in the others: a row, a column or a cell (an edge of the
// bipartite graph).

#include <cstdint>

namespace ms::views {

struct LessonSelection {
  enum class Kind : uint8_t { None, Row, Column, Cell };
  Kind kind = Kind::None;
  int32_t row = -1, col = -1;

  static LessonSelection ofRow(int32_t row) { return {Kind::Row, row, -1}; }
  static LessonSelection ofColumn(int32_t col) { return {Kind::Column, -1, col}; }
  static LessonSelection ofCell(int32_t row, int32_t col) { return {Kind::Cell, row, col}; }
  friend bool operator==(const LessonSelection&, const LessonSelection&) = default;
};

}  // namespace ms::views
