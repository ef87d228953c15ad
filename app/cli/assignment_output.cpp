#include "app/cli/assignment_output.h"

#include "solver/core/csv_table.h"

namespace ms::cli {

void writeAssignmentCsv(const std::string& path, const std::vector<int32_t>& rowToCol) {
  CsvTable table({"row", "col"});
  for (std::size_t i = 0; i < rowToCol.size(); ++i) table.addRow().set("row", i).set("col", rowToCol[i]);
  table.writeFile(path);
}

}  // namespace ms::cli
