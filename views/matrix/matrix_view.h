#pragma once
// The matrix view: the Vulkan renderer draws cost or slack offscreen on its own thread, this widget paints
// the returned image and adds what is easier on the CPU (cell numbers, tooltips). Wheel zooms, drag pans,
// double-click shows the whole matrix. Without a Vulkan device the widget says so and the rest of the
// application works on.

#include <QImage>
#include <QString>
#include <QWidget>
#include <memory>

#include "solver/core/snapshot.h"
#include "solver/lap/cost_matrix.h"
#include "views/matrix/matrix_navigation.h"
#include "views/matrix/matrix_render_thread.h"

namespace ms::views {

class MatrixView : public QWidget {
  Q_OBJECT
 public:
  explicit MatrixView(QWidget* parent = nullptr);
  ~MatrixView() override;

  // The square matrix the solver works on; the view shows all of it until zoomed. Without `numberZeros`
  // cells holding 0 stay blank when numbers are drawn (an incidence matrix's empty cells). A valid `shown`
  // (columns x rows) limits the view to the matrix's top-left part, where a smaller level of a hypergraph
  // sits in a raster of the input's size: it gets a frame of its own, not the input's with a void.
  void setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs, bool numberZeros = true, QSize shown = {});
  // Takes the LAP alternative of `snapshot`, or the matching one on a weight matrix, its matched pairs marked
  // as the assignment (other problem kinds leave the view as it is).
  void setSnapshot(const Snapshot& snapshot);
  // An overlay (and caption) made by the caller, for problem kinds whose snapshots the view does not read.
  void setOverlay(std::shared_ptr<const render::MatrixOverlay> overlay, QString caption);
  void setQuantity(render::MatrixQuantity quantity);
  void setColorMap(render::ColorMap colorMap);
  render::MatrixQuantity quantity() const { return quantity_; }
  render::ColorMap colorMap() const { return colorMap_; }
  // Share of the wall time rendering may take (see MatrixRenderThread); the window lowers it while a
  // solve runs.
  void setRenderTimeShare(double share);

  bool rendererAvailable() const { return renderThread_ != nullptr; }
  QString rendererProblem() const { return rendererProblem_; }
  QString rendererDevice() const { return rendererDevice_; }  // the Vulkan device's name ("" without one)
  const MatrixNavigation& navigation() const { return navigation_; }
  MatrixNavigation& navigation() { return navigation_; }  // call refresh() after changing it
  // Asks for a new frame of the current view; returns its serial (0 when nothing can be drawn).
  quint64 refresh();

  // The current view (same centre and cells as on screen) drawn at `size`, numbers included where cells
  // are large enough; waits for the render thread. A null image without a renderer or a matrix.
  QImage renderImage(QSize size) const;
  // Tooltip text for the cell at a widget position ("" outside the matrix); rows and columns from 1.
  QString describeCell(QPoint position) const;
  quint64 shownSerial() const { return shownSerial_; }                // serial of the frame on screen
  const render::MatrixOverlay& overlay() const { return *overlay_; }  // of the latest snapshot
  // What an approximation's latest step did, written in a band under the matrix ("" for the others).
  QString caption() const { return caption_; }

 signals:
  void frameShown();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void setMatching(const matching::MatchingSnapshot& snapshot);
  MatrixFrameRequest frameRequest(QSize pixels) const;
  void frameReady(const QImage& image, const MatrixFrameRequest& request);
  void drawNumbers(QImage& image, const MatrixFrameRequest& request) const;
  void drawLineNumbers(QImage& image, const MatrixFrameRequest& request) const;
  QImage withCaption(const QImage& matrix, QSize size) const;
  QImage compose(QImage image, const MatrixFrameRequest& request, QSize pixels) const;
  void setCaption(QString caption);
  QSize matrixPixels(QSize pixels) const;  // the part of `pixels` the matrix gets (the caption the rest)
  int captionBand(int width) const;        // the caption's height under a matrix `width` pixels wide
  QFont captionFont() const;
  int matrixSize() const;
  int shownRows() const;
  int shownCols() const;
  double costAt(int row, int col) const;

  std::unique_ptr<MatrixRenderThread> renderThread_;
  QString rendererProblem_;
  QString rendererDevice_;
  std::shared_ptr<const lap::AnyCostMatrix> costs_;
  double zeroTolerance_ = 0;
  bool numberZeros_ = true;
  QSize shown_;  // invalid: the whole matrix
  std::shared_ptr<const render::MatrixOverlay> overlay_;
  QString caption_;
  render::MatrixQuantity quantity_ = render::MatrixQuantity::Cost;
  render::ColorMap colorMap_ = render::ColorMap::Viridis;
  MatrixNavigation navigation_;
  QImage frame_;                    // the newest finished frame, numbers drawn
  quint64 serial_ = 0;              // of the newest frame request
  quint64 firstSerialOfCosts_ = 0;  // frames from older requests show the previous matrix
  quint64 shownSerial_ = 0;
  QPoint dragFrom_;
  bool dragging_ = false;
};

}  // namespace ms::views
