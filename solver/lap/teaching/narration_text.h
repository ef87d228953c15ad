#pragma once
// Wording shared by the narration and the exercise feedback: 1-based names of rows, columns, cells and lists.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"

namespace ms::lap::teaching {

std::string rowName(int32_t row);     // "row 3"
std::string columnName(int32_t col);  // "column 3"
std::string cellName(Cell cell);      // "row 2, column 3"
// "row 2", "rows 1 and 4", "rows 1, 2 and 4" (noun is "row" or "column"); "no rows" when empty.
std::string lineList(const std::string& noun, const std::vector<int32_t>& lines);
// "row 1, column 2; row 3, column 1"
std::string cellList(const std::vector<Cell>& cells);
// "1 star", "3 stars" (regular plurals only).
std::string counted(std::size_t count, std::string_view noun);
// The text with its first letter upper-cased, to start a sentence with "Row 3 ...".
std::string capitalised(std::string_view text);
// Plain ASCII decimal ("-5"; "inf" for a forbidden entry), so transcripts stay 7-bit text.
std::string number(int64_t value);

}  // namespace ms::lap::teaching
