# Sourced by the distributed check scripts: unpacks Open MPI's runtime from BUNDLE/ompi/*.deb into a private
# prefix and relocates it there (OPAL_PREFIX points its plugins, help texts, wrapper compilers and
# configuration at the unpacked tree); defines mpirun=(orterun --oversubscribe --bind-to none).
#   unpack_ompi BUNDLE
unpack_ompi() {
  prefix=/tmp/ompi
  rm -rf "$prefix"
  mkdir -p "$prefix"
  local deb
  for deb in "$1"/ompi/*.deb; do dpkg -x "$deb" "$prefix"; done
  export OPAL_PREFIX=$prefix/usr
  export LD_LIBRARY_PATH=$prefix/usr/lib/x86_64-linux-gnu:$prefix/usr/lib/x86_64-linux-gnu/openmpi/lib:$prefix/lib/x86_64-linux-gnu
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  mpirun=("$prefix/usr/bin/orterun" --oversubscribe --bind-to none)
}
