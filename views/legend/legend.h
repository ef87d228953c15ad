#pragma once
// The legend: what each mark of the current view means, drawn with the mark itself in the colours the views
// use (palette.h, the matrix style, the graph style). Each problem kind says what its view draws for the
// algorithm chosen (ProblemSession::legend); the legend dock shows it and matrix PNG exports can carry it.

#include <QColor>
#include <QImage>
#include <QString>
#include <QWidget>
#include <vector>

QT_BEGIN_NAMESPACE
class QPainter;
QT_END_NAMESPACE

namespace ms::views {

// How an entry's swatch is drawn.
enum class LegendMark {
  Fill,      // a filled cell
  Tint,      // a cell half-blended towards the colour (covered lines)
  Frame,     // a frame inside a cell (the assignment)
  Dot,       // a dot outlined in black (zero slack)
  Square,    // a small square on a cell (marks, path cells), one per colour
  Line,      // a thick line, one per colour
  Dashed,    // a dashed line
  Circle,    // a disc outlined in black (a row or a point)
  Ring,      // a ring (a row the next level expands)
  Bar,       // a bar in the margin (duals)
  Gradient,  // a colour ramp from the first colour to the last
  Digits,    // numbers drawn in the colour
};

struct LegendEntry {
  LegendMark mark = LegendMark::Fill;
  std::vector<QColor> colours;  // one swatch per colour (paths, lanes), or the ramp's stops
  QString text;
};

struct Legend {
  QString title;  // the view and algorithm it describes
  std::vector<LegendEntry> entries;
  QString note;  // one line under the entries (the numbering)
};

// The legend laid out in `width` pixels: its height, and the painting.
int legendHeight(const Legend& legend, int width, const QFont& font);
void paintLegend(QPainter& painter, const QRect& area, const Legend& legend, const QColor& text,
                 const QColor& background);
// `image` with the legend in a column at its right, of the image's height.
QImage imageWithLegend(const QImage& image, const Legend& legend);

class LegendView : public QWidget {
  Q_OBJECT
 public:
  explicit LegendView(QWidget* parent = nullptr);
  void setLegend(Legend legend);
  const Legend& legend() const { return legend_; }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  Legend legend_;
};

}  // namespace ms::views
