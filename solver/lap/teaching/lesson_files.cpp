#include "solver/lap/teaching/lesson_files.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>

#include "solver/core/errors.h"
#include "solver/lap/generators.h"
#include "solver/lap/io/matrix_io.h"

namespace ms::lap::teaching {
namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

struct LessonMetadata {
  std::string title, source;
  bool maximize = false;
  LessonMethod method = LessonMethod::Stars;
};

// Reads "# key: value" comment lines; other comments and the matrix rows are matrix_io's business.
LessonMetadata readMetadata(std::istream& in, const std::filesystem::path& path, const std::string& file) {
  LessonMetadata meta;
  meta.title = path.stem().string();
  meta.source = path.filename().string();
  skipUtf8ByteOrderMark(in);
  std::string line;
  for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
    const std::string_view text = trimmed(line);
    if (text.empty() || text.front() != '#') continue;
    const std::string_view body = trimmed(text.substr(1));
    const auto colon = body.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view key = trimmed(body.substr(0, colon)), value = trimmed(body.substr(colon + 1));
    if (key == "title") {
      meta.title = value;
    } else if (key == "source") {
      meta.source = value;
    } else if (key == "goal") {
      if (value != "maximize" && value != "minimize") {
        throw InputError(file, std::to_string(lineNumber),
                         "goal must be 'maximize' or 'minimize', not '" + std::string(value) + "'");
      }
      meta.maximize = value == "maximize";
    } else if (key == "method") {
      const std::optional<LessonMethod> method = lessonMethodNamed(value);
      if (!method) {
        throw InputError(
            file, std::to_string(lineNumber),
            "method must be 'stars', 'lines', 'tree' or 'roma', not '" + std::string(value) + "'");
      }
      meta.method = *method;
    }
  }
  return meta;
}

}  // namespace

LessonProblem readLessonFile(const std::filesystem::path& path) {
  InputSource source = InputSource::open(path);
  return readLessonFile(source, path);
}

// Read once into memory (it is small), then parsed twice: the matrix, then the metadata comments.
LessonProblem readLessonFile(InputSource& source, const std::filesystem::path& path) {
  const std::string bytes = source.readAll(kLessonFileLimit);
  InputSource matrixSource = InputSource::fromBytes(bytes, source.name());
  const AnyCostMatrix costs = readTextMatrix(matrixSource);
  std::istringstream metadataText(bytes);
  LessonMetadata meta = readMetadata(metadataText, path, source.name());
  LessonProblem problem =
      makeLessonProblem(costs, meta.maximize, std::move(meta.title), source.name(), meta.method);
  problem.source = std::move(meta.source);
  return problem;
}

std::vector<std::filesystem::path> lessonFiles(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".txt") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

LessonProblem randomLessonProblem(int32_t n, uint64_t seed, bool maximize, LessonMethod method) {
  const GeneratorSpec spec{Generator::Uniform, n, CostRange::TenN, seed};
  const std::string name =
      "random " + std::to_string(n) + " x " + std::to_string(n) + ", seed " + std::to_string(seed);
  return makeLessonProblem(generate(spec), maximize, (maximize ? "Maximise: " : "") + name,
                           "uniform integers in [0, " + std::to_string(costRangeBound(spec.range, n)) +
                               "), seed " + std::to_string(seed),
                           method);
}

}  // namespace ms::lap::teaching
