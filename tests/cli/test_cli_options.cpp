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
// applies to (its help text names the problem kind). Outputs are named by `run`, as runs go in parallel.
QStringList baseCommand(const QString& subcommand, const NumericOption& option, const QTemporaryDir& dir,
                        qsizetype run) {
  const QString help = option.help.trimmed();
  const auto output = [&](const QString& extension) {
    return dir.filePath(QString("%1.%2").arg(run).arg(extension));
  };
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
  if (subcommand == "generate") return {"generate", "uniform", "--n", "6", "--output", output("txt")};
  if (subcommand == "bench")
    return {"bench", "--preset", "table1", "--sizes", "5", "--repeats", "1", "--output", output("csv")};
  if (subcommand == "render")
    return {"render", "--generate", "uniform", "--n",       "6",   "--steps",  "2",          "--width",
            "64",     "--height",   "64",      "--backend", "cpu", "--output", output("png")};
  if (subcommand == "bench-render")
    return {"bench-render", "--generate", "uniform",  "--n", "6",        "--frames",   "1", "--runs", "1",
            "--width",      "64",         "--height", "64",  "--output", output("csv")};
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

// Every (option, value) run of one program's subcommands: the runs go out in parallel, the checks follow in
// order, so a failure names the first offending run.
struct OptionRun {
  QString context, option, value;
};

void checkRuns(const QString& program, const QList<QStringList>& commands, const QList<OptionRun>& runs) {
  const std::vector<Result> results = runPrograms(program, commands, 60000);
  for (qsizetype k = 0; k < runs.size(); ++k) {
    checkRun(results[k], runs[k].option, runs[k].value, runs[k].context);
    if (QTest::currentTestFailed()) return;
  }
}

}  // namespace

class TestCliOptions : public QObject {
  Q_OBJECT

 private slots:
  void everyNumericOptionOfMatchscopeCli() {
    QTemporaryDir dir;
    QList<QStringList> commands;
    QList<OptionRun> runs;
    for (const QString subcommand : {"solve", "generate", "bench", "render", "bench-render"}) {
      const QList<NumericOption> options =
          numericOptions(runProgram(MATCHSCOPE_CLI_PATH, {subcommand, "--help"}, 60000));
      QVERIFY2(!options.isEmpty(), qPrintable(subcommand));
      for (const NumericOption& option : options) {
        for (const QString& value : kValues) {
          commands.append(baseCommand(subcommand, option, dir, runs.size()) +
                          QStringList{option.name, value});
          runs.append({subcommand, option.name, value});
        }
      }
    }
    QVERIFY(runs.size() >= 5 * 40);  // the walk reached the options (48 numeric options when written)
    checkRuns(MATCHSCOPE_CLI_PATH, commands, runs);
  }

#ifdef MATCHSCOPE_MPI_PATH
  void everyNumericOptionOfMatchscopeMpi() {
    QTemporaryDir dir;
    const QStringList mpirun = {"-np", "2", "--oversubscribe", MATCHSCOPE_MPI_PATH};
    QList<QStringList> commands;
    QList<OptionRun> runs;
    for (const QString subcommand : {"solve", "bench"}) {
      const QList<NumericOption> options =
          numericOptions(runProgram(MATCHSCOPE_MPIEXEC, mpirun + QStringList{subcommand, "--help"}, 60000));
      QVERIFY2(!options.isEmpty(), qPrintable(subcommand));
      for (const NumericOption& option : options) {
        for (const QString& value : kValues) {
          const QString csv = dir.filePath(QString("%1.csv").arg(runs.size()));
          const QStringList base =
              subcommand == "solve"
                  ? QStringList{"solve", "--generate", "uniform", "--n", "8"}
                  : QStringList{"bench", "--sizes",   "8",          "--repeats", "1", "--warmups",
                                "0",     "--backend", "sequential", "--output",  csv};
          commands.append(mpirun + base + QStringList{option.name, value});
          runs.append({"mpi " + subcommand, option.name, value});
        }
      }
    }
    checkRuns(MATCHSCOPE_MPIEXEC, commands, runs);
  }
#endif
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
