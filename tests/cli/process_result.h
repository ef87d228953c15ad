#pragma once
// What a command-line program run by a CLI test printed and returned.

#include <QString>
#include <QStringList>

struct Result {
  int exitCode = -1;
  QString out, err;
  // Value of a "key: value" line of standard output ("" when absent).
  QString value(const QString& key) const {
    for (const QString& line : out.split('\n')) {
      if (line.startsWith(key + ": ")) return line.mid(key.size() + 2).trimmed();
    }
    return {};
  }
};
