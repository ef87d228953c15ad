#pragma once
// Ctrl+E: what to export (matrix view at a chosen resolution, the whole window, the trace) and where.

#include <QDialog>
#include <QImage>
#include <QSize>
#include <functional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
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

// What an export would hold, small: a picture, or a line about a CSV.
struct ExportPreview {
  QImage image;
  QString text;
};
// The preview of `request` fitted in about `box`.
using ExportPreviewer = std::function<ExportPreview(const ExportRequest& request, QSize box)>;

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  static constexpr QSize kPreviewBox{360, 220};

  // `previewer` may be empty (no preview).
  ExportDialog(const ExportRequest& initial, ExportPreviewer previewer, QWidget* parent = nullptr);
  ExportRequest request() const;
  // A matrix PNG of 1920 x 1080 named by an absolute path in the person's pictures folder (documents for a
  // CSV; the home folder where neither exists).
  static ExportRequest defaultRequest();
  static QString defaultFolder(ExportKind kind);

 private:
  void kindChanged();
  void browse();
  void refreshPreview();

  QComboBox* kind_;
  QSpinBox* width_;
  QSpinBox* height_;
  QLineEdit* path_;
  QLabel* preview_;
  ExportPreviewer previewer_;
};

}  // namespace ms::studio
