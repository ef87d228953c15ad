// matchscope-cli's contract with scripts: printed lines, exit statuses, error message format, CSV outputs.
#include <QtTest/QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <set>

#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/partition.h"

namespace {

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

Result cli(const QStringList& arguments) {
  QProcess process;
  process.start(MATCHSCOPE_CLI_PATH, arguments);
  process.waitForFinished(240000);
  return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
          QString::fromUtf8(process.readAllStandardError())};
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
        const Result r = cli({"solve", "--generate", "uniform", "--n", "9", "--seed", "4", "--algorithm", algorithm,
                              "--backend", backend, "--verify"});
        QCOMPARE(r.exitCode, 0);
        const Result brute = cli({"solve", "--generate", "uniform", "--n", "9", "--seed", "4", "--algorithm", "brute"});
        QCOMPARE(r.value("objective"), brute.value("objective"));
        QVERIFY(r.value("iterations").toInt() >= 1);
        QVERIFY(r.value("time_ms").toDouble() > 0);
        QCOMPARE(r.value("certificate"), QString("valid"));
      }
    }
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
    for (const char* algorithm : {"classical", "tree", "brute"}) {
      const Result r = cli({"solve", "--input", path, "--algorithm", algorithm, "--backend", "cpu"});
      QCOMPARE(r.exitCode, 3);
      QVERIFY2(r.err.startsWith("matchscope-cli: ") && r.err.contains("infeasible"), qPrintable(r.err));
    }
  }

  // One trace row per step, positive times, summing to the reported total within 10% (issue acceptance).
  void traceCsvAccountsForTheTotalTime() {
    QTemporaryDir dir;
    const QString trace = dir.filePath("trace.csv");
    const Result r = cli({"solve", "--generate", "uniform", "--n", "2000", "--range", "n", "--algorithm", "tree",
                          "--backend", "cpu", "--trace-out", trace});
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
    QVERIFY2(sumMs <= totalMs && sumMs >= 0.9 * totalMs, qPrintable(QString("steps sum to %1 ms of %2 ms").arg(sumMs).arg(totalMs)));
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

  // Hypergraphs: the printed cut is the cut of the partition file, `nodes:` lists every level, and a bad
  // .hgr file exits with 1 naming the file and line.
  void hypergraphBipartitionReportsItsPartitionFilesCut() {
    QTemporaryDir dir;
    const QString hgr = dir.filePath("s.hgr"), part = dir.filePath("s.part");
    QCOMPARE(cli({"generate", "--problem", "hypergraph", "stanford", "--n", "4000", "--output", hgr}).exitCode, 0);
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
