#include "views/matrix/matrix_view.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <variant>

namespace ms::views {

namespace {

// Below this cell size in pixels no number fits legibly.
constexpr double kMinCellForNumbers = 14;
constexpr double kWheelStep = 1.25;  // zoom factor per wheel notch

QString formatValue(double value, bool integral) {
  if (std::isinf(value)) return value > 0 ? QStringLiteral("∞") : QStringLiteral("-∞");
  if (integral) return QString::number(static_cast<qint64>(std::llround(value)));
  return QString::number(value, 'g', 3);
}

bool isIntegral(const lap::AnyCostMatrix& costs) {
  return std::holds_alternative<lap::CostMatrix<int32_t>>(costs) ||
         std::holds_alternative<lap::CostMatrix<int64_t>>(costs);
}

// The renderer's matrix area for an image of `size`: the cells' viewport, right of and below the dual bars.
QSizeF areaSize(QSize size) {
  const render::MatrixLayout layout = render::matrixLayout(size.width(), size.height());
  return {static_cast<double>(layout.area.width), static_cast<double>(layout.area.height)};
}

QPointF areaPosition(QPointF widgetPosition, QSize size) {
  const render::MatrixLayout layout = render::matrixLayout(size.width(), size.height());
  return widgetPosition - QPointF(layout.area.x, layout.area.y);
}

}  // namespace

MatrixView::MatrixView(QWidget* parent) : QWidget(parent) {
  std::string whyNot;
  renderer_ = render::MatrixRenderer::create(&whyNot);
  if (renderer_ == nullptr) rendererProblem_ = QString::fromStdString(whyNot);
  setMouseTracking(true);
  setMinimumSize(160, 160);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

MatrixView::~MatrixView() = default;

QString MatrixView::deviceName() const {
  return renderer_ != nullptr ? QString::fromStdString(renderer_->deviceName()) : QString();
}

void MatrixView::setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs) {
  costs_ = std::move(costs);
  overlay_ = {};
  hasDuals_ = false;
  if (costs_ != nullptr) {
    zeroTolerance_ = std::visit([](const auto& matrix) { return static_cast<double>(lap::zeroTolerance(matrix)); },
                                *costs_);
    if (renderer_ != nullptr) renderer_->setCosts(*costs_);
  }
  navigation_.reset(matrixSize(), matrixSize(), areaSize(size()));
  invalidate();
}

void MatrixView::setSnapshot(const Snapshot& snapshot) {
  const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot);
  if (lap == nullptr || costs_ == nullptr) return;
  overlay_ = render::overlayFromSnapshot(*lap);
  overlay_.zeroTolerance = zeroTolerance_;
  hasDuals_ = !overlay_.rowDual.empty();
  invalidate();
}

void MatrixView::setQuantity(render::MatrixQuantity quantity) {
  quantity_ = quantity;
  invalidate();
}

void MatrixView::setColorMap(render::ColorMap colorMap) {
  colorMap_ = colorMap;
  invalidate();
}

void MatrixView::invalidate() {
  frame_ = QImage();
  update();
}

int MatrixView::matrixSize() const {
  return costs_ == nullptr ? 0 : std::visit([](const auto& matrix) { return matrix.rows(); }, *costs_);
}

double MatrixView::costAt(int row, int col) const {
  return std::visit([&](const auto& matrix) { return static_cast<double>(matrix(row, col)); }, *costs_);
}

QImage MatrixView::draw(const MatrixNavigation& navigation, QSize pixels) const {
  if (renderer_ == nullptr || costs_ == nullptr || pixels.isEmpty()) return {};
  const render::RgbaImage rgba =
      renderer_->render(navigation.camera(), overlay_, quantity_, colorMap_, pixels.width(), pixels.height());
  QImage image(rgba.pixels.data(), rgba.width, rgba.height, rgba.width * 4, QImage::Format_RGBA8888);
  QImage owned = image.copy();  // the renderer's buffer dies with `rgba`
  drawNumbers(owned, navigation);
  return owned;
}

// Numbers go on top of the rendered cells wherever a cell is large enough; the text colour follows the
// brightness of the cell's rendered colour so it stays readable on both ends of the colour map.
void MatrixView::drawNumbers(QImage& image, const MatrixNavigation& navigation) const {
  if (navigation.cellPixels() < kMinCellForNumbers) return;
  const bool slack = quantity_ == render::MatrixQuantity::Slack && hasDuals_;
  const bool integral = isIntegral(*costs_);
  QPainter painter(&image);
  QFont font = painter.font();
  font.setPixelSize(std::clamp(static_cast<int>(navigation.cellPixels() / 3), 8, 16));
  painter.setFont(font);
  const QFontMetrics metrics(font);
  const render::MatrixLayout layout = render::matrixLayout(image.width(), image.height());
  const QRect area(layout.area.x, layout.area.y, layout.area.width, layout.area.height);
  painter.setClipRect(area);
  const render::MatrixCamera camera = navigation.camera();
  const int n = matrixSize();
  const int rowFirst = std::max(0, static_cast<int>(std::floor(camera.rowBegin)));
  const int colFirst = std::max(0, static_cast<int>(std::floor(camera.colBegin)));
  const int rowLast = std::min(n - 1, static_cast<int>(std::ceil(camera.rowBegin + camera.rowsVisible)));
  const int colLast = std::min(n - 1, static_cast<int>(std::ceil(camera.colBegin + camera.colsVisible)));
  for (int row = rowFirst; row <= rowLast; ++row) {
    for (int col = colFirst; col <= colLast; ++col) {
      double value = costAt(row, col);
      if (slack) value -= overlay_.rowDual[static_cast<std::size_t>(row)] + overlay_.colDual[static_cast<std::size_t>(col)];
      const QString text = formatValue(value, integral);
      const render::CellRect cell = render::cellRect(layout, camera, row, col);
      const QRectF rect(QPointF(cell.x0, cell.y0), QPointF(cell.x1, cell.y1));
      if (metrics.horizontalAdvance(text) + 2 > rect.width() || metrics.height() > rect.height()) continue;
      const QPoint centre = rect.center().toPoint();
      if (!area.contains(centre)) continue;
      painter.setPen(image.pixelColor(centre).lightnessF() > 0.55 ? Qt::black : Qt::white);
      painter.drawText(rect, Qt::AlignCenter, text);
    }
  }
}

QImage MatrixView::renderImage(QSize size) const { return draw(navigation_.scaledTo(areaSize(size)), size); }

QString MatrixView::describeCell(QPoint position) const {
  if (costs_ == nullptr) return {};
  const std::optional<render::CellIndex> cell =
      render::cellAt(render::matrixLayout(width(), height()), navigation_.camera(), matrixSize(), matrixSize(),
                     position.x() + 0.5, position.y() + 0.5);
  if (!cell) return {};
  const int row = cell->row, col = cell->col;
  const bool integral = isIntegral(*costs_);
  const double cost = costAt(row, col);
  QString text = tr("row %1, column %2\ncost %3").arg(row).arg(col).arg(formatValue(cost, integral));
  if (hasDuals_) {
    const double slack =
        cost - overlay_.rowDual[static_cast<std::size_t>(row)] - overlay_.colDual[static_cast<std::size_t>(col)];
    text += tr("\nslack %1").arg(formatValue(slack, integral));
  }
  return text;
}

void MatrixView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  if (renderer_ == nullptr || costs_ == nullptr) {
    painter.fillRect(rect(), palette().window());
    painter.setPen(palette().text().color());
    const QString message = renderer_ == nullptr
                                ? tr("Matrix view unavailable: no Vulkan device (%1).\nThe solver, log, tree and "
                                     "charts still work.")
                                      .arg(rendererProblem_)
                                : tr("No instance loaded.");
    painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, message);
    return;
  }
  if (frame_.isNull()) {
    // Render at the screen's physical resolution so cells stay sharp on high-density displays.
    const qreal ratio = devicePixelRatioF();
    const QSize physical = (QSizeF(size()) * ratio).toSize();
    frame_ = draw(navigation_.scaledTo(areaSize(physical)), physical);
    frame_.setDevicePixelRatio(ratio);
  }
  painter.drawImage(QPoint(0, 0), frame_);
}

void MatrixView::resizeEvent(QResizeEvent* /*event*/) {
  navigation_.resize(areaSize(size()));
  invalidate();
}

void MatrixView::wheelEvent(QWheelEvent* event) {
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  navigation_.zoomAt(areaPosition(event->position(), size()), std::pow(kWheelStep, notches));
  invalidate();
  emit cameraChanged();
  event->accept();
}

void MatrixView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = true;
  dragFrom_ = event->position().toPoint();
  setCursor(Qt::ClosedHandCursor);
}

void MatrixView::mouseMoveEvent(QMouseEvent* event) {
  if (!dragging_) return;
  const QPoint now = event->position().toPoint();
  navigation_.panBy(now - dragFrom_);
  dragFrom_ = now;
  invalidate();
  emit cameraChanged();
}

void MatrixView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = false;
  unsetCursor();
}

void MatrixView::mouseDoubleClickEvent(QMouseEvent* /*event*/) {
  navigation_.reset(matrixSize(), matrixSize(), areaSize(size()));
  invalidate();
  emit cameraChanged();
}

bool MatrixView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = describeCell(help->pos());
    if (text.isEmpty()) {
      QToolTip::hideText();
    } else {
      QToolTip::showText(help->globalPos(), text, this);
    }
    return true;
  }
  return QWidget::event(event);
}

}  // namespace ms::views
