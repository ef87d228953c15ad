// matchscope-learn: the Learn panel in a window of its own (matchscope shows the same panel in its Learn
// mode, Ctrl+2); also exports a lesson headless.
//   matchscope-learn [--lesson FILE | --generate N --seed S] [--method stars|lines|tree|roma] [--exercise]
//   matchscope-learn --lesson FILE --export DIR [--method stars|lines|tree|roma] [--size 1200x900]
//   matchscope-learn --generate N --seed S --export DIR [--method stars|lines|tree|roma]
//   matchscope-learn --lesson FILE [--step K] [--exercise] --screenshot FILE.png   (the window, then exit)
//   matchscope-learn --bank --method M --size N --seed S --count C --export DIR     (a question bank)
// The export writes one PNG per step and DIR/transcript.txt, whose last line is "total: <optimal total>";
// no display is needed (the offscreen platform is chosen when none is found).
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <cstdio>
#include <optional>

#include "app/qt_platform_choice.h"
#include "solver/lap/teaching/lesson_files.h"
#include "solver/lap/teaching/question_bank.h"
#include "views/teaching/learn_panel.h"
#include "views/teaching/lesson_export.h"

namespace teaching = ms::lap::teaching;

namespace {

int usageError(const char* message) {
  std::fprintf(stderr, "matchscope-learn: %s\n", message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  ms::useOffscreenPlatformWithoutDisplay("matchscope-learn");
  QApplication app(argc, argv);
  QApplication::setApplicationName("matchscope-learn");
  QCommandLineParser parser;
  parser.setApplicationDescription("Learn the Hungarian method step by step, with exercises.");
  parser.addHelpOption();
  const QCommandLineOption lesson(
      "lesson",
      "Lesson matrix file (text; inf marks a forbidden pair; '# goal: maximize', '# method: lines').",
      "FILE");
  const QCommandLineOption generate("generate",
                                    "A random N x N lesson (integers in [0, 10N)) instead of a file.", "N");
  const QCommandLineOption seed("seed", "Seed of --generate (the same seed gives a class the same matrix).",
                                "S", "1");
  const QCommandLineOption method("method",
                                  "stars (Munkres, the default), lines (fewest covering lines), tree (Date & "
                                  "Nagi's alternating trees) or roma (Hovland's 4-cycle flips).",
                                  "METHOD");
  const QCommandLineOption exportTo("export", "Export the lesson (PNG per step + transcript.txt) and exit.",
                                    "DIR");
  const QCommandLineOption size("size", "Slide size for --export; with --bank, the matrix size N.", "WxH",
                                "1200x900");
  const QCommandLineOption bank(
      "bank",
      "Write a seeded question bank to --export DIR: question pages and an answer key "
      "(PNG and text) for --method, --size N, --seed S and --count C.");
  const QCommandLineOption count("count", "Questions in the --bank (1 to 40).", "C", "10");
  const QCommandLineOption exercise("exercise", "Start in exercise mode.");
  const QCommandLineOption step("step", "Open the lesson at step K.", "K");
  const QCommandLineOption screenshot("screenshot", "Save the window as a PNG once shown, and exit.", "FILE");
  parser.addOptions(
      {lesson, generate, seed, method, exportTo, size, exercise, step, screenshot, bank, count});
  parser.process(app);

  if (parser.isSet(bank)) {
    if (parser.isSet(lesson) || parser.isSet(generate))
      return usageError("--bank excludes --lesson and --generate");
    if (!parser.isSet(exportTo) || !parser.isSet(size))
      return usageError("--bank needs --size N and --export DIR");
    teaching::BankSpec spec;
    bool sizeOk = false, seedOk = false, countOk = false;
    spec.n = parser.value(size).toInt(&sizeOk);
    spec.seed = parser.value(seed).toULongLong(&seedOk);
    spec.count = parser.value(count).toInt(&countOk);
    if (!sizeOk || !seedOk || !countOk)
      return usageError("--bank takes an integer --size N, an unsigned --seed S and an integer --count C");
    if (parser.isSet(method)) {
      const std::optional<teaching::LessonMethod> named =
          teaching::lessonMethodNamed(parser.value(method).toStdString());
      if (!named) return usageError("--method takes stars, lines, tree or roma");
      spec.method = *named;
    }
    try {
      const auto written = ms::views::exportQuestionBank(spec, parser.value(exportTo).toStdString());
      std::printf("questions: %zu\nquestions: %s/questions.txt\nanswers: %s/answers.txt\n", written.size(),
                  qPrintable(parser.value(exportTo)), qPrintable(parser.value(exportTo)));
      return 0;
    } catch (const std::exception& error) {
      std::fprintf(stderr, "matchscope-learn: %s\n", error.what());
      return 1;
    }
  }

  if (parser.isSet(lesson) && parser.isSet(generate))
    return usageError("--lesson and --generate exclude each other");
  std::optional<teaching::LessonMethod> chosenMethod;
  if (parser.isSet(method)) {
    chosenMethod = teaching::lessonMethodNamed(parser.value(method).toStdString());
    if (!chosenMethod) return usageError("--method takes stars, lines, tree or roma");
  }
  std::optional<teaching::LessonProblem> problem;
  try {
    if (parser.isSet(lesson)) {
      problem = teaching::readLessonFile(parser.value(lesson).toStdString());
    } else if (parser.isSet(generate)) {
      bool sizeOk = false, seedOk = false;
      const int n = parser.value(generate).toInt(&sizeOk);
      const qulonglong s = parser.value(seed).toULongLong(&seedOk);
      if (!sizeOk || !seedOk)
        return usageError("--generate takes an integer N and --seed an unsigned integer");
      problem = teaching::randomLessonProblem(n, s);
    }
    if (problem && chosenMethod) problem = teaching::withMethod(*problem, *chosenMethod);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "matchscope-learn: %s\n", error.what());
    return 1;
  }

  if (parser.isSet(exportTo)) {
    if (!problem) return usageError("--export needs --lesson FILE or --generate N");
    const QStringList wh = parser.value(size).split('x');
    if (wh.size() != 2 || wh[0].toInt() <= 0 || wh[1].toInt() <= 0)
      return usageError("--size takes WxH, e.g. 1200x900");
    try {
      teaching::MunkresLesson walked(*problem);
      walked.completeFrames();
      const int32_t count =
          ms::views::exportLesson(walked.problem(), walked.frames(), parser.value(exportTo).toStdString(),
                                  QSize(wh[0].toInt(), wh[1].toInt()));
      std::printf("slides: %d\ntranscript: %s/transcript.txt\ntotal: %lld\n", count,
                  qPrintable(parser.value(exportTo)),
                  static_cast<long long>(walked.frames().back().stepValue));
      return 0;
    } catch (const std::exception& error) {
      std::fprintf(stderr, "matchscope-learn: %s\n", error.what());
      return 1;
    }
  }

  ms::views::LearnPanel panel;
  if (parser.isSet(lesson)) {
    panel.openLessonFile(parser.value(lesson).toStdString());  // read above: it opens
  } else if (problem) {
    panel.loadProblem(*problem);
  }
  if (chosenMethod) panel.setMethod(*chosenMethod);
  if (problem) panel.startLesson();
  if (parser.isSet(exercise)) {
    if (!panel.lesson()) panel.startLesson();
    panel.setExerciseMode(true);
  }
  if (parser.isSet(step) && panel.lesson()) panel.showStep(parser.value(step).toInt());
  panel.setWindowTitle("MatchScope - Learn the Hungarian method");
  panel.resize(1280, 800);
  panel.show();
  if (parser.isSet(screenshot)) {
    QTimer::singleShot(300, &panel, [&] {
      const bool saved = panel.grab().save(parser.value(screenshot));
      if (!saved)
        std::fprintf(stderr, "matchscope-learn: cannot write %s\n", qPrintable(parser.value(screenshot)));
      QApplication::exit(saved ? 0 : 1);
    });
  }
  return QApplication::exec();
}
