#pragma once
// Ctrl+E: what to export (matrix view at a chosen resolution, the whole window, the trace) and where.

#include <QDialog>
#include <QSize>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

enum class ExportKind { MatrixPng, WindowPng, TraceCsv };

struct ExportRequest {
  ExportKind kind = ExportKind::MatrixPng;
  QString path;
  QSize size;  // MatrixPng only
};

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ExportDialog(const ExportRequest& initial, QWidget* parent = nullptr);
  ExportRequest request() const;

 private:
  void kindChanged();
  void browse();

  QComboBox* kind_;
  QSpinBox* width_;
  QSpinBox* height_;
  QLineEdit* path_;
};

}  // namespace ms::studio
