// matchscope-mpi under mpirun with 2 ranks: the distributed solve's printed lines, per-rank traces, .npy
// slices, the bench presets' CSV, and its agreement with matchscope-cli on the same counter-stream instance.
#include <QtTest/QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include "process_result.h"

namespace {

Result run(const QString& program, const QStringList& arguments) {
  return runProgram(program, arguments, 240000);
}

// Two ranks of matchscope-mpi (ctest sets the environment that lets Open MPI run as root).
Result mpi(const QStringList& arguments) {
  return run(MATCHSCOPE_MPIEXEC, QStringList{"-np", "2", "--oversubscribe", MATCHSCOPE_MPI_PATH} + arguments);
}

Result cli(const QStringList& arguments) {
  return run(MATCHSCOPE_CLI_PATH, arguments);
}

// mpirun's MPMD form: rank 0 runs `first` in folder `firstDir`, rank 1 runs `second` in `secondDir`.
Result mpiTwoCommands(const QString& firstDir, const QStringList& first, const QString& secondDir,
                      const QStringList& second) {
  return run(MATCHSCOPE_MPIEXEC,
             QStringList{"--oversubscribe", "-np", "1", "-wdir", firstDir, MATCHSCOPE_MPI_PATH} + first +
                 QStringList{":", "-np", "1", "-wdir", secondDir, MATCHSCOPE_MPI_PATH} + second);
}

// Our own lines on standard error (mpirun adds its banner about a non-zero exit around them).
QStringList ownErrorLines(const Result& r) {
  QStringList own;
  for (const QString& line : r.err.split('\n')) {
    if (line.startsWith("matchscope-mpi")) own.append(line);
  }
  return own;
}

int lineCount(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return -1;
  return static_cast<int>(file.readAll().count('\n'));
}

}  // namespace

class TestMpiCli : public QObject {
  Q_OBJECT

 private slots:
  void solveMatchesTheSingleProcessOptimum() {
    QTemporaryDir dir;
    for (const QString algorithm : {"classical", "tree"}) {
      for (const QString generator : {"uniform", "real"}) {
        const QStringList instance = {"--generate", generator, "--n", "157", "--range", "n", "--seed", "9"};
        const QString trace = dir.filePath(algorithm + generator + ".csv");
        const Result distributed =
            mpi(QStringList{"solve", "--algorithm", algorithm, "--verify", "--trace-out", trace} + instance);
        QVERIFY2(distributed.exitCode == 0, qPrintable(distributed.err));
        QCOMPARE(distributed.value("ranks"),
                 algorithm == "classical" ? "2 (rows split)" : "2 (columns split)");
        QCOMPARE(distributed.value("certificate"), "valid");
        QCOMPARE(distributed.value("rank_ms").split(' ').size(), 2);
        const Result single = cli(
            QStringList{"solve", "--algorithm", algorithm, "--backend", "sequential", "--stream", "counter"} +
            instance);
        QCOMPARE(single.exitCode, 0);
        if (generator == "uniform") {
          QCOMPARE(distributed.value("objective"), single.value("objective"));
        } else {
          QVERIFY(qAbs(distributed.value("objective").toDouble() - single.value("objective").toDouble()) <
                  1e-7);
        }
        // One trace per rank, step for step the same solve.
        const QString stem = dir.filePath(algorithm + generator);
        QCOMPARE(lineCount(stem + ".rank0.csv"), distributed.value("steps").toInt() + 1);
        QCOMPARE(lineCount(stem + ".rank1.csv"), lineCount(stem + ".rank0.csv"));
      }
    }
  }

  void npyInputIsReadBySlice() {
    QTemporaryDir dir;
    const QString npy = dir.filePath("m.npy");
    QCOMPARE(cli({"generate", "uniform", "--n", "101", "--range", "10n", "--seed", "4", "--stream", "counter",
                  "--output", npy})
                 .exitCode,
             0);
    const Result single = cli({"solve", "--input", npy, "--algorithm", "tree", "--backend", "sequential"});
    // The file holds the counter stream's matrix: the very instance matchscope-mpi generates slice by slice.
    const Result generated =
        mpi({"solve", "--generate", "uniform", "--n", "101", "--range", "10n", "--seed", "4"});
    QCOMPARE(generated.value("objective"), single.value("objective"));
    for (const QString algorithm : {"classical", "tree"}) {
      const Result distributed = mpi({"solve", "--input", npy, "--algorithm", algorithm, "--verify"});
      QVERIFY2(distributed.exitCode == 0, qPrintable(distributed.err));
      QCOMPARE(distributed.value("objective"), single.value("objective"));
      // 101 rows or columns over 2 ranks: 51 and 50 of them, int32.
      QCOMPARE(distributed.value("slice_mb"),
               QString("%1 %2").arg(51 * 101 * 4 / 1e6).arg(50 * 101 * 4 / 1e6));
    }
  }

  void benchPresetWritesOneRowPerRun() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("strong.csv");
    const Result r = mpi({"bench", "--preset", "strong", "--sizes", "120,200", "--repeats", "2", "--warmups",
                          "0", "--backend", "sequential", "--output", csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 2 * 2 * 2);  // header + sizes x algorithms x repeats
    const QList<QByteArray> header = lines[0].split(',');
    const auto column = [&](const char* name) { return static_cast<int>(header.indexOf(name)); };
    QMap<QString, QString> objectiveBySize;
    for (int k = 1; k < lines.size(); ++k) {
      // The device name is quoted and may hold commas: read the fields from its closing quote on.
      const QByteArray& line = lines[k];
      const QList<QByteArray> fields = line.mid(line.lastIndexOf('"') + 2).split(',');
      const auto field = [&](const char* name) { return QString::fromUtf8(fields[column(name) - 1]); };
      QCOMPARE(field("ranks"), "2");
      QCOMPARE(field("rank_ms").split(';').size(), 2);
      if (field("repeat") == "0") QCOMPARE(field("certificate"), "valid");
      // Classical and tree agree on the optimum of each size.
      const QString n = field("n");
      if (objectiveBySize.contains(n)) QCOMPARE(field("objective"), objectiveBySize[n]);
      objectiveBySize[n] = field("objective");
    }
    QCOMPARE(objectiveBySize.size(), 2);
  }

  // Instances no rank can solve end every rank with one line from rank 0 and the status of the single-process
  // solver: an all-forbidden row (3, infeasible), and finite costs whose sums would overflow float64 (1,
  // refused before solving by the single-process solver's range, cost_range.h), whichever rank holds them.
  void unsolvableInstancesEndEveryRankTogether() {
    QTemporaryDir dir;
    const struct {
      const char* name;
      QByteArray content;
      int exitCode;
      QRegularExpression message;
    } cases[] = {
        {"inf.txt", "inf inf inf\n1 2 3\n4 5 6\n", 3,
         QRegularExpression("infeasible: a row or column has only forbidden \\(inf\\) entries")},
        {"huge.txt", "1 2 3\n4 5 6\n7 8 1.5e308\n", 1,
         QRegularExpression("float costs must stay within \\+-1\\.12[0-9]*e\\+307 for n = 3 so that sums of "
                            "duals cannot overflow to infinity")},
    };
    for (const auto& c : cases) {
      QFile file(dir.filePath(c.name));
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(c.content);
      file.close();
      for (const QString algorithm : {"classical", "tree"}) {
        const Result r = mpi({"solve", "--input", file.fileName(), "--algorithm", algorithm});
        QCOMPARE(r.exitCode, c.exitCode);
        QVERIFY2(r.value("objective").isEmpty(), qPrintable(r.out));
        QCOMPARE(ownErrorLines(r).size(), 1);
        QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
      }
    }
  }

  void sequentialStreamIsRefused() {
    const Result r = mpi({"solve", "--generate", "uniform", "--n", "50", "--stream", "sequential"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("use --stream counter"), qPrintable(r.err));
  }

  // Ranks started with different arguments (mpirun's A : B form) would split different instances and still
  // combine their results: all stop before solving, with one line.
  void ranksWithDifferentArgumentsStopTogether() {
    QTemporaryDir dir;
    for (const char* seed : {"1", "2"}) {
      QCOMPARE(cli({"generate", "uniform", "--n", "6", "--seed", seed, "--output",
                    dir.filePath(seed + QString(".npy"))})
                   .exitCode,
               0);
    }
    const Result r = mpiTwoCommands(dir.path(), {"solve", "--input", "1.npy", "--verify"}, dir.path(),
                                    {"solve", "--input", "2.npy", "--verify"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.value("objective").isEmpty(), qPrintable(r.out));
    QCOMPARE(ownErrorLines(r).size(), 1);
    QVERIFY2(r.err.contains("different arguments"), qPrintable(r.err));
  }

  // The same arguments naming different files (one path, two hosts' folders): the ranks compare what they
  // read.
  void ranksReadingDifferentInstancesStopTogether() {
    QTemporaryDir first, second;
    for (const char* name : {"m.npy", "m.txt"}) {
      QCOMPARE(
          cli({"generate", "uniform", "--n", "6", "--seed", "1", "--output", first.filePath(name)}).exitCode,
          0);
      QCOMPARE(
          cli({"generate", "uniform", "--n", "6", "--seed", "2", "--output", second.filePath(name)}).exitCode,
          0);
      const QStringList command = {"solve", "--input", name, "--verify"};
      const Result r = mpiTwoCommands(first.path(), command, second.path(), command);
      QCOMPARE(r.exitCode, 1);
      QCOMPARE(ownErrorLines(r).size(), 1);
      QVERIFY2(r.err.contains("the ranks read different instances"), qPrintable(r.err));
    }
    // A file only one rank can open: one line from that rank, every rank stops.
    const QTemporaryDir empty;
    const Result missing = mpiTwoCommands(first.path(), {"solve", "--input", "m.txt"}, empty.path(),
                                          {"solve", "--input", "m.txt"});
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(ownErrorLines(missing).size(), 1);
    QVERIFY2(missing.err.contains("rank 1: m.txt"), qPrintable(missing.err));
  }

  // Costs outside the int64 range the ranks sum in: one line, no objective.
  void integerCostsBeyondTheSummableRangeAreRefused() {
    QTemporaryDir dir;
    QFile file(dir.filePath("min.txt"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("-9223372036854775808 1\n1 1\n");
    file.close();
    const Result r = mpi({"solve", "--input", file.fileName(), "--verify"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.value("certificate").isEmpty(), qPrintable(r.out));
    QCOMPARE(ownErrorLines(r).size(), 1);
    QVERIFY2(r.err.contains("int64 costs must stay within"), qPrintable(r.err));
  }

  // Each rank writes its own trace: standard output cannot take them, so "-" is a usage error, not "-.rank0".
  void traceToStandardOutputIsRefused() {
    const Result r = mpi({"solve", "--generate", "uniform", "--n", "8", "--trace-out", "-"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(ownErrorLines(r).size(), 1);
    QVERIFY2(r.err.contains("--trace-out"), qPrintable(r.err));
    QVERIFY(!QFile::exists("-.rank0") && !QFile::exists("-.rank1"));
  }
};

QTEST_GUILESS_MAIN(TestMpiCli)
#include "test_mpi_cli.moc"
