#pragma once
// The printable pages of a question bank (A4 portrait at 150 dpi, as the quiz sheet): the question pages
// show each question's matrix, the answer-key pages the same matrices reduced to the result with the
// assignment starred and the total. Pages hold as many questions as fit at a readable cell size.

#include <QImage>
#include <vector>

#include "solver/lap/teaching/question_bank.h"

namespace ms::views {

std::vector<QImage> renderBankQuestions(const lap::teaching::BankSpec& spec,
                                        const std::vector<lap::teaching::BankEntry>& bank);
std::vector<QImage> renderBankAnswers(const lap::teaching::BankSpec& spec,
                                      const std::vector<lap::teaching::BankEntry>& bank);

}  // namespace ms::views
