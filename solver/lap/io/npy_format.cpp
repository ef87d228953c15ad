#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <ostream>
#include <regex>
#include <string>
#include <vector>

#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/lap/memory_check.h"

namespace ms::lap {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

std::string offset(std::size_t byte) { return "offset " + std::to_string(byte); }

struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  int64_t rows = 0, cols = 0;
  std::size_t dataOffset = 0;
};

// Reads one value of the header dictionary, e.g. 'descr': '<f8'.
std::string dictValue(const std::string& dict, const std::string& key, const std::string& file, std::size_t where) {
  // A value is a tuple, a quoted string, or a bare word (True/False).
  const std::regex pattern("['\"]" + key + "['\"]\\s*:\\s*(\\([^)]*\\)|'[^']*'|\"[^\"]*\"|[^,}\\s]+)");
  std::smatch match;
  if (!std::regex_search(dict, match, pattern)) throw InputError(file, offset(where), "header has no '" + key + "'");
  std::string value = match[1].str();
  value.erase(0, value.find_first_not_of(" '\""));
  value.erase(value.find_last_not_of(" '\"") + 1);
  return value;
}

NpyHeader readHeader(std::istream& in, const std::string& file) {
  char preamble[kMagicSize + 2];
  if (!in.read(preamble, sizeof preamble)) throw InputError(file, offset(0), "truncated: not a .npy file (too short)");
  if (std::memcmp(preamble, kMagic, kMagicSize) != 0) throw InputError(file, offset(0), "not a .npy file (bad magic)");
  const int major = static_cast<unsigned char>(preamble[6]);
  std::size_t headerLength = 0;
  std::size_t position = sizeof preamble;
  if (major == 1) {
    unsigned char bytes[2];
    if (!in.read(reinterpret_cast<char*>(bytes), 2)) throw InputError(file, offset(position), "truncated header");
    headerLength = bytes[0] | (bytes[1] << 8);
    position += 2;
  } else if (major == 2 || major == 3) {
    unsigned char bytes[4];
    if (!in.read(reinterpret_cast<char*>(bytes), 4)) throw InputError(file, offset(position), "truncated header");
    headerLength = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (static_cast<std::size_t>(bytes[3]) << 24);
    position += 4;
  } else {
    throw InputError(file, offset(6), "unsupported .npy version " + std::to_string(major));
  }
  std::string dict(headerLength, '\0');
  if (!in.read(dict.data(), static_cast<std::streamsize>(headerLength))) {
    throw InputError(file, offset(position), "truncated header (expected " + std::to_string(headerLength) + " bytes)");
  }
  NpyHeader header;
  header.descr = dictValue(dict, "descr", file, position);
  header.fortranOrder = dictValue(dict, "fortran_order", file, position) == "True";
  const std::string shape = dictValue(dict, "shape", file, position);
  std::vector<int64_t> dims;
  const std::regex number("\\d+");
  for (std::sregex_iterator it(shape.begin(), shape.end(), number), end; it != end; ++it) {
    dims.push_back(std::stoll(it->str()));
  }
  if (dims.size() != 2) {
    throw InputError(file, offset(position), "expected a 2-D matrix, found shape " + shape);
  }
  header.rows = dims[0];
  header.cols = dims[1];
  header.dataOffset = position + headerLength;
  return header;
}

template <CostType T>
CostMatrix<T> readData(std::istream& in, const NpyHeader& header, std::size_t fileSize, const std::string& file) {
  if (header.rows == 0 || header.cols == 0) throw InputError(file, offset(header.dataOffset), "empty matrix");
  if (header.rows > std::numeric_limits<int32_t>::max() || header.cols > std::numeric_limits<int32_t>::max()) {
    throw InputError(file, offset(header.dataOffset), "matrix dimensions exceed 2^31 - 1");
  }
  const std::string shortfall = memoryShortfall(header.rows, header.cols, sizeof(T));
  if (!shortfall.empty()) throw InputError(file, offset(header.dataOffset), shortfall);
  const auto expected = static_cast<std::size_t>(header.rows) * static_cast<std::size_t>(header.cols) * sizeof(T);
  const std::size_t present = fileSize > header.dataOffset ? fileSize - header.dataOffset : 0;
  if (present < expected) {
    throw InputError(file, offset(header.dataOffset + present),
                     "truncated: file ends after " + std::to_string(present) + " of " + std::to_string(expected) +
                         " data bytes");
  }
  // Fortran order is the transpose's C order: read it as cols x rows, then transpose.
  const auto storedRows = static_cast<int32_t>(header.fortranOrder ? header.cols : header.rows);
  const auto storedCols = static_cast<int32_t>(header.fortranOrder ? header.rows : header.cols);
  CostMatrix<T> stored(storedRows, storedCols);
  if (!in.read(reinterpret_cast<char*>(stored.data()), static_cast<std::streamsize>(expected))) {
    throw InputError(file, offset(header.dataOffset), "read error");
  }
  if constexpr (std::is_floating_point_v<T>) {
    for (int64_t k = 0; k < stored.size(); ++k) {
      const T value = stored.data()[k];
      if (std::isnan(value) || value == -std::numeric_limits<T>::infinity()) {
        throw InputError(file, offset(header.dataOffset + static_cast<std::size_t>(k) * sizeof(T)),
                         std::string(std::isnan(value) ? "NaN" : "-inf") + " is not a cost (use inf to forbid a pair)");
      }
    }
  }
  if (!header.fortranOrder) return stored;
  CostMatrix<T> costs(static_cast<int32_t>(header.rows), static_cast<int32_t>(header.cols));
  costs.eigen() = stored.eigen().transpose();
  return costs;
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
  out.write(reinterpret_cast<const char*>(costs.data()), static_cast<std::streamsize>(costs.size() * sizeof(T)));
}

}  // namespace

AnyCostMatrix readNpyMatrix(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(file, "", "cannot open file");
  std::error_code error;
  const std::size_t fileSize = std::filesystem::file_size(path, error);
  const NpyHeader header = readHeader(in, file);
  const std::string& descr = header.descr;
  if (descr == "<i4" || descr == "=i4") return readData<int32_t>(in, header, fileSize, file);
  if (descr == "<i8" || descr == "=i8") return readData<int64_t>(in, header, fileSize, file);
  if (descr == "<f4" || descr == "=f4") return readData<float>(in, header, fileSize, file);
  if (descr == "<f8" || descr == "=f8") return readData<double>(in, header, fileSize, file);
  if (!descr.empty() && descr[0] == '>') throw InputError(file, offset(10), "big-endian data ('" + descr + "') is not supported");
  throw InputError(file, offset(10), "unsupported element type '" + descr + "' (expected int32, int64, float32 or float64)");
}

void writeNpyMatrix(const AnyCostMatrix& costs, const std::filesystem::path& path) {
  writeFileAtomically(path, [&](std::ostream& out) { std::visit([&](const auto& m) { writeNpy(m, out); }, costs); });
}

}  // namespace ms::lap
