// `bench-render`: frames per second of the matrix view while panning, at a few zoom levels, as CSV.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <numbers>
#include <ostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/instance_options.h"
#include "app/cli/option_checks.h"
#include "solver/core/atomic_file.h"
#include "solver/core/snapshot.h"
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

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

template <lap::CostType T>
void benchTyped(const lap::CostMatrix<T>& costs, const BenchRenderOptions& options,
                const std::string& description) {
  if (!costs.isSquare()) throw CLI::ValidationError("bench-render takes a square instance");
  std::string whyNot;
  const std::unique_ptr<render::MatrixRenderer> renderer = render::MatrixRenderer::create(&whyNot);
  if (!renderer) throw std::runtime_error("cannot render: " + whyNot);

  // A realistic overlay: the state of the tree variant after a few phases (duals, covers, assignment).
  auto solver = lap::makeLapSolver(costs, {lap::LapAlgorithm::Tree, lap::Backend::Cpu, 0});
  for (int64_t k = 0; k < options.steps && !solver->done(); ++k) solver->step();
  Snapshot snapshot;
  solver->snapshot(snapshot);
  const render::MatrixOverlay overlay = render::overlayFromSnapshot(std::get<lap::LapSnapshot>(snapshot));

  using Clock = std::chrono::steady_clock;
  const auto uploadStart = Clock::now();
  renderer->setCosts(costs);
  const double uploadMs = std::chrono::duration<double, std::milli>(Clock::now() - uploadStart).count();
  const render::DeviceMatrixInfo info = renderer->matrixInfo();
  std::printf("instance: %s\ndevice: %s\nupload_ms: %.1f (pyramid: %d levels, first block %d, %.0f MiB)\n",
              description.c_str(), renderer->deviceName().c_str(), uploadMs, info.pyramidLevels,
              info.firstBlock, static_cast<double>(info.deviceBytes) / (1 << 20));

  const std::string machine = options.machine.empty() ? hostName() : options.machine;
  // lavapipe draws with LP_NUM_THREADS threads, by default one per core: part of what a row measured.
  const char* lavapipeThreadsVariable = std::getenv("LP_NUM_THREADS");
  const std::string lavapipeThreads =
      lavapipeThreadsVariable != nullptr ? lavapipeThreadsVariable : "default";
  const render::PixelRect area = render::matrixLayout(options.width, options.height).area;
  // cpu_ms_per_frame: CPU time of the whole process (lavapipe's threads included) per frame; unlike the wall
  // time it hardly depends on what else the machine is doing.
  std::string csv =
      "machine,device,hardware_threads,lp_num_threads,n,width,height,zoom,cells_per_pixel,frames,run,seconds,"
      "fps,cpu_ms_per_frame\n";
  for (const Zoom& zoom : kZooms) {
    const double rowsVisible = zoom.cellsPerPixel == 0 ? costs.rows() : zoom.cellsPerPixel * area.height;
    const double colsVisible = zoom.cellsPerPixel == 0 ? costs.cols() : zoom.cellsPerPixel * area.width;
    // The first frame builds the slack pyramid for these duals; panning frames do not.
    renderer->render(panCamera(costs.rows(), rowsVisible, colsVisible, 0, options.frames), overlay,
                     render::MatrixQuantity::Cost, render::ColorMap::Viridis, options.width, options.height);
    std::vector<double> fps;
    std::vector<double> cpuMsPerFrame;
    for (int run = 0; run < options.runs; ++run) {
      const auto start = Clock::now();
      const std::clock_t cpuStart = std::clock();
      for (int frame = 0; frame < options.frames; ++frame) {
        renderer->render(panCamera(costs.rows(), rowsVisible, colsVisible, frame, options.frames), overlay,
                         render::MatrixQuantity::Cost, render::ColorMap::Viridis, options.width,
                         options.height);
      }
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      const double cpuMs =
          1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC / options.frames;
      fps.push_back(options.frames / seconds);
      cpuMsPerFrame.push_back(cpuMs);
      char row[512];
      std::snprintf(row, sizeof(row), "\"%s\",\"%s\",%u,%s,%d,%d,%d,%s,%.4f,%d,%d,%.6f,%.2f,%.1f\n",
                    machine.c_str(), renderer->deviceName().c_str(), std::thread::hardware_concurrency(),
                    lavapipeThreads.c_str(), costs.rows(), options.width, options.height, zoom.name,
                    colsVisible / area.width, options.frames, run, seconds, fps.back(), cpuMs);
      csv += row;
    }
    std::printf(
        "zoom %-10s %.3f cells/px: median %.1f fps, %.1f CPU ms per frame, over %d runs of %d frames\n",
        zoom.name, colsVisible / area.width, median(fps), median(cpuMsPerFrame), options.runs,
        options.frames);
  }
  writeFileAtomically(options.output, [&](std::ostream& out) { out << csv; });
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
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  command->add_option("--width", options->width, "Image width")
      ->check(CLI::Range(1, kMaxImageSide))
      ->capture_default_str();
  command->add_option("--height", options->height, "Image height")
      ->check(CLI::Range(1, kMaxImageSide))
      ->capture_default_str();
  command->add_option("--frames", options->frames, "Frames per run")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--runs", options->runs, "Runs per zoom level")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--machine", options->machine, "Machine name for the CSV (default: host name)");
  command->add_option("--output", options->output, "CSV file to write")->required();
  command->callback([options] {
    std::string description;
    const lap::AnyCostMatrix costs = loadInstance(options->instance, &description);
    std::visit([&](const auto& matrix) { benchTyped(matrix, *options, description); }, costs);
  });
}

}  // namespace ms::cli
