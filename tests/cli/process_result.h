#pragma once
// What a command-line program run by a CLI test printed and returned.

#include <QProcess>
#include <QString>
#include <QStringList>
#include <atomic>
#include <thread>
#include <vector>

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

// Runs `program` once per argument list, `concurrency` runs at a time, and returns the results in the order
// of `runs`. For walks of many short runs that mostly wait (mpirun spends about a second tearing its ranks
// down after a usage error), not for runs whose timing matters.
inline std::vector<Result> runPrograms(const QString& program, const QList<QStringList>& runs, int timeoutMs,
                                       int concurrency = 8) {
  std::vector<Result> results(runs.size());
  std::atomic<qsizetype> next{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < concurrency; ++w) {
    workers.emplace_back([&] {
      for (qsizetype k = next++; k < runs.size(); k = next++)
        results[k] = runProgram(program, runs[k], timeoutMs);
    });
  }
  for (std::thread& worker : workers) worker.join();
  return results;
}
