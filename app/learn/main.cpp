// matchscope-learn: the Learn panel in a window of its own (matchscope shows the same panel in its Learn
// mode, Ctrl+2); also exports a lesson headless.
//   matchscope-learn [--lesson FILE] [--exercise]
//   matchscope-learn --lesson FILE --export FOLDER [--size 1200x900]   (no display needed)
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

#include "app/qt_platform_choice.h"
#include "solver/lap/teaching/lesson_files.h"
#include "views/teaching/learn_panel.h"

int main(int argc, char** argv) {
  ms::useOffscreenPlatformWithoutDisplay("matchscope-learn");
  QApplication app(argc, argv);
  QApplication::setApplicationName("matchscope-learn");
  QCommandLineParser parser;
  parser.setApplicationDescription("Learn the Hungarian method (Munkres) step by step, with exercises.");
  parser.addHelpOption();
  const QCommandLineOption lesson("lesson", "Lesson matrix file (text; '# goal: maximize' to maximise).",
                                  "FILE");
  const QCommandLineOption exportTo("export", "Export the lesson (PNG per step + transcript.txt) and exit.",
                                    "FOLDER");
  const QCommandLineOption size("size", "Slide size for --export.", "WxH", "1200x900");
  const QCommandLineOption exercise("exercise", "Start in exercise mode.");
  parser.addOptions({lesson, exportTo, size, exercise});
  parser.process(app);

  ms::views::LearnPanel panel;
  try {
    if (parser.isSet(lesson))
      panel.loadProblem(ms::lap::teaching::readLessonFile(parser.value(lesson).toStdString()));
    if (parser.isSet(exportTo)) {
      const QStringList wh = parser.value(size).split('x');
      if (wh.size() != 2 || wh[0].toInt() <= 0 || wh[1].toInt() <= 0) {
        std::fprintf(stderr, "matchscope-learn: --size takes WxH, e.g. 1200x900\n");
        return 2;
      }
      if (!panel.startLesson()) return 1;
      const int32_t count =
          panel.exportLesson(parser.value(exportTo).toStdString(), QSize(wh[0].toInt(), wh[1].toInt()));
      std::printf("slides: %d\ntranscript: %s/transcript.txt\n", count, qPrintable(parser.value(exportTo)));
      return 0;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "matchscope-learn: %s\n", error.what());
    return 1;
  }
  if (parser.isSet(exercise)) {
    panel.startLesson();
    panel.setExerciseMode(true);
  }
  panel.setWindowTitle("MatchScope - Learn the Hungarian method");
  panel.resize(900, 900);
  panel.show();
  return QApplication::exec();
}
