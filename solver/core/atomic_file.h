#pragma once
// Exports never leave a half-written file: write to a temporary file in the target's folder, then rename.

#include <filesystem>
#include <functional>
#include <iosfwd>

namespace ms {

// Calls write() on a binary stream for a temporary file beside `path`, then renames it over `path`.
// Throws std::runtime_error naming the path if the file cannot be written; the temporary is removed.
void writeFileAtomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

}  // namespace ms
