#pragma once
// The "Learn" panel: the textbook Hungarian method on a small matrix, step by step with narration, history
// (back, forward, scrubber over the stored frames), an exercise mode in which the learner performs each step
// and is corrected, and lesson export. Self-contained, so the studio can dock it as one widget.

#include <QWidget>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "solver/lap/teaching/exercise.h"
#include "solver/lap/teaching/munkres_lesson.h"
#include "views/teaching/lesson_selection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTableWidget;

namespace ms::views {

class BipartiteView;
class LessonCanvas;
class PseudocodeView;
class MatrixEditor;
struct ExerciseDraft;

class LearnPanel : public QWidget {
  Q_OBJECT

 public:
  explicit LearnPanel(QWidget* parent = nullptr);
  ~LearnPanel() override;

  // Lesson files offered in the examples list (default: the build's resources/lessons, or
  // $MATCHSCOPE_LESSONS).
  void setLessonFolder(const std::filesystem::path& folder);
  // Puts a problem in the editor (and its method in the method choice) and in the example list, selected;
  // the lesson starts with startLesson().
  void loadProblem(const lap::teaching::LessonProblem& problem);
  // Reads a lesson file into the editor. On failure the reason is shown and everything else stays as it
  // was: the lesson in progress, its score and the page on screen.
  bool openLessonFile(const std::filesystem::path& file);
  // Starts a lesson on the editor's matrix with the chosen method; false (and the reason shown) when it is
  // not a lesson problem. Every frame to the end is computed at once, so the lesson's length is known.
  bool startLesson();
  void setExerciseMode(bool on);
  void setMethod(lap::teaching::LessonMethod method);
  // Shows frame `index` of the lesson (clamped), as the scrubber would.
  void showStep(int index) { seek(index); }

  const lap::teaching::MunkresLesson* lesson() const { return lesson_.get(); }
  const lap::teaching::Score& score() const { return checker_.score(); }
  const lap::teaching::ExerciseChecker& checker() const { return checker_; }
  LessonCanvas* canvas() const { return canvas_; }
  PseudocodeView* pseudocode() const { return pseudocode_; }
  BipartiteView* graph() const { return graph_; }
  // Every frame of the lesson to its end (from the learner's choices so far) as PNGs plus transcript.txt.
  int32_t exportLesson(const std::filesystem::path& folder, QSize slideSize);

 private:
  QWidget* buildSourceBar();
  QWidget* buildLessonPage();
  void showFrame();
  bool eventFilter(QObject* watched, QEvent* event) override;
  void seek(int index);
  void stepForward();
  void moveTo(int index);
  void select(LessonSelection selection);  // every move of the cursor; records skipped steps in exercise mode
  void checkAnswer();
  void showHint();
  void chooseExportFolder();
  void loadSelectedExample();
  void openFile();
  // "New from bank...": the dialog's question goes into the editor and the list, with its method.
  void openBankDialog();
  void showVerdict(const QString& text, const QString& color);
  void showMessage(const QString& text);
  void putInEditor(const lap::teaching::LessonProblem& problem);
  void selectListEntry(const QString& key, const std::string& title);
  lap::teaching::LessonMethod currentMethod() const;
  void fillMatrixInput(const lap::teaching::LessonFrame& frame);
  void updateScore();
  void editDraft(const std::function<void(ExerciseDraft&)>& edit);

  std::filesystem::path lessonFolder_;
  std::unique_ptr<lap::teaching::MunkresLesson> lesson_;
  std::vector<lap::teaching::LessonProblem> loaded_;  // problems handed to loadProblem, listed as examples
  lap::teaching::ExerciseChecker checker_;

  QComboBox* examples_;
  QComboBox* method_;
  QSpinBox* randomSize_;
  QSpinBox* randomSeed_;
  QStackedWidget* pages_;
  MatrixEditor* editor_;
  QLabel* editorMessage_;
  LessonCanvas* canvas_;
  BipartiteView* graph_;
  PseudocodeView* pseudocode_;
  QLabel* heading_;
  QLabel* narration_;
  QSlider* scrubber_;
  QLabel* position_;
  QPushButton* first_;
  QPushButton* back_;
  QPushButton* forward_;
  QPushButton* last_;
  QCheckBox* exerciseMode_;
  QWidget* exerciseBox_;
  QLabel* instruction_;
  QLineEdit* valueInput_;
  QTableWidget* matrixInput_;
  QStackedWidget* graphOrAnswer_;
  QPushButton* check_;
  QLabel* verdict_;
  QLabel* scoreLabel_;
};

}  // namespace ms::views
