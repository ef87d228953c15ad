#include "views/teaching/matrix_editor.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <limits>

#include "solver/core/errors.h"
#include "solver/lap/teaching/narration_text.h"

namespace ms::views {

namespace teaching = lap::teaching;

namespace {
constexpr int kCellWidth = 56, kCellHeight = 26;
}  // namespace

MatrixEditor::MatrixEditor(QWidget* parent) : QWidget(parent) {
  rows_ = new QSpinBox(this);
  cols_ = new QSpinBox(this);
  for (QSpinBox* box : {rows_, cols_}) {
    box->setRange(1, teaching::kLessonMaxSize);
    box->setValue(4);
  }
  rows_->setObjectName("editorRows");
  cols_->setObjectName("editorColumns");
  maximize_ = new QCheckBox(tr("Maximise (the entries are profits)"), this);
  maximize_->setObjectName("editorMaximize");
  table_ = new QTableWidget(this);
  table_->setObjectName("editorTable");
  // Compact cells sized for five digits and a sign, as a matrix is written on paper.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->horizontalHeader()->setDefaultSectionSize(kCellWidth);
  table_->verticalHeader()->setDefaultSectionSize(kCellHeight);

  auto* shape = new QHBoxLayout;
  shape->addWidget(new QLabel(tr("Rows"), this));
  shape->addWidget(rows_);
  shape->addWidget(new QLabel(tr("Columns"), this));
  shape->addWidget(cols_);
  shape->addWidget(maximize_);
  shape->addStretch();
  auto* tableRow = new QHBoxLayout;
  tableRow->addWidget(table_);
  tableRow->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(shape);
  layout->addLayout(tableRow);
  auto* help = new QLabel(tr("Integers from -%1 to %1, or inf for a forbidden pair. A non-square matrix is "
                             "padded with dummy rows or columns of zeros; sizes up to 10 x 10.")
                              .arg(teaching::kLessonMaxAbsCost),
                          this);
  help->setWordWrap(true);
  layout->addWidget(help);
  layout->addStretch(1);

  connect(rows_, &QSpinBox::valueChanged, this, [this] { resizeTable(); });
  connect(cols_, &QSpinBox::valueChanged, this, [this] { resizeTable(); });
  connect(maximize_, &QCheckBox::toggled, this, [this] { edited_ = true; });
  connect(table_, &QTableWidget::itemChanged, this, [this] { edited_ = true; });
  resizeTable();
}

void MatrixEditor::resizeTable() {
  const int oldRows = table_->rowCount(), oldCols = table_->columnCount();
  table_->setRowCount(rows_->value());
  table_->setColumnCount(cols_->value());
  for (int i = 0; i < table_->rowCount(); ++i) {
    for (int j = 0; j < table_->columnCount(); ++j) {
      if (i < oldRows && j < oldCols) continue;
      auto* item = new QTableWidgetItem("0");
      item->setTextAlignment(Qt::AlignCenter);
      table_->setItem(i, j, item);
    }
  }
  // The table is as large as its cells, not as the window.
  table_->setFixedSize(
      table_->verticalHeader()->sizeHint().width() + kCellWidth * table_->columnCount() + 4,
      table_->horizontalHeader()->sizeHint().height() + kCellHeight * table_->rowCount() + 4);
  edited_ = true;
}

void MatrixEditor::setEntry(int row, int col, const QString& text) {
  table_->item(row, col)->setText(text);
}

void MatrixEditor::setProblem(const teaching::LessonProblem& problem) {
  rows_->setValue(problem.original.rows());
  cols_->setValue(problem.original.cols());
  for (int i = 0; i < problem.original.rows(); ++i) {
    for (int j = 0; j < problem.original.cols(); ++j)
      setEntry(i, j, QString::fromStdString(teaching::number(problem.original(i, j))));
  }
  maximize_->setChecked(problem.maximize);
  title_ = problem.title;
  source_ = problem.source;
  edited_ = false;
}

teaching::LessonProblem MatrixEditor::problem() const {
  // float64 holds every lesson integer exactly and +inf for a forbidden pair; makeLessonProblem takes it.
  lap::CostMatrix<double> costs(rows_->value(), cols_->value());
  const std::string source = edited_ ? "edited from " + source_ : source_;
  for (int i = 0; i < costs.rows(); ++i) {
    for (int j = 0; j < costs.cols(); ++j) {
      const QString text = table_->item(i, j)->text().trimmed();
      bool ok = false;
      const qlonglong value = text.toLongLong(&ok);
      if (ok) {
        costs(i, j) = static_cast<double>(value);
      } else if (text.compare("inf", Qt::CaseInsensitive) == 0 || text == QString(QChar(0x221E))) {
        costs(i, j) = std::numeric_limits<double>::infinity();
      } else {
        throw InputError(source, "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1),
                         "'" + text.toStdString() + "' is neither an integer nor inf");
      }
    }
  }
  return teaching::makeLessonProblem(costs, maximize_->isChecked(), edited_ ? title_ + " (edited)" : title_,
                                     source);
}

}  // namespace ms::views
