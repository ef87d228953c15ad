#pragma once
// A CSV file with a header row, read into memory: the benchmark CSVs (fields may be double-quoted).

#include <QString>
#include <QStringList>
#include <vector>

namespace ms::plot {

class CsvTable {
 public:
  // Throws std::runtime_error naming the file and line when it cannot be read or a row has the wrong width.
  explicit CsvTable(const QString& path);

  const std::vector<QStringList>& rows() const { return rows_; }
  // Index of a header column; throws std::runtime_error naming the file when it is missing.
  int column(const QString& name) const;

 private:
  QString path_;
  QStringList header_;
  std::vector<QStringList> rows_;
};

}  // namespace ms::plot
