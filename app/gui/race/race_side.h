#pragma once
// One side of the race: a caption in the run's colour (algorithm, backend, step, objective, elapsed time,
// finished or not) over the studio's matrix view of the snapshot the race shows for that run.

#include <QColor>
#include <QString>
#include <QWidget>
#include <memory>

#include "solver/core/snapshot.h"
#include "solver/lap/cost_matrix.h"

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace ms::views {
class MatrixView;
}  // namespace ms::views

namespace ms::studio {

class RaceSide : public QWidget {
  Q_OBJECT
 public:
  RaceSide(const QString& name, QWidget* parent = nullptr);

  void setColour(const QColor& colour);
  void setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs);
  void setCaption(const QString& caption, const QString& toolTip);
  void showSnapshot(const Snapshot& snapshot);

  QString caption() const;
  views::MatrixView& matrix() const { return *matrix_; }

 private:
  QLabel* caption_;
  views::MatrixView* matrix_;
  QColor colour_;
  QString plainCaption_;
};

}  // namespace ms::studio
