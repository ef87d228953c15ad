// Shared by the matrix view's shaders. The host side of every block here is views/render/shader_interface.h
// (static_asserts there pin the offsets): change both together.

// Pyramid entries and single cells alike: x = min |value|, y = min finite value, z = max finite value,
// w = 1 if a cell is forbidden (+inf).
vec4 emptyEntry() {
  const float infinity = uintBitsToFloat(0x7f800000u);
  return vec4(infinity, infinity, -infinity, 0.0);
}

vec4 cellEntry(float value) {
  if (isinf(value)) {
    vec4 entry = emptyEntry();
    entry.w = 1.0;
    return entry;
  }
  return vec4(abs(value), value, value, 0.0);
}

vec4 mergeEntries(vec4 a, vec4 b) { return vec4(min(a.x, b.x), min(a.y, b.y), max(a.z, b.z), max(a.w, b.w)); }

// The base costs are a 2D array texture: the matrix cut into tiles of tile.x rows by tile.y columns, layer
// (row / tile.x) * tilesAcross + col / tile.y. Most matrices fit one tile; integer division is slow on CPU
// devices (no vector instruction for it), so it is skipped then.
float baseCost(sampler2DArray base, ivec2 tile, int tilesAcross, int row, int col) {
  if (tilesAcross == 1 && row < tile.x) return texelFetch(base, ivec3(col, row, 0), 0).r;
  const int layer = (row / tile.x) * tilesAcross + col / tile.y;
  return texelFetch(base, ivec3(col % tile.y, row % tile.x, layer), 0).r;
}

// Duals of the slack pyramid: u of row r at index r, v of column c at index rows + c, 4096 to a texture row.
const int kDualTextureWidth = 4096;
float dualAt(sampler2D duals, int index) {
  return texelFetch(duals, ivec2(index % kDualTextureWidth, index / kDualTextureWidth), 0).r;
}
