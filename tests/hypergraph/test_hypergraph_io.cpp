// Hypergraph files and generators: .hgr round trips in every weight format, Matrix Market variants, one-line
// errors for bad files, Table II statistics of the generated profiles, the heavy-column matrix, and the
// Fig. 5 warp plan against the paper's Table I.
#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "hypergraph_test_support.h"
#include "solver/core/errors.h"
#include "solver/hypergraph/io/hypergraph_io.h"
#include "solver/hypergraph/warp_plan.h"

using namespace ms;
using namespace ms::hypergraph;
using namespace ms::hypergraph::testing;

namespace {

bool sameHypergraph(const Hypergraph& a, const Hypergraph& b) {
  return a.nodeCount() == b.nodeCount() && a.edgeOffsets() == b.edgeOffsets() &&
         a.pinArray() == b.pinArray() && a.edgeWeights() == b.edgeWeights() &&
         a.nodeWeights() == b.nodeWeights();
}

// The error a reader raises for `text`, or "" when it reads.
QString errorOf(const std::string& text, bool matrixMarket) {
  std::istringstream in(text);
  try {
    if (matrixMarket) {
      readMatrixMarket(in, "bad.mtx");
    } else {
      readHgr(in, "bad.hgr");
    }
  } catch (const InputError& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

std::vector<int32_t> columnCounts(const Hypergraph& g) {
  std::vector<int32_t> out;
  for (int32_t v = 0; v < g.nodeCount(); ++v) out.push_back(static_cast<int32_t>(g.edgesOf(v).size()));
  return out;
}

}  // namespace

class TestHypergraphIo : public QObject {
  Q_OBJECT

 private slots:
  void csrBothWaysAgree() {
    for (const RandomHypergraphSpec& spec : smallSpecs(30, baseSeed())) {
      const Hypergraph g = generateRandom(spec);
      int64_t pins = 0;
      for (int32_t v = 0; v < g.nodeCount(); ++v) {
        const auto edges = g.edgesOf(v);
        QVERIFY(std::is_sorted(edges.begin(), edges.end()));
        for (int32_t e : edges) {
          const auto p = g.pins(e);
          QVERIFY2(std::find(p.begin(), p.end(), v) != p.end(), qPrintable(describe(spec)));
        }
        pins += static_cast<int64_t>(edges.size());
      }
      QCOMPARE(pins, g.pinCount());
    }
  }

  void hgrRoundTripsInEveryFormat() {
    for (int format : {0, 1, 10, 11}) {
      RandomHypergraphSpec spec{
          17, 23, 5, format % 10 == 1 ? 9 : 1, format >= 10 ? 4 : 1, baseSeed() + format};
      const Hypergraph g = generateRandom(spec);
      std::ostringstream out;
      writeHgr(g, out);
      const std::string text = out.str();
      const std::string header = text.substr(0, text.find('\n'));
      QCOMPARE(QString::fromStdString(header),
               format == 0 ? QString("23 17") : QString("23 17 %1").arg(format));
      std::istringstream in(text);
      QVERIFY(sameHypergraph(readHgr(in, "round.hgr"), g));
    }
  }

  // Large enough for the threads: the lines are parsed in ranges (4,096 lines and up) and the node side is
  // built in buckets (2^18 pins and up). The node side is checked against one built here, pin by pin.
  void largeFilesReadOnTheThreadsAsWritten() {
    for (int format : {0, 11}) {
      const Hypergraph g = generateRandom(
          {30'000, 40'000, 24, format == 11 ? 50 : 1, format == 11 ? 7 : 1, baseSeed() + 101 + format});
      QVERIFY(g.pinCount() >= (int64_t{1} << 18));
      std::ostringstream out;
      writeHgr(g, out);
      std::istringstream in("% written by the test\n" + out.str());
      const Hypergraph read = readHgr(in, "large.hgr");
      QVERIFY(sameHypergraph(read, g));
      std::vector<std::vector<int32_t>> expected(static_cast<std::size_t>(g.nodeCount()));
      for (int32_t e = 0; e < g.edgeCount(); ++e) {
        for (int32_t v : g.pins(e)) expected[static_cast<std::size_t>(v)].push_back(e);
      }
      for (int32_t v = 0; v < read.nodeCount(); ++v) {
        const auto edges = read.edgesOf(v);
        QVERIFY2(std::vector<int32_t>(edges.begin(), edges.end()) == expected[static_cast<std::size_t>(v)],
                 qPrintable(QString("node %1, format %2").arg(v).arg(format)));
      }
    }
  }

  // With the lines parsed in ranges on several threads, the problem reported is still the first in the file:
  // a bad pin on line 15,002 before a bad token on line 19,002, both before the truncation at the end.
  void firstProblemInTheFileIsReported() {
    std::string text = "20000 50\n";
    for (int e = 0; e < 19'999; ++e) {
      text += e == 15'000   ? "1 51\n"
              : e == 19'000 ? "2 x\n"
                            : std::to_string(e % 50 + 1) + " " + std::to_string((e + 7) % 50 + 1) + "\n";
    }
    QCOMPARE(errorOf(text, false), QString("bad.hgr:15002: pin 51 is out of range 1..50"));
  }

  void hgrReadsCommentsAndUnsortedPins() {
    std::istringstream in("% a comment\n2 4 1\n3 4 1\n% between\n2 2 3\n");
    const Hypergraph g = readHgr(in, "x.hgr");
    QCOMPARE(g.edgeCount(), 2);
    QCOMPARE(g.edgeWeight(0), 3);
    QCOMPARE(std::vector<int32_t>(g.pins(0).begin(), g.pins(0).end()), (std::vector<int32_t>{0, 3}));
    QCOMPARE(std::vector<int32_t>(g.pins(1).begin(), g.pins(1).end()), (std::vector<int32_t>{1, 2}));
  }

  void matrixMarketVariants() {
    std::istringstream general(
        "%%MatrixMarket matrix coordinate real general\n% c\n3 4 4\n1 1 0.5\n1 4 2\n3 2 1e3\n2 2 -1\n");
    const Hypergraph g = readMatrixMarket(general, "g.mtx");
    QCOMPARE(g.edgeCount(), 3);
    QCOMPARE(g.nodeCount(), 4);
    QCOMPARE(std::vector<int32_t>(g.pins(0).begin(), g.pins(0).end()), (std::vector<int32_t>{0, 3}));
    QCOMPARE(g.pins(1).size(), std::size_t{1});
    std::istringstream symmetric(
        "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n1 1\n2 1\n3 2\n");
    const Hypergraph s = readMatrixMarket(symmetric, "s.mtx");
    QCOMPARE(s.pinCount(), int64_t{5});
    QCOMPARE(std::vector<int32_t>(s.pins(0).begin(), s.pins(0).end()), (std::vector<int32_t>{0, 1}));
    QCOMPARE(std::vector<int32_t>(s.pins(1).begin(), s.pins(1).end()), (std::vector<int32_t>{0, 2}));
    std::istringstream integer("%%MatrixMarket matrix coordinate integer general\n1 2 2\n1 2 7\n1 1 3\n");
    QCOMPARE(readMatrixMarket(integer, "i.mtx").pinCount(), int64_t{2});
  }

  void badFilesGetOneLineErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matrixMarket");
    QTest::addColumn<QString>("expected");
    QTest::newRow("pin out of range") << "2 3\n1 2\n1 4\n"
                                      << false << "bad.hgr:3: pin 4 is out of range 1..3";
    QTest::newRow("pin zero") << "1 3\n0 2\n" << false << "bad.hgr:2: pin 0 is out of range 1..3";
    QTest::newRow("duplicate pin") << "2 3\n1 2\n3 1 3\n"
                                   << false << "bad.hgr:3: duplicate pin 3 in hyperedge 2";
    QTest::newRow("truncated")
        << "3 3\n1 2\n2 3\n"
        << false << "bad.hgr:end of file: truncated: the header announces 3 hyperedges, the file has 2";
    QTest::newRow("too many lines") << "1 3\n1 2\n2 3\n"
                                    << false
                                    << "bad.hgr:3: more lines than the header announces (1 hyperedges)";
    QTest::newRow("missing node weights")
        << "1 3 10\n1 2\n5\n"
        << false << "bad.hgr:end of file: truncated: format 10 needs 3 node weights, the file has 1";
    QTest::newRow("bad format") << "1 3 2\n1 2\n"
                                << false << "bad.hgr:1: weight format 2 is not 0, 1, 10 or 11";
    QTest::newRow("not a number") << "1 3\n1 x\n" << false << "bad.hgr:2: pin 'x' is not an integer";
    QTest::newRow("negative weight")
        << "1 3 1\n-2 1 2\n"
        << false << "bad.hgr:2: hyperedge weight -2 must be a non-negative 32-bit integer";
    QTest::newRow("empty") << "" << false
                           << "bad.hgr:end of file: empty file: no 'hyperedges nodes [format]' header";
    QTest::newRow("mtx column out of range")
        << "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 3\n"
        << true << "bad.mtx:3: column 3 is out of range 1..2";
    QTest::newRow("mtx truncated")
        << "%%MatrixMarket matrix coordinate pattern general\n2 2 3\n1 1\n"
        << true << "bad.mtx:end of file: truncated: the size line announces 3 entries, the file has 1";
    QTest::newRow("mtx duplicate") << "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n1 1\n"
                                   << true << "bad.mtx: duplicate entry (1, 1)";
    QTest::newRow("mtx array")
        << "%%MatrixMarket matrix array real general\n2 2\n"
        << true << "bad.mtx:1: only 'matrix coordinate' files describe hypergraphs, not 'matrix array'";
    QTest::newRow("mtx complex") << "%%MatrixMarket matrix coordinate complex general\n"
                                 << true << "bad.mtx:1: field 'complex' is not pattern, integer or real";
    QTest::newRow("mtx missing value") << "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n"
                                       << true << "bad.mtx:3: missing value";
    QTest::newRow("mtx more entries than cells")
        << "%%MatrixMarket matrix coordinate pattern general\n5 5 900000000000\n"
        << true << "bad.mtx:2: entry count 900000000000 is more than 5 x 5 = 25";
    // Found by fuzz_hypergraph: the symmetric count doubled past 2^63.
    QTest::newRow("mtx symmetric count overflow")
        << "%%MatrixMarket matrix coordinate real symmetric\n3 3 6666666666666666600\n\n"
        << true << "bad.mtx:2: entry count 6666666666666666600 is more than 3 x 3 = 9";
    QTest::newRow("mtx huge")
        << "%%MatrixMarket matrix coordinate pattern general\n2000000000 2000000000 900000000000\n"
        << true << "cannot fit in memory";
  }
  void badFilesGetOneLineErrors() {
    QFETCH(QString, text);
    QFETCH(bool, matrixMarket);
    QFETCH(QString, expected);
    const QString error = errorOf(text.toStdString(), matrixMarket);
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(!error.contains('\n'));
  }

  void filesByExtensionAndPartitionFiles() {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "matchscope_hg_io";
    std::filesystem::create_directories(folder);
    const Hypergraph g = generateRandom({12, 9, 4, 3, 2, baseSeed()});
    writeHgrFile(g, folder / "g.hgr");
    QVERIFY(sameHypergraph(readHypergraph(folder / "g.hgr"), g));
    std::ofstream(folder / "g.txt") << "1 1\n1\n";
    QVERIFY_THROWS_EXCEPTION(InputError, readHypergraph(folder / "g.txt"));
    QVERIFY_THROWS_EXCEPTION(InputError, readHypergraph(folder / "missing.hgr"));
    const std::vector<uint8_t> partition = {0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0};
    writePartitionFile(partition, folder / "g.part");
    QCOMPARE(readPartitionFile(folder / "g.part", 12), partition);
    QVERIFY_THROWS_EXCEPTION(InputError, readPartitionFile(folder / "g.part", 13));
    std::filesystem::remove_all(folder);
  }

  // Table II: min, quartiles and max exactly, mean within 2 %, at a scaled size and (for the smallest
  // profile) the original size; the generated matrix's columns hold exactly those counts.
  void profilesFollowTableII() {
    for (Profile profile : kProfiles) {
      const ProfileStats& s = profileStats(profile);
      for (int32_t size : {std::max(4 * s.max, 20'000), profile == Profile::Stanford ? s.originalSize : 0}) {
        if (size == 0) continue;
        std::vector<int32_t> counts = profileColumnCounts(profile, size, baseSeed());
        std::sort(counts.begin(), counts.end());
        const auto at = [&](double q) { return counts[static_cast<std::size_t>(q * (size - 1))]; };
        const QString what = QString("%1 size %2").arg(QString::fromUtf8(s.name.data())).arg(size);
        QVERIFY2(counts.front() == s.min, qPrintable(what));
        QVERIFY2(at(0.25) == s.q1, qPrintable(what));
        QVERIFY2(at(0.5) == s.median, qPrintable(what));
        QVERIFY2(at(0.75) == s.q3, qPrintable(what));
        QVERIFY2(counts.back() == s.max, qPrintable(what));
        const double mean = std::accumulate(counts.begin(), counts.end(), 0.0) / size;
        QVERIFY2(std::abs(mean - s.mean) < 0.02 * s.mean, qPrintable(what + QString(" mean %1").arg(mean)));
      }
      const int32_t size = std::max(2 * s.max, 10'000);
      const Hypergraph g = generateProfile(profile, size, baseSeed());
      QCOMPARE(g.nodeCount(), size);
      QCOMPARE(g.edgeCount(), size);
      QCOMPARE(columnCounts(g), profileColumnCounts(profile, size, baseSeed()));
    }
  }

  void heavyColumnMatrix() {
    const Hypergraph g = generateHeavyColumns({5000, 20, 700, baseSeed()});
    QCOMPARE(g.nodeCount(), 5000);
    QCOMPARE(g.edgeCount(), 5000);
    for (int32_t v = 0; v < g.nodeCount(); ++v)
      QCOMPARE(g.edgesOf(v).size(), std::size_t{v < 20 ? 700u : 0u});
  }

  // Table I: node 3's hyperedges 1, 2, 4, 6 hold 1, 6, 3, 2 nonzeros; a warp of four lanes.
  void warpPlanMatchesTableI() {
    const std::vector<int64_t> sizes = {1, 6, 3, 2};
    const std::vector<LaneShare> shares = planWarp(sizes, 4);
    const int endRow[] = {1, 1, 2, 3}, endColumn[] = {2, 5, 2, 2}, startRow[] = {0, 1, 1, 2},
              startColumn[] = {0, 2, 5, 2};
    for (int lane = 0; lane < 4; ++lane) {
      QCOMPARE(shares[static_cast<std::size_t>(lane)].endRow, endRow[lane]);
      QCOMPARE(shares[static_cast<std::size_t>(lane)].endColumn, endColumn[lane]);
      QCOMPARE(shares[static_cast<std::size_t>(lane)].startRow, startRow[lane]);
      QCOMPARE(shares[static_cast<std::size_t>(lane)].startColumn, startColumn[lane]);
    }
  }

  // Every nonzero of a node's hyperedges is planned exactly once, and lanes differ by at most one batch
  // share (ceil(S / 32) per batch of 32 hyperedges).
  void warpPlanCoversEveryNonzeroOnce() {
    for (const RandomHypergraphSpec& base : smallSpecs(10, baseSeed())) {
      RandomHypergraphSpec spec = base;
      spec.edges = 40 + spec.edges * 3;
      spec.maxEdgeSize = 9;
      const Hypergraph g = generateRandom(spec);
      for (int32_t v = 0; v < g.nodeCount(); ++v) {
        std::vector<PlannedNonzero> plan = planNeighbourScan(g, v);
        std::vector<std::pair<int32_t, int32_t>> planned, expected;
        for (const PlannedNonzero& p : plan) planned.emplace_back(p.edge, p.node);
        for (int32_t e : g.edgesOf(v)) {
          for (int32_t k : g.pins(e)) expected.emplace_back(e, k);
        }
        std::sort(planned.begin(), planned.end());
        std::sort(expected.begin(), expected.end());
        QVERIFY2(planned == expected, qPrintable(describe(spec)));
        for (const PlannedNonzero& p : plan) QVERIFY(p.lane >= 0 && p.lane < kWarpWidth);
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestHypergraphIo)
#include "test_hypergraph_io.moc"
