# Sourced by the device check scripts that run QtTest suites: unpacks Qt's runtime from BUNDLE/qtrt/*.deb and
# links into /tmp/qtlib only the libraries this machine lacks, so that its own (newer) ones stay in use.
# Run the suites with LD_LIBRARY_PATH=/tmp/qtlib.
#   unpack_qt BUNDLE
unpack_qt() {
  rm -rf /tmp/qtrt /tmp/qtlib
  mkdir -p /tmp/qtrt /tmp/qtlib
  local deb lib
  for deb in "$1"/qtrt/*.deb; do [ -e "$deb" ] && dpkg -x "$deb" /tmp/qtrt; done
  for lib in /tmp/qtrt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/qtrt/lib/x86_64-linux-gnu/*.so.*; do
    [ -e "$lib" ] || continue
    ldconfig -p | grep -q "^[[:space:]]$(basename "$lib") " || ln -sf "$lib" /tmp/qtlib/
  done
}
