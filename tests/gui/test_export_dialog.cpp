// The export dialog: its default file is an absolute path in the person's pictures folder (it was the
// relative "matchscope.png", written wherever the studio had been started), a relative name is placed there
// too, and it previews what will be written. Esc in the open "What" list closes the list, not the dialog (as
// on main under the offscreen and xcb platforms: kept as a guard, the report was not reproduced).
#include <QAbstractItemView>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QtTest/QtTest>
#include <cmath>

#include "app/gui/export_dialog.h"

using namespace ms::studio;

namespace {

ExportDialog* findDialog(QWidget& parent) {
  return parent.findChild<ExportDialog*>();
}

}  // namespace

class TestExportDialog : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void defaultFileIsAbsoluteInThePicturesFolder() {
    const ExportRequest request = ExportDialog::defaultRequest();
    QVERIFY2(QFileInfo(request.path).isAbsolute(), qPrintable(request.path));
    QCOMPARE(QFileInfo(request.path).absolutePath(),
             QFileInfo(ExportDialog::defaultFolder(ExportKind::MatrixPng)).absoluteFilePath());
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (QFileInfo(pictures).isDir()) QCOMPARE(ExportDialog::defaultFolder(ExportKind::MatrixPng), pictures);

    // A relative name kept from an older version goes into the same folder.
    ExportDialog dialog({ExportKind::MatrixPng, QStringLiteral("old.png"), QSize(640, 480)}, {});
    QCOMPARE(dialog.request().path,
             QDir(ExportDialog::defaultFolder(ExportKind::MatrixPng)).filePath(QStringLiteral("old.png")));
  }

  // The preview follows the choice: a picture for PNGs (asked at the export's aspect), words for a CSV.
  void previewShowsWhatWillBeWritten() {
    QList<QSize> asked;
    const ExportPreviewer previewer = [&](const ExportRequest& request, QSize box) -> ExportPreview {
      if (request.kind == ExportKind::TraceCsv) return {QImage(), QStringLiteral("12 steps")};
      const QSize size = request.size.scaled(box, Qt::KeepAspectRatio);
      asked << size;
      QImage image(size, QImage::Format_RGB32);
      image.fill(Qt::red);
      return {image, {}};
    };
    ExportDialog dialog(ExportDialog::defaultRequest(), previewer);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto* preview = dialog.findChild<QLabel*>(QStringLiteral("exportPreview"));
    QVERIFY(!preview->pixmap().isNull());
    QVERIFY(!asked.isEmpty());
    QVERIFY(std::abs(asked.back().width() / double(asked.back().height()) - 1920.0 / 1080) < 0.02);
    auto* kind = dialog.findChild<QComboBox*>(QStringLiteral("exportKind"));
    kind->setCurrentIndex(kind->findData(static_cast<int>(ExportKind::TraceCsv)));
    QVERIFY(preview->pixmap().isNull());
    QCOMPARE(preview->text(), QStringLiteral("12 steps"));
    QVERIFY(dialog.request().path.endsWith(QStringLiteral(".csv")));
  }

  void escapeInTheOpenListClosesOnlyTheList() {
    QWidget parent;
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    auto* dialog = new ExportDialog(ExportDialog::defaultRequest(), {}, &parent);
    dialog->open();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto* kind = dialog->findChild<QComboBox*>(QStringLiteral("exportKind"));
    kind->setFocus();
    kind->showPopup();
    QVERIFY(QTest::qWaitFor([&] { return kind->view()->isVisible(); }));
    QTest::keyClick(kind->view(), Qt::Key_Escape);
    QVERIFY(QTest::qWaitFor([&] { return !kind->view()->isVisible(); }));
    QTest::qWait(50);
    QVERIFY(findDialog(parent)->isVisible());
    QCOMPARE(findDialog(parent)->result(), 0);
    // With the list closed, Esc closes the dialog as usual.
    QTest::keyClick(kind, Qt::Key_Escape);
    QVERIFY(QTest::qWaitFor([&] { return !dialog->isVisible(); }));
  }
};

QTEST_MAIN(TestExportDialog)
#include "test_export_dialog.moc"
