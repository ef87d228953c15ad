#pragma once
// Error types shared by the solver library. Messages are one line, ready to print after "matchscope-cli: ".

#include <stdexcept>
#include <string>

namespace ms {

// Bad input data: names the file, where in it (line or byte offset) and the problem.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, std::string location, const std::string& problem)
      : std::runtime_error(compose(file, location, problem)),
        file_(std::move(file)),
        location_(std::move(location)) {}
  const std::string& file() const { return file_; }
  const std::string& location() const { return location_; }

 private:
  static std::string compose(const std::string& file, const std::string& location,
                             const std::string& problem) {
    std::string out = file.empty() ? std::string("<input>") : file;
    if (!location.empty()) out += ":" + location;
    return out + ": " + problem;
  }
  std::string file_, location_;
};

// A solve that cannot finish: the machine is left done, the caller decides what to tell the user.
class SolveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// No assignment avoids the forbidden (+inf) entries, or no perfect matching exists.
class InfeasibleError : public SolveError {
 public:
  using SolveError::SolveError;
};

// The instance does not fit the memory of the chosen backend.
class ResourceError : public SolveError {
 public:
  using SolveError::SolveError;
};

}  // namespace ms
