// `render`: runs a solver K steps and draws the matrix view of its state to a PNG, headless.
#include <cstdio>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/instance_options.h"
#include "app/cli/option_checks.h"
#include "solver/core/snapshot.h"
#include "solver/lap/problem.h"
#include "views/render/matrix_renderer.h"
#include "views/render/png_writer.h"

namespace ms::cli {
namespace {

struct RenderOptions {
  InstanceOptions instance;
  std::string algorithm = "tree";
  std::string backend = "auto";
  int threads = 0;
  int64_t steps = 0;
  int width = 0;
  int height = 0;
  std::string quantity = "cost";
  std::string colormap = "viridis";
  std::vector<double> view;  // first row, first column, rows, columns
  std::string output;
};

render::MatrixCamera cameraFor(const RenderOptions& options, int32_t n) {
  if (options.view.empty()) return render::wholeMatrixCamera(n, n);
  if (options.view[2] <= 0 || options.view[3] <= 0)
    throw CLI::ValidationError("--view: rows and columns must be > 0");
  return {options.view[0], options.view[1], options.view[2], options.view[3]};
}

template <lap::CostType T>
void renderTyped(const lap::CostMatrix<T>& costs, const RenderOptions& options,
                 const std::string& description) {
  std::string whyNot;
  const std::unique_ptr<render::MatrixRenderer> renderer = render::MatrixRenderer::create(&whyNot);
  if (!renderer) throw std::runtime_error("cannot render: " + whyNot);

  lap::LapOptions lapOptions;
  lapOptions.algorithm = lap::parseLapAlgorithm(options.algorithm);
  std::string notice;
  lapOptions.backend = lap::resolveBackend(lap::parseBackend(options.backend), &notice);
  lapOptions.threads = options.threads;
  if (!notice.empty()) std::fprintf(stderr, "matchscope-cli: notice: %s\n", notice.c_str());

  const lap::PreparedProblem<T> problem(costs, false);
  auto solver = lap::makeLapSolver(problem.square(), lapOptions);
  int64_t taken = 0;
  for (; taken < options.steps && !solver->done(); ++taken) solver->step();
  Snapshot snapshot;
  solver->snapshot(snapshot);
  const auto& state = std::get<lap::LapSnapshot>(snapshot);

  renderer->setCosts(problem.square());
  const render::RgbaImage image = renderer->render(
      cameraFor(options, problem.square().rows()), render::overlayFromSnapshot(state),
      options.quantity == "slack" ? render::MatrixQuantity::Slack : render::MatrixQuantity::Cost,
      options.colormap == "cividis" ? render::ColorMap::Cividis : render::ColorMap::Viridis, options.width,
      options.height);
  render::writePng(image, options.output);

  std::printf("instance: %s (%d x %d)\n", description.c_str(), costs.rows(), costs.cols());
  std::printf("algorithm: %s\n", std::string(solver->algorithmName()).c_str());
  std::printf("steps: %lld\n", static_cast<long long>(taken));
  std::printf("iteration: %d\n", state.iteration);
  std::printf("last_phase: %s\n", state.lastPhase.empty() ? "-" : std::string(state.lastPhase).c_str());
  std::printf("assigned: %d\n", state.assignedCount);
  std::printf("device: %s\n", renderer->deviceName().c_str());
  std::printf("image: %s (%d x %d)\n", options.output.c_str(), image.width, image.height);
}

}  // namespace

void addRenderCommand(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command =
      app.add_subcommand("render", "Run a solver K steps and draw the matrix view to a PNG (Vulkan)");
  addInstanceOptions(*command, options->instance);
  command->add_option("--algorithm", options->algorithm, "Hungarian variant")
      ->check(CLI::IsMember({"classical", "tree"}))
      ->capture_default_str();
  command->add_option("--backend", options->backend, "auto, cpu, sequential or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "sequential", "cuda"}))
      ->capture_default_str();
  command->add_option("--threads", options->threads, "OpenMP threads of the cpu backend (0 = all cores)")
      ->check(integerIn(0, kMaxThreads));
  command->add_option("--steps", options->steps, "Solver steps (phases) to run before drawing")
      ->required()
      ->check(integerAtLeast<int64_t>(0));
  command->add_option("--width", options->width, "Image width in pixels")
      ->required()
      ->check(integerIn(1, kMaxImageSide));
  command->add_option("--height", options->height, "Image height in pixels")
      ->required()
      ->check(integerIn(1, kMaxImageSide));
  command->add_option("--quantity", options->quantity, "cost, or slack c - u - v (diverging colours)")
      ->check(CLI::IsMember({"cost", "slack"}))
      ->capture_default_str();
  command->add_option("--colormap", options->colormap, "Colour map of the costs")
      ->check(CLI::IsMember({"viridis", "cividis"}))
      ->capture_default_str();
  command->add_option("--view", options->view, "Part to draw: FIRST_ROW,FIRST_COL,ROWS,COLS (default: all)")
      ->expected(4)
      ->delimiter(',')
      ->check(finiteIn(0, std::numeric_limits<int32_t>::max()));
  command->add_option("--output", options->output, "PNG file to write")
      ->required()
      ->check(outputFormat(kPngFile));
  command->callback([options] {
    std::string description;
    const lap::AnyCostMatrix costs = loadInstance(options->instance, &description);
    std::visit([&](const auto& matrix) { renderTyped(matrix, *options, description); }, costs);
  });
}

}  // namespace ms::cli
