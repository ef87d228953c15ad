#include "app/cli/huge_page_malloc.h"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace ms::cli {
namespace {

constexpr const char* kHugePageTunable = "glibc.malloc.hugetlb=1";

}  // namespace

void restartWithHugePageMalloc(char** argv) {
  if (std::getenv("GLIBC_TUNABLES") != nullptr) return;
  if (setenv("GLIBC_TUNABLES", kHugePageTunable, 1) != 0) return;
  execv("/proc/self/exe", argv);
  unsetenv("GLIBC_TUNABLES");  // no restart (no /proc): the environment stays the caller's
}

bool mallocUsesHugePages() {
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  return tunables != nullptr && std::string_view(tunables).find(kHugePageTunable) != std::string_view::npos;
}

}  // namespace ms::cli
