#pragma once
// A fuzz target is one source file that defines fuzzInput(); fuzz_entry.cpp turns libFuzzer's bytes into an
// InputSource and calls it. Bad input must end in InputError (or ResourceError for a matrix that cannot
// fit); any other exception, crash, sanitizer report, hang or leak is a finding.

#include "solver/core/input_file.h"

void fuzzInput(ms::InputSource& source);
