// The matrix view's overlay from a LAP solver's snapshot.
#include "views/render/matrix_renderer.h"
#include "views/render/matrix_style.h"

namespace ms::render {

MatrixOverlay overlayFromSnapshot(const ms::lap::LapSnapshot& snapshot) {
  MatrixOverlay overlay;
  overlay.rowDual = snapshot.rowDual;
  overlay.colDual = snapshot.colDual;
  overlay.rowCovered = snapshot.rowCovered;
  overlay.colCovered = snapshot.colCovered;
  overlay.rowAssignment = snapshot.rowAssignment;
  overlay.paths = snapshot.augmentingPaths;
  const ms::lap::ApproximationState& approximation = snapshot.approximation;
  if (approximation.kind == ms::lap::ApproximationKind::None) return overlay;
  overlay.markZeros = false;
  if (approximation.takenRow >= 0 && approximation.takenCol >= 0) {
    overlay.marks.push_back({approximation.takenRow, approximation.takenCol, style::kTakenMark});
  }
  if (approximation.kind == ms::lap::ApproximationKind::Auction) {
    overlay.rowDual.clear();
    overlay.colDual = approximation.prices;
    for (std::size_t row = 0; row < approximation.bidColumn.size(); ++row) {
      if (approximation.bidColumn[row] >= 0) {
        overlay.marks.push_back({static_cast<int32_t>(row), approximation.bidColumn[row], style::kBidMark});
      }
    }
  }
  return overlay;
}

}  // namespace ms::render
