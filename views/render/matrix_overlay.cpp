// The matrix view's overlay from a Hungarian solver's snapshot.
#include "views/render/matrix_renderer.h"

namespace ms::render {

MatrixOverlay overlayFromSnapshot(const ms::lap::LapSnapshot& snapshot) {
  MatrixOverlay overlay;
  overlay.rowDual = snapshot.rowDual;
  overlay.colDual = snapshot.colDual;
  overlay.rowCovered = snapshot.rowCovered;
  overlay.colCovered = snapshot.colCovered;
  overlay.rowAssignment = snapshot.rowAssignment;
  overlay.paths = snapshot.augmentingPaths;
  return overlay;
}

}  // namespace ms::render
