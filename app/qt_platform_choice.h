#pragma once
// The studio and matchscope-learn run without a display (export, --help, CI): Qt's default platform on
// Linux (xcb) aborts when it finds no X server, so where neither an X nor a Wayland display is named and no
// platform was chosen, they ask for the offscreen one themselves and say so. Call before QApplication.

#include <QtGlobal>
#include <cstdio>

namespace ms {

inline void useOffscreenPlatformWithoutDisplay(const char* program) {
  if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY") ||
      !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
    return;
  }
  qputenv("QT_QPA_PLATFORM", "offscreen");
  std::fprintf(stderr, "%s: no display (DISPLAY and WAYLAND_DISPLAY unset): using Qt's offscreen platform\n",
               program);
}

}  // namespace ms
