#include "solver/core/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <utility>

namespace ms {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& path, const std::string& what, int error) {
  throw std::runtime_error(path.string() + ": " + what + std::strerror(error));
}

// An output stream buffer over a file descriptor that checks every write(2), retrying partial writes and
// interrupted calls; the first error is kept (errno) and stops further writing.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* data = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t written = ::write(fd_, data, left);
      if (written < 0) {
        if (errno != EINTR) error_ = errno;
        continue;
      }
      if (written == 0) error_ = EIO;  // no progress on a regular write: report rather than spin
      data += written;
      left -= static_cast<std::size_t>(written);
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
  }

  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buffer_{};
};

// Runs `write` into `fd`; throws naming `path` with the first write or flush error.
void writeThrough(int fd, const fs::path& path, const std::function<void(std::ostream&)>& write) {
  DescriptorBuffer buffer(fd);
  std::ostream out(&buffer);
  write(out);
  out.flush();
  if (buffer.error() != 0) fail(path, "", buffer.error());
  if (!out) fail(path, "write failed: ", EIO);
}

// Standard output, standard error and /dev/fd/N are the process's own descriptors: written where they stand
// (after what the program printed through stdio and iostreams so far), like a shell's redirection does.
int ownDescriptor(const fs::path& path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string text = path.string();
    if (text.rfind(prefix, 0) != 0 || text.size() == prefix.size() || text.size() > prefix.size() + 9)
      continue;
    if (text.find_first_not_of("0123456789", prefix.size()) != std::string::npos) continue;
    return std::stoi(text.substr(prefix.size()));
  }
  return -1;
}

void writeDescriptor(int fd, const fs::path& path, const std::function<void(std::ostream&)>& write) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  writeThrough(fd, path, write);
}

// The path a chain of symbolic links ends at (the path itself when it is no link); the end may not exist.
fs::path followLinks(const fs::path& path) {
  fs::path target = path;
  for (int hops = 0;; ++hops) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(target, error))) return target;
    if (hops == 40) fail(path, "", ELOOP);
    const fs::path next = fs::read_symlink(target, error);
    if (error) fail(path, "", error.value());
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
}

// Devices and FIFOs are opened and written as they are (O_TRUNC does not apply to them).
void writeInPlace(const fs::path& target, const fs::path& path,
                  const std::function<void(std::ostream&)>& write) {
  const int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) fail(path, "cannot open: ", errno);
  try {
    writeThrough(fd, path, write);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) fail(path, "", errno);
}

void syncFolder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the rename is done; a folder that cannot be synced is not an error of the write
  ::fsync(fd);
  ::close(fd);
}

// SIGINT, SIGTERM and SIGHUP while a temporary file is being written: the handler removes it (unlink is
// async-signal-safe) and re-raises the signal with its default action, so the old file stays as it was and
// no half-written temporary is left behind. One temporary at a time per process: writes are sequential.
char gTemporaryPath[4096];
volatile std::sig_atomic_t gTemporaryExists = 0;
constexpr std::array<int, 3> kCleanupSignals = {SIGINT, SIGTERM, SIGHUP};

extern "C" void removeTemporaryAndReraise(int signal) {
  if (gTemporaryExists != 0) ::unlink(gTemporaryPath);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

class TemporaryFileGuard {
 public:
  explicit TemporaryFileGuard(const fs::path& temp) {
    const std::string text = temp.string();
    if (text.size() >= sizeof gTemporaryPath) return;  // no cleanup on a signal, the write itself still works
    std::memcpy(gTemporaryPath, text.c_str(), text.size() + 1);
    struct sigaction action {};
    action.sa_handler = removeTemporaryAndReraise;
    sigemptyset(&action.sa_mask);
    for (std::size_t k = 0; k < kCleanupSignals.size(); ++k)
      ::sigaction(kCleanupSignals[k], &action, &previous_[k]);
    installed_ = true;
    gTemporaryExists = 1;
  }
  ~TemporaryFileGuard() {
    gTemporaryExists = 0;
    if (!installed_) return;
    for (std::size_t k = 0; k < kCleanupSignals.size(); ++k)
      ::sigaction(kCleanupSignals[k], &previous_[k], nullptr);
  }
  TemporaryFileGuard(const TemporaryFileGuard&) = delete;
  TemporaryFileGuard& operator=(const TemporaryFileGuard&) = delete;

 private:
  bool installed_ = false;
  std::array<struct sigaction, kCleanupSignals.size()> previous_{};
};

void writeReplacing(const fs::path& target, const fs::path& path, mode_t mode,
                    const std::function<void(std::ostream&)>& write) {
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::random_device entropy;
  // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on `"." + std::string` here.
  std::string tempName = ".";
  tempName += target.filename().string();
  tempName += ".tmp" + std::to_string(entropy());
  const fs::path temp = folder / tempName;
  const TemporaryFileGuard guard(temp);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail(path, "cannot create a file in " + folder.string() + ": ", errno);
  try {
    if (mode != 0 && ::fchmod(fd, mode) != 0) fail(path, "", errno);
    writeThrough(fd, path, write);
    if (::fsync(fd) != 0) fail(path, "", errno);
    const int closing = std::exchange(fd, -1);
    if (::close(closing) != 0) fail(path, "", errno);
    if (::rename(temp.c_str(), target.c_str()) != 0) fail(path, "", errno);
  } catch (...) {
    if (fd >= 0) ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  syncFolder(folder);
}

bool gReplaceReadOnly = false;

// Whether the file's own permission bits let this process write it: the renaming write needs only the
// folder's, so the bits are checked here (for root too, which the kernel would let through).
bool permitsWriting(const struct stat& info) {
  if (info.st_uid == ::geteuid()) return (info.st_mode & S_IWUSR) != 0;
  if (info.st_gid == ::getegid()) return (info.st_mode & S_IWGRP) != 0;
  return (info.st_mode & S_IWOTH) != 0;
}

}  // namespace

void writeFileAtomically(const fs::path& path, const std::function<void(std::ostream&)>& write) {
  if (const int fd = ownDescriptor(path); fd >= 0) return writeDescriptor(fd, path, write);
  const fs::path target = followLinks(path);
  // A link into /proc (a descriptor's magic link, e.g. "pipe:[123]") names no path: the kernel follows it.
  if (target.string().rfind("/proc/", 0) == 0) return writeInPlace(path, path, write);
  struct stat info {};
  if (::stat(target.c_str(), &info) != 0) {
    if (errno != ENOENT) fail(path, "", errno);
    return writeReplacing(target, path, 0, write);
  }
  if (S_ISDIR(info.st_mode)) fail(path, "", EISDIR);
  if (!S_ISREG(info.st_mode)) return writeInPlace(target, path, write);
  if (!gReplaceReadOnly && !permitsWriting(info)) {
    throw std::runtime_error(path.string() + ": the file is read-only for you; give --force to replace it");
  }
  writeReplacing(target, path, info.st_mode & 07777, write);
}

bool isSameFile(const fs::path& a, const fs::path& b) {
  struct stat first {
  }, second{};
  return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

void replaceReadOnlyFiles(bool allowed) {
  gReplaceReadOnly = allowed;
}

}  // namespace ms
