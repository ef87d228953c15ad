#include "views/matrix/matrix_view.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <variant>
#include <vector>

#include "views/lap_paths.h"
#include "views/mark_tooltip.h"
#include "views/render/matrix_style.h"

namespace ms::views {

namespace {

// Below this cell size in pixels no number fits legibly.
constexpr double kMinCellForNumbers = 14;
constexpr double kWheelStep = 1.25;  // zoom factor per wheel notch
constexpr int kCaptionBand = 24;     // pixels under the matrix for the caption, when there is one
constexpr int kCaptionPixels = 13;   // the caption's font size
constexpr int kCaptionMargin = 6;    // left and right of the caption

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

// The approximation's latest step in words; the marks' colours are named in them.
QString approximationCaption(const lap::ApproximationState& state) {
  const auto number = [](double value) { return QString::number(value, 'g', 6); };
  switch (state.kind) {
    case lap::ApproximationKind::Greedy:
      if (state.takenRow < 0) return MatrixView::tr("greedy: nothing taken yet");
      return MatrixView::tr(
                 "greedy took row %1, column %2 (cost %3), the smallest uncovered entry (green); "
                 "its row and column are covered (shaded)")
          .arg(state.takenRow + 1)  // numbered from 1, as in the margins
          .arg(state.takenCol + 1)
          .arg(number(state.takenCost));
    case lap::ApproximationKind::Random:
      if (state.takenRow < 0) return MatrixView::tr("random: nothing drawn yet");
      return MatrixView::tr(
                 "random permutation: row %1 drew column %2 (cost %3, green); framed: the rows drawn so far")
          .arg(state.takenRow + 1)
          .arg(state.takenCol + 1)
          .arg(number(state.takenCost));
    case lap::ApproximationKind::Auction: {
      if (std::isnan(state.epsilon)) return MatrixView::tr("auction: no bids yet");
      const auto bids =
          std::count_if(state.bidColumn.begin(), state.bidColumn.end(), [](int32_t c) { return c >= 0; });
      return MatrixView::tr(
                 "auction: epsilon = %1, scaling phase %2, %3 rounds; %4 bids this round (blue); "
                 "bars above: column prices")
          .arg(number(state.epsilon))
          .arg(state.scalingPhase)
          .arg(state.rounds)
          .arg(bids);
    }
    case lap::ApproximationKind::Brute:
    case lap::ApproximationKind::None:
      break;
  }
  return {};
}

}  // namespace

MatrixView::MatrixView(QWidget* parent)
    : QWidget(parent), overlay_(std::make_shared<const render::MatrixOverlay>()) {
  std::string whyNot;
  std::unique_ptr<render::MatrixRenderer> renderer = render::MatrixRenderer::create(&whyNot);
  if (renderer != nullptr) {
    rendererDevice_ = QString::fromStdString(renderer->deviceName());
    renderThread_ = std::make_unique<MatrixRenderThread>(std::move(renderer));
    connect(renderThread_.get(), &MatrixRenderThread::frameReady, this, &MatrixView::frameReady);
    connect(renderThread_.get(), &MatrixRenderThread::renderFailed, this, [this](const QString& message) {
      rendererProblem_ = message;
      frame_ = QImage();
      update();
    });
  } else {
    rendererProblem_ = QString::fromStdString(whyNot);
  }
  setMouseTracking(true);
  setMinimumSize(160, 160);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

MatrixView::~MatrixView() = default;

int MatrixView::shownRows() const {
  return shown_.isValid() ? std::min(shown_.height(), matrixSize()) : matrixSize();
}

int MatrixView::shownCols() const {
  return shown_.isValid() ? std::min(shown_.width(), matrixSize()) : matrixSize();
}

int MatrixView::matrixSize() const {
  return costs_ == nullptr ? 0 : std::visit([](const auto& matrix) { return matrix.rows(); }, *costs_);
}

double MatrixView::costAt(int row, int col) const {
  return std::visit([&](const auto& matrix) { return static_cast<double>(matrix(row, col)); }, *costs_);
}

void MatrixView::setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs, bool numberZeros, QSize shown) {
  costs_ = std::move(costs);
  numberZeros_ = numberZeros;
  shown_ = shown;
  overlay_ = std::make_shared<const render::MatrixOverlay>();
  setCaption({});
  frame_ = QImage();
  rendererProblem_.clear();
  if (costs_ != nullptr) {
    zeroTolerance_ = std::visit(
        [](const auto& matrix) { return static_cast<double>(lap::zeroTolerance(matrix)); }, *costs_);
    if (renderThread_ != nullptr) renderThread_->setCosts(costs_);
  }
  firstSerialOfCosts_ = serial_ + 1;
  navigation_.reset(shownRows(), shownCols(), areaSize(matrixPixels(size())));
  refresh();
  update();  // "Rendering…" until the first frame
}

void MatrixView::setSnapshot(const Snapshot& snapshot) {
  if (const auto* matching = std::get_if<matching::MatchingSnapshot>(&snapshot)) {
    setMatching(*matching);
    return;
  }
  const auto* lap = std::get_if<lap::LapSnapshot>(&snapshot);
  if (lap == nullptr || costs_ == nullptr) return;
  setCaption(approximationCaption(lap->approximation));
  if (lap->n == 0) {  // before the first step the solver holds no state: the plain matrix
    overlay_ = std::make_shared<const render::MatrixOverlay>();
    refresh();
    return;
  }
  if (lap->n != matrixSize()) return;
  auto overlay = std::make_shared<render::MatrixOverlay>(render::overlayFromSnapshot(*lap));
  overlay->zeroTolerance = zeroTolerance_;
  if (!augmentingPathsCurrent(*lap)) overlay->paths.clear();
  overlay_ = std::move(overlay);
  refresh();
}

// A matching on the weight matrix is an assignment that is its own transpose: both cells of every matched
// pair get the assignment's mark. Weights have no slack, so zeros are not marked.
void MatrixView::setMatching(const matching::MatchingSnapshot& snapshot) {
  if (costs_ == nullptr || snapshot.n != matrixSize()) return;
  setCaption({});
  auto overlay = std::make_shared<render::MatrixOverlay>();
  overlay->rowAssignment = snapshot.mate;
  overlay->markZeros = false;
  overlay_ = std::move(overlay);
  refresh();
}

void MatrixView::setOverlay(std::shared_ptr<const render::MatrixOverlay> overlay, QString caption) {
  overlay_ = std::move(overlay);
  setCaption(std::move(caption));
  refresh();
}

// The caption has a band of its own under the matrix: the matrix area shrinks while there is one.
void MatrixView::setCaption(QString caption) {
  const int band = captionBand(width());
  caption_ = std::move(caption);
  if (band == captionBand(width())) return;
  navigation_.resize(areaSize(matrixPixels(size())));
}

QFont MatrixView::captionFont() const {
  QFont font = this->font();
  font.setPixelSize(kCaptionPixels);
  return font;
}

// One line, or two where the view is too narrow for the caption in one (two views side by side in the race).
int MatrixView::captionBand(int width) const {
  if (caption_.isEmpty()) return 0;
  // As many lines as the word-wrapped caption takes at this width (a long caption on a narrow view takes
  // three: two lines' band cut the last one off).
  const QFontMetrics metrics(captionFont());
  const int textHeight = metrics
                             .boundingRect(QRect(0, 0, std::max(width - 2 * kCaptionMargin, 1), 1 << 20),
                                           Qt::AlignLeft | Qt::TextWordWrap, caption_)
                             .height();
  const int lines = std::max(1, (textHeight + metrics.lineSpacing() - 1) / metrics.lineSpacing());
  return kCaptionBand + (lines - 1) * metrics.lineSpacing();
}

QSize MatrixView::matrixPixels(QSize pixels) const {
  return QSize(pixels.width(), std::max(pixels.height() - captionBand(pixels.width()), 1));
}

void MatrixView::setQuantity(render::MatrixQuantity quantity) {
  quantity_ = quantity;
  refresh();
}

void MatrixView::setColorMap(render::ColorMap colorMap) {
  colorMap_ = colorMap;
  refresh();
}

void MatrixView::setRenderTimeShare(double share) {
  if (renderThread_ != nullptr) renderThread_->setTimeShare(share);
}

// Where the whole matrix fits across (or down) `pixels` with background to spare, the frame is cut to the
// matrix, so its dual bars and line numbers stand next to its cells; compose() centres it again, which puts
// every cell where the uncut frame had it.
MatrixFrameRequest MatrixView::frameRequest(QSize pixels) const {
  MatrixFrameRequest request{
      navigation_.scaledTo(areaSize(pixels)).camera(), overlay_, quantity_, colorMap_, pixels, 0, {}};
  const int margin = render::matrixLayout(pixels.width(), pixels.height()).margin;
  const render::MatrixCamera whole = request.camera;
  const int rows = shownRows(), cols = shownCols();
  const double cellWidth = (pixels.width() - margin) / whole.colsVisible;
  const double cellHeight = (pixels.height() - margin) / whole.rowsVisible;
  const bool cutAcross = cols > 0 && whole.colBegin <= 0 && whole.colBegin + whole.colsVisible >= cols;
  const bool cutDown = rows > 0 && whole.rowBegin <= 0 && whole.rowBegin + whole.rowsVisible >= rows;
  if (!cutAcross && !cutDown) return request;
  // The cut's margins follow its own shorter side: size it for them, twice at most (they settle at once).
  int cutMargin = margin;
  QSize cut;
  for (int attempt = 0; attempt < 2; ++attempt) {
    cut = QSize(cutAcross ? cutMargin + static_cast<int>(std::ceil(cols * cellWidth))
                          : pixels.width() - margin + cutMargin,
                cutDown ? cutMargin + static_cast<int>(std::ceil(rows * cellHeight))
                        : pixels.height() - margin + cutMargin);
    cut = cut.boundedTo(pixels);
    const int settled = render::matrixLayout(cut.width(), cut.height()).margin;
    if (settled == cutMargin) break;
    cutMargin = settled;
  }
  if (render::matrixLayout(cut.width(), cut.height()).margin != cutMargin) return request;
  render::MatrixCamera camera = whole;
  camera.colsVisible = (cut.width() - cutMargin) / cellWidth;
  camera.rowsVisible = (cut.height() - cutMargin) / cellHeight;
  if (cutAcross) camera.colBegin = 0;
  if (cutDown) camera.rowBegin = 0;
  // The cells stay where the uncut frame has them: only the margins move next to them.
  request.offset = QPoint(
      static_cast<int>(std::lround(margin + (camera.colBegin - whole.colBegin) * cellWidth)) - cutMargin,
      static_cast<int>(std::lround(margin + (camera.rowBegin - whole.rowBegin) * cellHeight)) - cutMargin);
  request.camera = camera;
  request.size = cut;
  return request;
}

// A rendered frame of `request` with its numbers, centred on a canvas of `pixels` with the caption under it.
QImage MatrixView::compose(QImage image, const MatrixFrameRequest& request, QSize pixels) const {
  drawNumbers(image, request);
  drawLineNumbers(image, request);
  const QSize matrix = matrixPixels(pixels);
  if (image.size() != matrix) {
    QImage canvas(matrix, QImage::Format_RGB32);
    canvas.fill(
        QColor(render::style::kBackground.r, render::style::kBackground.g, render::style::kBackground.b));
    QPainter painter(&canvas);
    painter.drawImage(request.offset, image);
    painter.end();
    image = canvas;
  }
  return withCaption(image, pixels);
}

quint64 MatrixView::refresh() {
  if (renderThread_ == nullptr || costs_ == nullptr) {
    update();  // the message may have changed; otherwise the next frame repaints
    return 0;
  }
  // Rendered at the screen's physical resolution so cells stay sharp on high-density displays.
  MatrixFrameRequest request = frameRequest(matrixPixels((QSizeF(size()) * devicePixelRatioF()).toSize()));
  request.serial = ++serial_;
  renderThread_->requestFrame(std::move(request));
  return serial_;
}

void MatrixView::frameReady(const QImage& image, const MatrixFrameRequest& request) {
  if (request.serial < firstSerialOfCosts_) return;  // made for the previous matrix
  frame_ = compose(image, request, (QSizeF(size()) * devicePixelRatioF()).toSize());
  frame_.setDevicePixelRatio(devicePixelRatioF());
  shownSerial_ = request.serial;
  update();
  emit frameShown();
}

// Numbers go on top of the rendered cells when every visible cell's number fits (all or none, so that short
// numbers like 0.5 do not stand out alone among longer ones); the text colour follows the brightness of the
// cell's rendered colour so it stays readable on both ends of the colour map.
void MatrixView::drawNumbers(QImage& image, const MatrixFrameRequest& request) const {
  const render::MatrixLayout layout = render::matrixLayout(image.width(), image.height());
  const render::MatrixCamera& camera = request.camera;
  const double cellPixels = layout.area.width / camera.colsVisible;
  if (cellPixels < kMinCellForNumbers || costs_ == nullptr) return;
  const render::MatrixOverlay& overlay = *request.overlay;
  const bool slack = request.quantity == render::MatrixQuantity::Slack && !overlay.rowDual.empty();
  const bool integral = isIntegral(*costs_);
  QPainter painter(&image);
  QFont font = painter.font();
  font.setPixelSize(std::clamp(static_cast<int>(cellPixels / 3), 8, 16));
  painter.setFont(font);
  const QFontMetrics metrics(font);
  const QRect area(layout.area.x, layout.area.y, layout.area.width, layout.area.height);
  painter.setClipRect(area);
  const int rowFirst = std::max(0, static_cast<int>(std::floor(camera.rowBegin)));
  const int colFirst = std::max(0, static_cast<int>(std::floor(camera.colBegin)));
  const int rowLast =
      std::min(shownRows() - 1, static_cast<int>(std::ceil(camera.rowBegin + camera.rowsVisible)));
  const int colLast =
      std::min(shownCols() - 1, static_cast<int>(std::ceil(camera.colBegin + camera.colsVisible)));
  struct Label {
    QRectF rect;
    QString text;
  };
  std::vector<Label> labels;
  for (int row = rowFirst; row <= rowLast; ++row) {
    for (int col = colFirst; col <= colLast; ++col) {
      double value = costAt(row, col);
      if (slack)
        value -=
            overlay.rowDual[static_cast<std::size_t>(row)] + overlay.colDual[static_cast<std::size_t>(col)];
      const render::CellRect cell = render::cellRect(layout, camera, row, col);
      Label label{QRectF(QPointF(cell.x0, cell.y0), QPointF(cell.x1, cell.y1)), formatValue(value, integral)};
      if (metrics.horizontalAdvance(label.text) + 2 > label.rect.width() ||
          metrics.height() > label.rect.height()) {
        return;
      }
      if (area.contains(label.rect.center().toPoint()) && (numberZeros_ || value != 0))
        labels.push_back(std::move(label));
    }
  }
  for (const Label& label : labels) {
    const QPoint centre = label.rect.center().toPoint();
    painter.setPen(image.pixelColor(centre).lightnessF() > 0.55 ? Qt::black : Qt::white);
    painter.drawText(label.rect, Qt::AlignCenter, label.text);
  }
}

QImage MatrixView::renderImage(QSize size) const {
  if (renderThread_ == nullptr || costs_ == nullptr) return {};
  const MatrixFrameRequest request = frameRequest(matrixPixels(size));
  const QImage image = renderThread_->renderNow(request);
  return image.isNull() ? image : compose(image, request, size);
}

// `matrix` on a canvas of `size` with the caption in a dark band under it (the matrix alone without one).
QImage MatrixView::withCaption(const QImage& matrix, QSize size) const {
  if (caption_.isEmpty() || matrix.isNull()) return matrix;
  QImage out(size, QImage::Format_RGB32);
  out.fill(QColor(20, 20, 20));
  QPainter painter(&out);
  painter.drawImage(0, 0, matrix);
  painter.setFont(captionFont());
  const QRect band(0, matrix.height(), size.width(), size.height() - matrix.height());
  painter.setPen(Qt::white);
  painter.drawText(band.adjusted(kCaptionMargin, 0, -kCaptionMargin, 0),
                   Qt::AlignVCenter | Qt::AlignLeft | Qt::TextWordWrap, caption_);
  return out;
}

// Row numbers in the left margin, column numbers in the top one, over the dual bars: every line's where
// they fit, else every 2nd, 5th, 10th, 20th ... line's (numbered from 1).
void MatrixView::drawLineNumbers(QImage& image, const MatrixFrameRequest& request) const {
  const render::MatrixLayout layout = render::matrixLayout(image.width(), image.height());
  const render::MatrixCamera& camera = request.camera;
  const int n = std::max(shownRows(), shownCols());
  if (n == 0 || layout.margin < 8) return;
  QPainter painter(&image);
  QFont font = painter.font();
  font.setPixelSize(std::clamp(static_cast<int>(layout.margin * 0.5), 7, 12));
  painter.setFont(font);
  const QFontMetrics metrics(font);
  const auto stride = [](double cellPixels, int needed) {
    for (int base = 1;; base *= 10) {
      for (int step : {base, 2 * base, 5 * base}) {
        if (step * cellPixels >= needed) return step;
      }
    }
  };
  const int widest = metrics.horizontalAdvance(QString::number(n)) + 4;
  if (widest > layout.margin) return;  // too many digits for the margin
  const double cellWidth = layout.area.width / camera.colsVisible;
  const double cellHeight = layout.area.height / camera.rowsVisible;
  const int rowStride = stride(cellHeight, metrics.height());
  const int colStride = stride(cellWidth, widest + 2);
  const auto label = [&](const QRectF& box, int number) {
    const QString text = QString::number(number);
    QRectF back(0, 0, metrics.horizontalAdvance(text) + 3, metrics.height());
    back.moveCenter(box.center());
    painter.fillRect(back, QColor(0, 0, 0, 170));
    painter.setPen(Qt::white);
    painter.drawText(back, Qt::AlignCenter, text);
  };
  const int rowFirst = std::max(0, static_cast<int>(std::floor(camera.rowBegin)));
  const int rowLast =
      std::min(shownRows() - 1, static_cast<int>(std::ceil(camera.rowBegin + camera.rowsVisible)));
  painter.setClipRect(QRect(0, layout.area.y, layout.margin, layout.area.height));
  for (int row = rowFirst; row <= rowLast; ++row) {
    if ((row + 1) % rowStride != 0) continue;
    const render::CellRect cell = render::cellRect(layout, camera, row, 0);
    label(QRectF(0, cell.y0, layout.margin, cell.y1 - cell.y0), row + 1);
  }
  const int colFirst = std::max(0, static_cast<int>(std::floor(camera.colBegin)));
  const int colLast =
      std::min(shownCols() - 1, static_cast<int>(std::ceil(camera.colBegin + camera.colsVisible)));
  painter.setClipRect(QRect(layout.area.x, 0, layout.area.width, layout.margin));
  for (int col = colFirst; col <= colLast; ++col) {
    if ((col + 1) % colStride != 0) continue;
    const render::CellRect cell = render::cellRect(layout, camera, 0, col);
    label(QRectF(cell.x0, 0, cell.x1 - cell.x0, layout.margin), col + 1);
  }
}

QString MatrixView::describeCell(QPoint position) const {
  if (costs_ == nullptr) return {};
  const std::optional<render::CellIndex> cell =
      render::cellAt(render::matrixLayout(matrixPixels(size()).width(), matrixPixels(size()).height()),
                     navigation_.camera(), shownRows(), shownCols(), position.x() + 0.5, position.y() + 0.5);
  if (!cell) return {};
  const int row = cell->row, col = cell->col;
  const bool integral = isIntegral(*costs_);
  const double cost = costAt(row, col);
  QString text =
      tr("row %1, column %2\ncost %3").arg(row + 1).arg(col + 1).arg(formatValue(cost, integral));  // from 1
  if (!overlay_->rowDual.empty()) {
    const double slack = cost - overlay_->rowDual[static_cast<std::size_t>(row)] -
                         overlay_->colDual[static_cast<std::size_t>(col)];
    text += tr("\nslack %1").arg(formatValue(slack, integral));
  } else if (!overlay_->colDual.empty()) {  // an auction's prices
    text += tr("\ncolumn price %1").arg(formatValue(overlay_->colDual[static_cast<std::size_t>(col)], false));
  }
  return text;
}

void MatrixView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().window());
  QString message;
  if (renderThread_ == nullptr || !rendererProblem_.isEmpty()) {
    message =
        tr("Matrix view unavailable: %1\nThe solver, log, tree and charts still work.").arg(rendererProblem_);
  } else if (costs_ == nullptr) {
    message = tr("No instance loaded.");
  } else if (frame_.isNull()) {
    message = tr("Rendering…");
  }
  if (message.isEmpty()) {
    painter.drawImage(QPoint(0, 0), frame_);
    return;
  }
  painter.setPen(palette().text().color());
  painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, message);
}

void MatrixView::resizeEvent(QResizeEvent* /*event*/) {
  navigation_.resize(areaSize(matrixPixels(size())));
  refresh();
}

void MatrixView::wheelEvent(QWheelEvent* event) {
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  navigation_.zoomAt(areaPosition(event->position(), matrixPixels(size())), std::pow(kWheelStep, notches));
  refresh();
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
  refresh();
}

void MatrixView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = false;
  unsetCursor();
}

void MatrixView::mouseDoubleClickEvent(QMouseEvent* /*event*/) {
  navigation_.reset(shownRows(), shownCols(), areaSize(matrixPixels(size())));
  refresh();
}

bool MatrixView::event(QEvent* event) {
  if (showMarkTooltip(*this, event, [this](QPoint position) { return describeCell(position); })) return true;
  return QWidget::event(event);
}

}  // namespace ms::views
