// The seeded question bank: the same method, size and seed give the same questions (and answer key) on
// every run; another seed gives other questions; every answer-key total of an exact method is the
// Hungarian optimum (the classical solver, independently).
#include <QtTest>

#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/teaching/question_bank.h"

using namespace ms::lap;
using namespace ms::lap::teaching;

class TestQuestionBank : public QObject {
  Q_OBJECT

 private slots:
  void sameSeedSameBankOtherSeedOtherBank() {
    const BankSpec spec{LessonMethod::Lines, 5, 17, 10};
    const std::vector<BankEntry> once = questionBank(spec), again = questionBank(spec);
    QCOMPARE(bankQuestionsText(spec, once), bankQuestionsText(spec, again));
    QCOMPARE(bankAnswerKeyText(spec, once), bankAnswerKeyText(spec, again));
    BankSpec other = spec;
    other.seed = 18;
    QVERIFY(bankQuestionsText(spec, once) != bankQuestionsText(other, questionBank(other)));
    // Questions of one bank differ from each other, and each method has its own bank.
    QVERIFY(once[0].problem.original.eigen() != once[1].problem.original.eigen());
    QVERIFY(bankQuestion(LessonMethod::Stars, 5, 17, 1).original.eigen() != once[0].problem.original.eigen());
    // Question k is the same matrix whether it comes from the bank or alone (the Learn window's dialog).
    QVERIFY(bankQuestion(LessonMethod::Lines, 5, 17, 3).original.eigen() == once[2].problem.original.eigen());
  }

  void answerKeyTotalsAreTheHungarianOptimum() {
    for (const LessonMethod method : {LessonMethod::Stars, LessonMethod::Lines, LessonMethod::Tree}) {
      for (const int32_t n : {2, 5, 8}) {
        const BankSpec spec{method, n, 17, 12};
        const std::vector<BankEntry> bank = questionBank(spec);
        const std::string key = bankAnswerKeyText(spec, bank);
        for (std::size_t k = 0; k < bank.size(); ++k) {
          auto solver = makeLapSolver(bank[k].problem.square,
                                      LapOptions{LapAlgorithm::Classical, Backend::Sequential, 1});
          ms::runToEnd(*solver);
          QCOMPARE(bank[k].result.stepValue, solver->solution().objective);
          const std::string line = "Question " + std::to_string(k + 1) + ": ";
          const std::size_t at = key.find(line);
          QVERIFY(at != std::string::npos);
          const std::size_t end = key.find('\n', at);
          QVERIFY2(
              key.substr(at, end - at).ends_with("; total: " + std::to_string(solver->solution().objective)),
              key.substr(at, end - at).c_str());
        }
      }
    }
  }

  void badSpecsAreRefusedWithTheReason() {
    try {
      questionBank({LessonMethod::Stars, 5, 1, 0});
      QFAIL("count 0 taken");
    } catch (const ms::InputError& error) {
      QVERIFY2(std::string(error.what()).find("the count must be 1 to 40, not 0") != std::string::npos,
               error.what());
    }
    QVERIFY_THROWS_EXCEPTION(ms::InputError, questionBank({LessonMethod::Stars, 11, 1, 3}));
  }
};

QTEST_APPLESS_MAIN(TestQuestionBank)
#include "test_question_bank.moc"
