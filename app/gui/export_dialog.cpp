#include "app/gui/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <utility>

namespace ms::studio {

namespace {

constexpr int kMaxExportSide = 16384;

QString suffixFor(ExportKind kind) {
  return kind == ExportKind::TraceCsv ? QStringLiteral("csv") : QStringLiteral("png");
}

}  // namespace

ExportRequest ExportDialog::defaultRequest() {
  return {ExportKind::MatrixPng,
          QDir(defaultFolder(ExportKind::MatrixPng)).filePath(QStringLiteral("matchscope.png")),
          QSize(1920, 1080)};
}

QString ExportDialog::defaultFolder(ExportKind kind) {
  const QString folder = QStandardPaths::writableLocation(
      kind == ExportKind::TraceCsv ? QStandardPaths::DocumentsLocation : QStandardPaths::PicturesLocation);
  return folder.isEmpty() || !QFileInfo(folder).isDir() ? QDir::homePath() : folder;
}

ExportDialog::ExportDialog(const ExportRequest& initial, ExportPreviewer previewer, QWidget* parent)
    : QDialog(parent), previewer_(std::move(previewer)) {
  setWindowTitle(tr("Export"));
  kind_ = new QComboBox(this);
  kind_->addItem(tr("Matrix view (PNG)"), static_cast<int>(ExportKind::MatrixPng));
  kind_->addItem(tr("Whole window (PNG)"), static_cast<int>(ExportKind::WindowPng));
  kind_->addItem(tr("Trace (CSV)"), static_cast<int>(ExportKind::TraceCsv));
  kind_->setCurrentIndex(kind_->findData(static_cast<int>(initial.kind)));
  width_ = new QSpinBox(this);
  height_ = new QSpinBox(this);
  for (QSpinBox* side : {width_, height_}) {
    side->setRange(16, kMaxExportSide);
    side->setSuffix(tr(" px"));
  }
  width_->setValue(initial.size.width());
  height_->setValue(initial.size.height());
  // A relative name would land wherever the studio was started from.
  const QString initialPath =
      initial.path.isEmpty() || QFileInfo(initial.path).isRelative()
          ? QDir(defaultFolder(initial.kind))
                .filePath(initial.path.isEmpty() ? QStringLiteral("matchscope.png") : initial.path)
          : initial.path;
  path_ = new QLineEdit(initialPath, this);
  path_->setObjectName(QStringLiteral("exportPath"));
  kind_->setObjectName(QStringLiteral("exportKind"));
  preview_ = new QLabel(this);
  preview_->setObjectName(QStringLiteral("exportPreview"));
  preview_->setAlignment(Qt::AlignCenter);
  preview_->setMinimumSize(kPreviewBox);
  preview_->setFrameShape(QFrame::StyledPanel);
  auto* browse = new QPushButton(tr("Browse…"), this);
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(path_);
  pathRow->addWidget(browse);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  auto* form = new QFormLayout(this);
  form->addRow(tr("What"), kind_);
  form->addRow(tr("Width"), width_);
  form->addRow(tr("Height"), height_);
  form->addRow(tr("File"), pathRow);
  form->addRow(tr("Preview"), preview_);
  form->addRow(buttons);

  connect(kind_, &QComboBox::currentIndexChanged, this, &ExportDialog::kindChanged);
  connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
  for (QSpinBox* side : {width_, height_})
    connect(side, &QSpinBox::editingFinished, this, &ExportDialog::refreshPreview);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  kindChanged();
}

ExportRequest ExportDialog::request() const {
  return {static_cast<ExportKind>(kind_->currentData().toInt()), path_->text(),
          QSize(width_->value(), height_->value())};
}

void ExportDialog::kindChanged() {
  const auto kind = static_cast<ExportKind>(kind_->currentData().toInt());
  width_->setEnabled(kind == ExportKind::MatrixPng);
  height_->setEnabled(kind == ExportKind::MatrixPng);
  const QFileInfo current(path_->text());
  if (!path_->text().isEmpty() && current.suffix() != suffixFor(kind)) {
    path_->setText(current.dir().filePath(current.completeBaseName() + QLatin1Char('.') + suffixFor(kind)));
  }
  refreshPreview();
}

// The matrix at the chosen aspect, the window as it is, or what the CSV will hold.
void ExportDialog::refreshPreview() {
  if (!previewer_) {
    preview_->setText(tr("(no preview)"));
    return;
  }
  const ExportPreview preview = previewer_(request(), kPreviewBox);
  if (preview.image.isNull()) {
    preview_->setPixmap(QPixmap());
    preview_->setText(preview.text);
  } else {
    preview_->setPixmap(
        QPixmap::fromImage(preview.image.scaled(kPreviewBox, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
  }
}

void ExportDialog::browse() {
  const auto kind = static_cast<ExportKind>(kind_->currentData().toInt());
  const QString filter = kind == ExportKind::TraceCsv ? tr("CSV (*.csv)") : tr("PNG images (*.png)");
  const QString path = QFileDialog::getSaveFileName(this, tr("Export to"), path_->text(), filter);
  if (!path.isEmpty()) path_->setText(path);
}

}  // namespace ms::studio
