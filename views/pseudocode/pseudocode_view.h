#pragma once
// The pseudocode panel: an algorithm's listing with the line the current step runs highlighted, and the
// live variables under it. Fed by a Qt-free PseudocodeListing (solver/pseudocode/pseudocode.h) and, per
// frame or trace step, a line index and the variables; the Learn panel and the studio both use it.

#include <QWidget>

#include "solver/pseudocode/pseudocode.h"

namespace ms::views {

class PseudocodeView : public QWidget {
  Q_OBJECT

 public:
  explicit PseudocodeView(QWidget* parent = nullptr);

  // The view keeps a copy; nullptr clears it.
  void setListing(const PseudocodeListing* listing);
  // -1: no line highlighted.
  void setCurrentLine(int32_t line);
  void setVariables(PseudocodeVariables variables);
  int32_t currentLine() const { return current_; }
  const PseudocodeVariables& variables() const { return variables_; }
  // Where line `line` is drawn (for tests and tooltips).
  QRect lineRect(int32_t line) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return {260, 160}; }

  static constexpr QColor currentLineColor() { return QColor(255, 230, 100); }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  int lineHeight() const;
  int titleHeight() const;

  PseudocodeListing listing_;
  int32_t current_ = -1;
  PseudocodeVariables variables_;
};

}  // namespace ms::views
