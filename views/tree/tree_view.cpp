#include "views/tree/tree_view.h"

#include <QLineF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <array>

#include "views/mark_tooltip.h"
#include "views/palette.h"

namespace ms::views {

namespace {

const QColor kPathOutline(0x20, 0x20, 0x20);
constexpr double kHeaderHeight = 36;  // two lines: a narrow view wraps the header

QString counted(int count, const char* one, const char* many) {
  return QStringLiteral("%1 %2").arg(count).arg(TreeView::tr(count == 1 ? one : many));
}

}  // namespace

TreeView::TreeView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(160, 160);
  setAutoFillBackground(true);
  setBackgroundRole(QPalette::Base);
}

QColor TreeView::treeColour(int tree) const {
  const palette::Rgb8 colour = palette::treeColour(
      static_cast<std::size_t>(tree >= 0 && tree < static_cast<int>(forest_.colourSlot.size())
                                   ? forest_.colourSlot[static_cast<std::size_t>(tree)]
                                   : tree));
  return QColor(colour.r, colour.g, colour.b);
}

void TreeView::setSnapshot(const Snapshot& snapshot) {
  const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot);
  if (lap == nullptr) {
    clear();
    return;
  }
  forest_ = buildForest(*lap, zeroTolerance_);
  positions_.clear();
  hasSnapshot_ = true;
  update();
}

void TreeView::clear() {
  forest_ = {};
  positions_.clear();
  hasSnapshot_ = false;
  update();
}

void TreeView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QRectF area = rect();
  if (!hasSnapshot_) {
    painter.drawText(area, Qt::AlignCenter, tr("Step the solver to see its alternating trees."));
    return;
  }
  paintHeader(painter, area);
  const QRectF body = area.adjusted(8, kHeaderHeight + 4, -8, -8);
  if (forest_.vertices.empty()) {
    painter.drawText(body, Qt::AlignCenter, tr("No forward pass in progress."));
  } else if (summarised()) {
    paintSummary(painter, body);
  } else {
    paintDetail(painter, body);
  }
}

QString TreeView::describeVertex(QPoint position) const {
  for (std::size_t k = 0; k < positions_.size() && k < forest_.vertices.size(); ++k) {
    if (QLineF(positions_[k], QPointF(position)).length() > std::max(radius_, 4.0) + 2) continue;
    const ForestVertex& v = forest_.vertices[k];
    QString text = (v.isColumn ? tr("column %1") : tr("row %1")).arg(v.index + 1);
    text += tr("\ntree %1, level %2").arg(v.tree + 1).arg(v.depth + 1);
    if (v.depth == 0) text += tr(" (its root: a row unassigned at the last check)");
    if (v.path >= 0) text += tr("\non augmenting path %1").arg(v.path + 1);
    if (v.inFrontier) text += tr("\nexpanded by the next BFS level");
    return text;
  }
  return {};
}

bool TreeView::event(QEvent* event) {
  if (showMarkTooltip(*this, event, [this](QPoint position) { return describeVertex(position); }))
    return true;
  return QWidget::event(event);
}

QString TreeView::headerText() const {
  int rows = 0, cols = 0;
  for (const ForestVertex& v : forest_.vertices) (v.isColumn ? cols : rows)++;
  QString text = QStringLiteral("%1, %2, %3, %4")
                     .arg(counted(forest_.treeCount, "tree", "trees"), counted(rows, "row", "rows"),
                          counted(cols, "column", "columns"), counted(forest_.depthCount, "level", "levels"));
  if (forest_.frontierDepth >= 0) text += tr("; expanding level %1").arg(forest_.frontierDepth + 1);
  if (forest_.pathCount > 0) {
    text += QStringLiteral("; ") + counted(forest_.pathCount, "augmenting path", "augmenting paths") +
            (forest_.augmented ? tr(" flipped") : QString());
  }
  return text;
}

void TreeView::paintHeader(QPainter& painter, QRectF area) const {
  painter.setPen(palette().text().color());
  painter.drawText(QRectF(area.left() + 8, area.top() + 2, area.width() - 16, kHeaderHeight),
                   Qt::TextWordWrap, headerText());
}

// Layers left to right by depth; inside a layer vertices are grouped by tree. Rows are circles, columns
// squares; an edge joins each vertex to its parent.
void TreeView::paintDetail(QPainter& painter, QRectF area) const {
  const int depths = forest_.depthCount;
  std::vector<int> layerSize(static_cast<std::size_t>(depths), 0);
  for (const ForestVertex& v : forest_.vertices) ++layerSize[static_cast<std::size_t>(v.depth)];
  const int widest = *std::max_element(layerSize.begin(), layerSize.end());
  const double layerGap = area.width() / std::max(1, depths);
  const double slot = area.height() / std::max(1, widest);
  const double radius = std::clamp(std::min(slot, layerGap) * 0.3, 1.5, 16.0);

  std::vector<QPointF> position(forest_.vertices.size());
  std::vector<int> placed(static_cast<std::size_t>(depths), 0);
  for (std::size_t k = 0; k < forest_.vertices.size(); ++k) {
    const ForestVertex& v = forest_.vertices[k];
    const int count = layerSize[static_cast<std::size_t>(v.depth)];
    const double step = area.height() / count;
    position[k] = {area.left() + layerGap * (v.depth + 0.5),
                   area.top() + step * (placed[static_cast<std::size_t>(v.depth)]++ + 0.5)};
  }

  positions_ = position;
  radius_ = radius;
  if (forest_.frontierDepth >= 0) {
    QColor band = palette().highlight().color();
    band.setAlpha(40);
    painter.fillRect(
        QRectF(area.left() + layerGap * forest_.frontierDepth, area.top(), layerGap, area.height()), band);
  }
  for (std::size_t k = 0; k < forest_.vertices.size(); ++k) {
    const ForestVertex& v = forest_.vertices[k];
    if (v.parent < 0) continue;
    const bool path = v.path >= 0 && forest_.vertices[static_cast<std::size_t>(v.parent)].path == v.path;
    QColor color = treeColour(v.tree);
    if (!path) color.setAlpha(140);
    painter.setPen(QPen(color, path ? 4.0 : 1.0));
    painter.drawLine(position[static_cast<std::size_t>(v.parent)], position[k]);
  }
  const bool labels = slot >= 14 && layerGap >= 40;
  QFont font = painter.font();
  font.setPixelSize(std::clamp(static_cast<int>(radius), 10, 13));
  painter.setFont(font);
  for (std::size_t k = 0; k < forest_.vertices.size(); ++k) {
    const ForestVertex& v = forest_.vertices[k];
    const QRectF box(position[k] - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
    painter.setPen(v.path >= 0 ? QPen(kPathOutline, 2.5) : QPen(treeColour(v.tree).darker(150), 1.0));
    painter.setBrush(treeColour(v.tree));
    if (v.isColumn) {
      painter.drawRect(box);
    } else {
      painter.drawEllipse(box);
    }
    if (v.inFrontier) {
      painter.setBrush(Qt::NoBrush);
      painter.setPen(QPen(palette().highlight().color(), 2.0));
      painter.drawEllipse(box.adjusted(-3, -3, 3, 3));
    }
    if (labels) {
      painter.setPen(palette().text().color());
      painter.drawText(
          position[k] + QPointF(radius + 2, 4),
          (v.isColumn ? QStringLiteral("c") : QStringLiteral("r")) + QString::number(v.index + 1));
    }
  }
}

// One horizontal bar per level, split by tree; the level being expanded is highlighted.
void TreeView::paintSummary(QPainter& painter, QRectF area) const {
  const int depths = forest_.depthCount;
  int widest = 1;
  std::vector<int> total(static_cast<std::size_t>(depths), 0);
  for (int d = 0; d < depths; ++d) {
    for (int count : forest_.countPerDepth[static_cast<std::size_t>(d)])
      total[static_cast<std::size_t>(d)] += count;
    widest = std::max(widest, total[static_cast<std::size_t>(d)]);
  }
  const double labelWidth = 150;
  const double barHeight = std::min(48.0, area.height() / std::max(1, depths));
  const double scale = (area.width() - labelWidth) / widest;
  QFont font = painter.font();
  font.setPixelSize(std::clamp(static_cast<int>(barHeight * 0.6), 7, 12));
  painter.setFont(font);
  painter.setPen(Qt::NoPen);
  for (int d = 0; d < depths; ++d) {
    const double y = area.top() + d * barHeight;
    if (d == forest_.frontierDepth) {
      QColor band = palette().highlight().color();
      band.setAlpha(50);
      painter.fillRect(QRectF(area.left(), y, area.width(), barHeight), band);
    }
    double x = area.left() + labelWidth;
    const auto& perTree = forest_.countPerDepth[static_cast<std::size_t>(d)];
    for (std::size_t t = 0; t < perTree.size(); ++t) {
      if (perTree[t] == 0) continue;
      painter.fillRect(QRectF(x, y + 1, perTree[t] * scale, barHeight - 2), treeColour(static_cast<int>(t)));
      x += perTree[t] * scale;
    }
    painter.setPen(palette().text().color());
    painter.drawText(QRectF(area.left(), y, labelWidth - 6, barHeight), Qt::AlignRight | Qt::AlignVCenter,
                     tr("level %1 (%2): %3")
                         .arg(d + 1)
                         .arg(d % 2 == 0 ? tr("rows") : tr("cols"))
                         .arg(total[static_cast<std::size_t>(d)]));
    painter.setPen(Qt::NoPen);
  }
}

}  // namespace ms::views
