#version 460
// The matrix view: cost or slack (c - u - v) as a heatmap, covered rows and columns tinted, zero-slack cells
// marked, the duals as bars in the left and top margins. Where cells are smaller than pixels the pixel reads
// the pyramid level whose blocks are at least a pixel wide, so every block (and with it every cell's extreme)
// is under some pixel; it shows the block's extreme that lies farther from the middle of the colour scale.
#extension GL_GOOGLE_include_directive : require
#include "matrix_interface.glsl"

// lavapipe runs both sides of every branch for every pixel, so what a draw shows is fixed when its pipeline
// is made (views/render/shader_interface.h, MatrixVariant): one draw per part, scissored to that part.
layout(constant_id = 0) const int kPart = 0;
const int kArea = 0;        // the matrix area
const int kRowBars = 1;     // the row-dual bars (left margin)
const int kColumnBars = 2;  // the column-dual bars (top margin)
layout(constant_id = 1) const int kCells = 0;
const int kLargeCells = 0;     // at least kMinDotCellPixels (matrix_style.h) a side: zeros get a dot
const int kSmallCells = 1;     // at least a pixel: zeros are blended
const int kSubPixelCells = 2;  // smaller than pixels: a pyramid level is read, zeros are blended
layout(constant_id = 2) const bool kTiled = false;  // the base texture has more than one tile

layout(set = 0, binding = 0, std140) uniform Frame {
  vec4 area;         // matrix area: x, y, width, height in pixels
  vec4 cell;         // x, y: cell width, height in pixels; z: zero dot side / cell side; w: unused
  ivec4 lookup;      // x: quantity (0 cost, 1 slack), y: log2 of the pyramid level's block side,
                     // z: colour map row, w: unused
  ivec4 tiling;      // tile rows, tile cols, tiles across of the base texture
  vec4 scale;        // x: value at the low end of the colour map, y: 1 / (high - low) (0 if flat),
                     // z: zero tolerance
  vec4 background;
  vec4 forbidden;
  vec4 zeroMark;     // rgb, w: blend weight where cells are too small for a dot
  vec4 zeroOutline;
  vec4 coverTint;    // rgb, w: blend weight of one covered line
  vec4 dualPositive;
  vec4 dualNegative;
} frame;

layout(set = 0, binding = 1) uniform sampler2DArray base;
layout(set = 0, binding = 2) uniform sampler2D costLevel;
layout(set = 0, binding = 3) uniform sampler2D slackLevel;
// Per pixel column (row 0) and pixel row (row 1) of the matrix area: the dual of the line under the pixel
// centre, the covered fraction of the lines the pixel spans, the offset of the pixel centre from the line's
// centre in pixels, and the line's index (-1 off the matrix). Rows 2 and 3: the dual bars, in [-1, 1].
// The host computes these once per frame, which keeps the per-pixel work small on CPU devices (lavapipe).
layout(set = 0, binding = 4) uniform sampler2D lines;
layout(set = 0, binding = 5) uniform sampler2D colormaps;  // 256 x maps, sRGB

layout(location = 0) out vec4 outColour;

vec3 matrixColour(ivec2 local) {
  const vec4 colLine = texelFetch(lines, ivec2(local.x, 0), 0);
  const vec4 rowLine = texelFetch(lines, ivec2(local.y, 1), 0);
  if (rowLine.w < 0.0 || colLine.w < 0.0) return frame.background.rgb;
  const int row = int(rowLine.w);
  const int col = int(colLine.w);

  // Under the pixel: the lowest and highest finite value shown, whether a forbidden cell is among them, and
  // the smallest |slack| (for the zero marks).
  vec2 shownRange;
  bool forbidden;
  float minAbsSlack;
  if (kCells == kSubPixelCells) {
    const ivec2 block = ivec2(col, row) >> frame.lookup.y;
    const vec4 cost = texelFetch(costLevel, block, 0);
    const vec4 slack = texelFetch(slackLevel, block, 0);
    const vec4 shown = frame.lookup.x == 1 ? slack : cost;
    shownRange = shown.yz;
    forbidden = shown.w != 0.0;
    minAbsSlack = slack.x;
  } else {
    // One tile: no integer division (no vector instruction for it on CPU devices).
    const float value = kTiled ? baseCost(base, frame.tiling.xy, frame.tiling.z, row, col)
                               : texelFetch(base, ivec3(col, row, 0), 0).r;
    const float slack = (value - rowLine.x) - colLine.x;
    shownRange = vec2(frame.lookup.x == 1 ? slack : value);
    forbidden = isinf(value);
    minAbsSlack = abs(slack);
  }

  vec3 colour = frame.forbidden.rgb;  // +inf is the farthest extreme of all
  if (!forbidden) {
    // The extreme farther from the middle of the scale (0.5), so a lone extreme cell is never averaged away.
    const vec2 positions = clamp((shownRange - frame.scale.x) * frame.scale.y, 0.0, 1.0);
    const float position = frame.scale.y > 0.0 ? (0.5 - positions.x > positions.y - 0.5 ? positions.x : positions.y) : 0.5;
    colour = texelFetch(colormaps, ivec2(int(position * 255.0 + 0.5), frame.lookup.z), 0).rgb;
  }

  colour = mix(colour, frame.coverTint.rgb, frame.coverTint.w * rowLine.y);
  colour = mix(colour, frame.coverTint.rgb, frame.coverTint.w * colLine.y);

  if (minAbsSlack <= frame.scale.z) {
    if (kCells == kLargeCells) {
      // A square dot in the middle of the cell, outlined so that it shows on light colours too.
      const float halfSide = 0.5 * frame.cell.z * min(frame.cell.x, frame.cell.y);
      const float distance = max(abs(colLine.z), abs(rowLine.z));
      if (distance <= halfSide) {
        colour = distance > halfSide - 1.0 && halfSide >= 2.5 ? frame.zeroOutline.rgb : frame.zeroMark.rgb;
      }
    } else {
      colour = mix(colour, frame.zeroMark.rgb, frame.zeroMark.w);
    }
  }
  return colour;
}

// A bar growing away from the matrix edge, its length proportional to |value| (at least a pixel if non-zero).
vec3 barColour(float value, float distanceFromEdge, float margin) {
  const float barLength = value == 0.0 ? 0.0 : max(1.0, ceil(abs(value) * (margin - 1.0)));
  if (distanceFromEdge >= barLength) return frame.background.rgb;
  return value > 0.0 ? frame.dualPositive.rgb : frame.dualNegative.rgb;
}

void main() {
  const vec4 area = frame.area;
  const ivec2 local = ivec2(gl_FragCoord.xy - area.xy);
  vec3 colour;
  if (kPart == kArea) {
    colour = matrixColour(local);
  } else if (kPart == kRowBars) {
    colour = barColour(texelFetch(lines, ivec2(local.y, 3), 0).x, area.x - gl_FragCoord.x - 0.5, area.x);
  } else {  // kColumnBars
    colour = barColour(texelFetch(lines, ivec2(local.x, 2), 0).x, area.y - gl_FragCoord.y - 0.5, area.y);
  }
  outColour = vec4(colour, 1.0);
}
