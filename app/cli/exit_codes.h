#pragma once
// matchscope-cli's exit statuses; scripts rely on them.

namespace ms::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput =
    1;  // unreadable or invalid instance: "matchscope-cli: <file>:<where>: <problem>"
inline constexpr int kExitUsage = 2;       // bad command line
inline constexpr int kExitInfeasible = 3;  // the instance has no feasible solution

}  // namespace ms::cli
