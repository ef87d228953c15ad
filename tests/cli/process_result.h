#pragma once
// What a command-line program run by a CLI test printed and returned.

#include <QProcess>
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

// Runs `program` with `input` on its standard input; a run that outlives `timeoutMs` is killed and reported
// as exit code -1 (an input that hangs the tool fails its test instead of stalling the suite), a crash as -2.
inline Result runProgram(const QString& program, const QStringList& arguments, int timeoutMs,
                         const QByteArray& input = {},
                         const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
  QProcess process;
  process.setProcessEnvironment(environment);
  process.start(program, arguments);
  process.waitForStarted();
  process.write(input);
  process.closeWriteChannel();
  if (!process.waitForFinished(timeoutMs)) {
    process.kill();
    process.waitForFinished();
    return {-1, {}, "killed after " + QString::number(timeoutMs) + " ms"};
  }
  return {process.exitStatus() == QProcess::CrashExit ? -2 : process.exitCode(),
          QString::fromUtf8(process.readAllStandardOutput()),
          QString::fromUtf8(process.readAllStandardError())};
}
