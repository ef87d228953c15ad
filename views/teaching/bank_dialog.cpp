#include "views/teaching/bank_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

#include "solver/lap/teaching/question_bank.h"

namespace ms::views {

namespace teaching = lap::teaching;

BankDialog::BankDialog(teaching::LessonMethod method, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("New from the question bank"));
  method_ = new QComboBox(this);
  method_->setObjectName("bankMethod");
  for (const teaching::LessonMethod m : {teaching::LessonMethod::Stars, teaching::LessonMethod::Lines,
                                         teaching::LessonMethod::Tree, teaching::LessonMethod::Roma}) {
    method_->addItem(QString::fromUtf8(teaching::lessonMethodName(m).data()), static_cast<int>(m));
  }
  size_ = new QSpinBox(this);
  size_->setObjectName("bankSize");
  size_->setRange(teaching::kLessonMinSize, teaching::kLessonMaxSize);
  size_->setValue(5);
  seed_ = new QSpinBox(this);
  seed_->setObjectName("bankSeed");
  seed_->setRange(0, 1000000000);
  seed_->setValue(17);
  question_ = new QSpinBox(this);
  question_->setObjectName("bankQuestion");
  question_->setRange(1, teaching::kBankMaxCount);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Method"), method_);
  form->addRow(tr("Size n"), size_);
  form->addRow(tr("Seed"), seed_);
  form->addRow(tr("Question"), question_);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  choose(method, 5, 17, 1);
}

void BankDialog::choose(teaching::LessonMethod method, int n, int seed, int question) {
  method_->setCurrentIndex(method_->findData(static_cast<int>(method)));
  size_->setValue(n);
  seed_->setValue(seed);
  question_->setValue(question);
}

teaching::LessonMethod BankDialog::method() const {
  return static_cast<teaching::LessonMethod>(method_->currentData().toInt());
}

teaching::LessonProblem BankDialog::question() const {
  return teaching::bankQuestion(method(), size_->value(), static_cast<uint64_t>(seed_->value()),
                                question_->value());
}

}  // namespace ms::views
