#pragma once
// A fixed-capacity ring of chart points: appending never allocates once full, and the oldest points give
// way, so a live chart of a long solve keeps constant memory.

#include <QList>
#include <QPointF>
#include <cstddef>
#include <vector>

namespace ms::views {

class PointRing {
 public:
  explicit PointRing(std::size_t capacity) : points_(capacity) {}

  void push(QPointF point) {
    points_[(first_ + size_) % points_.size()] = point;
    if (size_ < points_.size()) {
      ++size_;
    } else {
      first_ = (first_ + 1) % points_.size();
    }
  }
  // Adds `dy` to the last point when it sits at `x`, else appends (x, dy): sums per x as they stream in.
  void accumulate(double x, double dy) {
    if (size_ > 0 && back().x() == x) {
      back().ry() += dy;
    } else {
      push({x, dy});
    }
  }
  // Replaces the last point when it sits at `x`, else appends: the latest reading per x.
  void setLast(double x, double y) {
    if (size_ > 0 && back().x() == x) {
      back().ry() = y;
    } else {
      push({x, y});
    }
  }
  void clear() { first_ = size_ = 0; }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const QPointF& at(std::size_t k) const { return points_[(first_ + k) % points_.size()]; }
  QPointF& back() { return points_[(first_ + size_ - 1) % points_.size()]; }

  // Oldest to newest.
  std::vector<QPointF> ordered() const {
    std::vector<QPointF> out(size_);
    for (std::size_t k = 0; k < size_; ++k) out[k] = at(k);
    return out;
  }

 private:
  std::vector<QPointF> points_;
  std::size_t first_ = 0, size_ = 0;
};

}  // namespace ms::views
