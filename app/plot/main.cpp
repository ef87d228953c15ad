// matchscope-plot KIND CSV DIRECTORY: renders a benchmark's CSV as PNG charts (Qt Charts, no window needed).
#include <QApplication>
#include <cstdio>
#include <exception>

#include "app/plot/approximation_plots.h"

int main(int argc, char** argv) {
  // Headless by default: the charts are drawn into images, never shown.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const QStringList arguments = QApplication::arguments();
  if (arguments.size() != 4 || arguments[1] != QLatin1String("approximation")) {
    std::fprintf(stderr, "usage: matchscope-plot approximation SUMMARY.csv OUTPUT_DIRECTORY\n");
    return 2;
  }
  try {
    ms::plot::plotApproximation(arguments[2], arguments[3]);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "matchscope-plot: %s\n", error.what());
    return 1;
  }
  return 0;
}
