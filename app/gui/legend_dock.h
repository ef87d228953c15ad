#pragma once
// The Legend dock: the current kind's legend (views/legend/legend.h), scrolled when the dock is short, and
// whether matrix PNG exports carry it.

#include <QDockWidget>

#include "views/legend/legend.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
QT_END_NAMESPACE

namespace ms::studio {

class LegendDock : public QDockWidget {
  Q_OBJECT
 public:
  explicit LegendDock(QWidget* parent = nullptr);
  void setLegend(views::Legend legend);
  const views::Legend& legend() const;
  views::LegendView& view() { return *view_; }
  bool inExports() const;
  void setInExports(bool on);

 private:
  views::LegendView* view_;
  QCheckBox* inExports_;
};

}  // namespace ms::studio
