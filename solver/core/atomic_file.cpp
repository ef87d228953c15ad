#include "solver/core/atomic_file.h"

#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>

namespace ms {

void writeFileAtomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::random_device entropy;
  // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on `"." + std::string` here.
  std::string tempName = ".";
  tempName += path.filename().string();
  tempName += ".tmp" + std::to_string(entropy());
  const fs::path temp = dir / tempName;
  try {
    {
      std::ofstream out(temp, std::ios::binary | std::ios::trunc);
      if (!out) throw std::runtime_error(path.string() + ": cannot create file in " + dir.string());
      write(out);
      out.flush();
      if (!out) throw std::runtime_error(path.string() + ": write failed (disk full?)");
    }
    fs::rename(temp, path);
  } catch (...) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    throw;
  }
}

}  // namespace ms
