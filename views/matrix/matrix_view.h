#pragma once
// The matrix view: the Vulkan renderer draws cost or slack offscreen, this widget paints the returned image
// and adds what is easier on the CPU (cell numbers, tooltips). Wheel zooms, drag pans. Without a Vulkan
// device the widget says so and the rest of the application works on.

#include <QImage>
#include <QString>
#include <QWidget>
#include <memory>

#include "solver/core/snapshot.h"
#include "solver/lap/cost_matrix.h"
#include "views/matrix/matrix_navigation.h"
#include "views/render/matrix_renderer.h"

namespace ms::views {

class MatrixView : public QWidget {
  Q_OBJECT
 public:
  explicit MatrixView(QWidget* parent = nullptr);
  ~MatrixView() override;

  // The square matrix the solver works on; the view shows all of it until zoomed.
  void setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs);
  // Takes the LAP alternative of `snapshot` (other problem kinds leave the view as it is).
  void setSnapshot(const Snapshot& snapshot);
  void setQuantity(render::MatrixQuantity quantity);
  void setColorMap(render::ColorMap colorMap);
  render::MatrixQuantity quantity() const { return quantity_; }
  render::ColorMap colorMap() const { return colorMap_; }

  bool rendererAvailable() const { return renderer_ != nullptr; }
  QString rendererProblem() const { return rendererProblem_; }
  QString deviceName() const;
  const MatrixNavigation& navigation() const { return navigation_; }
  MatrixNavigation& navigation() { return navigation_; }

  // The current view (same cells as on screen) drawn at `size`, numbers included where cells are large
  // enough. A null image when there is no renderer or no matrix.
  QImage renderImage(QSize size) const;
  // Tooltip text for the cell at a widget position ("" outside the matrix).
  QString describeCell(QPoint position) const;

 signals:
  void cameraChanged();

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
  QImage draw(const MatrixNavigation& navigation, QSize pixels) const;
  void drawNumbers(QImage& image, const MatrixNavigation& navigation) const;
  int matrixSize() const;
  double costAt(int row, int col) const;
  void invalidate();

  std::unique_ptr<render::MatrixRenderer> renderer_;
  QString rendererProblem_;
  std::shared_ptr<const lap::AnyCostMatrix> costs_;
  double zeroTolerance_ = 0;
  render::MatrixOverlay overlay_;
  bool hasDuals_ = false;
  render::MatrixQuantity quantity_ = render::MatrixQuantity::Cost;
  render::ColorMap colorMap_ = render::ColorMap::Viridis;
  MatrixNavigation navigation_;
  QImage frame_;  // cached until the camera, data or size changes
  QPoint dragFrom_;
  bool dragging_ = false;
};

}  // namespace ms::views
