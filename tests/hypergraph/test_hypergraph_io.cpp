// Hypergraph files and generators: .hgr round trips in every weight format, Matrix Market variants, one-line
// errors for bad files, Table II statistics of the generated profiles, the heavy-column matrix, and the
// Fig. 5 warp plan against the paper's Table I.
#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
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

  // Lines as people write them, in a file of many chunks for the threads: comments among the hyperedges,
  // blank lines (empty hyperedges), CRLF endings, unsorted pins, '+' signs, tabs, runs of spaces, leading
  // zeros (past the fast path's 10 digits too), one line longer than a chunk, no final newline. The file
  // reads as the hypergraph it was written from.
  void unusualLinesReadOnTheThreadsAsWritten() {
    for (int format : {0, 1, 11}) {
      const uint64_t seed = baseSeed() + 211 + static_cast<uint64_t>(format);
      std::mt19937_64 random(seed);
      const auto below = [&](uint64_t n) { return static_cast<int32_t>(random() % n); };
      const int32_t nodes = 70'000, edges = 40'000;
      const bool edgeWeighted = format % 10 == 1, nodeWeighted = format >= 10;
      const auto number = [&](int64_t value) {
        const int style = below(40);
        const std::string digits = std::to_string(value);
        return style == 0   ? "+" + digits
               : style == 1 ? "00" + digits
               : style == 2 ? std::string(12, '0') + digits
                            : digits;
      };
      const auto separator = [&] {
        const int style = below(20);
        return std::string(style == 0 ? "\t" : style == 1 ? " \t  " : " ");
      };
      std::vector<int64_t> offsets{0};
      std::vector<int32_t> pins, edgeWeights, nodeWeights;
      std::string text = "% written by the test\n" + std::to_string(edges) + " " + std::to_string(nodes) +
                         (format != 0 ? " " + std::to_string(format) : "") + "\n";
      std::vector<int32_t> all(static_cast<std::size_t>(nodes));
      std::iota(all.begin(), all.end(), 0);
      for (int32_t e = 0; e < edges; ++e) {
        const std::string end = below(2) == 0 ? "\r\n" : "\n";
        if (below(30) == 0) text += "% a comment 1 2 x" + end;
        std::vector<int32_t> edge;
        if (e == edges / 2) {
          edge = all;  // about 400 KB: longer than a chunk
        } else {
          const int32_t size = below(8) == 0 ? 0 : 1 + below(20);
          for (int32_t k = 0; k < size; ++k) edge.push_back(below(static_cast<uint64_t>(nodes)));
          std::sort(edge.begin(), edge.end());
          edge.erase(std::unique(edge.begin(), edge.end()), edge.end());
        }
        std::vector<int32_t> written = edge;
        if (below(3) == 0) std::shuffle(written.begin(), written.end(), random);
        std::string line = below(10) == 0 ? separator() : "";
        if (edgeWeighted) {
          edgeWeights.push_back(below(1000));
          line += number(edgeWeights.back());
        }
        for (int32_t pin : written)
          line += (line.empty() || line.back() == '\t' ? "" : separator()) + number(pin + 1);
        if (below(10) == 0) line += separator();
        text += line + end;
        pins.insert(pins.end(), edge.begin(), edge.end());
        offsets.push_back(static_cast<int64_t>(pins.size()));
      }
      for (int32_t v = 0; nodeWeighted && v < nodes; ++v) {
        if (below(1000) == 0) text += "%\n\n";
        nodeWeights.push_back(below(50));
        text += number(nodeWeights.back()) + (below(2) == 0 ? "\r\n" : "\n");
      }
      while (text.back() == '\n' || text.back() == '\r') text.pop_back();
      const Hypergraph expected(nodes, offsets, pins, edgeWeights, nodeWeights);
      std::istringstream in(text);
      QVERIFY2(sameHypergraph(readHgr(in, "unusual.hgr"), expected),
               qPrintable(QString("format %1, seed %2").arg(format).arg(seed)));
    }
  }

  // A bad line anywhere in a large file (first, last, at any chunk boundary or thread range) is reported with
  // its number and message as a line-by-line read reports it, before a later bad line and the truncation.
  void badLineAnywhereIsReportedAtItsNumber() {
    const uint64_t seed = baseSeed() + 307;
    std::mt19937_64 random(seed);
    const int32_t edges = 90'000;
    std::vector<std::string> lines;  // the hyperedge section, comments included
    std::vector<int64_t> lineOfEdge;
    for (int32_t e = 0; e < edges; ++e) {
      if (random() % 40 == 0) lines.push_back("% comment");
      lineOfEdge.push_back(static_cast<int64_t>(lines.size()) + 2);
      lines.push_back(std::to_string(random() % 500 + 1) + " " + std::to_string(random() % 500 + 501) +
                      (random() % 2 == 0 ? "\r" : ""));
    }
    const std::pair<std::string, std::string> bad[] = {
        {"3 1001", "pin 1001 is out of range 1..1000"},
        {"3 x", "pin 'x' is not an integer"},
        {"4 12+5 6", "pin '12+5' is not an integer"},
        {"+", "pin '+' is not an integer"},
        {"7 -3", "pin -3 is out of range 1..1000"},
        {"1\r2", "pin '1\r2' is not an integer"},
        {"0000000000000000000001 1001", "pin 1001 is out of range 1..1000"},
        {"12345678901234567890123", "pin '12345678901234567890123' is not an integer"},
        {"9 5 9", "duplicate pin 9 in hyperedge %1"},
    };
    for (int trial = 0; trial < 18; ++trial) {
      const int32_t e = trial == 0 ? 0 : trial == 1 ? edges - 1 : static_cast<int32_t>(random() % edges);
      const auto& [line, message] = bad[static_cast<std::size_t>(trial) % std::size(bad)];
      std::vector<std::string> withBad = lines;
      const auto at = [&](int32_t edge) {
        return static_cast<std::size_t>(lineOfEdge[static_cast<std::size_t>(edge)] - 2);
      };
      withBad[at(e)] = line;
      if (e + 1 < edges)
        withBad[at(e + 1 + static_cast<int32_t>(random() % static_cast<uint64_t>(edges - e - 1)))] = "1 1";
      std::string text = std::to_string(edges + 1) + " 1000\n";
      for (const std::string& l : withBad) text += l + "\n";
      QString expected = QString("bad.hgr:%1: ").arg(lineOfEdge[static_cast<std::size_t>(e)]) +
                         QString::fromStdString(message);
      expected.replace("%1", QString::number(e + 1));
      QCOMPARE(errorOf(text, false), expected);
    }
    std::string text = std::to_string(edges) + " 1000\n";
    for (const std::string& l : lines) text += l + "\n";
    QCOMPARE(errorOf(text + "% end\n\n4 5\n", false),
             QString("bad.hgr:%1: more lines than the header announces (%2 hyperedges)")
                 .arg(lines.size() + 4)
                 .arg(edges));
    QVERIFY(errorOf(text, false).isEmpty());
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
