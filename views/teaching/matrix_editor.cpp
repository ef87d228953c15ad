#include "views/teaching/matrix_editor.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ms::views {

namespace teaching = lap::teaching;

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
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);

  auto* shape = new QHBoxLayout;
  shape->addWidget(new QLabel(tr("Rows"), this));
  shape->addWidget(rows_);
  shape->addWidget(new QLabel(tr("Columns"), this));
  shape->addWidget(cols_);
  shape->addWidget(maximize_);
  shape->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(shape);
  layout->addWidget(table_, 1);
  layout->addWidget(
      new QLabel(tr("Integers from -%1 to %1. A non-square matrix is padded with dummy rows or columns "
                    "of zeros; sizes up to 10 x 10.")
                     .arg(teaching::kLessonMaxAbsCost),
                 this));

  connect(rows_, &QSpinBox::valueChanged, this, [this] { resizeTable(); });
  connect(cols_, &QSpinBox::valueChanged, this, [this] { resizeTable(); });
  connect(maximize_, &QCheckBox::toggled, this, [this] { edited_ = true; });
  resizeTable();
}

void MatrixEditor::resizeTable() {
  const int oldRows = table_->rowCount(), oldCols = table_->columnCount();
  table_->setRowCount(rows_->value());
  table_->setColumnCount(cols_->value());
  for (int i = 0; i < table_->rowCount(); ++i) {
    for (int j = 0; j < table_->columnCount(); ++j) {
      if (i < oldRows && j < oldCols) continue;
      auto* box = new QSpinBox(table_);
      box->setRange(-static_cast<int>(teaching::kLessonMaxAbsCost),
                    static_cast<int>(teaching::kLessonMaxAbsCost));
      box->setButtonSymbols(QAbstractSpinBox::NoButtons);
      box->setAlignment(Qt::AlignCenter);
      connect(box, &QSpinBox::valueChanged, this, [this] { edited_ = true; });
      table_->setCellWidget(i, j, box);
    }
  }
  edited_ = true;
}

void MatrixEditor::setEntry(int row, int col, int value) {
  static_cast<QSpinBox*>(table_->cellWidget(row, col))->setValue(value);
}

void MatrixEditor::setProblem(const teaching::LessonProblem& problem) {
  rows_->setValue(problem.original.rows());
  cols_->setValue(problem.original.cols());
  for (int i = 0; i < problem.original.rows(); ++i) {
    for (int j = 0; j < problem.original.cols(); ++j)
      setEntry(i, j, static_cast<int>(problem.original(i, j)));
  }
  maximize_->setChecked(problem.maximize);
  title_ = problem.title;
  source_ = problem.source;
  edited_ = false;
}

teaching::LessonProblem MatrixEditor::problem() const {
  lap::CostMatrix<int32_t> costs(rows_->value(), cols_->value());
  for (int i = 0; i < costs.rows(); ++i) {
    for (int j = 0; j < costs.cols(); ++j)
      costs(i, j) = static_cast<QSpinBox*>(table_->cellWidget(i, j))->value();
  }
  return teaching::makeLessonProblem(costs, maximize_->isChecked(), edited_ ? title_ + " (edited)" : title_,
                                     edited_ ? "edited from " + source_ : source_);
}

}  // namespace ms::views
