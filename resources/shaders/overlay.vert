#version 460
// Overlay rectangles (assignment marks, augmenting paths), one instance each, drawn as two triangles.

layout(location = 0) in vec4 rect;    // x0, y0, x1, y1 in pixels
layout(location = 1) in vec4 colour;  // sRGB, 0..1

layout(push_constant) uniform Push { vec2 targetSize; } pc;

layout(location = 0) out vec4 outColour;

void main() {
  const int corner = gl_VertexIndex;  // 0 1 2 / 2 1 3 as (x, y) bit pairs
  const int bits = corner < 3 ? corner : (corner == 3 ? 2 : (corner == 4 ? 1 : 3));
  const vec2 pixel = vec2((bits & 1) != 0 ? rect.z : rect.x, (bits & 2) != 0 ? rect.w : rect.y);
  gl_Position = vec4(pixel / pc.targetSize * 2.0 - 1.0, 0.0, 1.0);
  outColour = colour;
}
