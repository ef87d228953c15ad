// matchscope-cli's contract with scripts: printed lines, exit statuses, error message format, CSV outputs.
#include <QtTest/QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <limits>
#include <random>
#include <set>

#include <sys/stat.h>
#include <sys/types.h>

#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/partition.h"

#include "process_result.h"

namespace {

// Runs matchscope-cli with `input` on its standard input; a run that outlives `timeoutMs` is killed and
// reported as exit code -1 (an input that hangs the tool fails its test instead of stalling the suite).
// A crash is reported as exit code -2.
Result cli(const QStringList& arguments, const QByteArray& input = {}, int timeoutMs = 240000,
           const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
  QProcess process;
  process.setProcessEnvironment(environment);
  process.start(MATCHSCOPE_CLI_PATH, arguments);
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

QList<QStringList> readCsv(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QList<QStringList> rows;
  for (const QByteArray& line : file.readAll().split('\n')) {
    if (!line.isEmpty()) rows.append(QString::fromUtf8(line).split(','));
  }
  return rows;
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
        QVERIFY2(commit == "unknown" || QRegularExpression("^[0-9a-f]{4,40}$").match(commit).hasMatch(),
                 qPrintable(commit));
        QCOMPARE(rows[k].back(), today);
      }
    }
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
    QCOMPARE(rows[1].last(), QString("valid"));
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

  // Finite costs whose optimum sums beyond float64's range: an error, never "objective: inf".
  void overflowingObjectiveIsAnError() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "huge.txt", "1e308 1.5e308\n1.5e308 1e308\n");
    const Result r = cli({"solve", "--input", path, "--backend", "sequential"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(!r.out.contains("objective: inf"), qPrintable(r.out));
    QCOMPARE(r.err.trimmed(),
             QString("matchscope-cli: the objective overflows: the assigned costs sum to 2e+308, "
                     "beyond the range of float64"));
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
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
