#version 460
// The first pyramid level: each texel is the entry of one block of base cells, costs or slack c - u - v.
#extension GL_GOOGLE_include_directive : require
#include "matrix_interface.glsl"

layout(set = 0, binding = 0) uniform sampler2DArray base;
layout(set = 0, binding = 1) uniform sampler2D duals;

layout(push_constant) uniform Push {
  ivec4 matrix;  // rows, cols, tile rows, tile cols
  ivec4 params;  // tiles across, block side, 1 = slack, unused
} pc;

layout(location = 0) out vec4 outEntry;

void main() {
  const ivec4 matrix = pc.matrix;
  const ivec4 params = pc.params;
  const ivec2 block = ivec2(gl_FragCoord.yx);  // (block row, block column)
  const int rowEnd = min((block.x + 1) * params.y, matrix.x);
  const int colEnd = min((block.y + 1) * params.y, matrix.y);
  vec4 entry = emptyEntry();
  for (int r = block.x * params.y; r < rowEnd; ++r) {
    const float u = params.z != 0 ? dualAt(duals, r) : 0.0;
    for (int c = block.y * params.y; c < colEnd; ++c) {
      float value = baseCost(base, matrix.zw, params.x, r, c);
      if (params.z != 0) value = (value - u) - dualAt(duals, matrix.x + c);
      entry = mergeEntries(entry, cellEntry(value));
    }
  }
  outEntry = entry;
}
