#include "app/plot/approximation_plots.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QPen>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "app/plot/csv_table.h"
#include "solver/core/atomic_file.h"

namespace ms::plot {
namespace {

constexpr int kWidth = 1200;
constexpr int kHeight = 800;

using Points = std::vector<QPointF>;

// The algorithms in the order of the legend, with their colours (colour-blind safe: Okabe-Ito).
struct Style {
  QString name;
  QColor colour;
  QScatterSeries::MarkerShape marker;
  double markerSize;
};
const Style kStyles[] = {
    {"hungarian", QColor(0x00, 0x00, 0x00), QScatterSeries::MarkerShapeRectangle, 9},
    {"random", QColor(0xD5, 0x5E, 0x00), QScatterSeries::MarkerShapeCircle, 11},
    {"greedy-naive", QColor(0x00, 0x72, 0xB2), QScatterSeries::MarkerShapeCircle, 15},
    {"greedy", QColor(0x56, 0xB4, 0xE9), QScatterSeries::MarkerShapeRectangle, 8},
    {"auction", QColor(0x00, 0x9E, 0x73), QScatterSeries::MarkerShapeCircle, 9},
};

QLogValueAxis* logAxis(const QString& title) {
  auto* axis = new QLogValueAxis;
  axis->setTitleText(title);
  axis->setBase(10);
  axis->setLabelFormat("%g");
  axis->setMinorTickCount(8);
  return axis;
}

void attach(QChart& chart, QXYSeries* series, QLogValueAxis* x, QLogValueAxis* y) {
  chart.addSeries(series);
  series->attachAxis(x);
  series->attachAxis(y);
}

// Log axes do not follow their series' extent: set both from every point with a margin.
void fitAxes(const QChart& chart, QLogValueAxis* x, QLogValueAxis* y) {
  double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
  for (QAbstractSeries* series : chart.series()) {
    for (const QPointF& point : static_cast<QXYSeries*>(series)->points()) {
      if (point.x() <= 0 || point.y() <= 0) continue;
      xMin = std::min(xMin, point.x());
      xMax = std::max(xMax, point.x());
      yMin = std::min(yMin, point.y());
      yMax = std::max(yMax, point.y());
    }
  }
  x->setRange(xMin / 1.25, xMax * 1.25);
  y->setRange(yMin / 1.5, yMax * 1.5);
}

// Renders the chart into a PNG, written atomically.
void save(QChart* chart, const QString& path) {
  QGraphicsScene scene;
  scene.addItem(chart);
  chart->setGeometry(0, 0, kWidth, kHeight);
  QApplication::processEvents();  // lets the chart lay out its axes and legend
  QImage image(kWidth, kHeight, QImage::Format_ARGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  scene.render(&painter, QRectF(0, 0, kWidth, kHeight), QRectF(0, 0, kWidth, kHeight));
  painter.end();
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": PNG encoding failed");
  writeFileAtomically(path.toStdString(),
                      [&](std::ostream& out) { out.write(bytes.constData(), bytes.size()); });
}

// Series per algorithm from the summary: (n, column value).
std::map<QString, Points> byAlgorithm(const CsvTable& table, const QString& column) {
  const int n = table.column("n"), algorithm = table.column("algorithm"), value = table.column(column);
  std::map<QString, Points> out;
  for (const QStringList& row : table.rows())
    out[row[algorithm]].emplace_back(row[n].toDouble(), row[value].toDouble());
  return out;
}

void plotFactor(const CsvTable& summary, const QString& path) {
  auto* chart = new QChart;
  chart->setTitle("Approximation factor on standard exponential costs (mean cost / mean optimum, " +
                  summary.rows().front()[summary.column("instances")] + " matrices per n)");
  QLogValueAxis* x = logAxis("n");
  QLogValueAxis* y = logAxis("approximation factor");
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  const std::map<QString, Points> theory = byAlgorithm(summary, "theory_factor");
  const std::pair<QString, QString> curves[] = {{"random", "theory random: n / H_n^(2)"},
                                                {"greedy", "theory greedy: H_n / H_n^(2)"}};
  for (const auto& [algorithm, label] : curves) {
    auto* line = new QLineSeries;
    line->setName(label);
    for (const QPointF& point : theory.at(algorithm)) line->append(point);
    QPen pen(Qt::gray, 2, Qt::DashLine);
    line->setPen(pen);
    attach(*chart, line, x, y);
  }
  const std::map<QString, Points> measured = byAlgorithm(summary, "factor");
  for (const Style& style : kStyles) {
    if (style.name == "hungarian" || !measured.count(style.name)) continue;
    auto* points = new QScatterSeries;
    points->setName(style.name + " (measured)");
    points->setColor(style.colour);
    points->setBorderColor(style.colour);
    points->setMarkerShape(style.marker);
    points->setMarkerSize(style.markerSize);
    for (const QPointF& point : measured.at(style.name)) points->append(point);
    attach(*chart, points, x, y);
  }
  fitAxes(*chart, x, y);
  chart->legend()->setAlignment(Qt::AlignRight);
  save(chart, path);
}

void plotTime(const CsvTable& summary, const CsvTable& fits, const QString& path) {
  auto* chart = new QChart;
  chart->setTitle("Median running time on one thread (fitted exponent over n >= " +
                  fits.rows().front()[fits.column("from_n")] + ")");
  QLogValueAxis* x = logAxis("n");
  QLogValueAxis* y = logAxis("median time (ms)");
  y->setLabelFormat("%.3g");
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  std::map<QString, QString> exponents;
  for (const QStringList& row : fits.rows()) {
    exponents[row[fits.column("algorithm")]] =
        QString::number(row[fits.column("fitted_exponent")].toDouble(), 'f', 2);
  }
  const std::map<QString, Points> times = byAlgorithm(summary, "median_time_ms");
  for (const Style& style : kStyles) {
    if (!times.count(style.name)) continue;
    auto* line = new QLineSeries;
    line->setName(style.name + (exponents.count(style.name) ? " (n^" + exponents.at(style.name) + ")" : ""));
    line->setPen(QPen(style.colour, style.name == "greedy-naive" ? 4 : 2));
    line->setPointsVisible(true);
    for (const QPointF& point : times.at(style.name)) line->append(point);
    attach(*chart, line, x, y);
  }
  fitAxes(*chart, x, y);
  chart->legend()->setAlignment(Qt::AlignRight);
  save(chart, path);
}

}  // namespace

void plotApproximation(const QString& summaryCsv, const QString& directory) {
  const CsvTable summary(summaryCsv);
  if (summary.rows().empty()) throw std::runtime_error(summaryCsv.toStdString() + ": no rows");
  const QFileInfo info(summaryCsv);
  const CsvTable fits(info.dir().filePath(info.completeBaseName() + "-fit.csv"));
  if (fits.rows().empty()) throw std::runtime_error(summaryCsv.toStdString() + ": its -fit.csv has no rows");
  QDir().mkpath(directory);
  plotFactor(summary, QDir(directory).filePath("approximation-factor.png"));
  plotTime(summary, fits, QDir(directory).filePath("approximation-time.png"));
  std::printf("wrote %s and %s\n", qPrintable(QDir(directory).filePath("approximation-factor.png")),
              qPrintable(QDir(directory).filePath("approximation-time.png")));
}

}  // namespace ms::plot
