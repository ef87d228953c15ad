#pragma once
// Runs the matrix renderer on a thread of its own, so the GUI thread never waits on Vulkan. The view asks
// for frames; a newer request replaces one still waiting; each finished frame comes back through a queued
// call as frameReady on the GUI thread. Uploads of a new matrix happen there too. A time share bounds how
// much of the wall time rendering may take: on a CPU Vulkan device a frame of a large matrix takes 100 ms
// or more, and a watched solve must not be slowed down by its own pictures.

#include <QImage>
#include <QObject>
#include <QPoint>
#include <QSize>
#include <QString>
#include <memory>

#include "solver/lap/cost_matrix.h"
#include "views/render/matrix_renderer.h"

namespace ms::views {

struct MatrixFrameRequest {
  render::MatrixCamera camera;
  std::shared_ptr<const render::MatrixOverlay> overlay;  // never null
  render::MatrixQuantity quantity = render::MatrixQuantity::Cost;
  render::ColorMap colorMap = render::ColorMap::Viridis;
  QSize size;
  quint64 serial = 0;
  QPoint offset;  // where the frame goes on the view's canvas (a frame cut to the matrix is smaller)
};

class MatrixRenderThread : public QObject {
  Q_OBJECT
 public:
  // From now on only the render thread uses `renderer`.
  explicit MatrixRenderThread(std::unique_ptr<render::MatrixRenderer> renderer, QObject* parent = nullptr);
  ~MatrixRenderThread() override;  // finishes the frame in progress and joins

  // Uploaded before the next frame; drops a request still waiting (it was made for the old matrix).
  void setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs);
  void requestFrame(MatrixFrameRequest request);
  // Renders `request` as soon as the frame in progress is done, ignoring the time share, and waits for it
  // (exports). A null image when no matrix was set or rendering failed.
  QImage renderNow(const MatrixFrameRequest& request);
  // Share of the wall time rendering may take: after a frame of t ms the thread rests t * (1/share - 1) ms.
  void setTimeShare(double share);

 signals:
  void frameReady(const QImage& image, const ms::views::MatrixFrameRequest& request);
  void renderFailed(const QString& message);

 private:
  class Worker;
  std::unique_ptr<Worker> worker_;
};

}  // namespace ms::views
