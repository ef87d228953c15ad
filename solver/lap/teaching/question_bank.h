#pragma once
// A seeded question bank: for a method, a size and a seed, a list of generated lessons (question 1, 2, ...)
// that is the same on every machine, so a teacher can give a class "seed 17" and print the sheet; the answer
// key holds each question's result as the lesson teaches it (the assignment and its total).

#include <cstdint>
#include <string>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"

namespace ms::lap::teaching {

inline constexpr int32_t kBankMaxCount = 40;

struct BankSpec {
  LessonMethod method = LessonMethod::Stars;
  int32_t n = 5;
  uint64_t seed = 1;
  int32_t count = 10;
};

// Question k (1-based) of the bank: n x n integer costs in [0, 10n) (randomLessonProblem) from a seed mixed
// of the method, n, the seed and k. Throws InputError for a size outside the lessons' range.
LessonProblem bankQuestion(LessonMethod method, int32_t n, uint64_t seed, int32_t k);

struct BankEntry {
  LessonProblem problem;
  LessonFrame result;  // the lesson's last frame: the assignment (stars) and the total (stepValue)
};
// Questions 1..count, each with its lesson's result. Throws InputError for a count outside 1..kBankMaxCount.
std::vector<BankEntry> questionBank(const BankSpec& spec);

// "Question bank: minimum lines, 5 x 5, seed 17, 10 questions"
std::string bankTitle(const BankSpec& spec);
// Plain text: the title, then per question its number and matrix.
std::string bankQuestionsText(const BankSpec& spec, const std::vector<BankEntry>& bank);
// Plain text: the title, then per question its assignment and "total: <total>".
std::string bankAnswerKeyText(const BankSpec& spec, const std::vector<BankEntry>& bank);

}  // namespace ms::lap::teaching
