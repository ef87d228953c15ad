#include "app/gui/race/race_side.h"

#include <QLabel>
#include <QVBoxLayout>

#include "views/matrix/matrix_view.h"

namespace ms::studio {

RaceSide::RaceSide(const QString& name, QWidget* parent) : QWidget(parent) {
  setObjectName(name);
  caption_ = new QLabel(this);
  caption_->setObjectName(name + QStringLiteral("Caption"));
  caption_->setTextFormat(Qt::RichText);
  caption_->setWordWrap(true);
  matrix_ = new views::MatrixView(this);
  matrix_->setObjectName(name + QStringLiteral("Matrix"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(caption_);
  layout->addWidget(matrix_, 1);
}

// A swatch in the run's colour before the caption ties the side to its series in the timeline.
void RaceSide::setColour(const QColor& colour) {
  colour_ = colour;
}

void RaceSide::setCosts(std::shared_ptr<const lap::AnyCostMatrix> costs) {
  matrix_->setCosts(std::move(costs));
}

void RaceSide::setCaption(const QString& caption, const QString& toolTip) {
  plainCaption_ = caption;
  caption_->setText(QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                        .arg(colour_.name(), caption.toHtmlEscaped()));
  caption_->setToolTip(toolTip);
}

void RaceSide::showSnapshot(const Snapshot& snapshot) {
  matrix_->setSnapshot(snapshot);
}

QString RaceSide::caption() const {
  return plainCaption_;
}

}  // namespace ms::studio
