#include "solver/lap/teaching/question_bank.h"

#include "solver/core/errors.h"
#include "solver/lap/teaching/lesson_files.h"
#include "solver/lap/teaching/lesson_transcript.h"
#include "solver/lap/teaching/munkres_lesson.h"
#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"

namespace ms::lap::teaching {
namespace {

// SplitMix64's finaliser: every input bit reaches every output bit, so neighbouring seeds, sizes and
// question numbers give unrelated matrices.
uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string questionName(int32_t k) {
  return "Question " + std::to_string(k);
}

}  // namespace

LessonProblem bankQuestion(LessonMethod method, int32_t n, uint64_t seed, int32_t k) {
  const uint64_t instanceSeed =
      mix(mix(mix(seed) ^ (static_cast<uint64_t>(method) + 1)) ^
          (static_cast<uint64_t>(static_cast<uint32_t>(n)) << 32 | static_cast<uint32_t>(k)));
  LessonProblem problem = randomLessonProblem(n, instanceSeed, false, method);
  problem.title = questionName(k) + " (bank: " + std::string(lessonMethodKey(method)) +
                  ", n = " + std::to_string(n) + ", seed " + std::to_string(seed) + ")";
  return problem;
}

std::vector<BankEntry> questionBank(const BankSpec& spec) {
  if (spec.count < 1 || spec.count > kBankMaxCount) {
    throw InputError(
        "question bank", "",
        "the count must be 1 to " + std::to_string(kBankMaxCount) + ", not " + std::to_string(spec.count));
  }
  std::vector<BankEntry> bank;
  for (int32_t k = 1; k <= spec.count; ++k) {
    LessonProblem problem = bankQuestion(spec.method, spec.n, spec.seed, k);
    MunkresLesson lesson(problem);
    lesson.completeFrames();
    bank.push_back({std::move(problem), lesson.frames().back()});
  }
  return bank;
}

std::string bankTitle(const BankSpec& spec) {
  return "Question bank: " + std::string(lessonMethodName(spec.method)) + ", " + std::to_string(spec.n) +
         " x " + std::to_string(spec.n) + ", seed " + std::to_string(spec.seed) + ", " +
         counted(static_cast<std::size_t>(spec.count), "question");
}

std::string bankQuestionsText(const BankSpec& spec, const std::vector<BankEntry>& bank) {
  std::string text = bankTitle(spec) + "\nMinimise the total cost: assign each row its own column.\n";
  for (std::size_t k = 0; k < bank.size(); ++k) {
    text += '\n';
    text += questionName(static_cast<int32_t>(k) + 1);
    text += ":\n";
    text += matrixLines(bank[k].problem.original);
  }
  return text;
}

std::string bankAnswerKeyText(const BankSpec& spec, const std::vector<BankEntry>& bank) {
  std::string text = "Answer key. " + bankTitle(spec) + "\n";
  for (std::size_t k = 0; k < bank.size(); ++k) {
    const LessonFrame& result = bank[k].result;
    std::vector<int32_t> rowToCol(static_cast<std::size_t>(result.state.n), -1);
    for (const Cell star : marked(result.state, Mark::Star))
      rowToCol[static_cast<std::size_t>(star.row)] = star.col;
    text += questionName(static_cast<int32_t>(k) + 1) + ": " +
            assignmentText(bank[k].problem, lessonAnswer(bank[k].problem, rowToCol)) +
            "; total: " + number(result.stepValue) + "\n";
  }
  return text;
}

}  // namespace ms::lap::teaching
