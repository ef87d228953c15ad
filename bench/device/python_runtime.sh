# Sourced by device scripts that import the matchscope module: the GPU machine has Python 3.12, the module
# is built here for Debian's 3.11. Unpacks Debian's python3.11 and numpy from BUNDLE/py311/*.deb (fetched
# with `apt-get download python3.11-minimal libpython3.11-minimal libpython3.11-stdlib python3-numpy
# libblas3 liblapack3 libgfortran5 libquadmath0 libexpat1 zlib1g libffi8 libssl3 libbz2-1.0 liblzma5`)
# into /tmp/py311 and sets PYTHON to a command line that runs that interpreter with them.
#   unpack_python BUNDLE; "${PYTHON[@]}" script.py ...
unpack_python() {
  rm -rf /tmp/py311
  mkdir -p /tmp/py311
  local deb
  for deb in "$1"/py311/*.deb; do dpkg -x "$deb" /tmp/py311; done
  PYTHON=(env PYTHONHOME=/tmp/py311/usr
    LD_LIBRARY_PATH=/tmp/py311/usr/lib/x86_64-linux-gnu:/tmp/py311/lib/x86_64-linux-gnu
    /tmp/py311/usr/bin/python3.11)
}
