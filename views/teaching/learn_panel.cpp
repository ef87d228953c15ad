#include "views/teaching/learn_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIntValidator>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cstdlib>
#include <functional>

#include "solver/lap/teaching/lesson_files.h"
#include "solver/lap/teaching/lesson_pseudocode.h"
#include "solver/lap/teaching/narration_text.h"
#include "views/pseudocode/pseudocode_view.h"
#include "views/teaching/bank_dialog.h"
#include "views/teaching/bipartite_view.h"
#include "views/teaching/lesson_canvas.h"
#include "views/teaching/lesson_export.h"
#include "views/teaching/matrix_editor.h"

namespace ms::views {

namespace teaching = lap::teaching;

namespace {

QString fromView(std::string_view text) {
  return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::filesystem::path defaultLessonFolder() {
  if (const char* folder = std::getenv("MATCHSCOPE_LESSONS")) return folder;
  return MATCHSCOPE_LESSONS_DIR;
}

QPushButton* button(const QString& text, const char* name, const QString& tip, QWidget* parent) {
  auto* b = new QPushButton(text, parent);
  b->setObjectName(name);
  b->setToolTip(tip);
  return b;
}

// A label in a scroll area of a fixed number of text lines: however long its text gets or however often it
// clears, the widgets below it stay where they are (a moving "Next" button makes repeated clicks miss).
QScrollArea* fixedHeightScroller(QLabel* label, int lines, QWidget* parent) {
  auto* area = new QScrollArea(parent);
  area->setWidget(label);
  area->setWidgetResizable(true);
  area->setFrameShape(QFrame::NoFrame);
  area->setFixedHeight(label->fontMetrics().lineSpacing() * lines + 8);
  area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  return area;
}

QString legendHtml() {
  QString html = "<table cellspacing=\"3\">";
  for (const LegendEntry& entry : lessonLegend()) {
    const QString color = entry.color.name();
    const QString sample = entry.shape == LegendEntry::Shape::Swatch
                               ? "<span style=\"background:" + color + "\">&nbsp;&nbsp;&nbsp;&nbsp;</span>"
                           : entry.shape == LegendEntry::Shape::Line
                               ? "<span style=\"color:" + color + "\"><b>&#9473;&#9473;</b></span>"
                               : QString();
    const QString text =
        entry.shape == LegendEntry::Shape::Text
            ? "<span style=\"color:" + color + "\"><b>" + entry.text.toHtmlEscaped() + "</b></span>"
            : entry.text.toHtmlEscaped();
    html += "<tr><td>" + sample + "</td><td>" + text + "</td></tr>";
  }
  return html + "</table>";
}

// List entries of problems handed to loadProblem: the prefix and their index in loaded_.
const QString kLoadedPrefix = QStringLiteral("loaded:");

}  // namespace

LearnPanel::LearnPanel(QWidget* parent) : QWidget(parent) {
  pages_ = new QStackedWidget(this);

  auto* editorPage = new QWidget(pages_);
  editor_ = new MatrixEditor(editorPage);
  editorMessage_ = new QLabel(this);
  editorMessage_->setObjectName("editorMessage");
  editorMessage_->setWordWrap(true);
  editorMessage_->setStyleSheet("color: #b00020;");
  auto* start =
      button(tr("Start lesson"), "startButton", tr("Run the Hungarian method on this matrix"), editorPage);
  auto* editorLayout = new QVBoxLayout(editorPage);
  editorLayout->addWidget(editor_, 1);
  editorLayout->addWidget(start, 0, Qt::AlignRight);
  connect(start, &QPushButton::clicked, this, [this] { startLesson(); });

  pages_->addWidget(editorPage);
  pages_->addWidget(buildLessonPage());

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(buildSourceBar());
  layout->addWidget(editorMessage_);  // on both pages: a failed open is reported where the learner is
  layout->addWidget(pages_, 1);
  editorMessage_->setVisible(false);

  auto* left =
      new QShortcut(QKeySequence(Qt::Key_Left), this, [this] { seek(lesson_ ? lesson_->cursor() - 1 : 0); });
  auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, [this] { stepForward(); });
  left->setContext(Qt::WidgetWithChildrenShortcut);
  right->setContext(Qt::WidgetWithChildrenShortcut);

  setLessonFolder(defaultLessonFolder());
}

LearnPanel::~LearnPanel() = default;

QWidget* LearnPanel::buildSourceBar() {
  auto* bar = new QWidget(this);
  examples_ = new QComboBox(bar);
  examples_->setObjectName("examples");
  randomSize_ = new QSpinBox(bar);
  randomSize_->setRange(teaching::kLessonMinSize, teaching::kLessonMaxSize);
  randomSize_->setValue(5);
  randomSize_->setPrefix(tr("n = "));
  randomSeed_ = new QSpinBox(bar);
  randomSeed_->setRange(1, 1000000);
  randomSeed_->setPrefix(tr("seed "));
  method_ = new QComboBox(bar);
  method_->setObjectName("methodChoice");
  method_->addItem(tr("Stars and primes (Munkres)"), static_cast<int>(teaching::LessonMethod::Stars));
  method_->addItem(tr("Fewest lines"), static_cast<int>(teaching::LessonMethod::Lines));
  method_->addItem(tr("Alternating trees (Date & Nagi)"), static_cast<int>(teaching::LessonMethod::Tree));
  method_->addItem(tr("ROMA 4-cycle flips (Hovland)"), static_cast<int>(teaching::LessonMethod::Roma));
  method_->setToolTip(
      tr("The lesson: a textbook method (stars and primes, fewest lines), or beyond the "
         "textbook, the studio's alternating-tree solver or ROMA, step by step"));
  auto* load = button(tr("Load"), "loadButton", tr("Put the chosen example in the editor again"), bar);
  auto* open =
      button(tr("Open file..."), "openButton", tr("A text matrix (whitespace or commas, # comments)"), bar);
  auto* bank =
      button(tr("New from bank..."), "bankButton",
             tr("Question k of a seeded question bank, as on the sheet of matchscope-learn --bank"), bar);
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("Example"), bar));
  layout->addWidget(examples_, 1);
  layout->addWidget(randomSize_);
  layout->addWidget(randomSeed_);
  layout->addWidget(load);
  layout->addWidget(open);
  layout->addWidget(bank);
  layout->addWidget(new QLabel(tr("Method"), bar));
  layout->addWidget(method_);
  // The list decides the lesson: choosing an example (or a size or seed of a random one) puts it in the
  // editor at once, so Start never runs a matrix other than the one the list shows.
  connect(examples_, &QComboBox::currentIndexChanged, this, [this] { loadSelectedExample(); });
  const auto reloadRandom = [this] {
    if (!examples_->currentData().toString().endsWith(".txt")) loadSelectedExample();
  };
  connect(randomSize_, &QSpinBox::valueChanged, this, reloadRandom);
  connect(randomSeed_, &QSpinBox::valueChanged, this, reloadRandom);
  connect(load, &QPushButton::clicked, this, [this] { loadSelectedExample(); });
  connect(open, &QPushButton::clicked, this, [this] { openFile(); });
  connect(bank, &QPushButton::clicked, this, [this] { openBankDialog(); });
  return bar;
}

QWidget* LearnPanel::buildLessonPage() {
  auto* page = new QWidget(pages_);
  canvas_ = new LessonCanvas(page);
  heading_ = new QLabel(page);
  heading_->setObjectName("headingLabel");
  QFont bold = heading_->font();
  bold.setBold(true);
  heading_->setFont(bold);
  narration_ = new QLabel(page);
  narration_->setObjectName("narrationLabel");
  narration_->setWordWrap(true);
  narration_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  auto* legend = new QLabel(page);
  legend->setObjectName("legend");
  legend->setText(legendHtml());
  legend->setAlignment(Qt::AlignTop | Qt::AlignLeft);

  first_ = button("|<", "firstButton", tr("Back to the problem"), page);
  back_ = button("<", "backButton", tr("Previous step (Left)"), page);
  forward_ = button(">", "forwardButton", tr("Next step (Right)"), page);
  last_ = button(">|", "lastButton", tr("Run the method to the end"), page);
  scrubber_ = new QSlider(Qt::Horizontal, page);
  scrubber_->setObjectName("scrubber");
  position_ = new QLabel(page);
  position_->setObjectName("positionLabel");
  // Wide enough for any count, so the buttons beside it never shift as the digits change.
  position_->setFixedWidth(position_->fontMetrics().horizontalAdvance("000 / 000") + 8);
  position_->setAlignment(Qt::AlignCenter);
  auto* edit = button(tr("Edit matrix"), "editButton", tr("Back to the editor"), page);
  auto* exportButton =
      button(tr("Export lesson..."), "exportButton", tr("One PNG per step and a transcript"), page);
  auto* transport = new QHBoxLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{first_, back_, scrubber_, forward_, last_, position_}) {
    transport->addWidget(w, w == scrubber_ ? 1 : 0);
  }
  transport->addWidget(edit);
  transport->addWidget(exportButton);

  exerciseMode_ = new QCheckBox(tr("Exercise: I do the steps"), page);
  exerciseMode_->setObjectName("exerciseMode");
  exerciseBox_ = new QGroupBox(tr("Your turn"), page);
  instruction_ = new QLabel(exerciseBox_);
  instruction_->setObjectName("instructionLabel");
  instruction_->setWordWrap(true);
  valueInput_ = new QLineEdit(exerciseBox_);
  valueInput_->setObjectName("valueInput");
  valueInput_->setValidator(new QIntValidator(valueInput_));
  valueInput_->setPlaceholderText(tr("number"));
  valueInput_->setMaximumWidth(100);
  check_ = button(tr("Check"), "checkButton", tr("Check my answer"), exerciseBox_);
  auto* hint = button(tr("Hint"), "hintButton", tr("A nudge (counted in the score)"), exerciseBox_);
  auto* clear = button(tr("Start over"), "clearButton", tr("Undo my marks for this step"), exerciseBox_);
  verdict_ = new QLabel(exerciseBox_);
  verdict_->setObjectName("verdictLabel");
  verdict_->setWordWrap(true);
  verdict_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  matrixInput_ = new QTableWidget(page);
  matrixInput_->setObjectName("matrixInput");
  matrixInput_->horizontalHeader()->setDefaultSectionSize(44);
  matrixInput_->verticalHeader()->setDefaultSectionSize(24);
  scoreLabel_ = new QLabel(exerciseBox_);
  scoreLabel_->setObjectName("scoreLabel");
  auto* answerRow = new QHBoxLayout;
  answerRow->addWidget(valueInput_);
  answerRow->addWidget(check_);
  answerRow->addWidget(hint);
  answerRow->addWidget(clear);
  answerRow->addStretch();
  answerRow->addWidget(scoreLabel_);
  auto* exerciseLayout = new QVBoxLayout(exerciseBox_);
  exerciseLayout->addWidget(instruction_);
  exerciseLayout->addLayout(answerRow);
  exerciseLayout->addWidget(fixedHeightScroller(verdict_, 4, exerciseBox_));
  // The instruction keeps two lines whatever it says, so nothing below it moves between steps.
  instruction_->setFixedHeight(instruction_->fontMetrics().lineSpacing() * 2 + 4);
  instruction_->setAlignment(Qt::AlignTop | Qt::AlignLeft);

  pseudocode_ = new PseudocodeView(page);
  pseudocode_->setObjectName("pseudocode");
  auto* side = new QVBoxLayout;
  side->addWidget(pseudocode_, 1);
  side->addWidget(legend, 0);
  graph_ = new BipartiteView(page);
  graph_->setObjectName("bipartiteView");
  // A step answered as a whole matrix takes the graph's place, so nothing else moves.
  graphOrAnswer_ = new QStackedWidget(page);
  graphOrAnswer_->addWidget(graph_);
  graphOrAnswer_->addWidget(matrixInput_);
  auto* matrixRow = new QHBoxLayout;
  matrixRow->addWidget(canvas_, 3);
  matrixRow->addWidget(graphOrAnswer_, 2);
  matrixRow->addLayout(side, 0);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(heading_);
  layout->addLayout(matrixRow, 1);
  layout->addWidget(fixedHeightScroller(narration_, 4, page));
  layout->addLayout(transport);
  layout->addWidget(exerciseMode_);
  layout->addWidget(exerciseBox_);

  connect(first_, &QPushButton::clicked, this, [this] { seek(0); });
  connect(back_, &QPushButton::clicked, this, [this] { seek(lesson_->cursor() - 1); });
  connect(forward_, &QPushButton::clicked, this, [this] { stepForward(); });
  connect(last_, &QPushButton::clicked, this,
          [this] { seek(static_cast<int>(lesson_->frames().size()) - 1); });
  valueInput_->installEventFilter(this);
  connect(scrubber_, &QSlider::valueChanged, this, [this](int value) {
    if (lesson_ && value != lesson_->cursor()) seek(value);
  });
  connect(edit, &QPushButton::clicked, this, [this] { pages_->setCurrentIndex(0); });
  connect(exportButton, &QPushButton::clicked, this, [this] { chooseExportFolder(); });
  connect(exerciseMode_, &QCheckBox::toggled, this, [this](bool on) { setExerciseMode(on); });
  connect(check_, &QPushButton::clicked, this, [this] { checkAnswer(); });
  connect(valueInput_, &QLineEdit::returnPressed, this, [this] { checkAnswer(); });
  connect(hint, &QPushButton::clicked, this, [this] { showHint(); });
  connect(clear, &QPushButton::clicked, this, [this] { showFrame(); });
  // Clicks on the matrix answer the exercise when there is one; otherwise they select, and the graph shows
  // the same row, column or cell (and back).
  connect(canvas_, &LessonCanvas::cellClicked, this, [this](int row, int col) {
    if (canvas_->draft()) {
      editDraft([&](ExerciseDraft& draft) { draft.clickCell({row, col}); });
    } else {
      select(LessonSelection::ofCell(row, col));
    }
  });
  connect(canvas_, &LessonCanvas::rowHeaderClicked, this, [this](int row) {
    if (canvas_->draft()) {
      editDraft([&](ExerciseDraft& draft) { draft.toggleRow(row); });
    } else {
      select(LessonSelection::ofRow(row));
    }
  });
  connect(canvas_, &LessonCanvas::columnHeaderClicked, this, [this](int col) {
    if (canvas_->draft()) {
      editDraft([&](ExerciseDraft& draft) { draft.toggleColumn(col); });
    } else {
      select(LessonSelection::ofColumn(col));
    }
  });
  connect(graph_, &BipartiteView::selected, this, [this](LessonSelection selection) { select(selection); });
  exerciseBox_->setVisible(false);
  return page;
}

void LearnPanel::setLessonFolder(const std::filesystem::path& folder) {
  lessonFolder_ = folder;
  const QSignalBlocker quiet(examples_);  // one load at the end, not one per item
  examples_->clear();
  for (const auto& file : teaching::lessonFiles(folder)) {
    try {
      examples_->addItem(QString::fromStdString(teaching::readLessonFile(file).title),
                         QString::fromStdString(file.string()));
    } catch (const std::exception& error) {
      showMessage(QString::fromStdString(error.what()));
    }
  }
  examples_->addItem(tr("Random integers (choose n and seed)"), QString());
  examples_->addItem(tr("Random integers, maximise"), QString("maximize"));
  loadSelectedExample();
}

void LearnPanel::loadSelectedExample() {
  const QString data = examples_->currentData().toString();
  if (data.endsWith(".txt")) {
    openLessonFile(data.toStdString());
  } else if (data.startsWith(kLoadedPrefix)) {
    putInEditor(loaded_[data.mid(kLoadedPrefix.size()).toULongLong()]);
  } else {
    putInEditor(teaching::randomLessonProblem(randomSize_->value(),
                                              static_cast<uint64_t>(randomSeed_->value()), data == "maximize",
                                              currentMethod()));
  }
}

void LearnPanel::openBankDialog() {
  BankDialog dialog(currentMethod(), this);
  dialog.setObjectName("bankDialog");
  if (dialog.exec() != QDialog::Accepted) return;
  try {
    loadProblem(dialog.question());
  } catch (const std::exception& error) {
    showMessage(QString::fromStdString(error.what()));
  }
}

void LearnPanel::openFile() {
  const QString file = QFileDialog::getOpenFileName(this, tr("Open a lesson matrix"),
                                                    QString::fromStdString(lessonFolder_.string()),
                                                    tr("Text matrices (*.txt *.csv);;All files (*)"));
  if (!file.isEmpty()) openLessonFile(file.toStdString());
}

bool LearnPanel::openLessonFile(const std::filesystem::path& file) {
  try {
    const teaching::LessonProblem problem = teaching::readLessonFile(file);
    selectListEntry(QString::fromStdString(file.string()), problem.title);
    putInEditor(problem);
    return true;
  } catch (const std::exception& error) {
    showMessage(QString::fromStdString(error.what()));
    return false;
  }
}

void LearnPanel::selectListEntry(const QString& key, const std::string& title) {
  // The list shows what the editor holds: a lesson from elsewhere joins it, selected.
  const QSignalBlocker quiet(examples_);
  int index = examples_->findData(key);
  if (index < 0) {
    index = 0;
    examples_->insertItem(index, QString::fromStdString(title), key);
  }
  examples_->setCurrentIndex(index);
}

void LearnPanel::loadProblem(const teaching::LessonProblem& problem) {
  loaded_.push_back(problem);
  selectListEntry(kLoadedPrefix + QString::number(loaded_.size() - 1), problem.title);
  putInEditor(problem);
}

void LearnPanel::putInEditor(const teaching::LessonProblem& problem) {
  editor_->setProblem(problem);
  setMethod(problem.method);
  showMessage({});
  pages_->setCurrentIndex(0);
}

void LearnPanel::select(LessonSelection selection) {
  // A second click on the same thing clears it.
  if (selection == canvas_->selection()) selection = {};
  canvas_->setSelection(selection);
  graph_->setSelection(selection);
}

void LearnPanel::setMethod(teaching::LessonMethod method) {
  method_->setCurrentIndex(method_->findData(static_cast<int>(method)));
}

teaching::LessonMethod LearnPanel::currentMethod() const {
  return static_cast<teaching::LessonMethod>(method_->currentData().toInt());
}

void LearnPanel::showMessage(const QString& text) {
  editorMessage_->setText(text);
  editorMessage_->setVisible(!text.isEmpty());
}

bool LearnPanel::startLesson() {
  try {
    lesson_ =
        std::make_unique<teaching::MunkresLesson>(teaching::withMethod(editor_->problem(), currentMethod()));
  } catch (const std::exception& error) {
    showMessage(QString::fromStdString(error.what()));
    return false;
  }
  lesson_->completeFrames();
  pseudocode_->setListing(&teaching::lessonPseudocode(lesson_->problem().method));
  showMessage({});
  checker_.reset();
  verdict_->clear();
  pages_->setCurrentIndex(1);
  showFrame();
  return true;
}

void LearnPanel::setExerciseMode(bool on) {
  if (exerciseMode_->isChecked() != on) exerciseMode_->setChecked(on);  // re-enters through toggled()
  exerciseBox_->setVisible(on);
  verdict_->clear();
  if (lesson_) showFrame();
}

bool LearnPanel::eventFilter(QObject* watched, QEvent* event) {
  // The answer box takes numbers only, so Left and Right step the lesson there as everywhere in the panel
  // instead of moving the text cursor (which left the learner typing into the wrong step's answer).
  if (watched == valueInput_ && event->type() == QEvent::ShortcutOverride) {
    const auto* key = static_cast<QKeyEvent*>(event);
    if ((key->key() == Qt::Key_Left || key->key() == Qt::Key_Right) && key->modifiers() == Qt::NoModifier)
      return true;  // not accepted: the panel's shortcut gets the key
  }
  return QWidget::eventFilter(watched, event);
}

void LearnPanel::seek(int index) {
  if (lesson_) moveTo(index);
}

void LearnPanel::stepForward() {
  if (lesson_ && !lesson_->finished()) moveTo(lesson_->cursor() + 1);
}

void LearnPanel::moveTo(int index) {
  const int from = lesson_->cursor();
  lesson_->seek(index);
  if (exerciseMode_->isChecked()) {
    for (int k = from; k < lesson_->cursor(); ++k)
      checker_.skip(lesson_->frames()[static_cast<std::size_t>(k)]);
  }
  verdict_->clear();
  showFrame();
}

void LearnPanel::showFrame() {
  const teaching::LessonFrame& frame = lesson_->current();
  const int last = static_cast<int>(lesson_->frames().size()) - 1;
  heading_->setText(QString::fromStdString(lesson_->problem().title) + "  -  " +
                    tr("step %1: ").arg(frame.index) + fromView(teaching::stepTitle(frame.kind)));
  narration_->setText(QString::fromStdString(frame.narration));
  canvas_->setFrame(frame);
  graph_->setFrame(frame);
  pseudocode_->setCurrentLine(teaching::lessonLine(frame));
  pseudocode_->setVariables(teaching::lessonVariables(frame));
  {
    const QSignalBlocker block(scrubber_);
    scrubber_->setRange(0, last);
    scrubber_->setValue(lesson_->cursor());
  }
  position_->setText(tr("%1 / %2").arg(lesson_->cursor()).arg(last));
  first_->setEnabled(lesson_->cursor() > 0);
  back_->setEnabled(lesson_->cursor() > 0);
  forward_->setEnabled(!lesson_->finished());
  last_->setEnabled(!lesson_->finished() || lesson_->cursor() < last);

  const bool exercising = exerciseMode_->isChecked();
  const teaching::AnswerKind kind = teaching::answerKind(frame.state.next);
  canvas_->setDraft(exercising && kind != teaching::AnswerKind::None
                        ? std::optional<ExerciseDraft>(ExerciseDraft::startFrom(frame))
                        : std::nullopt);
  instruction_->setText(QString::fromStdString(teaching::exerciseInstruction(frame)));
  valueInput_->setEnabled(kind == teaching::AnswerKind::Value);
  valueInput_->clear();
  const bool typingMatrix = exercising && kind == teaching::AnswerKind::Matrix;
  graphOrAnswer_->setCurrentWidget(typingMatrix ? static_cast<QWidget*>(matrixInput_) : graph_);
  if (typingMatrix) fillMatrixInput(frame);
  check_->setEnabled(kind != teaching::AnswerKind::None);
  updateScore();
  if (exercising && lesson_->finished()) {
    // The summary: the score, then the result's sentences up to its proof of optimality.
    const std::size_t proof = frame.narration.find(". The amounts");
    const std::string result =
        proof == std::string::npos ? frame.narration : frame.narration.substr(0, proof + 1);
    showVerdict(tr("Lesson finished. %1. %2")
                    .arg(QString::fromStdString(teaching::scoreSummary(checker_.score())),
                         QString::fromStdString(result)),
                "#1b4f9b");
  }
}

void LearnPanel::fillMatrixInput(const teaching::LessonFrame& frame) {
  const int n = frame.state.n;
  matrixInput_->clear();
  matrixInput_->setRowCount(n);
  matrixInput_->setColumnCount(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const int64_t value = frame.state.value({i, j});
      auto* item = new QTableWidgetItem(QString::fromStdString(teaching::number(value)));
      item->setTextAlignment(Qt::AlignCenter);
      if (teaching::isForbiddenEntry(value)) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
      matrixInput_->setItem(i, j, item);
    }
  }
}

void LearnPanel::updateScore() {
  const teaching::Score& score = checker_.score();
  scoreLabel_->setText(tr("Score (first answers): %1 right, %2 wrong, %3 skipped, %4 hints")
                           .arg(score.correct)
                           .arg(score.wrong)
                           .arg(score.skipped)
                           .arg(score.hintsTaken));
}

void LearnPanel::editDraft(const std::function<void(ExerciseDraft&)>& edit) {
  if (!canvas_->draft()) return;
  ExerciseDraft draft = *canvas_->draft();
  edit(draft);
  canvas_->setDraft(std::move(draft));
}

void LearnPanel::checkAnswer() {
  if (!lesson_ || !canvas_->draft()) return;
  bool typedOk = false;
  const qlonglong typed = valueInput_->text().toLongLong(&typedOk);
  if (canvas_->draft()->kind == teaching::AnswerKind::Matrix) {
    const teaching::MunkresState& state = lesson_->current().state;
    std::vector<int64_t> values = state.values;
    for (int i = 0; i < state.n; ++i) {
      for (int j = 0; j < state.n; ++j) {
        const QTableWidgetItem* item = matrixInput_->item(i, j);
        bool ok = false;
        const qlonglong entry = item != nullptr ? item->text().trimmed().toLongLong(&ok) : 0;
        if (ok) values[state.index({i, j})] = entry;
        if (!ok && !teaching::isForbiddenEntry(state.value({i, j}))) {
          showVerdict(
              tr("Row %1, column %2: '%3' is not an integer.").arg(i + 1).arg(j + 1).arg(item->text()),
              "#b00020");
          return;
        }
      }
    }
    editDraft([&](ExerciseDraft& draft) { draft.values = std::move(values); });
  }
  const auto action = canvas_->draft()->action(typedOk ? std::optional<int64_t>(typed) : std::nullopt);
  if (!action) {
    showVerdict(tr("Give an answer first: ") + instruction_->text(), "#555555");
    return;
  }
  const teaching::Verdict verdict = checker_.check(lesson_->current(), *action);
  if (!verdict.correct) {
    updateScore();
    QString list;
    if (verdict.mistakes.size() > 1) {
      list = tr("%1 mistakes:").arg(verdict.mistakes.size()) + "<ol style=\"margin:0\">";
      for (const std::string& mistake : verdict.mistakes)
        list += "<li>" + QString::fromStdString(mistake).toHtmlEscaped() + "</li>";
      list += "</ol>";
    } else {
      list = QString::fromStdString(verdict.explanation).toHtmlEscaped() + "<br>";
    }
    showVerdict(list + "<i>" + tr("Hint: ") + QString::fromStdString(verdict.hint).toHtmlEscaped() + "</i>",
                "#b00020");
    return;
  }
  lesson_->stepForward(verdict.choice);
  lesson_->completeFrames();  // a choice of the learner's may have replaced the stored future
  showFrame();
  if (!lesson_->finished()) showVerdict(QString::fromStdString(verdict.explanation), "#1b7f3b");
}

void LearnPanel::showHint() {
  if (!lesson_) return;
  const std::string hint = checker_.hint(lesson_->current());
  updateScore();
  showVerdict(tr("Hint: ") + QString::fromStdString(hint), "#555555");
}

void LearnPanel::showVerdict(const QString& text, const QString& color) {
  verdict_->setText("<span style=\"color:" + color + "\">" + text + "</span>");
}

int32_t LearnPanel::exportLesson(const std::filesystem::path& folder, QSize slideSize) {
  lesson_->completeFrames();
  showFrame();
  return views::exportLesson(lesson_->problem(), lesson_->frames(), folder, slideSize, &checker_);
}

void LearnPanel::chooseExportFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Export the lesson into"));
  if (folder.isEmpty()) return;
  try {
    const int32_t count = exportLesson(folder.toStdString(), QSize(1200, 900));
    showVerdict(tr("Exported %1 slides and transcript.txt to %2").arg(count).arg(folder), "#555555");
  } catch (const std::exception& error) {
    showVerdict(QString::fromStdString(error.what()), "#b00020");
  }
}

}  // namespace ms::views
