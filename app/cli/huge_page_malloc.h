#pragma once
// glibc puts malloc's large blocks on transparent huge pages only when its hugetlb tunable asks for it, and
// reads its tunables once, as a program starts. The partitioner's scans and FM read arrays of hundreds of MB
// at random, where a huge page saves a TLB miss per read; solver/core/huge_pages.h advises the largest of
// them, the tunable every other block.

namespace ms::cli {

// Starts the program again (same arguments) with GLIBC_TUNABLES=glibc.malloc.hugetlb=1, unless the caller
// set GLIBC_TUNABLES (their settings stand) or this is already the restarted program. Returns only when it
// does not restart. Call it first in main, before any thread or output.
void restartWithHugePageMalloc(char** argv);

// Whether malloc runs with the hugetlb tunable.
bool mallocUsesHugePages();

}  // namespace ms::cli
