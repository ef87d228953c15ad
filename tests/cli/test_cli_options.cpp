// Every numeric option of every subcommand of matchscope-cli (and of matchscope-mpi under mpirun), read from
// the programs' own --help, is given 0, -1, a huge value, NaN and text. Each run must end within a minute
// without a signal; NaN, text and -1 must be usage errors (exit 2) in one line naming the option, and so
// must every other value that is refused for its range.
#include <QtTest/QtTest>

#include <QRegularExpression>
#include <QTemporaryDir>

#include "process_result.h"

namespace {

struct NumericOption {
  QString name, help;
};

// The options whose value type (as CLI11's help prints it) is INT, UINT or FLOAT.
QList<NumericOption> numericOptions(const Result& help) {
  static const QRegularExpression line(R"(^\s+(--[\w-]+) (INT|UINT|FLOAT)\b(.*)$)");
  QList<NumericOption> options;
  const QStringList lines = help.out.split('\n');
  for (int k = 0; k < lines.size(); ++k) {
    const QRegularExpressionMatch match = line.match(lines[k]);
    if (!match.hasMatch()) continue;
    // The description follows on the same line or on the next one.
    options.append({match.captured(1), match.captured(3) + (k + 1 < lines.size() ? lines[k + 1] : "")});
  }
  return options;
}

// A short, valid command of `subcommand` that the option under test is added to, chosen by what the option
// applies to (its help text names the problem kind).
QStringList baseCommand(const QString& subcommand, const NumericOption& option, const QTemporaryDir& dir) {
  const QString help = option.help.trimmed();
  if (subcommand == "solve") {
    if (help.startsWith("matching:"))
      return {"solve", "--problem", "matching", "--generate", "uniform", "--n", "8", "--backend", "cpu"};
    if (help.startsWith("hypergraph:"))
      return {"solve", "--problem", "hypergraph", "--generate", "random-hypergraph",
              "--n",   "40",        "--backend",  "cpu"};
    if (help.startsWith("auction") || option.name == "--scaling")
      return {"solve", "--generate", "real", "--n", "6", "--algorithm", "auction", "--backend", "cpu"};
    return {"solve", "--generate", "uniform", "--n", "6", "--backend", "cpu"};
  }
  if (subcommand == "generate") return {"generate", "uniform", "--n", "6", "--output", dir.filePath("g.txt")};
  if (subcommand == "bench")
    return {"bench",    "--preset",           "table1", "--sizes", "5", "--repeats", "1",
            "--output", dir.filePath("b.csv")};
  if (subcommand == "render")
    return {"render",  "--generate", "uniform", "--n",      "6",
            "--steps", "2",          "--width", "64",       "--height",
            "64",      "--backend",  "cpu",     "--output", dir.filePath("r.png")};
  if (subcommand == "bench-render")
    return {"bench-render", "--generate", "uniform", "--n",      "6",
            "--frames",     "1",          "--runs",  "1",        "--width",
            "64",           "--height",   "64",      "--output", dir.filePath("br.csv")};
  return {subcommand};
}

// One run: ends by itself (no signal, no hang); refused values are one line naming the option.
void checkRun(const Result& r, const QString& option, const QString& value, const QString& context) {
  const QString what =
      context + " " + option + " " + value + ": exit " + QString::number(r.exitCode) + "\n" + r.err;
  QVERIFY2(r.exitCode >= 0 && r.exitCode <= 3, qPrintable(what));
  const bool mustRefuse = value == "nan" || value == "x1" || value == "-1";
  if (mustRefuse) QVERIFY2(r.exitCode == 2, qPrintable(what));
  if (r.exitCode == 2) {
    QStringList own;
    for (const QString& line : r.err.split('\n')) {
      if (line.startsWith("matchscope-")) own.append(line);
    }
    QVERIFY2(own.size() == 1 && own.first().contains(option), qPrintable(what));
    // Readable: CLI11's own range message was 300 characters, most of them DBL_MAX's 309 digits.
    static const QRegularExpression longNumber(R"(\d{30})");
    QVERIFY2(own.first().size() < 200 && !own.first().contains(longNumber), qPrintable(what));
  }
}

const QStringList kValues = {"0", "-1", "99999999999", "nan", "x1"};

}  // namespace

class TestCliOptions : public QObject {
  Q_OBJECT

 private slots:
  void everyNumericOptionOfMatchscopeCli() {
    QTemporaryDir dir;
    int walked = 0;
    for (const QString subcommand : {"solve", "generate", "bench", "render", "bench-render"}) {
      const QList<NumericOption> options =
          numericOptions(runProgram(MATCHSCOPE_CLI_PATH, {subcommand, "--help"}, 60000));
      QVERIFY2(!options.isEmpty(), qPrintable(subcommand));
      for (const NumericOption& option : options) {
        for (const QString& value : kValues) {
          const Result r =
              runProgram(MATCHSCOPE_CLI_PATH,
                         baseCommand(subcommand, option, dir) + QStringList{option.name, value}, 60000);
          checkRun(r, option.name, value, subcommand);
          if (QTest::currentTestFailed()) return;
          ++walked;
        }
      }
    }
    QVERIFY(walked >= 5 * 40);  // the walk reached the options (48 numeric options when written)
  }

#ifdef MATCHSCOPE_MPI_PATH
  void everyNumericOptionOfMatchscopeMpi() {
    QTemporaryDir dir;
    const QStringList mpirun = {"-np", "2", "--oversubscribe", MATCHSCOPE_MPI_PATH};
    for (const QString subcommand : {"solve", "bench"}) {
      const QList<NumericOption> options =
          numericOptions(runProgram(MATCHSCOPE_MPIEXEC, mpirun + QStringList{subcommand, "--help"}, 60000));
      QVERIFY2(!options.isEmpty(), qPrintable(subcommand));
      const QStringList base =
          subcommand == "solve"
              ? QStringList{"solve", "--generate", "uniform", "--n", "8"}
              : QStringList{
                    "bench",     "--sizes",    "8",        "--repeats",          "1", "--warmups", "0",
                    "--backend", "sequential", "--output", dir.filePath("m.csv")};
      for (const NumericOption& option : options) {
        for (const QString& value : kValues) {
          const Result r =
              runProgram(MATCHSCOPE_MPIEXEC, mpirun + base + QStringList{option.name, value}, 60000);
          checkRun(r, option.name, value, "mpi " + subcommand);
          if (QTest::currentTestFailed()) return;
        }
      }
    }
  }
#endif
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
