#include "app/plot/csv_table.h"

#include <QFile>
#include <QTextStream>
#include <stdexcept>

namespace ms::plot {
namespace {

QStringList splitCsvLine(const QString& line) {
  QStringList fields;
  QString field;
  bool quoted = false;
  for (const QChar c : line) {
    if (c == QLatin1Char('"')) {
      quoted = !quoted;
    } else if (c == QLatin1Char(',') && !quoted) {
      fields.append(field);
      field.clear();
    } else {
      field.append(c);
    }
  }
  fields.append(field);
  return fields;
}

}  // namespace

CsvTable::CsvTable(const QString& path) : path_(path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
    throw std::runtime_error(path.toStdString() + ": cannot open: " + file.errorString().toStdString());
  }
  QTextStream in(&file);
  int lineNumber = 0;
  while (!in.atEnd()) {
    const QString line = in.readLine();
    ++lineNumber;
    if (line.isEmpty()) continue;
    QStringList fields = splitCsvLine(line);
    if (header_.isEmpty()) {
      header_ = fields;
      continue;
    }
    if (fields.size() != header_.size()) {
      throw std::runtime_error(path.toStdString() + ":" + std::to_string(lineNumber) + ": " +
                               std::to_string(fields.size()) + " fields, the header has " +
                               std::to_string(header_.size()));
    }
    rows_.push_back(std::move(fields));
  }
  if (header_.isEmpty()) throw std::runtime_error(path.toStdString() + ": empty file");
}

int CsvTable::column(const QString& name) const {
  const int index = static_cast<int>(header_.indexOf(name));
  if (index < 0) throw std::runtime_error(path_.toStdString() + ": no column '" + name.toStdString() + "'");
  return index;
}

}  // namespace ms::plot
