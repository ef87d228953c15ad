#version 460
// A pyramid level above the first: each texel merges 2 x 2 texels of the level below.
#extension GL_GOOGLE_include_directive : require
#include "matrix_interface.glsl"

layout(set = 0, binding = 2) uniform sampler2D below;

layout(location = 0) out vec4 outEntry;

void main() {
  const ivec2 size = textureSize(below, 0);
  const ivec2 first = 2 * ivec2(gl_FragCoord.xy);
  vec4 entry = emptyEntry();
  for (int y = first.y; y < min(first.y + 2, size.y); ++y) {
    for (int x = first.x; x < min(first.x + 2, size.x); ++x) entry = mergeEntries(entry, texelFetch(below, ivec2(x, y), 0));
  }
  outEntry = entry;
}
