// matchscope-cli's contract with scripts: printed lines, exit statuses, error message format, CSV outputs.
#include <QtTest/QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <functional>
#include <limits>
#include <random>
#include <set>

#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/partition.h"

#include "process_result.h"

namespace {

Result cli(const QStringList& arguments, const QByteArray& input = {}, int timeoutMs = 240000,
           const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
  return runProgram(MATCHSCOPE_CLI_PATH, arguments, timeoutMs, input, environment);
}

// What a path is, without following a final symbolic link: its type, and the device a device node names.
struct PathKind {
  bool link = false, characterDevice = false, regular = false;
  dev_t device = 0;
  bool operator==(const PathKind&) const = default;
};

PathKind kindOf(const QString& path) {
  struct stat info {};
  if (::lstat(path.toLocal8Bit().constData(), &info) != 0) return {};
  return {S_ISLNK(info.st_mode), S_ISCHR(info.st_mode), S_ISREG(info.st_mode),
          S_ISCHR(info.st_mode) ? info.st_rdev : 0};
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
  QFile file(dir.filePath(name));
  file.open(QIODevice::WriteOnly);
  file.write(content);
  return file.fileName();
}

// A .npy file of int64 values, row-major, as numpy writes it (version 1.0, header padded to 64 bytes).
QByteArray npyInt64(int rows, int cols, const QList<qint64>& values) {
  QByteArray header =
      QString("{'descr': '<i8', 'fortran_order': False, 'shape': (%1, %2), }").arg(rows).arg(cols).toLatin1();
  header.append(QByteArray(63 - (header.size() + 10) % 64, ' ')).append('\n');
  QByteArray bytes("\x93NUMPY\x01\x00", 8);
  bytes.append(static_cast<char>(header.size() & 0xff)).append(static_cast<char>(header.size() >> 8));
  bytes.append(header);
  for (const qint64 value : values) bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
  return bytes;
}

// A refusal as scripts see it: the exit status and exactly one line on standard error.
bool isOneLineRefusal(const Result& r, int exitCode) {
  return r.exitCode == exitCode && r.err.trimmed().count('\n') == 0 && !r.err.trimmed().isEmpty();
}

// One list of cells per line; a quoted cell (RFC 4180, as CsvTable writes a device name with a comma) keeps
// its commas and loses its quotes.
QList<QStringList> readCsv(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QList<QStringList> rows;
  for (const QByteArray& line : file.readAll().split('\n')) {
    if (line.isEmpty()) continue;
    QStringList cells{QString()};
    bool quoted = false;
    for (const QChar c : QString::fromUtf8(line)) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.append(QString());
      } else {
        cells.last() += c;
      }
    }
    rows.append(cells);
  }
  return rows;
}

// Empty when `path` is a CSV table: a header of at least `columns` fields and data rows of as many.
QString csvProblem(const QString& path, int columns) {
  const QList<QStringList> rows = readCsv(path);
  if (rows.size() < 2) return "no header and data rows";
  const auto width = rows.first().size();
  if (width < columns) return "header of " + QString::number(width) + " fields";
  for (const QStringList& row : rows) {
    if (row.size() != width)
      return "row '" + row.join(',') + "' is not " + QString::number(width) + " fields";
  }
  return {};
}

// Empty when the file starts with `signature`.
QString signatureProblem(const QString& path, const QByteArray& signature) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return "cannot open";
  return file.read(signature.size()) == signature ? QString() : "does not start with " + signature.toHex();
}

// Empty when matchscope-cli reads the file back as an instance of `problem` and solves it.
QString solvesBack(const QString& path, const QString& problem) {
  const Result r = cli({"solve", "--problem", problem, "--input", path, "--backend", "cpu"});
  return r.exitCode == 0 ? QString()
                         : "solve --input gave exit " + QString::number(r.exitCode) + ": " + r.err;
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void helpOnEverySubcommand() {
    for (const char* command : {"solve", "generate", "bench"}) {
      const Result r = cli({command, "--help"});
      QCOMPARE(r.exitCode, 0);
      QVERIFY2(r.out.contains("--"), qPrintable(command));
    }
  }

  void solvePrintsTheContractLines() {
    for (const char* algorithm : {"classical", "tree"}) {
      for (const char* backend : {"cpu", "sequential", "auto"}) {
        const Result r = cli({"solve", "--generate", "uniform", "--n", "9", "--seed", "4", "--algorithm",
                              algorithm, "--backend", backend, "--verify"});
        QCOMPARE(r.exitCode, 0);
        const Result brute =
            cli({"solve", "--generate", "uniform", "--n", "9", "--seed", "4", "--algorithm", "brute"});
        QCOMPARE(r.value("objective"), brute.value("objective"));
        QVERIFY(r.value("iterations").toInt() >= 1);
        QVERIFY(r.value("time_ms").toDouble() > 0);
        QCOMPARE(r.value("certificate"), QString("valid"));
      }
    }
  }

  // The approximations: a bound: line saying how far the objective may be from the optimum.
  void approximationsPrintTheirBound() {
    const QStringList instance = {"solve", "--generate", "uniform", "--n", "30", "--seed", "2"};
    const QString optimum =
        cli(instance + QStringList{"--algorithm", "tree", "--backend", "sequential"}).value("objective");
    const Result auction = cli(instance + QStringList{"--algorithm", "auction", "--backend", "sequential"});
    QCOMPARE(auction.exitCode, 0);
    QCOMPARE(auction.value("objective"), optimum);
    QCOMPARE(auction.value("bound"), QString("0 (exact)"));
    const Result real = cli({"solve", "--generate", "real", "--n", "30", "--algorithm", "auction",
                             "--backend", "cpu", "--epsilon", "0.001"});
    QCOMPARE(real.exitCode, 0);
    QVERIFY2(real.value("bound").startsWith("0.03 "), qPrintable(real.value("bound")));  // n x epsilon
    for (const char* heuristic : {"random", "greedy-naive", "greedy"}) {
      const Result r = cli(instance + QStringList{"--algorithm", heuristic});
      QCOMPARE(r.exitCode, 0);
      QVERIFY(r.value("objective").toLongLong() >= optimum.toLongLong());
      QVERIFY2(r.value("bound").startsWith("none"), qPrintable(r.value("bound")));
    }
    QTemporaryDir dir;
    const QString forbidden = writeFile(dir, "forbidden.txt", "1 inf\n2 3\n");
    const Result refused = cli({"solve", "--input", forbidden, "--algorithm", "random"});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("cannot avoid forbidden"), qPrintable(refused.err));
  }

  void usageErrorsExitWithTwo() {
    QCOMPARE(cli({"solve", "--generate", "uniform"}).exitCode, 2);  // no --n
    QCOMPARE(cli({"solve", "--generate", "uniform", "--n", "5", "--algorithm", "simplex"}).exitCode, 2);
    QCOMPARE(cli({"solve", "--bogus"}).exitCode, 2);
    QCOMPARE(cli({}).exitCode, 2);
    QCOMPARE(cli({"solve", "--generate", "uniform", "--n", "5", "--input", "x.txt"}).exitCode, 2);
  }

  void badInputExitsWithOneAndNamesFileAndLine() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "ragged.txt", "1 2 3\n4 5\n");
    const Result r = cli({"solve", "--input", path});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err.trimmed(), "matchscope-cli: " + path + ":2: row has 2 values, expected 3 (as on line 1)");
  }

  void infeasibleExitsWithThree() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "hall.txt", "1 1 inf\n1 1 inf\n1 1 inf\n");
    for (const char* algorithm : {"classical", "tree", "brute", "auction"}) {
      const Result r = cli({"solve", "--input", path, "--algorithm", algorithm, "--backend", "cpu"});
      QCOMPARE(r.exitCode, 3);
      QVERIFY2(r.err.startsWith("matchscope-cli: ") && r.err.contains("infeasible"), qPrintable(r.err));
    }
  }

  // Every CSV a bench preset writes ends with the build's commit and the run's date, on every row.
  void benchCsvsCarryCommitAndDate() {
    QTemporaryDir dir;
    const QString lap = dir.filePath("lap.csv"), roma = dir.filePath("roma.csv");
    const Result lapRun =
        cli({"bench", "--preset", "table1", "--sizes", "20", "--instances", "1", "--repeats", "2",
             "--backends", "sequential", "--warmups", "0", "--output", lap});
    QCOMPARE(lapRun.exitCode, 0);
    const Result romaRun = cli({"bench", "--preset", "roma-cpu", "--sizes", "16", "--distributions",
                                "uniform", "--configs", "roma", "--threads", "1", "--output", roma});
    QCOMPARE(romaRun.exitCode, 0);
    const QString today = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate);
    for (const QString& path : {lap, roma}) {
      const QList<QStringList> rows = readCsv(path);
      QVERIFY2(rows.size() >= 2, qPrintable(path));
      QCOMPARE(rows.front().mid(rows.front().size() - 2), QStringList({"commit", "date"}));
      for (int k = 1; k < rows.size(); ++k) {
        const QString commit = rows[k][rows[k].size() - 2];
        QVERIFY2(
            commit == "unknown" || QRegularExpression("^[0-9a-f]{4,40}(-dirty)?$").match(commit).hasMatch(),
            qPrintable(commit));
        QCOMPARE(rows[k].back(), today);
      }
    }
  }

  // The LAP bench counts each run's BFS levels and dual updates: the same at search granularity (summed over
  // the search steps) as at phase granularity (one step each) on the sequential backend; the search profile
  // (CUDA searches only) is a header without them.
  void benchCountsLevelsAndDualUpdates() {
    QTemporaryDir dir;
    QMap<QString, QStringList> counts;  // granularity -> "algorithm levels dual_updates" per row
    for (const QString granularity : {"search", "phase"}) {
      const QString csv = dir.filePath(granularity + ".csv");
      const Result r = cli({"bench", "--preset", "search", "--sizes", "30", "--ranges", "10n,real",
                            "--backends", "sequential", "--repeats", "1", "--warmups", "0", "--granularity",
                            granularity, "--search-profile", dir.filePath("profile.csv"), "--output", csv});
      QCOMPARE(r.exitCode, 0);
      const QList<QStringList> rows = readCsv(csv);
      const int algorithm = rows.front().indexOf("algorithm"), levels = rows.front().indexOf("levels"),
                dualUpdates = rows.front().indexOf("dual_updates");
      QVERIFY(algorithm >= 0 && levels >= 0 && dualUpdates >= 0);
      QCOMPARE(rows.size(), 1 + 2 * 2);  // two instances, two algorithms
      for (int k = 1; k < rows.size(); ++k) {
        QVERIFY2(rows[k][levels].toInt() > 0 && rows[k][dualUpdates].toInt() > 0,
                 qPrintable(rows[k].join(',')));
        counts[granularity] << rows[k][algorithm] + " " + rows[k][levels] + " " + rows[k][dualUpdates];
      }
      QCOMPARE(readCsv(dir.filePath("profile.csv")).size(), 1);
    }
    QCOMPARE(counts["search"], counts["phase"]);
  }

  // One trace row per step, positive times, summing to the reported total within 10% (issue acceptance).
  void traceCsvAccountsForTheTotalTime() {
    QTemporaryDir dir;
    const QString trace = dir.filePath("trace.csv");
    const Result r = cli({"solve", "--generate", "uniform", "--n", "2000", "--range", "n", "--algorithm",
                          "tree", "--backend", "cpu", "--trace-out", trace});
    QCOMPARE(r.exitCode, 0);
    const QList<QStringList> rows = readCsv(trace);
    QVERIFY(!rows.isEmpty());
    const QStringList header = rows.front();
    QCOMPARE(header.mid(0, 5), QStringList({"step", "iteration", "phase", "wall_ns", "device_ns"}));
    QCOMPARE(rows.size() - 1, r.value("steps").toInt());
    double sumMs = 0;
    for (int k = 1; k < rows.size(); ++k) {
      QCOMPARE(rows[k].size(), header.size());
      QCOMPARE(rows[k][0].toInt(), k - 1);
      const double wallNs = rows[k][3].toDouble();
      QVERIFY2(wallNs > 0, qPrintable(rows[k].join(',')));
      sumMs += wallNs / 1e6;
    }
    const double totalMs = r.value("time_ms").toDouble();
    QVERIFY2(sumMs <= totalMs && sumMs >= 0.9 * totalMs,
             qPrintable(QString("steps sum to %1 ms of %2 ms").arg(sumMs).arg(totalMs)));
  }

  void generatedFilesSolveToTheSameOptimum() {
    QTemporaryDir dir;
    for (const char* name : {"inst.npy", "inst.txt"}) {
      const QString path = dir.filePath(name);
      QCOMPARE(cli({"generate", "exponential", "--n", "40", "--seed", "9", "--output", path}).exitCode, 0);
      const Result fromFile = cli({"solve", "--input", path});
      const Result direct = cli({"solve", "--generate", "exponential", "--n", "40", "--seed", "9"});
      QCOMPARE(fromFile.exitCode, 0);
      QCOMPARE(fromFile.value("objective"), direct.value("objective"));
    }
  }

  void rectangularMaximizeAssignmentFile() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "rect.csv", "5, 1, 9, 2\n3, 8, 4, 7\n");
    const QString out = dir.filePath("assignment.csv");
    const Result r = cli({"solve", "--input", path, "--maximize", "--assignment-out", out});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.value("objective"), QString("17"));  // 9 (row 1, col 3) + 8 (row 2, col 2): checked by hand
    QCOMPARE(r.value("assigned"), QString("2"));
    const QList<QStringList> rows = readCsv(out);
    QCOMPARE(rows, QList<QStringList>({{"row", "col"}, {"0", "2"}, {"1", "1"}}));
  }

  // Outputs (issue 14). The device cases go through a link in a temporary folder, never the device's own
  // path: a broken build then replaces the link, not /dev/full or /dev/null (the tests may run as root).
  void outputToAFullDeviceFailsAndReplacesNothing() {
    QTemporaryDir dir;
    const QString link = dir.filePath("full.csv");
    QVERIFY(QFile::link("/dev/full", link));
    const PathKind device = kindOf("/dev/full");
    QVERIFY(device.characterDevice);
    for (const char* option : {"--assignment-out", "--trace-out"}) {
      const Result r =
          cli({"solve", "--generate", "uniform", "--n", "5", "--backend", "sequential", option, link});
      QCOMPARE(r.exitCode, 1);
      QCOMPARE(r.err.trimmed().split('\n').last(), "matchscope-cli: " + link + ": No space left on device");
      QVERIFY(kindOf(link).link);
      QCOMPARE(QFile::symLinkTarget(link), QString("/dev/full"));
      QCOMPARE(kindOf("/dev/full"), device);
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList({"full.csv"}));
  }

  void outputToTheNullDeviceIsWrittenInPlace() {
    QTemporaryDir dir;
    const QString link = dir.filePath("null.csv");
    QVERIFY(QFile::link("/dev/null", link));
    const PathKind device = kindOf("/dev/null");
    const Result r = cli(
        {"solve", "--generate", "uniform", "--n", "5", "--backend", "sequential", "--assignment-out", link});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(kindOf(link).link);
    QCOMPARE(kindOf("/dev/null"), device);
  }

  void outputThroughALinkWritesTheLinksTarget() {
    QTemporaryDir dir;
    const QString target = writeFile(dir, "target.csv", "old\n");
    const QString link = dir.filePath("link.csv");
    QVERIFY(QFile::link("target.csv", link));  // relative, as `ln -s target.csv link.csv` makes it
    const Result r =
        cli({"solve", "--input", writeFile(dir, "m.txt", "4 1\n2 3\n"), "--assignment-out", link});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(kindOf(link).link);
    QCOMPARE(readCsv(target), QList<QStringList>({{"row", "col"}, {"0", "1"}, {"1", "0"}}));
  }

  void dashWritesToStandardOutput() {
    const Result r = cli({"solve", "--generate", "uniform", "--n", "3", "--seed", "2", "--backend",
                          "sequential", "--assignment-out", "-"});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    // The summary comes first, then the CSV: header and one row per row of the instance.
    QVERIFY2(lines.size() >= 4 && lines[lines.size() - 4] == "row,col", qPrintable(r.out));
    QVERIFY(r.out.indexOf("objective: ") < r.out.indexOf("row,col"));
  }

  // Inputs (issue 14): nothing but regular files and "-" is read; none of these may hang.
  void inputsThatAreNotRegularFilesAreRefused() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe.txt");
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    const QList<std::pair<QString, QString>> cases = {
        {"/dev/zero", "is a character device, not a regular file"},
        {dir.path(), "is a directory"},
        {fifo, "is a FIFO (named pipe), not a regular file (use - to read standard input)"},
        {dir.filePath("missing.txt"), "No such file or directory"}};
    for (const auto& [path, problem] : cases) {
      const Result r = cli({"solve", "--input", path}, {}, 20000);
      QCOMPARE(r.exitCode, 1);
      QCOMPARE(r.err.trimmed().split('\n').last(), "matchscope-cli: " + path + ": " + problem);
    }
  }

  void dashReadsStandardInput() {
    const Result r = cli({"solve", "--input", "-", "--backend", "sequential"}, "4 1 3\n2 0 5\n3 2 2\n");
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.value("objective"), QString("5"));  // 1 + 2 + 2: the brute-force check below agrees
    QCOMPARE(
        cli({"solve", "--input", "-", "--algorithm", "brute"}, "4 1 3\n2 0 5\n3 2 2\n").value("objective"),
        QString("5"));
  }

  void byteOrderMarkIsAccepted() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "export.csv",
                                   "\xEF\xBB\xBF"
                                   "4,1\n2,3\n");
    const Result r = cli({"solve", "--input", path, "--backend", "sequential"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.value("objective"), QString("3"));
  }

  // solve --batch: the objective sum of a 3-D .npy's problems is the sum of their single solves, every
  // certificate holds, and an infeasible problem is counted; bench --preset batch --npy times the same file.
  void batchSolveAgreesWithSingleSolves() {
    QTemporaryDir dir;
    QByteArray dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4, 5), }";
    dict.append(QByteArray(128 - 10 - dict.size() - 1, ' ')).append('\n');
    QByteArray data = QByteArray("\x93NUMPY\x01\x00", 8) + char(dict.size()) + char(0) + dict;
    std::mt19937_64 random(20261125);
    double singleSum = 0;
    for (int k = 0; k < 3; ++k) {
      QByteArray text;
      for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
          // Problem 2 forbids its first row entirely: infeasible.
          const double cost = k == 2 && i == 0 ? std::numeric_limits<double>::infinity()
                                               : std::uniform_int_distribution<int>(0, 99)(random) / 4.0;
          data.append(reinterpret_cast<const char*>(&cost), sizeof cost);
          text += QByteArray::number(cost) + (j < 4 ? " " : "\n");
        }
      }
      if (k == 2) continue;
      const Result single =
          cli({"solve", "--input", writeFile(dir, QString("p%1.txt").arg(k), text), "--backend", "cpu"});
      QCOMPARE(single.exitCode, 0);
      singleSum += single.value("objective").toDouble();
    }
    const QString batch = writeFile(dir, "batch.npy", data);
    const Result r = cli({"solve", "--batch", batch, "--backend", "cpu", "--verify"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.value("objective_sum").toDouble(), singleSum);
    QCOMPARE(r.value("infeasible"), QString("1"));
    QCOMPARE(r.value("certificates"), QString("valid"));
    const QString csv = dir.filePath("bench.csv");
    const Result bench = cli({"bench", "--preset", "batch", "--npy", batch, "--backends", "cpu", "--repeats",
                              "1", "--output", csv});
    QCOMPARE(bench.exitCode, 0);
    const QList<QStringList> rows = readCsv(csv);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].value(rows[0].indexOf("certificates")), QString("valid"));
    // kernel_ms is CUDA's kernels' span (first launch to last kernel end); a CPU row has none.
    QVERIFY(rows[0].contains("kernel_ms"));
    QCOMPARE(rows[1].value(rows[0].indexOf("kernel_ms")), QString());
  }

  void negativeNpyDimensionIsRefused() {
    QTemporaryDir dir;
    QByteArray dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (-3, 3), }";
    dict.append(QByteArray(128 - 10 - dict.size() - 1, ' ')).append('\n');
    const QByteArray header = QByteArray("\x93NUMPY\x01\x00", 8) + char(dict.size()) + char(0) + dict;
    const QString path = writeFile(dir, "neg.npy", header + QByteArray(36, '\0'));
    const Result r = cli({"solve", "--input", path});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err.trimmed(),
             "matchscope-cli: " + path + ":offset 61: dimension '-3' is not a non-negative integer");
  }

  // A CUDA backend whose device allocation fails (injected, see solver/core/fault_injection.h) at its first
  // or any later buffer stops with one clear line and exit 1, never a crash; an injection past its last
  // buffer changes nothing. Runs where a GPU is usable (the device machine); skips elsewhere.
  void deviceOutOfMemoryIsAClearError() {
    // With the line that a run reaching the end must print as the uninjected run does: the LAP optimum is
    // unique; parallel ROMA's weight varies from run to run on the GPU, its perfect matching's size does not.
    const QList<std::pair<QStringList, QString>> solves = {
        {{"solve", "--generate", "uniform", "--n", "40", "--seed", "3", "--algorithm", "tree", "--backend",
          "cuda"},
         "objective"},
        {{"solve", "--generate", "uniform", "--n", "40", "--seed", "3", "--algorithm", "classical",
          "--backend", "cuda"},
         "objective"},
        {{"solve", "--problem", "matching", "--generate", "uniform", "--n", "40", "--seed", "3",
          "--algorithm", "parallel-roma-2", "--backend", "cuda"},
         "pairs"}};
    if (cli(solves.front().first).exitCode != 0) QSKIP("no usable GPU: the CUDA backend cannot run here");
    for (const auto& [solve, agreeing] : solves) {
      const Result healthy = cli(solve);
      QCOMPARE(healthy.exitCode, 0);
      int failed = 0;
      for (int failing = 1; failing <= 12; ++failing) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("MATCHSCOPE_FAIL_DEVICE_ALLOCATION", QString::number(failing));
        const Result r = cli(solve, {}, 60000, environment);
        const QString where = solve.join(' ') + " failing allocation " + QString::number(failing);
        if (r.exitCode == 0) {
          QVERIFY2(!healthy.value(agreeing).isEmpty() && r.value(agreeing) == healthy.value(agreeing),
                   qPrintable(where));
          continue;
        }
        ++failed;
        QVERIFY2(r.exitCode == 1, qPrintable(where + ": exit " + QString::number(r.exitCode)));
        const QString last = r.err.trimmed().split('\n').last();
        QVERIFY2(last.startsWith("matchscope-cli: CUDA") && last.contains("out of memory"),
                 qPrintable(where + ": " + r.err));
      }
      QVERIFY2(failed >= 3, qPrintable(solve.join(' ')));  // every backend allocates several buffers
    }
  }

  // Finite costs whose optimum sums beyond float64's range: refused by the summable range (max / 4 / (n + 1))
  // before solving, never "objective: inf".
  void overflowingObjectiveIsAnError() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "huge.txt", "1e308 1.5e308\n1.5e308 1e308\n");
    const Result r = cli({"solve", "--input", path, "--backend", "sequential"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(!r.out.contains("objective: inf"), qPrintable(r.out));
    QCOMPARE(r.err.trimmed(),
             QString("matchscope-cli: float costs must stay within +-1.4980776123852632e+307 for "
                     "n = 2 so that sums of duals cannot overflow to infinity"));
  }

  // Hypergraphs: the printed cut is the cut of the partition file, `nodes:` lists every level, and a bad
  // .hgr file exits with 1 naming the file and line.
  void hypergraphBipartitionReportsItsPartitionFilesCut() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("s.hgr"), part = dir.filePath("s.part");
    QCOMPARE(
        cli({"generate", "--problem", "hypergraph", "stanford", "--n", "4000", "--output", hgr}).exitCode, 0);
    for (const char* coarsening : {"greedy", "suitor"}) {
      const Result r = cli({"solve", "--problem", "hypergraph", "--input", hgr, "--algorithm", "bipartition",
                            "--coarsen-with", coarsening, "--backend", "cpu", "--epsilon", "0.05",
                            "--partition-out", part});
      QCOMPARE(r.exitCode, 0);
      const auto graph = ms::hypergraph::readHypergraph(hgr.toStdString());
      const auto partition = ms::hypergraph::readPartitionFile(part.toStdString(), graph.nodeCount());
      QCOMPARE(r.value("cut").toLongLong(), static_cast<qlonglong>(ms::hypergraph::cutOf(graph, partition)));
      QVERIFY(r.value("imbalance").toDouble() <= 0.05);
      QCOMPARE(r.value("nodes").split(' ').size(), r.value("levels").toInt() + 1);
      QVERIFY(r.value("time_ms").toDouble() > 0);
    }
    const QString bad = writeFile(dir, "bad.hgr", "2 3\n1 2\n1 9\n");
    const Result r = cli({"solve", "--problem", "hypergraph", "--input", bad});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err.trimmed(), "matchscope-cli: " + bad + ":3: pin 9 is out of range 1..3");
  }

  // --suitor-rating-cap reaches the host suitor: on a hub-heavy input its scans shrink (the trace's nonzeros)
  // and the level still coarsens; with greedy matching it is refused in one line.
  void hypergraphSuitorRatingCap() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("f.hgr"), trace = dir.filePath("t.csv");
    QCOMPARE(cli({"generate", "--problem", "hypergraph", "flickr", "--n", "20000", "--output", hgr}).exitCode,
             0);
    const auto nonzeros = [&](const char* cap) {
      const Result r =
          cli({"solve", "--problem", "hypergraph", "--input", hgr, "--algorithm", "coarsen-suitor",
               "--backend", "cpu", "--levels", "1", "--suitor-rating-cap", cap, "--trace-out", trace});
      if (r.exitCode != 0 || r.value("nodes").split(' ').size() != 2) return -1.0;
      const QList<QStringList> rows = readCsv(trace);
      const auto column = rows.isEmpty() ? -1 : rows.first().indexOf("pin_visits");
      double sum = 0;
      for (qsizetype k = 1; column >= 0 && k < rows.size(); ++k) sum += rows[k].value(column).toDouble();
      return sum;
    };
    const double all = nonzeros("0"), capped = nonzeros("16");
    QVERIFY2(capped > 0 && capped < 0.5 * all, qPrintable(QString("%1 against %2").arg(capped).arg(all)));
    const Result refused =
        cli({"solve", "--problem", "hypergraph", "--input", hgr, "--suitor-rating-cap", "16"});
    QVERIFY(isOneLineRefusal(refused, 2));
    QVERIFY2(refused.err.contains("--suitor-rating-cap needs suitor matching"), qPrintable(refused.err));
  }

  // --refinement jet reaches the bipartition (its trace holds Jet iterations, FM's does not, nor auto's on
  // the CPU); other names are refused in one line.
  void hypergraphRefinement() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("s.hgr"), trace = dir.filePath("t.csv");
    QCOMPARE(
        cli({"generate", "--problem", "hypergraph", "stanford", "--n", "20000", "--output", hgr}).exitCode,
        0);
    const auto jetSteps = [&](const char* refinement) {
      const Result r = cli({"solve", "--problem", "hypergraph", "--input", hgr, "--backend", "cpu",
                            "--refinement", refinement, "--trace-out", trace});
      if (r.exitCode != 0 || r.value("cut").toLongLong() <= 0) return -1;
      // The refinement the run names is the one its trace shows.
      const bool saysJet = r.value("refinement") == QStringLiteral("jet, then fm");
      if (saysJet != r.out.contains(QStringLiteral("jet_ms:"))) return -2;
      int steps = 0;
      for (const QStringList& row : readCsv(trace)) steps += row.contains("jet_iteration");
      return saysJet == (steps > 0) ? steps : -3;
    };
    QCOMPARE(jetSteps("fm"), 0);
    QCOMPARE(jetSteps("auto"), 0);
    QVERIFY(jetSteps("jet") > 0);
    const Result refused = cli({"solve", "--problem", "hypergraph", "--input", hgr, "--refinement", "kl"});
    QVERIFY(isOneLineRefusal(refused, 2));
    QVERIFY2(refused.err.contains("--refinement"), qPrintable(refused.err));
  }

  // matchscope-cli restarts itself with glibc's huge-page tunable where the caller did not set
  // GLIBC_TUNABLES, and leaves a caller's tunables as they are; the partition is the same either way.
  void hypergraphSolveRunsOnHugePageMallocUnlessTheCallerSetTunables() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("r.hgr");
    QCOMPARE(cli({"generate", "--problem", "hypergraph", "random-hypergraph", "--n", "3000", "--output", hgr})
                 .exitCode,
             0);
    const QStringList solve{"solve", "--problem", "hypergraph", "--input", hgr, "--backend", "sequential"};
    QProcessEnvironment unset = QProcessEnvironment::systemEnvironment();
    unset.remove("GLIBC_TUNABLES");
    QProcessEnvironment callers = unset;
    callers.insert("GLIBC_TUNABLES", "glibc.malloc.check=0");
    const Result restarted = cli(solve, {}, 240000, unset), kept = cli(solve, {}, 240000, callers);
    QCOMPARE(restarted.exitCode, 0);
    QCOMPARE(kept.exitCode, 0);
    QCOMPARE(restarted.value("malloc_huge_pages"), QString("yes"));
    QCOMPARE(kept.value("malloc_huge_pages"), QString("no"));
    QCOMPARE(restarted.value("cut"), kept.value("cut"));
  }

  // Hyperedge weights near the int32 limit partition like any others (they were refused: "FM: hyperedge
  // weights too large for gain buckets"); node weights that leave no partition within the balance bound
  // give the partition with a notice naming the heaviest part and the bound, for two parts and for k.
  void hypergraphWeightsAtTheLimits() {
    QTemporaryDir dir;
    const QString heavyEdges =
        writeFile(dir, "w.hgr", "3 4 1\n2147483647 1 2\n2147483647 2 3\n2147483647 3 4\n");
    for (const char* parts : {"2", "3"}) {
      const Result r = cli({"solve", "--problem", "hypergraph", "--input", heavyEdges, "--parts", parts});
      QCOMPARE(r.exitCode, 0);
      // The path's optimum: one hyperedge cut (three parts may leave one empty: the bound is an upper one).
      QCOMPARE(r.value("cut"), "2147483647");
      QCOMPARE(r.value("km1"), "2147483647");
      QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    }
    const QString heavyNodes = writeFile(dir, "n.hgr", "1 3 10\n1 2 3\n5\n5\n5\n");
    const Result two = cli({"solve", "--problem", "hypergraph", "--input", heavyNodes, "--epsilon", "0"});
    QCOMPARE(two.exitCode, 0);
    QCOMPARE(two.value("max_part_weight"), "10 (bound 8)");
    QCOMPARE(two.err.trimmed(),
             QString("matchscope-cli: notice: the heaviest part weighs 10, over the balance "
                     "bound 8: no partition within it was found for these node weights"));
    const Result even = cli({"solve", "--problem", "hypergraph", "--input", heavyNodes, "--epsilon", "0.4"});
    QCOMPARE(even.value("max_part_weight"), "10 (bound 10)");
    QVERIFY2(even.err.isEmpty(), qPrintable(even.err));
  }

  // k-way: --parts 3 and 8 with either objective print the cut and km1 of their partition file (counted here
  // from the sets of part ids of each hyperedge) and the heaviest part, within floor(1.03 ceil(n / k)).
  void hypergraphKWayReportsBothObjectivesOfItsFile() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("f.hgr"), part = dir.filePath("f.part");
    QCOMPARE(cli({"generate", "--problem", "hypergraph", "flickr", "--n", "9000", "--output", hgr}).exitCode,
             0);
    const auto graph = ms::hypergraph::readHypergraph(hgr.toStdString());
    for (const char* parts : {"3", "8"}) {
      for (const char* objective : {"cut", "km1"}) {
        const Result r = cli({"solve", "--problem", "hypergraph", "--input", hgr, "--parts", parts,
                              "--objective", objective, "--epsilon", "0.03", "--partition-out", part});
        QCOMPARE(r.exitCode, 0);
        QFile file(part);
        QVERIFY(file.open(QIODevice::ReadOnly));
        std::vector<int32_t> ids;
        for (const QByteArray& line : file.readAll().split('\n')) {
          if (!line.isEmpty()) ids.push_back(line.toInt());
        }
        QCOMPARE(static_cast<int32_t>(ids.size()), graph.nodeCount());
        const int32_t k = QString(parts).toInt();
        qlonglong cut = 0, km1 = 0;
        for (int32_t e = 0; e < graph.edgeCount(); ++e) {
          std::set<int32_t> seen;
          for (int32_t v : graph.pins(e)) seen.insert(ids[static_cast<std::size_t>(v)]);
          cut += seen.size() > 1 ? graph.edgeWeight(e) : 0;
          km1 += static_cast<qlonglong>(seen.size() - 1) * graph.edgeWeight(e);
        }
        std::vector<qlonglong> weight(static_cast<std::size_t>(k), 0);
        for (int32_t id : ids) {
          QVERIFY(id >= 0 && id < k);
          ++weight[static_cast<std::size_t>(id)];
        }
        QCOMPARE(r.value("cut").toLongLong(), cut);
        QCOMPARE(r.value("km1").toLongLong(), km1);
        const QStringList heaviest = r.value("max_part_weight").split(' ');  // "W (bound B)"
        QCOMPARE(heaviest.first().toLongLong(), *std::max_element(weight.begin(), weight.end()));
        const qlonglong bound = static_cast<qlonglong>(1.03 * ((graph.nodeCount() + k - 1) / k));
        QCOMPARE(heaviest.last().chopped(1).toLongLong(), bound);
        QVERIFY(heaviest.first().toLongLong() <= bound);
      }
    }
  }

  // Costs whose sums leave int64 (the most negative int64 has no negation) are refused with the range, from
  // text and .npy alike, by every algorithm; never a wrapped objective with a valid certificate.
  void integerCostsBeyondTheSummableRangeAreRefused() {
    QTemporaryDir dir;
    const QString text = writeFile(dir, "min.txt", "-9223372036854775808 1\n1 1\n");
    const QString npy =
        writeFile(dir, "min.npy", npyInt64(2, 2, {std::numeric_limits<qint64>::min(), 1, 1, 1}));
    for (const QString& input : {text, npy}) {
      for (const char* algorithm : {"classical", "tree", "brute", "greedy", "auction"}) {
        const Result r =
            cli({"solve", "--input", input, "--algorithm", algorithm, "--backend", "cpu", "--verify"});
        QVERIFY2(isOneLineRefusal(r, 1), qPrintable(input + " " + algorithm + ": " + r.out + r.err));
        QVERIFY2(r.err.contains("int64 costs must stay within"), qPrintable(r.err));
      }
    }
    // The bound itself still solves: 2^62 / (n + 1) for n = 2.
    const QString edge = writeFile(dir, "edge.txt", "1537228672809129301 0\n0 1537228672809129301\n");
    const Result r = cli({"solve", "--input", edge, "--backend", "cpu", "--verify"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.value("objective"), QString("0"));
    QCOMPARE(r.value("certificate"), QString("valid"));
  }

  // A literal beyond the element type is an error naming file and line, never read as 0.
  void literalsBeyondTheirTypeAreRefused() {
    QTemporaryDir dir;
    const struct {
      const char* text;
      const char* problem;
    } cases[] = {{"1e309 1\n1 1\n", "overflows float64"},
                 {"1 1\n1 -1e400\n", "overflows float64"},
                 {"1e-400 1\n1 1\n", "underflows float64"},
                 {"99999999999999999999 1\n1 1\n", "does not fit int64"}};
    for (const auto& c : cases) {
      const Result r = cli({"solve", "--input", writeFile(dir, "m.txt", c.text), "--backend", "cpu"});
      QVERIFY2(isOneLineRefusal(r, 1), qPrintable(c.text + r.err));
      QVERIFY2(r.err.contains("m.txt:") && r.err.contains(c.problem), qPrintable(r.err));
    }
    // inf stays the forbidden mark; a subnormal is a number.
    const Result forbidden =
        cli({"solve", "--input", writeFile(dir, "f.txt", "inf 1\n1 4e-320\n"), "--backend", "cpu"});
    QCOMPARE(forbidden.exitCode, 0);
    QCOMPARE(forbidden.value("objective"), QString("2"));
  }

  // Line endings: LF and CRLF read the same matrix; CR alone is refused, never one long row.
  void lineEndingsAreExplicit() {
    QTemporaryDir dir;
    const Result lf = cli({"solve", "--input", writeFile(dir, "lf.txt", "4 1\n2 7\n"), "--backend", "cpu"});
    const Result crlf =
        cli({"solve", "--input", writeFile(dir, "crlf.txt", "4 1\r\n2 7\r\n"), "--backend", "cpu"});
    QCOMPARE(lf.exitCode, 0);
    QVERIFY2(crlf.out.contains("(2 x 2, int32)"), qPrintable(crlf.out));
    QCOMPARE(crlf.value("objective"), lf.value("objective"));
    const Result cr = cli({"solve", "--input", writeFile(dir, "cr.txt", "4 1\r2 7\r"), "--backend", "cpu"});
    QVERIFY2(isOneLineRefusal(cr, 1), qPrintable(cr.out + cr.err));
    QVERIFY2(cr.err.contains("cr.txt:1: carriage return inside a line"), qPrintable(cr.err));
  }

  // NaN slips through every comparison; every floating option refuses it, infinities and values outside
  // its meaning, naming the option (exit 2, one line).
  void floatingOptionsRefuseNanAndOutOfRange() {
    QTemporaryDir dir;
    const QString hgr = writeFile(dir, "h.hgr", "3 4\n1 2\n2 3\n3 4\n");
    const QStringList lap = {"solve", "--generate", "uniform", "--n", "5", "--backend", "cpu"};
    const QStringList matching = {"solve", "--problem", "matching",  "--generate", "uniform",
                                  "--n",   "6",         "--backend", "cpu"};
    const QStringList hypergraph = {"solve", "--problem", "hypergraph", "--input", hgr, "--backend", "cpu"};
    const struct {
      QStringList command;
      const char* option;
      QStringList values;
    } cases[] = {{lap + QStringList{"--algorithm", "auction"}, "--epsilon", {"nan", "inf", "-1", "x"}},
                 {lap + QStringList{"--algorithm", "auction"}, "--scaling", {"nan", "inf", "1", "1e7"}},
                 {matching, "--gain-threshold", {"nan", "inf", "-1", "1e39"}},
                 {hypergraph, "--epsilon", {"nan", "-0.5", "2"}}};
    for (const auto& c : cases) {
      for (const QString& value : c.values) {
        const Result r = cli(c.command + QStringList{c.option, value});
        QVERIFY2(isOneLineRefusal(r, 2), qPrintable(QString(c.option) + " " + value + ": " + r.out + r.err));
        QVERIFY2(r.err.contains(c.option), qPrintable(r.err));
      }
    }
  }

  // An epsilon below the prices' representable step raises no price: refused at once, never a hang.
  void auctionEpsilonBelowThePriceStepIsRefused() {
    const Result r = cli({"solve", "--generate", "real", "--n", "30", "--algorithm", "auction", "--backend",
                          "cpu", "--epsilon", "1e-17"},
                         {}, 60000);
    QVERIFY2(isOneLineRefusal(r, 1), qPrintable(r.err));
    QVERIFY2(r.err.contains("below the representable step"), qPrintable(r.err));
  }

  // The OpenMP runtime crashes long before 100000 threads: refused with the bound.
  void threadCountsBeyondTheBoundAreRefused() {
    const Result r =
        cli({"solve", "--generate", "uniform", "--n", "5", "--backend", "cpu", "--threads", "100000"});
    QVERIFY2(isOneLineRefusal(r, 2), qPrintable(r.err));
    QVERIFY2(r.err.contains("--threads") && r.err.contains("1024"), qPrintable(r.err));
  }

  // --objective of weighted matching: points are minimised and weight matrices maximised unless told; every
  // algorithm's gap to the exact optimum of the chosen sense is >= 0; the bench presets take the sense too
  // (a CSV column, gaps of the right sign). A bad value is a usage error in one line naming the option.
  void matchingObjectiveChoosesTheSense() {
    const QStringList geometric = {"solve", "--problem", "matching", "--generate", "geometric", "--n",
                                   "13",    "--seed",    "5",        "--backend",  "cpu",       "--verify"};
    QCOMPARE(cli(geometric + QStringList{"--algorithm", "exact"}).value("objective"), QString("min"));
    const QStringList uniform = {"solve", "--problem", "matching", "--generate", "uniform", "--n", "12"};
    QCOMPARE(cli(uniform + QStringList{"--algorithm", "exact"}).value("objective"), QString("max"));
    QMap<QString, double> optimum;
    for (const QString sense : {"min", "max"}) {
      const Result exact = cli(geometric + QStringList{"--algorithm", "exact", "--objective", sense});
      QCOMPARE(exact.exitCode, 0);
      QCOMPARE(exact.value("objective"), sense);
      QCOMPARE(exact.value("pairs").toInt(), 6);
      optimum[sense] = exact.value("weight").toDouble();
      for (const char* algorithm : {"greedy", "roma", "parallel-roma-1", "parallel-roma-2"}) {
        const Result r = cli(geometric + QStringList{"--algorithm", algorithm, "--objective", sense});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.value("optimum").toDouble(), optimum[sense]);
        QVERIFY2(r.value("gap_percent").toDouble() >= 0, qPrintable(r.out));
      }
    }
    QVERIFY(optimum["min"] < optimum["max"]);
    for (const QStringList& bad :
         {uniform + QStringList{"--objective", "minimum"}, uniform + QStringList{"--objective", ""}}) {
      const Result r = cli(bad);
      QVERIFY2(isOneLineRefusal(r, 2) && r.err.contains("--objective"), qPrintable(r.err));
    }
    QVERIFY(cli(uniform + QStringList{"--help"}).out.contains("default min for geometric graphs"));
    // The other kind's sense option is refused, not ignored (--maximize used to leave points minimised).
    const Result maximize = cli(uniform + QStringList{"--maximize"});
    QVERIFY2(isOneLineRefusal(maximize, 2) && maximize.err.contains("--maximize"), qPrintable(maximize.err));
    const Result lap = cli({"solve", "--generate", "uniform", "--n", "5", "--objective", "max"});
    QVERIFY2(isOneLineRefusal(lap, 2) && lap.err.contains("--objective"), qPrintable(lap.err));

    QTemporaryDir dir;
    const QString csv = dir.filePath("roma.csv");
    const QStringList bench = {"bench",     "--preset",  "roma-cpu",    "--sizes",   "12", "--distributions",
                               "geometric", "--configs", "greedy,roma", "--threads", "1",  "--output",
                               csv};
    const Result refused = cli(bench + QStringList{"--objective", "sideways"});
    QVERIFY2(isOneLineRefusal(refused, 2) && refused.err.contains("--objective"), qPrintable(refused.err));
    QCOMPARE(cli(bench + QStringList{"--objective", "min"}).exitCode, 0);
    const QList<QStringList> rows = readCsv(csv);
    QVERIFY(rows.size() >= 3);
    const qsizetype objective = rows.front().indexOf("objective"), gap = rows.front().indexOf("gap_percent");
    const qsizetype weight = rows.front().indexOf("weight"), best = rows.front().indexOf("optimum");
    QVERIFY(objective >= 0 && gap >= 0);
    for (int k = 1; k < rows.size(); ++k) {
      QCOMPARE(rows[k][objective], QString("min"));
      QVERIFY2(rows[k][gap].toDouble() >= 0 && rows[k][weight].toDouble() >= rows[k][best].toDouble(),
               qPrintable(rows[k].join(',')));
    }
  }

  // Points whose distances leave float's range are refused, not matched at weight inf with gap NaN.
  void pointsTooFarApartAreRefused() {
    QTemporaryDir dir;
    const QString points = writeFile(dir, "far.points", "0 0\n1e200 1e200\n3e200 0\n-1e200 5\n");
    const Result r =
        cli({"solve", "--problem", "matching", "--input", points, "--backend", "cpu", "--verify"});
    QVERIFY2(isOneLineRefusal(r, 1), qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains("distance exceeds"), qPrintable(r.err));
  }

  // Points that coincide: every matching weighs 0, printed as 0 (the minimum's weights are negated back
  // from the maximum's, which printed "-0").
  void coincidentPointsWeighZero() {
    QTemporaryDir dir;
    const QString points = writeFile(dir, "same.points", "2 2\n2 2\n2 2\n2 2\n");
    for (const char* algorithm : {"roma", "parallel-roma-2", "greedy", "exact"}) {
      const Result r = cli({"solve", "--problem", "matching", "--input", points, "--algorithm", algorithm,
                            "--backend", "cpu", "--verify"});
      QCOMPARE(r.exitCode, 0);
      QCOMPARE(r.value("weight"), "0");
      QCOMPARE(r.value("optimum"), "0");
      if (QString(algorithm).contains("roma")) QCOMPARE(r.value("initial_weight"), "0");
    }
  }

  // Every output chosen by its file's extension writes what its name says and reads back: instances through
  // the project's readers (solve --input), partitions through readPartitionFile, PNG and .npy by their
  // signatures, CSV by its columns. A name of another format is refused in one line before anything is
  // written (before: generate --problem hypergraph --output h.mtx wrote .hgr text, render --output r.jpg a
  // PNG, --assignment-out a.npy CSV).
  void everyOutputIsWrittenAsItsNameSays() {
    QTemporaryDir dir, refusedDir;
    const QStringList lap = {"generate", "uniform", "--n", "6"};
    const QStringList matching = {"generate", "--problem", "matching", "uniform", "--n", "6"};
    const QStringList points = {"generate", "--problem", "matching", "geometric", "--n", "6"};
    const QStringList hypergraph = {"generate", "--problem", "hypergraph", "random-hypergraph", "--n", "30"};
    const QStringList solveLap = {"solve", "--generate", "uniform", "--n", "6", "--backend", "cpu"};
    const QStringList solveMatching = {"solve", "--problem", "matching",  "--generate", "uniform",
                                       "--n",   "8",         "--backend", "cpu"};
    const QStringList solveHypergraph = {
        "solve", "--problem", "hypergraph", "--generate",  "random-hypergraph", "--n",
        "40",    "--backend", "cpu",        "--algorithm", "bipartition"};
    const QStringList render = {"render",  "--generate", "uniform",  "--n", "6",         "--steps", "2",
                                "--width", "64",         "--height", "64",  "--backend", "cpu"};
    const QStringList bench = {"bench", "--preset", "table1", "--sizes", "5", "--repeats", "1"};
    const QStringList benchRender = {"bench-render", "--generate", "uniform", "--n", "6",
                                     "--frames",     "1",          "--runs",  "1",   "--width",
                                     "64",           "--height",   "64"};
    const QByteArray npy("\x93NUMPY", 6), png("\x89PNG\r\n\x1a\n", 8);
    struct Case {
      QStringList command;
      QString option, name, wrongName;
      std::function<QString(const QString&)> readBack;
    };
    const QList<Case> cases = {
        {lap, "--output", "m.npy", "m.points",
         [&](const QString& p) { return signatureProblem(p, npy) + solvesBack(p, "lap"); }},
        {lap, "--output", "m.txt", "m.hgr", [&](const QString& p) { return solvesBack(p, "lap"); }},
        {matching, "--output", "g.npy", "g.csv",
         [&](const QString& p) { return signatureProblem(p, npy) + solvesBack(p, "matching"); }},
        {matching, "--output", "g.txt", "g.hgr", [&](const QString& p) { return solvesBack(p, "matching"); }},
        {points, "--output", "g.points", "g.xyz",
         [&](const QString& p) { return solvesBack(p, "matching"); }},
        {hypergraph, "--output", "h.hgr", "h.mtx",
         [&](const QString& p) { return solvesBack(p, "hypergraph"); }},
        {solveLap, "--assignment-out", "a.csv", "a.npy", [](const QString& p) { return csvProblem(p, 2); }},
        {solveLap, "--trace-out", "t.csv", "t.txt", [](const QString& p) { return csvProblem(p, 5); }},
        {solveMatching, "--matching-out", "m.csv", "m.txt",
         [](const QString& p) { return csvProblem(p, 2); }},
        {solveHypergraph, "--partition-out", "p.part", "p.csv",
         [](const QString& p) {
           return ms::hypergraph::readPartitionFile(p.toStdString(), 40).size() == 40 ? QString()
                                                                                      : "not 40 nodes";
         }},
        {render, "--output", "r.png", "r.jpg", [&](const QString& p) { return signatureProblem(p, png); }},
        {bench, "--output", "b.csv", "b.txt", [](const QString& p) { return csvProblem(p, 10); }},
        {benchRender, "--output", "br.csv", "br.png", [](const QString& p) { return csvProblem(p, 5); }},
    };
    // Mesa's lavapipe (Vulkan on the CPU) leaks 112 bytes inside its own module at exit: LeakSanitizer stays
    // off for the two Vulkan commands only; every other sanitizer check stays on.
    QProcessEnvironment vulkanEnvironment = QProcessEnvironment::systemEnvironment();
    vulkanEnvironment.insert("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1");
    for (const Case& c : cases) {
      const QString path = dir.filePath(c.name), wrong = refusedDir.filePath(c.wrongName);
      const QString what = c.command.first() + " " + c.option + " " + c.name;
      const bool vulkan = c.command.first() == "render" || c.command.first() == "bench-render";
      const auto run = [&](const QStringList& arguments) {
        return vulkan ? cli(arguments, {}, 240000, vulkanEnvironment) : cli(arguments);
      };
      const Result written = run(c.command + QStringList{c.option, path});
      QVERIFY2(written.exitCode == 0, qPrintable(what + ": " + written.err));
      const QString problem = c.readBack(path);
      QVERIFY2(problem.isEmpty(), qPrintable(what + ": " + problem));
      const Result refused = run(c.command + QStringList{c.option, wrong});
      QVERIFY2(isOneLineRefusal(refused, 2) && refused.err.contains(c.option) && !QFile::exists(wrong),
               qPrintable(what + " as " + c.wrongName + ": exit " + QString::number(refused.exitCode) + " " +
                          refused.err));
    }
  }

  // An output that is the input file itself (by name or through a link) is refused before solving, and the
  // input is left as it was.
  void outputsThatAreTheInputAreRefused() {
    QTemporaryDir dir;
    // Inputs named as the outputs' formats too (a text matrix may be called .csv), so that the name alone
    // does not refuse them; the hypergraph's own name cannot be a partition's, so only a link reaches it.
    const QString lap = writeFile(dir, "m.csv", "4 1 3\n2 0 5\n3 2 2\n");
    const QString weights = writeFile(dir, "w.csv", "0 1 2 3\n1 0 4 5\n2 4 0 6\n3 5 6 0\n");
    const QString hgr = writeFile(dir, "h.hgr", "2 4\n1 2\n3 4\n");
    QVERIFY(QFile::link(lap, dir.filePath("link.csv")));
    QVERIFY(QFile::link(weights, dir.filePath("w-link.csv")));
    QVERIFY(QFile::link(hgr, dir.filePath("h-link.part")));
    const struct {
      QStringList command;
      QString input;
      const char* option;
      QStringList outputs;
    } cases[] = {
        {{"solve"}, lap, "--assignment-out", {lap, dir.filePath("link.csv")}},
        {{"solve"}, lap, "--trace-out", {lap, dir.filePath("link.csv")}},
        {{"solve", "--problem", "matching"},
         weights,
         "--matching-out",
         {weights, dir.filePath("w-link.csv")}},
        {{"solve", "--problem", "hypergraph"}, hgr, "--partition-out", {dir.filePath("h-link.part")}},
    };
    for (const auto& c : cases) {
      QFile original(c.input);
      QVERIFY(original.open(QIODevice::ReadOnly));
      const QByteArray before = original.readAll();
      original.close();
      for (const QString& output : c.outputs) {
        const Result r =
            cli(c.command + QStringList{"--input", c.input, "--backend", "cpu", c.option, output});
        QVERIFY2(isOneLineRefusal(r, 2), qPrintable(QString(c.option) + ": " + r.out + r.err));
        QVERIFY2(r.err.contains(c.option) && r.err.contains("is the input file"), qPrintable(r.err));
        QVERIFY(r.value("objective").isEmpty() && r.value("weight").isEmpty());
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), before);
        original.close();
      }
    }
  }

  // Standard output on a full device: the result is lost, so the exit status says so (one line).
  void standardOutputOnAFullDeviceIsAnError() {
    QProcess process;
    process.setStandardOutputFile("/dev/full");
    process.start(MATCHSCOPE_CLI_PATH, {"solve", "--generate", "uniform", "--n", "5", "--backend", "cpu"});
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 1);
    QCOMPARE(err.trimmed(), QString("matchscope-cli: standard output: No space left on device"));
  }

  // SIGINT, SIGTERM or SIGHUP while a large output is written: the temporary file goes, the old file stays.
  void signalsDuringAWriteLeaveNoTemporaryFile() {
    QTemporaryDir dir;
    const QString output = writeFile(dir, "big.txt", "old\n");
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
      QProcess process;
      process.start(MATCHSCOPE_CLI_PATH, {"generate", "real", "--n", "4000", "--output", output});
      QVERIFY(process.waitForStarted());
      const auto temporaries = [&] {
        return QDir(dir.path()).entryList({".big.txt.tmp*"}, QDir::Files | QDir::Hidden);
      };
      QElapsedTimer waited;
      waited.start();
      while (temporaries().isEmpty() && process.state() == QProcess::Running && waited.elapsed() < 120000)
        QTest::qWait(5);
      QVERIFY2(!temporaries().isEmpty(), "the write finished before a signal could arrive");
      ::kill(static_cast<pid_t>(process.processId()), signal);
      QVERIFY(process.waitForFinished(60000));
      QCOMPARE(process.exitStatus(), QProcess::CrashExit);
      QCOMPARE(temporaries(), QStringList());
      QFile file(output);
      QVERIFY(file.open(QIODevice::ReadOnly));
      QCOMPARE(file.readAll(), QByteArray("old\n"));
    }
  }

  // A file that is read-only for the caller keeps its contract: refused, unless --force.
  void readOnlyOutputsAreReplacedOnlyWithForce() {
    QTemporaryDir dir;
    const QString output = writeFile(dir, "a.csv", "keep\n");
    QVERIFY(QFile::setPermissions(output, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QStringList solve = {"solve",     "--generate", "uniform",          "--n", "4",
                               "--backend", "cpu",        "--assignment-out", output};
    const Result refused = cli(solve);
    QVERIFY2(isOneLineRefusal(refused, 1), qPrintable(refused.err));
    QVERIFY2(refused.err.contains("read-only") && refused.err.contains("--force"), qPrintable(refused.err));
    QCOMPARE(readCsv(output), QList<QStringList>({{"keep"}}));
    const Result forced = cli(solve + QStringList{"--force"});
    QCOMPARE(forced.exitCode, 0);
    QCOMPARE(readCsv(output).size(), 1 + 4);  // header and one line per row
  }

  // The memory check counts the ranks that share the host, and every array a .hgr header makes the reader
  // and the partitioner allocate.
  void memoryChecksCountSharedHostsAndHeaderArrays() {
    QTemporaryDir dir;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("MATCHSCOPE_MEMORY_LIMIT_MB", "64");
    const QString nodes = writeFile(dir, "nodes.hgr", "1 300000\n1 2\n");  // 19 MB counted
    const QStringList solve = {"solve", "--problem", "hypergraph", "--input", nodes, "--backend", "cpu"};
    QCOMPARE(cli(solve, {}, 240000, environment).exitCode, 0);
    environment.insert("OMPI_COMM_WORLD_LOCAL_SIZE", "8");  // 8 MB each
    const Result shared = cli(solve, {}, 240000, environment);
    QVERIFY2(isOneLineRefusal(shared, 1), qPrintable(shared.err));
    QVERIFY2(shared.err.contains("cannot fit in memory"), qPrintable(shared.err));
    environment.remove("OMPI_COMM_WORLD_LOCAL_SIZE");
    environment.insert("MATCHSCOPE_MEMORY_LIMIT_MB", "16000");
    const QString header = writeFile(dir, "header.hgr", "1 1000000000\n1 2\n");  // 13 bytes, 64 GB counted
    const Result huge = cli({"solve", "--problem", "hypergraph", "--input", header}, {}, 60000, environment);
    QVERIFY2(isOneLineRefusal(huge, 1), qPrintable(huge.err));
    QVERIFY2(huge.err.contains("cannot fit in memory"), qPrintable(huge.err));
  }

  // An empty hypergraph partitions into nothing: its (empty) partition is written, no wrong complaint.
  void emptyHypergraphWritesItsPartition() {
    QTemporaryDir dir;
    const QString part = dir.filePath("e.part");
    const Result r = cli({"solve", "--problem", "hypergraph", "--input", writeFile(dir, "e.hgr", "0 0\n"),
                          "--partition-out", part});
    QVERIFY2(r.exitCode == 0 || isOneLineRefusal(r, 1), qPrintable(r.err));
    QVERIFY2(!r.err.contains("needs --algorithm bipartition"), qPrintable(r.err));
    const Result coarsen =
        cli({"solve", "--problem", "hypergraph", "--input", writeFile(dir, "h.hgr", "1 2\n1 2\n"),
             "--algorithm", "coarsen-greedy", "--partition-out", part});
    QVERIFY2(isOneLineRefusal(coarsen, 2), qPrintable(coarsen.err));
    QVERIFY(coarsen.value("levels").isEmpty());  // refused before solving
  }

  // Bench counts below zero are usage errors, not a header-only CSV that reports "valid".
  void benchCountsOutOfRangeAreRefused() {
    QTemporaryDir dir;
    for (const char* option : {"--repeats", "--instances", "--warmups"}) {
      const Result r = cli(
          {"bench", "--preset", "table1", "--sizes", "5", option, "-1", "--output", dir.filePath("b.csv")});
      QVERIFY2(isOneLineRefusal(r, 2), qPrintable(QString(option) + ": " + r.err));
      QVERIFY(!QFile::exists(dir.filePath("b.csv")));
    }
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
