#include "views/matrix/matrix_render_thread.h"

#include <QMetaObject>
#include <QThread>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <future>
#include <mutex>
#include <optional>

namespace ms::views {

namespace {

using Clock = std::chrono::steady_clock;

QImage toImage(const render::RgbaImage& rgba) {
  const QImage view(rgba.pixels.data(), rgba.width, rgba.height, rgba.width * 4, QImage::Format_RGBA8888);
  return view.copy();  // the renderer's buffer dies with `rgba`
}

}  // namespace

class MatrixRenderThread::Worker {
 public:
  Worker(MatrixRenderThread& owner, std::unique_ptr<render::MatrixRenderer> renderer)
      : owner_(owner), renderer_(std::move(renderer)) {
    thread_.reset(QThread::create([this] { loop(); }));
    thread_->setObjectName(QStringLiteral("matchscope-render"));
    thread_->start();
  }

  ~Worker() {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    wake_.notify_one();
    thread_->wait();
  }

  void setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs) {
    {
      std::lock_guard lock(mutex_);
      costs_ = std::move(costs);
      request_.reset();
    }
    wake_.notify_one();
  }

  void requestFrame(MatrixFrameRequest request) {
    {
      std::lock_guard lock(mutex_);
      request_ = std::move(request);
    }
    wake_.notify_one();
  }

  QImage renderNow(const MatrixFrameRequest& request) {
    std::promise<QImage> promise;
    std::future<QImage> result = promise.get_future();
    {
      std::lock_guard lock(mutex_);
      urgent_.emplace(request, std::move(promise));
    }
    wake_.notify_one();
    return result.get();
  }

  // Lowering the share starts with a rest as long as the last frame earns, so a run that begins right
  // after a frame does not pay for another one at once.
  void setTimeShare(double share) {
    std::lock_guard lock(mutex_);
    const double next = std::clamp(share, 0.01, 1.0);
    if (next < share_) {
      restUntil_ =
          std::max(restUntil_,
                   Clock::now() + std::chrono::duration_cast<Clock::duration>(lastFrame_ * (1 / next - 1)));
    } else if (next > share_) {
      restUntil_ = Clock::now();
    }
    share_ = next;
  }

 private:
  void loop() {
    for (;;) {
      std::unique_lock lock(mutex_);
      for (;;) {
        if (quit_) return;
        if (costs_ || urgent_ || (request_ && Clock::now() >= restUntil_)) break;
        if (request_) {
          wake_.wait_until(lock, restUntil_);
        } else {
          wake_.wait(lock);
        }
      }
      if (costs_) {
        const std::shared_ptr<const lap::AnyCostMatrix> costs = std::move(costs_);
        costs_.reset();
        lock.unlock();
        upload(*costs);
      } else if (urgent_) {
        auto [request, promise] = std::move(*urgent_);
        urgent_.reset();
        lock.unlock();
        promise.set_value(render(request));
      } else {
        const MatrixFrameRequest request = std::move(*request_);
        request_.reset();
        lock.unlock();
        const auto start = Clock::now();
        const QImage image = render(request);
        const auto took = Clock::now() - start;
        lock.lock();
        lastFrame_ = took;
        restUntil_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(took * (1 / share_ - 1));
        lock.unlock();
        if (!image.isNull()) {
          MatrixRenderThread* owner = &owner_;
          QMetaObject::invokeMethod(
              owner, [owner, image, request] { emit owner->frameReady(image, request); },
              Qt::QueuedConnection);
        }
      }
    }
  }

  void upload(const lap::AnyCostMatrix& costs) {
    try {
      renderer_->setCosts(costs);
      haveCosts_ = true;
    } catch (const std::exception& e) {
      haveCosts_ = false;
      reportFailure(QString::fromStdString(e.what()));
    }
  }

  QImage render(const MatrixFrameRequest& request) {
    if (!haveCosts_ || request.size.isEmpty()) return {};
    try {
      return toImage(renderer_->render(request.camera, *request.overlay, request.quantity, request.colorMap,
                                       request.size.width(), request.size.height()));
    } catch (const std::exception& e) {
      reportFailure(QString::fromStdString(e.what()));
      return {};
    }
  }

  void reportFailure(const QString& message) {
    MatrixRenderThread* owner = &owner_;
    QMetaObject::invokeMethod(
        owner, [owner, message] { emit owner->renderFailed(message); }, Qt::QueuedConnection);
  }

  MatrixRenderThread& owner_;
  std::unique_ptr<render::MatrixRenderer> renderer_;
  std::unique_ptr<QThread> thread_;

  std::mutex mutex_;  // guards what follows, up to the render-thread-only state
  std::condition_variable wake_;
  bool quit_ = false;
  std::shared_ptr<const lap::AnyCostMatrix> costs_;
  std::optional<MatrixFrameRequest> request_;
  std::optional<std::pair<MatrixFrameRequest, std::promise<QImage>>> urgent_;
  double share_ = 1;
  Clock::time_point restUntil_{};
  Clock::duration lastFrame_{};

  bool haveCosts_ = false;  // render thread only
};

MatrixRenderThread::MatrixRenderThread(std::unique_ptr<render::MatrixRenderer> renderer, QObject* parent)
    : QObject(parent), worker_(std::make_unique<Worker>(*this, std::move(renderer))) {}

MatrixRenderThread::~MatrixRenderThread() = default;

void MatrixRenderThread::setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs) {
  worker_->setCosts(std::move(costs));
}
void MatrixRenderThread::requestFrame(MatrixFrameRequest request) {
  worker_->requestFrame(std::move(request));
}
QImage MatrixRenderThread::renderNow(const MatrixFrameRequest& request) {
  return worker_->renderNow(request);
}
void MatrixRenderThread::setTimeShare(double share) {
  worker_->setTimeShare(share);
}

}  // namespace ms::views
