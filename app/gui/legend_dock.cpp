#include "app/gui/legend_dock.h"

#include <QCheckBox>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ms::studio {

LegendDock::LegendDock(QWidget* parent) : QDockWidget(tr("Legend"), parent) {
  setObjectName(QStringLiteral("legendDock"));  // saveState() needs names
  setToolTip(tr("What every mark of the current view means, in its colours"));
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(2, 2, 2, 2);
  view_ = new views::LegendView(content);
  view_->setObjectName(QStringLiteral("legendView"));
  auto* scroll = new QScrollArea(content);
  scroll->setWidget(view_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  inExports_ = new QCheckBox(tr("Add the legend to matrix PNG exports"), content);
  inExports_->setObjectName(QStringLiteral("legendInExports"));
  inExports_->setToolTip(tr("Matrix PNGs (Export, --matrix-png) get this legend in a column at their right"));
  layout->addWidget(scroll, 1);
  layout->addWidget(inExports_);
  setWidget(content);
}

void LegendDock::setLegend(views::Legend legend) {
  view_->setLegend(std::move(legend));
}

const views::Legend& LegendDock::legend() const {
  return view_->legend();
}

bool LegendDock::inExports() const {
  return inExports_->isChecked();
}

void LegendDock::setInExports(bool on) {
  inExports_->setChecked(on);
}

}  // namespace ms::studio
