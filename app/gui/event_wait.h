#pragma once
// Lets the GUI event loop run until a condition holds: for scripted runs of the window (screenshots,
// benchmarks) that must wait for the worker without blocking it.

#include <chrono>
#include <functional>

namespace ms::studio {

// Returns whether `done()` held before `timeout` passed.
bool processEventsUntil(const std::function<bool()>& done, std::chrono::milliseconds timeout);

}  // namespace ms::studio
