// matchscope-learn's check interface, headless (offscreen platform): --lesson FILE or --generate N --seed S,
// --method stars|lines|tree|roma, --export DIR writes the slides and DIR/transcript.txt whose last line is
// "total: <optimal total>"; bad arguments exit 2 with a one-line reason.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "solver/core/trace.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/teaching/question_bank.h"
#include "tests/teaching/lesson_test_support.h"

using namespace ms::lap;
using namespace ms::lap::teaching;
using namespace ms::lap::teaching::test;

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

Run learn(const QStringList& arguments) {
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert("QT_QPA_PLATFORM", "offscreen");
  process.setProcessEnvironment(environment);
  process.start(MATCHSCOPE_LEARN, arguments);
  if (!process.waitForFinished(60000)) qFatal("matchscope-learn did not finish");
  return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
          QString::fromUtf8(process.readAllStandardError())};
}

QStringList transcriptLines(const QString& folder) {
  QFile file(folder + "/transcript.txt");
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
}

int64_t optimum(const CostMatrix<int64_t>& square) {
  auto solver = makeLapSolver(square, LapOptions{LapAlgorithm::Classical, Backend::Sequential, 1});
  ms::runToEnd(*solver);
  return solver->solution().objective;
}

}  // namespace

class TestLearnCli : public QObject {
  Q_OBJECT

 private slots:
  void lessonFileBothMethods() {
    const QString file = QString::fromStdString(lessonPath("03-winston-machineco.txt").string());
    for (const QString method : {"stars", "lines"}) {
      QTemporaryDir dir;
      const Run run =
          learn({"--lesson", file, "--export", dir.path(), "--method", method, "--size", "400x300"});
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      const QStringList lines = transcriptLines(dir.path());
      QCOMPARE(lines.last(), QString("total: 15"));
      QCOMPARE(lines[1], method == "lines" ? QString("Method: minimum lines")
                                           : QString("Method: star-and-prime (Munkres)"));
      const int slides = QDir(dir.path()).entryList({"step_*.png"}).size();
      QCOMPARE(slides, lines.filter(QRegularExpression("^Step \\d+\\. ")).size());
    }
  }

  // The lessons beyond the textbook: the tree lesson's total is the optimum, the ROMA lesson's the cost of
  // ROMA's matching (the lesson computed in process), and ROMA refuses a forbidden pair with the reason.
  void solverLessons() {
    const QString file = QString::fromStdString(lessonPath("03-winston-machineco.txt").string());
    for (const QString method : {"tree", "roma"}) {
      QTemporaryDir dir;
      const Run run =
          learn({"--lesson", file, "--export", dir.path(), "--method", method, "--size", "400x300"});
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      const QStringList lines = transcriptLines(dir.path());
      const MunkresLesson lesson(withMethod(readLessonFile(lessonPath("03-winston-machineco.txt")),
                                            *lessonMethodNamed(method.toStdString())));
      QCOMPARE(lines.last(), QString("total: %1").arg(lesson.frames().back().stepValue));
      if (method == "tree") QCOMPARE(lines.last(), QString("total: 15"));
      QCOMPARE(lines[1], method == "tree" ? QString("Method: alternating trees (Date & Nagi)")
                                          : QString("Method: ROMA 4-cycle flips (Hovland)"));
      QCOMPARE(QDir(dir.path()).entryList({"step_*.png"}).size(),
               lines.filter(QRegularExpression("^Step \\d+\\. ")).size());
    }
    QTemporaryDir dir;
    QFile forbidden(dir.filePath("forbidden.txt"));
    QVERIFY(forbidden.open(QIODevice::WriteOnly));
    forbidden.write("1 inf\n2 3\n");
    forbidden.close();
    const Run run = learn({"--lesson", forbidden.fileName(), "--method", "roma", "--export", dir.path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("row 1, column 2") && run.err.contains("no forbidden (inf) pairs"),
             qPrintable(run.err));
  }

  // The question bank: the same spec writes the same bytes (sheets and texts), another seed other ones;
  // every answer-key total is the Hungarian optimum of the question's matrix, which is the matrix the
  // Learn window's "New from bank..." opens (bankQuestion).
  void questionBankSheets() {
    const auto bank = [](const QString& folder, const QString& seed) {
      return learn({"--bank", "--method", "lines", "--size", "5", "--seed", seed, "--count", "10", "--export",
                    folder});
    };
    QTemporaryDir first, second, other;
    QCOMPARE(bank(first.path(), "17").exitCode, 0);
    QCOMPARE(bank(second.path(), "17").exitCode, 0);
    QCOMPARE(bank(other.path(), "18").exitCode, 0);
    const QStringList files = QDir(first.path()).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{"answers-01.png", "answers-02.png", "answers.txt", "questions-01.png",
                                 "questions-02.png", "questions.txt"}));
    const auto bytes = [](const QString& folder, const QString& name) {
      QFile file(folder + "/" + name);
      return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    for (const QString& name : files) {
      QVERIFY2(!bytes(first.path(), name).isEmpty(), qPrintable(name));
      QVERIFY2(bytes(first.path(), name) == bytes(second.path(), name), qPrintable(name + " differs"));
      QVERIFY2(bytes(first.path(), name) != bytes(other.path(), name),
               qPrintable(name + " same for seed 18"));
    }
    const QStringList key =
        QString::fromUtf8(bytes(first.path(), "answers.txt")).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(key.size(), 11);
    const QString questions = QString::fromUtf8(bytes(first.path(), "questions.txt"));
    for (int k = 1; k <= 10; ++k) {
      const LessonProblem question = bankQuestion(LessonMethod::Lines, 5, 17, k);
      QVERIFY2(key[k].endsWith(QString("; total: %1").arg(optimum(question.square))), qPrintable(key[k]));
      QString rows;
      for (int32_t i = 0; i < 5; ++i) {
        rows += " ";
        for (int32_t j = 0; j < 5; ++j) rows += " " + QString::number(question.original(i, j));
        rows += "\n";
      }
      QVERIFY2(questions.contains(QString("Question %1:\n").arg(k) + rows), qPrintable(rows));
    }
    const Run missing = learn({"--bank", "--method", "lines", "--export", first.path()});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("--bank needs --size N and --export DIR"), qPrintable(missing.err));
  }

  // A class given "seed 17" gets the same matrix, and the total is the Hungarian optimum.
  void generatedLessonTotalIsOptimal() {
    for (const int n : {2, 5, 8}) {
      QTemporaryDir dir;
      const Run run = learn({"--generate", QString::number(n), "--seed", "17", "--export", dir.path(),
                             "--method", "lines", "--size", "320x240"});
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      const int64_t expected = optimum(randomLessonProblem(n, 17).square);
      QCOMPARE(transcriptLines(dir.path()).last(), QString("total: %1").arg(expected));
    }
  }

  void badArgumentsExitWithAReason() {
    QTemporaryDir dir;
    Run run = learn({"--generate", "4", "--export", dir.path(), "--method", "greedy"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.trimmed().endsWith("\nmatchscope-learn: --method takes stars, lines, tree or roma") ||
                 run.err.trimmed() == "matchscope-learn: --method takes stars, lines, tree or roma",
             qPrintable(run.err));
    run = learn({"--export", dir.path()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("--export needs --lesson FILE or --generate N"));
    run = learn({"--generate", "11", "--export", dir.path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("2 x 2 to 10 x 10 matrices (this one is 11 x 11)"), qPrintable(run.err));
  }
};

QTEST_GUILESS_MAIN(TestLearnCli)
#include "test_learn_cli.moc"
