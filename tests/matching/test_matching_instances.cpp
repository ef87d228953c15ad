// Complete graphs: the three generators, padding, file round trips, and one-line errors for bad input.
#include <QtTest/QtTest>

#include <omp.h>
#include <QTemporaryDir>
#include <cmath>
#include <fstream>
#include <limits>

#include "matching_test_support.h"
#include "solver/core/errors.h"
#include "solver/lap/io/matrix_io.h"
#include "solver/matching/io/graph_io.h"
#include "solver/matching/problem.h"

using namespace ms;
using namespace ms::matching;
using namespace ms::matching::testing;

namespace {

std::string writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text) {
  const std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

bool identical(const CompleteGraph& a, const CompleteGraph& b) {
  const WeightMatrix &p = a.weights(), &q = b.weights();
  return p.rows() == q.rows() && p.cols() == q.cols() && std::equal(p.data(), p.data() + p.size(), q.data());
}

double meanOffDiagonal(const CompleteGraph& graph) {
  double total = 0;
  const int32_t n = graph.vertexCount();
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) total += i == j ? 0.0 : graph.weight(i, j);
  }
  return total / (static_cast<double>(n) * (n - 1));
}

}  // namespace

class TestMatchingInstances : public QObject {
  Q_OBJECT

 private slots:
  void generatedGraphsAreValidAndSeeded() {
    for (Distribution distribution : distributions()) {
      for (int32_t n : {1, 2, 7, 64, 257}) {
        const GraphSpec spec{distribution, n, baseSeed() + static_cast<uint64_t>(n)};
        const CompleteGraph graph = generateGraph(spec);
        QCOMPARE(graph.vertexCount(), n);
        validateWeights(graph.weights(), describe(spec).toStdString());  // throws on a bad entry
        for (int32_t i = 0; i < n; ++i) QCOMPARE(graph.weight(i, i), 0.0f);
        QVERIFY2(identical(graph, generateGraph(spec)), qPrintable(describe(spec) + ": not reproducible"));
        if (n >= 2) {
          const CompleteGraph other = generateGraph({distribution, n, spec.seed + 1});
          QVERIFY2(!identical(graph, other), qPrintable(describe(spec) + ": the seed changes nothing"));
        }
        const float* data = graph.weights().data();
        const float largest = *std::max_element(data, data + graph.weights().size());
        if (distribution == Distribution::Uniform) QVERIFY(largest <= 1.0f);
        QCOMPARE(graph.hasPoints(), distribution == Distribution::Geometric);
        if (distribution != Distribution::Geometric) continue;
        QCOMPARE(static_cast<int32_t>(graph.points().size()), n);
        for (int32_t i = 0; i < n; ++i) {
          const Point p = graph.points()[i];
          QVERIFY(p.x >= 0 && p.x < 1 && p.y >= 0 && p.y < 1);
          for (int32_t j = 0; j < n; ++j) {
            const Point q = graph.points()[j];
            const double distance = std::sqrt((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y));
            QVERIFY(std::abs(graph.weight(i, j) - distance) <= 1e-6);
          }
        }
      }
    }
  }

  // Means of the thesis's distributions: uniform 1/2, exponential 1/lambda = 0.2857, and the mean distance of
  // two random points in the unit square, (2 + sqrt 2 + 5 asinh 1) / 15 = 0.5214.
  void distributionsHaveTheirMeans() {
    const double expected[] = {0.5, 1.0 / 3.5, (2.0 + std::sqrt(2.0) + 5.0 * std::asinh(1.0)) / 15.0};
    for (std::size_t k = 0; k < distributions().size(); ++k) {
      const CompleteGraph graph = generateGraph({distributions()[k], 600, baseSeed()});
      const double mean = meanOffDiagonal(graph);
      QVERIFY2(std::abs(mean - expected[k]) < 0.02 * expected[k] + 0.005,
               qPrintable(QString("mean %1, expected %2").arg(mean).arg(expected[k])));
    }
  }

  void generationDoesNotDependOnThreads() {
    for (Distribution distribution : distributions()) {
      const GraphSpec spec{distribution, 300, baseSeed()};
      omp_set_num_threads(1);
      const CompleteGraph one = generateGraph(spec);
      omp_set_num_threads(3);
      const CompleteGraph three = generateGraph(spec);
      QVERIFY2(identical(one, three), qPrintable(describe(spec)));
    }
  }

  void oddGraphsArePaddedWithAZeroVertex() {
    const CompleteGraph graph = generateGraph({Distribution::Geometric, 9, baseSeed()});
    const PreparedGraph prepared(graph);
    QVERIFY(prepared.isPadded());
    const CompleteGraph& even = prepared.even();
    QCOMPARE(even.vertexCount(), 10);
    for (int32_t i = 0; i < 10; ++i) {
      QCOMPARE(even.weight(i, 9), 0.0f);
      QCOMPARE(even.weight(9, i), 0.0f);
      for (int32_t j = 0; j < 9 && i < 9; ++j) QCOMPARE(even.weight(i, j), graph.weight(i, j));
    }
    std::vector<int32_t> mate = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8};  // vertex 8 takes the padding vertex
    const MatchingAnswer answer = prepared.answer(mate);
    QCOMPARE(answer.mate[8], -1);
    QCOMPARE(answer.pairs, 4);
    double weight = 0;
    for (int32_t u = 0; u < 8; u += 2) weight += graph.weight(u, u + 1);
    QCOMPARE(answer.weight, weight);
    QVERIFY(!PreparedGraph(generateGraph({Distribution::Uniform, 8, 1})).isPadded());
  }

  void filesRoundTrip() {
    QTemporaryDir dir;
    for (Distribution distribution : distributions()) {
      const CompleteGraph graph = generateGraph({distribution, 33, baseSeed()});
      for (const char* name : {"g.txt", "g.npy"}) {
        const std::string path = dir.filePath(name).toStdString();
        writeGraph(graph, path);
        QVERIFY2(identical(readGraph(path), graph), name);
      }
      if (distribution != Distribution::Geometric) {
        QVERIFY_THROWS_EXCEPTION(InputError, writeGraph(graph, dir.filePath("g.points").toStdString()));
        continue;
      }
      const std::string path = dir.filePath("g.points").toStdString();
      writeGraph(graph, path);
      const CompleteGraph back = readGraph(path);
      QVERIFY(identical(back, graph));
      QCOMPARE(back.points().size(), graph.points().size());
      for (std::size_t i = 0; i < graph.points().size(); ++i) {
        QCOMPARE(back.points()[i].x, graph.points()[i].x);
        QCOMPARE(back.points()[i].y, graph.points()[i].y);
      }
    }
  }

  void otherNumericTypesLoad() {
    QTemporaryDir dir;
    lap::CostMatrix<int32_t> integers(3, 3);
    const int32_t values[] = {0, 5, 7, 5, 0, 2, 7, 2, 0};
    std::copy(std::begin(values), std::end(values), integers.data());
    const std::string path = dir.filePath("int.npy").toStdString();
    lap::writeNpyMatrix(lap::AnyCostMatrix(integers), path);
    const CompleteGraph graph = readGraph(path);
    QCOMPARE(graph.weight(0, 2), 7.0f);
    QCOMPARE(graph.weight(2, 1), 2.0f);
    const CompleteGraph fromText = readGraph(writeFile(dir, "comma.txt", "# comment\n0, 1.5\n1.5, 0\n"));
    QCOMPARE(fromText.weight(1, 0), 1.5f);
  }

  // Each bad file gives an InputError whose one-line message names the file, where, and what is wrong, in the
  // words of weights and points (the cost matrix readers beneath speak of costs and of inf forbidding a
  // pair, which a graph refuses).
  void badInputIsReportedPrecisely() {
    QTemporaryDir dir;
    struct Case {
      const char* name;
      std::string content;
      const char* location;
      const char* problem;
    };
    const Case cases[] = {
        {"asymmetric.txt", "0 1 2\n1 0 3\n2 4 0\n", "entry (1,2)", "differs from entry (2,1)"},
        {"negative.txt", "0 -1\n-1 0\n", "entry (0,1)", "negative"},
        {"infinite.txt", "0 inf\ninf 0\n", "entry (0,1)", "not finite"},
        {"lower_infinite.txt", "0 1 2\n1 0 3\n2 inf 0\n", "entry (2,1)", "not finite"},
        {"nan.txt", "0 nan\nnan 0\n", "1", "NaN is not a weight"},
        {"overflow.txt", "0 1e999\n1e999 0\n", "1", "'1e999' overflows float64"},
        {"nonsquare.txt", "0 1 2\n1 0 3\n", "", "square"},
        {"ragged.txt", "0 1\n1\n", "2", "values"},
        {"word.txt", "0 x\nx 0\n", "1", "not a number"},
        {"empty.txt", "# nothing\n", "", "empty file: no weight rows"},
        {"empty.points", "", "", "empty file: no coordinate rows"},
        {"nan.points", "0 0\nnan 1\n", "2", "NaN is not a coordinate"},
        {"huge.txt", "0 1e300\n1e300 0\n", "entry (0,1)", "32-bit float"},
        {"three.points", "0 0 1\n1 1 0\n", "", "2 values per line"},
        {"inf.points", "0 0\n1 inf\n", "point 1", "finite"},
        {"truncated.npy", std::string("\x93NUMPY\x01\x00", 8), "offset", "truncated"},
    };
    for (const Case& c : cases) {
      const std::string path = writeFile(dir, c.name, c.content);
      try {
        readGraph(path);
        QFAIL(qPrintable(QString("%1 was accepted").arg(c.name)));
      } catch (const InputError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.startsWith(QString::fromStdString(path)), qPrintable(message));
        QVERIFY2(QString::fromStdString(error.location()).contains(c.location), qPrintable(message));
        QVERIFY2(message.contains(c.problem), qPrintable(message));
        QVERIFY2(!message.contains('\n'), qPrintable(message));
        QVERIFY2(!message.contains("cost") && !message.contains("forbid"), qPrintable(message));
      }
    }
  }

  void nanInNpyIsRejected() {
    QTemporaryDir dir;
    lap::CostMatrix<float> weights(2, 2);
    const float values[] = {0, std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::quiet_NaN(), 0};
    std::copy(std::begin(values), std::end(values), weights.data());
    const std::string path = dir.filePath("nan.npy").toStdString();
    lap::writeNpyMatrix(lap::AnyCostMatrix(weights), path);
    try {
      readGraph(path);
      QFAIL("NaN weights were accepted");
    } catch (const InputError& error) {
      QCOMPARE(QString(error.what()), QString::fromStdString(path) + ":offset 132: NaN is not a weight");
    }
  }

  void perfectMatchingCheckFindsEachViolation() {
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 0, 3, 2}).empty());
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 0, -1, 2}).find("unmatched") != std::string::npos);
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 0, 4, 2}).find("out of range") !=
            std::string::npos);
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 0, 2, 3}).find("itself") != std::string::npos);
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 2, 3, 0}).find("whose mate") != std::string::npos);
    QVERIFY(perfectMatchingProblem(std::vector<int32_t>{1, 0, 2}).find("odd") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestMatchingInstances)
#include "test_matching_instances.moc"
