#include "app/gui/event_wait.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

namespace ms::studio {

bool processEventsUntil(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  const QDeadlineTimer deadline(timeout);
  // Blocks between events instead of spinning (a spinning loop would steal a core from the solver it
  // waits for); the timer wakes it now and then to look at the deadline.
  QTimer wake;
  wake.start(10);
  while (!done()) {
    if (deadline.hasExpired()) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
  }
  return true;
}

}  // namespace ms::studio
