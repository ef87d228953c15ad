#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/lap/memory_check.h"

namespace ms::lap {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

std::string offset(std::size_t byte) {
  return "offset " + std::to_string(byte);
}

struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  int64_t rows = 0, cols = 0;
  int64_t batch = 0;  // 3-D (batch, rows, cols) arrays: the batch size, rows then counting all problems' rows
  std::size_t dataOffset = 0;
};

// The header is a Python dict literal, e.g. {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces to its declared length and ended by '\n'. It is parsed strictly, as NumPy writes it:
// the three keys once each, a quoted string, True or False, and a tuple of non-negative integers.
class HeaderParser {
 public:
  // `batched`: the shape must be 3-D (batch, rows, cols) in C order, read as its problems stacked row-wise.
  HeaderParser(std::string_view dict, std::size_t dictOffset, const std::string& file, bool batched)
      : dict_(dict), dictOffset_(dictOffset), file_(file), batched_(batched) {}

  NpyHeader parse() {
    NpyHeader header;
    bool seenDescr = false, seenOrder = false, seenShape = false;
    skipSpace();
    expect('{', "header does not start with '{'");
    while (true) {
      skipSpace();
      if (peek() == '}') break;
      const std::size_t keyAt = at_;
      const std::string key = quoted();
      skipSpace();
      expect(':', "expected ':' after '" + key + "'");
      skipSpace();
      if (key == "descr" && !seenDescr) {
        header.descr = quoted();
        seenDescr = true;
      } else if (key == "fortran_order" && !seenOrder) {
        header.fortranOrder = boolean();
        seenOrder = true;
      } else if (key == "shape" && !seenShape) {
        readShape(header);
        seenShape = true;
      } else {
        fail(keyAt, "unexpected or repeated key '" + key + "' in the header");
      }
      skipSpace();
      if (peek() == ',') {
        ++at_;
      } else if (peek() != '}') {
        fail(at_, "expected ',' or '}' in the header");
      }
    }
    ++at_;  // the '}'
    if (batched_ && header.fortranOrder) fail(0, "a batch must be stored in C order (fortran_order False)");
    if (!seenDescr || !seenOrder || !seenShape) {
      fail(0, std::string("header has no '") +
                  (!seenDescr   ? "descr"
                   : !seenOrder ? "fortran_order"
                                : "shape") +
                  "'");
    }
    // What follows the dictionary is padding: spaces, then the '\n' that ends the header.
    const std::size_t rest = dict_.find_first_not_of(' ', at_);
    if (rest == std::string_view::npos || dict_[rest] != '\n' || rest + 1 != dict_.size()) {
      fail(at_, "header length " + std::to_string(dict_.size()) +
                    " does not match its dictionary (expected spaces and a newline after '}')");
    }
    return header;
  }

 private:
  [[noreturn]] void fail(std::size_t where, const std::string& problem) const {
    throw InputError(file_, offset(dictOffset_ + where), problem);
  }
  char peek() const {
    if (at_ >= dict_.size()) fail(at_, "header ends inside its dictionary (header length does not match)");
    return dict_[at_];
  }
  void skipSpace() {
    while (at_ < dict_.size() && (dict_[at_] == ' ' || dict_[at_] == '\t')) ++at_;
  }
  void expect(char c, const std::string& problem) {
    if (peek() != c) fail(at_, problem);
    ++at_;
  }
  std::string quoted() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail(at_, "expected a quoted string in the header");
    const std::size_t close = dict_.find(quote, at_ + 1);
    if (close == std::string_view::npos) fail(at_, "unterminated string in the header");
    std::string text(dict_.substr(at_ + 1, close - at_ - 1));
    at_ = close + 1;
    return text;
  }
  bool boolean() {
    for (const auto& [word, value] :
         {std::pair{std::string_view("True"), true}, {std::string_view("False"), false}}) {
      if (dict_.substr(at_, word.size()) == word) {
        at_ += word.size();
        return value;
      }
    }
    fail(at_, "fortran_order must be True or False");
  }
  // A dimension: digits only, so "-3", "3.0" and "3e2" are refused rather than misread.
  int64_t dimension() {
    skipSpace();
    const std::size_t first = at_;
    int64_t value = 0;
    while (at_ < dict_.size() && dict_[at_] >= '0' && dict_[at_] <= '9') {
      if (value > (std::numeric_limits<int64_t>::max() - 9) / 10) fail(first, "dimension too large");
      value = value * 10 + (dict_[at_++] - '0');
    }
    if (at_ == first ||
        (at_ < dict_.size() && std::string_view(" \t,)").find(dict_[at_]) == std::string_view::npos)) {
      const std::size_t end = dict_.find_first_of(",)", at_);
      const std::size_t length =
          std::min<std::size_t>(end == std::string_view::npos ? dict_.size() : end, first + 20) - first;
      fail(first,
           "dimension '" + std::string(dict_.substr(first, length)) + "' is not a non-negative integer");
    }
    skipSpace();
    return value;
  }
  void readShape(NpyHeader& header) {
    const std::size_t shapeAt = at_;
    expect('(', "shape must be a tuple");
    std::vector<int64_t> dims;
    skipSpace();
    while (peek() != ')') {
      dims.push_back(dimension());
      if (peek() == ',') {
        ++at_;
      } else if (peek() != ')') {
        fail(at_, "expected ',' or ')' in the shape");
      }
      skipSpace();
    }
    ++at_;
    const std::string shape(dict_.substr(shapeAt, at_ - shapeAt));
    if (batched_) {
      if (dims.size() != 3)
        fail(shapeAt, "expected a 3-D batch (problems, rows, cols), found shape " + shape);
      if (dims[0] == 0 || dims[1] == 0 || dims[2] == 0) fail(shapeAt, "empty batch, shape " + shape);
      if (dims[1] != 0 && dims[0] > std::numeric_limits<int64_t>::max() / dims[1])
        fail(shapeAt, "batch too large");
      header.batch = dims[0];
      header.rows = dims[0] * dims[1];
      header.cols = dims[2];
      return;
    }
    if (dims.size() != 2) fail(shapeAt, "expected a 2-D matrix, found shape " + shape);
    header.rows = dims[0];
    header.cols = dims[1];
  }

  std::string_view dict_;
  std::size_t dictOffset_;
  const std::string& file_;
  bool batched_;
  std::size_t at_ = 0;
};

NpyHeader readHeader(std::istream& in, std::uintmax_t fileSize, const std::string& file, bool batched) {
  char preamble[kMagicSize + 2];
  if (!in.read(preamble, sizeof preamble))
    throw InputError(file, offset(0), "truncated: not a .npy file (too short)");
  if (std::memcmp(preamble, kMagic, kMagicSize) != 0)
    throw InputError(file, offset(0), "not a .npy file (bad magic)");
  const int major = static_cast<unsigned char>(preamble[6]);
  std::size_t headerLength = 0;
  std::size_t position = sizeof preamble;
  if (major == 1) {
    unsigned char bytes[2];
    if (!in.read(reinterpret_cast<char*>(bytes), 2))
      throw InputError(file, offset(position), "truncated header");
    headerLength = bytes[0] | (bytes[1] << 8);
    position += 2;
  } else if (major == 2 || major == 3) {
    unsigned char bytes[4];
    if (!in.read(reinterpret_cast<char*>(bytes), 4))
      throw InputError(file, offset(position), "truncated header");
    headerLength = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (static_cast<std::size_t>(bytes[3]) << 24);
    position += 4;
  } else {
    throw InputError(file, offset(6), "unsupported .npy version " + std::to_string(major));
  }
  // Checked before allocating: a 4-byte length may claim up to 4 GB.
  if (position + headerLength > fileSize) {
    throw InputError(file, offset(position),
                     "truncated header (expected " + std::to_string(headerLength) + " bytes, the file has " +
                         std::to_string(fileSize - position) + ")");
  }
  std::string dict(headerLength, '\0');
  if (!in.read(dict.data(), static_cast<std::streamsize>(headerLength))) {
    throw InputError(file, offset(position),
                     "truncated header (expected " + std::to_string(headerLength) + " bytes)");
  }
  NpyHeader header = HeaderParser(dict, position, file, batched).parse();
  header.dataOffset = position + headerLength;
  return header;
}

// Rows [rowBegin, rowEnd) x columns [colBegin, colEnd) of the matrix the header describes.
struct Block {
  int64_t rowBegin, rowEnd, colBegin, colEnd;
};

// Reads `block` of the stored data: one read where the block spans whole stored rows, else one seek and read
// per stored row. Fortran order stores the transpose: its block is read transposed, then turned back.
template <CostType T>
CostMatrix<T> readBlock(std::istream& in, const NpyHeader& header, std::uintmax_t fileSize,
                        const std::string& file, const Block& block, ValueKind kind) {
  if (header.rows == 0 || header.cols == 0) throw InputError(file, offset(header.dataOffset), "empty matrix");
  if (header.rows > std::numeric_limits<int32_t>::max() ||
      header.cols > std::numeric_limits<int32_t>::max()) {
    throw InputError(file, offset(header.dataOffset), "matrix dimensions exceed 2^31 - 1");
  }
  const int64_t blockRows = block.rowEnd - block.rowBegin, blockCols = block.colEnd - block.colBegin;
  const std::string shortfall = memoryShortfall(blockRows, blockCols, sizeof(T));
  if (!shortfall.empty()) throw InputError(file, offset(header.dataOffset), shortfall);
  const auto expected =
      static_cast<std::size_t>(header.rows) * static_cast<std::size_t>(header.cols) * sizeof(T);
  const std::size_t present = fileSize > header.dataOffset ? fileSize - header.dataOffset : 0;
  if (present < expected) {
    throw InputError(file, offset(header.dataOffset + present),
                     "truncated: file ends after " + std::to_string(present) + " of " +
                         std::to_string(expected) + " data bytes");
  }
  const bool fortran = header.fortranOrder;
  const int64_t storedCols = fortran ? header.rows : header.cols;
  const Block stored = fortran ? Block{block.colBegin, block.colEnd, block.rowBegin, block.rowEnd} : block;
  const auto readRows = static_cast<int32_t>(stored.rowEnd - stored.rowBegin);
  const auto readCols = static_cast<int32_t>(stored.colEnd - stored.colBegin);
  CostMatrix<T> read(readRows, readCols);
  const auto byteOf = [&](int64_t r, int64_t c) {
    return header.dataOffset + static_cast<std::size_t>(r * storedCols + c) * sizeof(T);
  };
  const auto readSpan = [&](std::size_t at, T* into, int64_t count) {
    in.seekg(static_cast<std::streamoff>(at));
    if (!in.read(reinterpret_cast<char*>(into),
                 static_cast<std::streamsize>(count * static_cast<int64_t>(sizeof(T))))) {
      throw InputError(file, offset(at), "read error");
    }
  };
  if (readCols == storedCols) {
    readSpan(byteOf(stored.rowBegin, 0), read.data(), read.size());
  } else {
    for (int32_t r = 0; r < readRows; ++r)
      readSpan(byteOf(stored.rowBegin + r, stored.colBegin), read.row(r), readCols);
  }
  if constexpr (std::is_floating_point_v<T>) {
    for (int32_t r = 0; r < readRows; ++r) {
      for (int32_t c = 0; c < readCols; ++c) {
        const T value = read(r, c);
        if (std::isnan(value) || value == -std::numeric_limits<T>::infinity()) {
          throw InputError(file, offset(byteOf(stored.rowBegin + r, stored.colBegin + c)),
                           kind.notA(std::isnan(value) ? "NaN" : "-inf"));
        }
      }
    }
  }
  if (!fortran) return read;
  CostMatrix<T> costs(readCols, readRows);
  costs.eigen() = read.eigen().transpose();
  return costs;
}

// Dispatches on the element type; `blockOf` turns the header's shape into the block to read.
template <class BlockOf>
AnyCostMatrix readNpy(InputSource& source, BlockOf blockOf, int64_t* batch = nullptr,
                      ValueKind kind = kCosts) {
  const std::string& file = source.name();
  std::istream& in = source.stream();
  const std::uintmax_t fileSize = source.size();
  const NpyHeader header = readHeader(in, fileSize, file, batch != nullptr);
  if (batch != nullptr) *batch = header.batch;
  const std::string& descr = header.descr;
  const auto read = [&]<CostType T>() -> AnyCostMatrix {
    return readBlock<T>(in, header, fileSize, file, blockOf(header), kind);
  };
  if (descr == "<i4" || descr == "=i4") return read.template operator()<int32_t>();
  if (descr == "<i8" || descr == "=i8") return read.template operator()<int64_t>();
  if (descr == "<f4" || descr == "=f4") return read.template operator()<float>();
  if (descr == "<f8" || descr == "=f8") return read.template operator()<double>();
  if (!descr.empty() && descr[0] == '>')
    throw InputError(file, offset(10), "big-endian data ('" + descr + "') is not supported");
  throw InputError(file, offset(10),
                   "unsupported element type '" + descr + "' (expected int32, int64, float32 or float64)");
}

template <CostType T>
std::string descrOf() {
  if constexpr (std::same_as<T, int32_t>) return "<i4";
  if constexpr (std::same_as<T, int64_t>) return "<i8";
  if constexpr (std::same_as<T, float>) return "<f4";
  if constexpr (std::same_as<T, double>) return "<f8";
}

template <CostType T>
void writeNpy(const CostMatrix<T>& costs, std::ostream& out) {
  std::string dict = "{'descr': '" + descrOf<T>() + "', 'fortran_order': False, 'shape': (" +
                     std::to_string(costs.rows()) + ", " + std::to_string(costs.cols()) + "), }";
  // Version 1.0: magic, version, 2-byte length; the header ends in '\n' and the data starts 64-byte aligned.
  const std::size_t unpadded = kMagicSize + 2 + 2 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  out.write(kMagic, kMagicSize);
  out.put(1);
  out.put(0);
  out.put(static_cast<char>(dict.size() & 0xff));
  out.put(static_cast<char>(dict.size() >> 8));
  out << dict;
  out.write(reinterpret_cast<const char*>(costs.data()),
            static_cast<std::streamsize>(costs.size() * sizeof(T)));
}

}  // namespace

AnyCostMatrix readNpyMatrix(const std::filesystem::path& path) {
  InputSource source = InputSource::open(path);
  return readNpyMatrix(source);
}

AnyCostMatrix readNpyMatrix(InputSource& source, ValueKind kind) {
  return readNpy(
      source,
      [](const NpyHeader& header) {
        return Block{0, header.rows, 0, header.cols};
      },
      nullptr, kind);
}

AnyCostMatrix readNpyBatch(const std::filesystem::path& path, int32_t* problems) {
  InputSource source = InputSource::open(path);
  int64_t batch = 0;
  AnyCostMatrix stacked = readNpy(
      source,
      [](const NpyHeader& header) {
        return Block{0, header.rows, 0, header.cols};
      },
      &batch);
  *problems = static_cast<int32_t>(batch);  // rows = batch x problem rows fit int32, so batch does
  return stacked;
}

AnyCostMatrix readNpySlice(const std::filesystem::path& path, SliceAxis axis, int rank, int ranks,
                           MatrixSlice* slice) {
  // Checked before opening: opening "-" would read all of standard input.
  if (isStandardStream(path)) throw InputError("<stdin>", offset(0), "a slice is read by offset from a file");
  InputSource source = InputSource::open(path);
  return readNpy(source, [&](const NpyHeader& header) {
    if (header.rows != header.cols || header.rows > std::numeric_limits<int32_t>::max()) {
      throw InputError(source.name(), offset(header.dataOffset),
                       "a distributed solve takes a square matrix, found " + std::to_string(header.rows) +
                           " x " + std::to_string(header.cols));
    }
    *slice = sliceOf(static_cast<int32_t>(header.rows), axis, rank, ranks);
    return Block{slice->rowBegin, slice->rowEnd, slice->colBegin, slice->colEnd};
  });
}

void writeNpyMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path) {
  writeFileAtomically(
      path, [&](std::ostream& out) { std::visit([&](const auto& m) { writeNpy(m, out); }, costs); });
}

}  // namespace ms::lap
