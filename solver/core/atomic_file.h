#pragma once
// The one way every output of the project (CLI files, bench CSVs, traces, studio and lesson exports) is
// written, so that no output clobbers what it should not or fails silently:
//   - a regular file (or a new one) is written to a temporary file in the same folder, flushed, fsynced,
//     checked and renamed over the target, keeping an existing file's permissions: readers never see half
//     a file, and a failure leaves the old file as it was;
//   - a symbolic link is followed to its final target, which is then written as above (the link stays);
//   - a character device, FIFO or socket (/dev/null, /dev/full, a pipe) is written in place, never
//     replaced; so are "-" and /dev/stdout (standard output) and /dev/stderr;
//   - an existing file whose permission bits do not let the caller write it is refused (the rename would
//     only need the folder's), unless replaceReadOnlyFiles(true) (the CLI's --force);
//   - SIGINT, SIGTERM or SIGHUP during the write removes the temporary file, then ends the process as the
//     signal would; the old file stays intact;
//   - every write, flush, sync and close is checked; a failure throws std::runtime_error
//     "<path>: <the system's reason>" (e.g. "out.csv: No space left on device"), and the temporary
//     file is removed.

#include <filesystem>
#include <functional>
#include <iosfwd>

namespace ms {

void writeFileAtomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

// Process-wide: whether writeFileAtomically may replace a file that is read-only for the caller.
void replaceReadOnlyFiles(bool allowed);

// Whether two paths name the same existing file (same device and inode, through links); false when either
// does not exist.
bool isSameFile(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace ms
