#include "solver/core/input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "solver/core/errors.h"

namespace ms {
namespace {

// Why a path that exists is not a file to read, or "" for a regular file.
std::string notARegularFile(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file (use - to read standard input)";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string tooLarge(std::uintmax_t limit) {
  return "input larger than " + std::to_string(limit) + " bytes (the most this reader takes)";
}

// Standard input is read whole (up to the limit) so that its size is known, like a file's.
std::string readStandardInput(std::uintmax_t limit) {
  std::string bytes;
  char chunk[1 << 16];
  while (true) {
    const std::size_t got = std::fread(chunk, 1, sizeof chunk, stdin);
    bytes.append(chunk, got);
    if (bytes.size() > limit) throw InputError("<stdin>", "", tooLarge(limit));
    if (got < sizeof chunk) break;
  }
  if (std::ferror(stdin)) throw InputError("<stdin>", "", std::string("read error: ") + std::strerror(errno));
  return bytes;
}

}  // namespace

bool isStandardStream(const std::filesystem::path& path) {
  return path == "-";
}

InputSource InputSource::open(const std::filesystem::path& path, std::uintmax_t standardInputLimit) {
  if (isStandardStream(path)) return fromBytes(readStandardInput(standardInputLimit), "<stdin>");
  const std::string name = path.string();
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw InputError(name, "", std::strerror(errno));
  if (const std::string problem = notARegularFile(info.st_mode); !problem.empty())
    throw InputError(name, "", problem);
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) throw InputError(name, "", std::string("cannot open: ") + std::strerror(errno));
  return InputSource(std::move(file), static_cast<std::uintmax_t>(info.st_size), name);
}

InputSource InputSource::fromBytes(std::string bytes, std::string name) {
  const std::uintmax_t size = bytes.size();
  return InputSource(std::make_unique<std::istringstream>(std::move(bytes), std::ios::binary), size,
                     std::move(name));
}

std::string InputSource::readAll(std::uintmax_t limit) {
  if (size_ > limit) throw InputError(name_, "", tooLarge(limit));
  std::string bytes = readRest(*stream_);
  if (stream_->bad()) throw InputError(name_, "", "read error");
  return bytes;
}

std::string readRest(std::istream& in) {
  const std::istream::pos_type start = in.tellg();
  if (start != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
    const std::istream::pos_type end = in.tellg();
    in.seekg(start);
    if (end != std::istream::pos_type(-1) && end >= start) {
      std::string text(static_cast<std::size_t>(end - start), '\0');
      in.read(text.data(), static_cast<std::streamsize>(text.size()));
      text.resize(static_cast<std::size_t>(in.gcount()));
      return text;
    }
  }
  in.clear();
  std::ostringstream bytes;  // a stream that cannot seek
  bytes << in.rdbuf();
  return std::move(bytes).str();
}

void skipUtf8ByteOrderMark(std::istream& in) {
  const std::istream::pos_type start = in.tellg();
  char first[3] = {};
  if (in.read(first, 3) && std::memcmp(first, "\xEF\xBB\xBF", 3) == 0) return;
  in.clear();
  in.seekg(start);  // every InputSource stream (file or memory) can seek
}

}  // namespace ms
