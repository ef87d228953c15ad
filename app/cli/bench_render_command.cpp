// `bench-render`: frames per second of the matrix view while panning, at a few zoom levels, as CSV.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "app/cli/bench_support.h"
#include "app/cli/commands.h"
#include "app/cli/instance_options.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/csv_table.h"
#include "solver/core/provenance.h"
#include "solver/core/snapshot.h"
#include "solver/core/stopwatch.h"
#include "views/render/matrix_renderer.h"

namespace ms::cli {
namespace {

struct BenchRenderOptions {
  InstanceOptions instance;
  int64_t steps = 4;
  int width = 1280;
  int height = 800;
  int frames = 60;
  int runs = 5;
  std::string machine;
  std::string output;
};

// A zoom level: how many matrix cells each pixel of the matrix area covers along each axis (0 = whole
// matrix).
struct Zoom {
  const char* name;
  double cellsPerPixel;
};
constexpr Zoom kZooms[] = {{"whole", 0.0}, {"1 cell/px", 1.0}, {"8 px/cell", 1.0 / 8.0}};

// Frame f of a pan: the view circles once around the centre of the matrix, half a view wide.
render::MatrixCamera panCamera(int32_t n, double rowsVisible, double colsVisible, int frame, int frames) {
  const double angle = 2 * std::numbers::pi * frame / frames;
  return {0.5 * (n - rowsVisible) + 0.5 * rowsVisible * std::sin(angle),
          0.5 * (n - colsVisible) + 0.5 * colsVisible * std::cos(angle), rowsVisible, colsVisible};
}

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0) return "unknown";
  return name;
}

// Plan: a realistic overlay, the state of the tree variant after a few phases (duals, covers, assignment).
template <lap::CostType T>
render::MatrixOverlay planOverlay(const lap::CostMatrix<T>& costs, int64_t steps) {
  auto solver = lap::makeLapSolver(costs, {lap::LapAlgorithm::Tree, lap::Backend::Cpu, 0});
  for (int64_t k = 0; k < steps && !solver->done(); ++k) solver->step();
  Snapshot snapshot;
  solver->snapshot(snapshot);
  return render::overlayFromSnapshot(std::get<lap::LapSnapshot>(snapshot));
}

// One timed run of `frames` panning frames at one zoom level.
struct RenderRun {
  const Zoom* zoom = nullptr;
  double cellsPerPixel = 0;  // along the columns
  int run = 0;
  double seconds = 0, fps = 0;
  // CPU time of the whole process (lavapipe's threads included) per frame; unlike the wall time it hardly
  // depends on what else the machine is doing.
  double cpuMsPerFrame = 0;
};

// Time: `runs` runs at one zoom level, after a first frame that builds the slack pyramid for these duals
// (panning frames do not).
std::vector<RenderRun> timeZoom(render::MatrixRenderer& renderer, const render::MatrixOverlay& overlay,
                                int32_t n, const Zoom& zoom, const BenchRenderOptions& options) {
  const render::PixelRect area = render::matrixLayout(options.width, options.height).area;
  const double rowsVisible = zoom.cellsPerPixel == 0 ? n : zoom.cellsPerPixel * area.height;
  const double colsVisible = zoom.cellsPerPixel == 0 ? n : zoom.cellsPerPixel * area.width;
  const auto draw = [&](int frame) {
    renderer.render(panCamera(n, rowsVisible, colsVisible, frame, options.frames), overlay,
                    render::MatrixQuantity::Cost, render::ColorMap::Viridis, options.width, options.height);
  };
  draw(0);
  std::vector<RenderRun> runs;
  for (int run = 0; run < options.runs; ++run) {
    const Stopwatch stopwatch;
    const std::clock_t cpuStart = std::clock();
    for (int frame = 0; frame < options.frames; ++frame) draw(frame);
    const double seconds = static_cast<double>(stopwatch.elapsedNs()) / 1e9;
    const double cpuMs =
        1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC / options.frames;
    runs.push_back({&zoom, colsVisible / area.width, run, seconds, options.frames / seconds, cpuMs});
  }
  return runs;
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

// Write: one CSV row per run.
void writeRenderCsv(const std::vector<RenderRun>& runs, const std::string& device, int32_t n,
                    const BenchRenderOptions& options) {
  const std::string machine = options.machine.empty() ? hostName() : options.machine;
  // lavapipe draws with LP_NUM_THREADS threads, by default one per core: part of what a row measured.
  const char* lavapipeThreadsVariable = std::getenv("LP_NUM_THREADS");
  CsvTable table({"machine", "device", "hardware_threads", "lp_num_threads", "n", "width", "height", "zoom",
                  "cells_per_pixel", "frames", "run", "seconds", "fps", "cpu_ms_per_frame"});
  addProvenanceColumns(table);
  for (const RenderRun& r : runs) {
    CsvTable::Row& row = table.addRow();
    row.set("machine", machine).set("device", device);
    row.set("hardware_threads", std::thread::hardware_concurrency());
    row.set("lp_num_threads", lavapipeThreadsVariable != nullptr ? lavapipeThreadsVariable : "default");
    row.set("n", n).set("width", options.width).set("height", options.height).set("zoom", r.zoom->name);
    row.set("cells_per_pixel", fixed(r.cellsPerPixel, 4)).set("frames", options.frames).set("run", r.run);
    row.set("seconds", fixed(r.seconds, 6)).set("fps", fixed(r.fps, 2));
    row.set("cpu_ms_per_frame", fixed(r.cpuMsPerFrame, 1));
  }
  table.writeFile(options.output);
}

// Print: the median frame rate and CPU time of each zoom level.
void printZoomSummary(const std::vector<RenderRun>& runs, const BenchRenderOptions& options) {
  std::vector<double> fps, cpuMsPerFrame;
  for (const RenderRun& r : runs) {
    fps.push_back(r.fps);
    cpuMsPerFrame.push_back(r.cpuMsPerFrame);
  }
  std::printf("zoom %-10s %.3f cells/px: median %.1f fps, %.1f CPU ms per frame, over %d runs of %d frames\n",
              runs.front().zoom->name, runs.front().cellsPerPixel, median(fps), median(cpuMsPerFrame),
              options.runs, options.frames);
}

template <lap::CostType T>
void benchTyped(const lap::CostMatrix<T>& costs, const BenchRenderOptions& options,
                const std::string& description) {
  if (!costs.isSquare()) throw CLI::ValidationError("bench-render takes a square instance");
  std::string whyNot;
  const std::unique_ptr<render::MatrixRenderer> renderer = render::MatrixRenderer::create(&whyNot);
  if (!renderer) throw std::runtime_error("cannot render: " + whyNot);
  const render::MatrixOverlay overlay = planOverlay(costs, options.steps);

  const Stopwatch upload;
  renderer->setCosts(costs);
  const double uploadMs = static_cast<double>(upload.elapsedNs()) / 1e6;
  const render::DeviceMatrixInfo info = renderer->matrixInfo();
  std::printf("instance: %s\ndevice: %s\nupload_ms: %.1f (pyramid: %d levels, first block %d, %.0f MiB)\n",
              description.c_str(), renderer->deviceName().c_str(), uploadMs, info.pyramidLevels,
              info.firstBlock, static_cast<double>(info.deviceBytes) / (1 << 20));

  std::vector<RenderRun> runs;
  for (const Zoom& zoom : kZooms) {
    const std::vector<RenderRun> zoomRuns = timeZoom(*renderer, overlay, costs.rows(), zoom, options);
    printZoomSummary(zoomRuns, options);
    runs.insert(runs.end(), zoomRuns.begin(), zoomRuns.end());
  }
  writeRenderCsv(runs, renderer->deviceName(), costs.rows(), options);
  std::printf("wrote %s\n", options.output.c_str());
}

}  // namespace

void addBenchRenderCommand(CLI::App& app) {
  auto options = std::make_shared<BenchRenderOptions>();
  CLI::App* command = app.add_subcommand(
      "bench-render",
      "Frames per second of the matrix view while panning (whole matrix, 1 cell/px, 8 px/cell)");
  addInstanceOptions(*command, options->instance);
  command->add_option("--steps", options->steps, "Tree-variant steps before drawing (for duals and covers)")
      ->check(integerAtLeast<int64_t>(0))
      ->capture_default_str();
  command->add_option("--width", options->width, "Image width")
      ->check(integerIn(1, kMaxImageSide))
      ->capture_default_str();
  command->add_option("--height", options->height, "Image height")
      ->check(integerIn(1, kMaxImageSide))
      ->capture_default_str();
  command->add_option("--frames", options->frames, "Frames per run")
      ->check(integerAtLeast(1))
      ->capture_default_str();
  command->add_option("--runs", options->runs, "Runs per zoom level")
      ->check(integerAtLeast(1))
      ->capture_default_str();
  command->add_option("--machine", options->machine, "Machine name for the CSV (default: host name)");
  command->add_option("--output", options->output, "CSV file to write")
      ->required()
      ->check(outputFormat(kCsvFile));
  command->callback([options] {
    std::string description;
    const lap::AnyCostMatrix costs = loadInstance(options->instance, &description);
    std::visit([&](const auto& matrix) { benchTyped(matrix, *options, description); }, costs);
  });
}

}  // namespace ms::cli
