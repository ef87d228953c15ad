// Pseudocode listings: every phase the studio's solvers report (run for real, recorded in their traces) and
// every step a lesson takes maps to a line of its listing, and the live variables follow the frame.
#include <QtTest>
#include <set>

#include "solver/core/trace.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/teaching/lesson_pseudocode.h"
#include "solver/lap/teaching/munkres_method.h"
#include "solver/matching/generators.h"
#include "solver/matching/matching_solver.h"
#include "solver/pseudocode/algorithm_pseudocode.h"
#include "tests/teaching/lesson_test_support.h"

using namespace ms;
using namespace ms::lap::teaching;
using namespace ms::lap::teaching::test;

namespace {

// Steps a machine to its end and checks each record's phase against the machine's listing.
void checkTrace(StepMachine& machine, std::set<std::string>& phasesSeen) {
  const PseudocodeListing* listing = algorithmPseudocode(machine.algorithmName());
  QVERIFY2(listing != nullptr, std::string(machine.algorithmName()).c_str());
  while (!machine.done()) {
    const StepRecord record = machine.step();
    const int32_t line = listing->lineOf(record.phase);
    QVERIFY2(line >= 0 && line < int32_t(listing->lines.size()),
             (std::string(machine.algorithmName()) + ": phase " + std::string(record.phase)).c_str());
    phasesSeen.insert(std::string(machine.algorithmName().substr(0, machine.algorithmName().find('/'))) +
                      ":" + std::string(record.phase));
  }
}

}  // namespace

class TestPseudocode : public QObject {
  Q_OBJECT

 private slots:
  void studioSolversRunListedLines() {
    std::set<std::string> seen;
    for (const lap::LapAlgorithm algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree,
                                              lap::LapAlgorithm::Greedy, lap::LapAlgorithm::GreedyNaive}) {
      for (const uint64_t seed : {1, 2, 3}) {
        const auto costs = lap::generate({lap::Generator::Uniform, 12, lap::CostRange::TenN, seed});
        const auto& matrix = std::get<lap::CostMatrix<int32_t>>(costs);
        auto solver = lap::makeLapSolver(matrix, lap::LapOptions{algorithm, lap::Backend::Sequential, 1});
        checkTrace(*solver, seen);
        if (QTest::currentTestFailed()) return;
      }
    }
    for (const matching::MatchingAlgorithm algorithm :
         {matching::MatchingAlgorithm::Greedy, matching::MatchingAlgorithm::Roma}) {
      const matching::CompleteGraph graph = matching::generateGraph({matching::Distribution::Uniform, 16, 5});
      matching::MatchingOptions options;
      options.algorithm = algorithm;
      options.backend = lap::Backend::Sequential;
      auto solver = matching::makeMatchingSolver(graph, options);
      checkTrace(*solver, seen);
      if (QTest::currentTestFailed()) return;
    }
    // The searches really went through the forward pass, the reverse pass, augmentation and dual updates.
    for (const char* phase :
         {"classical:compress_zeros", "classical:dual_update", "tree:forward_level", "tree:reverse_pass",
          "tree:augment", "tree:dual_update", "roma:roma_phase", "greedy:take", "greedy:suitor_round"}) {
      QVERIFY2(seen.count(phase) == 1, phase);
    }
  }

  // Both lesson methods: every frame after the first highlights the line its step ran, and the variables
  // name the stars, primes, covers, path and theta of the frame.
  void lessonFramesHighlightTheirLine() {
    for (const LessonMethod method : {LessonMethod::Stars, LessonMethod::Lines}) {
      LessonProblem problem = readLessonFile(lessonPath("01-pilgrim-3x3.txt"));
      problem.method = method;
      MunkresLesson lesson(problem);
      lesson.completeFrames();
      const PseudocodeListing& listing = lessonPseudocode(method);
      QCOMPARE(lessonLine(lesson.frames()[0]), -1);
      for (std::size_t k = 1; k < lesson.frames().size(); ++k) {
        const LessonFrame& frame = lesson.frames()[k];
        const int32_t line = lessonLine(frame);
        QVERIFY2(line >= 0 && line < int32_t(listing.lines.size()),
                 std::string(stepPhaseName(frame.kind)).c_str());
        const PseudocodeVariables variables = lessonVariables(frame);
        const auto value = [&](const std::string& name) {
          for (const auto& [n, v] : variables) {
            if (n == name) return v;
          }
          return std::string("(absent)");
        };
        if (frame.kind == StepKind::Adjust || frame.kind == StepKind::AdjustUncovered)
          QCOMPARE(value("theta"), std::to_string(frame.stepValue));
        if (method == LessonMethod::Stars && frame.kind == StepKind::FindPath) {
          QCOMPARE(value("path"),
                   std::string(k == 12 ? "(2,1) (1,1) (1,2)" : "(3,1) (2,1) (2,2) (1,2) (1,3)"));
        }
      }
    }
    // Pilgrim frame 16 (stars): row 1 and column 1 covered, stars (1,2) (2,1), prime (1,3).
    const MunkresLesson pilgrim = walkedLesson("01-pilgrim-3x3.txt");
    const PseudocodeVariables v = lessonVariables(pilgrim.frames()[16]);
    QCOMPARE(v, (PseudocodeVariables{{"stars", "(1,2) (2,1)"},
                                     {"primes", "(1,3)"},
                                     {"covered rows", "1"},
                                     {"covered columns", "1"},
                                     {"path", "none"}}));
    QCOMPARE(lessonPseudocode(LessonMethod::Stars).lines[std::size_t(lessonLine(pilgrim.frames()[16]))],
             std::string("      cover z's row; uncover s's column"));
  }
};

QTEST_GUILESS_MAIN(TestPseudocode)
#include "test_pseudocode.moc"
