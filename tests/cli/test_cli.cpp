// matchscope-cli's contract with scripts: printed lines, exit statuses, error message format, CSV outputs.
#include <QtTest/QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <set>

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

  // The approximations: a bound: line saying how far the objective may be from the optimum.
  void approximationsPrintTheirBound() {
    const QStringList instance = {"solve", "--generate", "uniform", "--n", "30", "--seed", "2"};
    const QString optimum = cli(instance + QStringList{"--algorithm", "tree", "--backend", "sequential"}).value("objective");
    const Result auction = cli(instance + QStringList{"--algorithm", "auction", "--backend", "sequential"});
    QCOMPARE(auction.exitCode, 0);
    QCOMPARE(auction.value("objective"), optimum);
    QCOMPARE(auction.value("bound"), QString("0 (exact)"));
    const Result real = cli({"solve", "--generate", "real", "--n", "30", "--algorithm", "auction", "--backend", "cpu",
                             "--epsilon", "0.001"});
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
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
