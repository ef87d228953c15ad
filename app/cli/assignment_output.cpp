#include "app/cli/assignment_output.h"

#include <ostream>

#include "solver/core/atomic_file.h"

namespace ms::cli {

void writeAssignmentCsv(const std::string& path, const std::vector<int32_t>& rowToCol) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out << "row,col\n";
    for (std::size_t i = 0; i < rowToCol.size(); ++i) out << i << ',' << rowToCol[i] << '\n';
  });
}

}  // namespace ms::cli
