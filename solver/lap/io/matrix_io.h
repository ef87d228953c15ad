#pragma once
// Reading and writing cost matrices.
//   Text: one row per line, values separated by whitespace or by commas, '#' starts a comment, blank lines
//   ignored; "inf" marks a forbidden pair. All-integer files load as int32 (int64 when a value needs it),
//   anything else as float64.
//   NumPy .npy: 2-D, little-endian int32/int64/float32/float64, C or Fortran order.
//   Either may start with a UTF-8 byte-order mark (text) and be read from standard input as "-" (text).
// Errors are InputError("<file>", "<line>" or "offset <byte>", problem); matrices that cannot fit in memory
// are refused before allocation. Only regular files and "-" are read (solver/core/input_file.h).

#include <filesystem>
#include <string>
#include <string_view>

#include "solver/core/input_file.h"
#include "solver/lap/cost_matrix.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

// Chooses the format by extension: ".npy" is NumPy, anything else (and "-") text.
AnyCostMatrix readCostMatrix(const std::filesystem::path& path);
AnyCostMatrix readTextMatrix(const std::filesystem::path& path);
AnyCostMatrix readNpyMatrix(const std::filesystem::path& path);
// What the numbers read stand for, as the errors name them: LAP costs, where inf forbids a pair, or numbers
// without a forbidden mark (matching weights, point coordinates).
struct ValueKind {
  std::string_view noun;
  bool infForbidsPair;
  // The error for a number no instance takes ("NaN", "-inf").
  std::string notA(std::string_view value) const {
    return std::string(value) + " is not a " + std::string(noun) +
           (infForbidsPair ? " (use inf to forbid a pair)" : "");
  }
};
inline constexpr ValueKind kCosts{"cost", true};
AnyCostMatrix readTextMatrix(InputSource& source, ValueKind kind = kCosts);
AnyCostMatrix readNpyMatrix(InputSource& source, ValueKind kind = kCosts);
// A 3-D .npy array (problems, rows, cols) in C order, as the problems' matrices stacked row-wise
// (problems x rows rows); *problems receives the batch size.
AnyCostMatrix readNpyBatch(const std::filesystem::path& path, int32_t* problems);
// The part of a square .npy matrix rank `rank` of `ranks` holds (sliceOf(n, axis, rank, ranks), stored in
// *slice), read by offset: only its bytes are read, and only it is allocated.
AnyCostMatrix readNpySlice(const std::filesystem::path& path, SliceAxis axis, int rank, int ranks,
                           MatrixSlice* slice);

// Written through writeFileAtomically (solver/core/atomic_file.h). Text output reads back to the same values.
void writeCostMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path);
void writeTextMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path);
void writeNpyMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path);

}  // namespace ms::lap
