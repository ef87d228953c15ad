// Cost matrix files: text and .npy reading, writing, type inference, and one-line errors for bad input.
#include <QtTest/QtTest>

#include <QTemporaryDir>
#include <fstream>
#include <limits>
#include <random>
#include <tuple>

#include "solver/core/errors.h"
#include "solver/lap/batch/batch_lap.h"
#include "solver/lap/io/matrix_io.h"

using namespace ms;
using namespace ms::lap;

namespace {

std::string writeFile(const QTemporaryDir& dir, const QString& name, const std::string& bytes) {
  const std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// A .npy header for the given dictionary, padded like NumPy's (data 64-byte aligned).
std::string npyHeader(const std::string& dictionary) {
  std::string dict = dictionary;
  const std::size_t unpadded = 6 + 2 + 2 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  std::string out = "\x93NUMPY";
  out.push_back(1);
  out.push_back(0);
  out.push_back(static_cast<char>(dict.size() & 0xff));
  out.push_back(static_cast<char>(dict.size() >> 8));
  return out + dict;
}

template <CostType T>
CostMatrix<T> randomMatrix(int32_t rows, int32_t cols, uint64_t seed) {
  std::mt19937_64 random(seed);
  CostMatrix<T> costs(rows, cols);
  for (int64_t k = 0; k < costs.size(); ++k) {
    if constexpr (std::is_integral_v<T>) {
      costs.data()[k] = std::uniform_int_distribution<T>(std::numeric_limits<T>::min() / 2,
                                                         std::numeric_limits<T>::max() / 2)(random);
    } else {
      costs.data()[k] = (k % 7 == 3) ? std::numeric_limits<T>::infinity()
                                     : std::uniform_real_distribution<T>(-1e6, 1e6)(random) / T(3);
    }
  }
  return costs;
}

template <CostType T>
bool identical(const CostMatrix<T>& a, const CostMatrix<T>& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && std::equal(a.data(), a.data() + a.size(), b.data());
}

}  // namespace

class TestLapIo : public QObject {
  Q_OBJECT

 private slots:
  void readsWhitespaceCommasAndComments() {
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "m.txt",
                                       "# a 3 x 3 instance\n"
                                       "1 2 3   # trailing comment\n"
                                       "\n"
                                       "  4\t5 6\r\n"
                                       "7, 8 ,9,\n");
    const AnyCostMatrix read = readCostMatrix(path);
    QVERIFY(std::holds_alternative<CostMatrix<int32_t>>(read));
    const auto& m = std::get<CostMatrix<int32_t>>(read);
    QCOMPARE(m.rows(), 3);
    QCOMPARE(m.cols(), 3);
    for (int32_t k = 0; k < 9; ++k) QCOMPARE(m.data()[k], k + 1);
  }

  // Spreadsheet exports start with a UTF-8 byte-order mark; it is not part of the first number.
  void acceptsAByteOrderMark() {
    QTemporaryDir dir;
    const auto costs = std::get<CostMatrix<int32_t>>(readCostMatrix(writeFile(dir, "bom.csv",
                                                                              "\xEF\xBB\xBF"
                                                                              "7,2\n3,4\n")));
    QCOMPARE(costs(0, 0), 7);
    QCOMPARE(costs(1, 1), 4);
    const auto comment =
        std::get<CostMatrix<int32_t>>(readCostMatrix(writeFile(dir, "bomc.txt", "\xEF\xBB\xBF# c\n5\n")));
    QCOMPARE(comment(0, 0), 5);
  }

  void infersTheNarrowestExactType() {
    QTemporaryDir dir;
    QVERIFY(
        std::holds_alternative<CostMatrix<int32_t>>(readCostMatrix(writeFile(dir, "a.txt", "1 -2\n+3 4\n"))));
    const AnyCostMatrix wide = readCostMatrix(writeFile(dir, "b.txt", "1 3000000000\n3 4\n"));
    QVERIFY(std::holds_alternative<CostMatrix<int64_t>>(wide));
    QCOMPARE(std::get<CostMatrix<int64_t>>(wide)(0, 1), int64_t{3000000000});
    const AnyCostMatrix real = readCostMatrix(writeFile(dir, "c.txt", "1 2.5\ninf 1e3\n"));
    QVERIFY(std::holds_alternative<CostMatrix<double>>(real));
    const auto& r = std::get<CostMatrix<double>>(real);
    QCOMPARE(r(0, 0), 1.0);
    QCOMPARE(r(0, 1), 2.5);
    QVERIFY(isForbidden(r(1, 0)));
    QCOMPARE(r(1, 1), 1000.0);
  }

  void roundTripsEveryTypeThroughBothFormats() {
    QTemporaryDir dir;
    auto check = [&](const auto& original, const char* type) {
      for (const char* extension : {".npy", ".txt"}) {
        const std::string path = dir.filePath(QString("m_%1%2").arg(type, extension)).toStdString();
        writeCostMatrix(AnyCostMatrix(original), path);
        const AnyCostMatrix back = readCostMatrix(path);
        using Matrix = std::decay_t<decltype(original)>;
        if (std::string(extension) == ".npy") {
          QVERIFY2(std::holds_alternative<Matrix>(back), type);
          QVERIFY2(identical(original, std::get<Matrix>(back)), type);
        } else {
          // Text keeps the values exactly; floats come back as float64 and integers as the narrowest type.
          std::visit(
              [&](const auto& read) {
                QCOMPARE(read.rows(), original.rows());
                for (int64_t k = 0; k < original.size(); ++k) {
                  QCOMPARE(static_cast<double>(read.data()[k]), static_cast<double>(original.data()[k]));
                }
              },
              back);
        }
      }
    };
    check(randomMatrix<int32_t>(7, 5, 1), "i4");
    check(randomMatrix<int64_t>(4, 9, 2), "i8");
    check(randomMatrix<float>(6, 6, 3), "f4");
    check(randomMatrix<double>(3, 8, 4), "f8");
  }

  void readsFortranOrderAsTheSameMatrix() {
    QTemporaryDir dir;
    // Headers are padded so data starts at a multiple of 64: these dictionaries give a 128-byte header.
    // Logical matrix [[1,2,3],[4,5,6]] stored column by column.
    std::string bytes = npyHeader("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }");
    for (double v : {1.0, 4.0, 2.0, 5.0, 3.0, 6.0}) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
    const auto m = std::get<CostMatrix<double>>(readCostMatrix(writeFile(dir, "f.npy", bytes)));
    QCOMPARE(m.rows(), 2);
    QCOMPARE(m.cols(), 3);
    for (int32_t k = 0; k < 6; ++k) QCOMPARE(m.data()[k], k + 1.0);
  }

  void badInputGivesOneLineErrors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");  // what follows "<path>"
    QTest::newRow("ragged") << "r.txt" << QByteArray("1 2 3\n4 5 6\n7 8\n")
                            << ":3: row has 2 values, expected 3 (as on line 1)";
    QTest::newRow("not a number") << "n.txt" << QByteArray("1 2\n3 x4\n") << ":2: 'x4' is not a number";
    QTest::newRow("NaN") << "nan.txt" << QByteArray("# c\n1 nan\n2 3\n")
                         << ":2: NaN is not a cost (use inf to forbid a pair)";
    QTest::newRow("-inf") << "m.txt" << QByteArray("1 2\n-inf 3\n")
                          << ":2: -inf is not a cost (use inf to forbid a pair)";
    QTest::newRow("empty") << "e.txt" << QByteArray("") << ": empty file: no cost rows";
    QTest::newRow("comments only") << "c.txt" << QByteArray("# nothing\n\n   \n")
                                   << ": empty file: no cost rows";
    QTest::newRow("empty field") << "f.csv" << QByteArray("1,2\n3,,4\n") << ":2: empty value between commas";
    const QByteArray valid =
        QByteArray::fromStdString(npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (3, 3), }"));
    QTest::newRow("npy truncated") << "t.npy" << (valid + QByteArray(20, '\0'))
                                   << ":offset 148: truncated: file ends after 20 of 36 data bytes";
    QTest::newRow("npy magic") << "g.npy" << QByteArray("PK\x03\x04 not numpy")
                               << ":offset 0: not a .npy file (bad magic)";
    QTest::newRow("npy dtype")
        << "u.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<u2', 'fortran_order': False, 'shape': (2, 2), }")) +
               QByteArray(8, '\0')
        << ":offset 10: unsupported element type '<u2' (expected int32, int64, float32 or float64)";
    QTest::newRow("npy big-endian") << "b.npy"
                                    << QByteArray::fromStdString(npyHeader(
                                           "{'descr': '>f8', 'fortran_order': False, 'shape': (1, 1), }")) +
                                           QByteArray(8, '\0')
                                    << ":offset 10: big-endian data ('>f8') is not supported";
    QTest::newRow("npy 1-D") << "v.npy"
                             << QByteArray::fromStdString(
                                    npyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }")) +
                                    QByteArray(32, '\0')
                             << ":offset 60: expected a 2-D matrix, found shape (4,)";
    // Header fields: offsets point into the dictionary, which starts at byte 10 ('(' of the shape at 60).
    QTest::newRow("npy negative dimension")
        << "neg.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (-3, 3), }")) +
               QByteArray(36, '\0')
        << ":offset 61: dimension '-3' is not a non-negative integer";
    QTest::newRow("npy fractional dimension")
        << "frac.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (3.0, 3), }")) +
               QByteArray(36, '\0')
        << ":offset 61: dimension '3.0' is not a non-negative integer";
    QTest::newRow("npy huge dimension")
        << "huge.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (99999999999999999999, 3), }"))
        << ":offset 61: dimension too large";
    QTest::newRow("npy unknown key")
        << "key.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 1), 'extra': 1, }")) +
               QByteArray(4, '\0')
        << ":offset 68: unexpected or repeated key 'extra' in the header";
    QTest::newRow("npy repeated key")
        << "twice.npy"
        << QByteArray::fromStdString(
               npyHeader("{'descr': '<i4', 'descr': '<f8', 'fortran_order': False, 'shape': (1, 1), }")) +
               QByteArray(8, '\0')
        << ":offset 27: unexpected or repeated key 'descr' in the header";
    QTest::newRow("npy missing key") << "miss.npy"
                                     << QByteArray::fromStdString(
                                            npyHeader("{'descr': '<i4', 'shape': (1, 1), }")) +
                                            QByteArray(4, '\0')
                                     << ":offset 10: header has no 'fortran_order'";
    QTest::newRow("npy fortran_order not a bool")
        << "order.npy"
        << QByteArray::fromStdString(npyHeader("{'descr': '<i4', 'fortran_order': 0, 'shape': (1, 1), }")) +
               QByteArray(4, '\0')
        << ":offset 44: fortran_order must be True or False";
    // The header declares 98 of its 118 bytes: the dictionary fits, but padding without the newline follows
    // ("}" ends at byte 69).
    QByteArray shortened = valid + QByteArray(36, '\0');
    shortened[8] = 98;
    QTest::newRow("npy header length short") << "short.npy" << shortened
                                             << ":offset 69: header length 98 does not match its dictionary "
                                                "(expected spaces and a newline after '}')";
    QByteArray cut = valid + QByteArray(36, '\0');
    cut[8] = 40;
    QTest::newRow("npy header length cuts the dictionary")
        << "cut.npy" << cut << ":offset 50: header ends inside its dictionary (header length does not match)";
    QByteArray version2 = QByteArray("\x93NUMPY\x02\x00\xf0\xff\xff\xff{}", 14);
    QTest::newRow("npy header length beyond the file")
        << "v2.npy" << version2 << ":offset 12: truncated header (expected 4294967280 bytes, the file has 2)";
    QTest::newRow("npy NaN") << "x.npy"
                             << QByteArray::fromStdString(npyHeader(
                                    "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }")) +
                                    QByteArray::fromRawData("\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\xf8\x7f", 16)
                             << ":offset 136: NaN is not a cost (use inf to forbid a pair)";
  }

  void badInputGivesOneLineErrors() {
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, name, content.toStdString());
    try {
      readCostMatrix(path);
      QFAIL("no error for bad input");
    } catch (const InputError& error) {
      QCOMPARE(QString(error.what()), QString::fromStdString(path) + expected);
      QVERIFY(!QString(error.what()).contains('\n'));
    }
  }

  void refusesMatricesLargerThanMemory() {
    QTemporaryDir dir;
    const std::string path =
        writeFile(dir, "huge.npy",
                  npyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (2000000, 2000000), }"));
    try {
      readCostMatrix(path);
      QFAIL("a 32 TB matrix was accepted");
    } catch (const InputError& error) {
      const QString message = error.what();
      QVERIFY2(message.startsWith(QString::fromStdString(path) +
                                  ":offset 128: a 2000000 x 2000000 matrix of 8-byte costs needs 32000.0 GB"),
               qPrintable(message));
    }
  }

  // Each rank's rows or columns of a square .npy, read by offset, in C and in Fortran order.
  void npySlicesAreTheMatrixParts() {
    QTemporaryDir dir;
    std::mt19937_64 random(20261125);
    for (int trial = 0; trial < 6; ++trial) {
      const auto n = static_cast<int32_t>(std::uniform_int_distribution<int>(1, 23)(random));
      const auto costs = randomMatrix<double>(n, n, random());
      const std::string cOrder = dir.filePath("c.npy").toStdString();
      writeNpyMatrix(costs, cOrder);
      std::string bytes = npyHeader("{'descr': '<f8', 'fortran_order': True, 'shape': (" + std::to_string(n) +
                                    ", " + std::to_string(n) + "), }");
      for (int32_t j = 0; j < n; ++j) {
        for (int32_t i = 0; i < n; ++i)
          bytes.append(reinterpret_cast<const char*>(&costs(i, j)), sizeof(double));
      }
      const std::string fortranOrder = writeFile(dir, "f.npy", bytes);
      for (const std::string& path : {cOrder, fortranOrder}) {
        for (const SliceAxis axis : {SliceAxis::Rows, SliceAxis::Columns}) {
          for (const int ranks : {1, 2, 3}) {
            for (int rank = 0; rank < ranks; ++rank) {
              MatrixSlice slice;
              const auto part = std::get<CostMatrix<double>>(readNpySlice(path, axis, rank, ranks, &slice));
              const MatrixSlice expected = sliceOf(n, axis, rank, ranks);
              QCOMPARE(std::tie(slice.rowBegin, slice.rowEnd, slice.colBegin, slice.colEnd),
                       std::tie(expected.rowBegin, expected.rowEnd, expected.colBegin, expected.colEnd));
              QCOMPARE(part.rows(), slice.rows());
              QCOMPARE(part.cols(), slice.cols());
              for (int32_t i = slice.rowBegin; i < slice.rowEnd; ++i) {
                for (int32_t j = slice.colBegin; j < slice.colEnd; ++j) {
                  QCOMPARE(part(i - slice.rowBegin, j - slice.colBegin), costs(i, j));
                }
              }
            }
          }
        }
      }
    }
  }

  void npySliceNeedsASquareMatrix() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("r.npy").toStdString();
    writeNpyMatrix(randomMatrix<int32_t>(3, 4, 1), path);
    MatrixSlice slice;
    try {
      readNpySlice(path, SliceAxis::Rows, 0, 2, &slice);
      QFAIL("a 3 x 4 matrix was sliced");
    } catch (const InputError& error) {
      QCOMPARE(QString(error.what()),
               QString::fromStdString(path) +
                   ":offset 128: a distributed solve takes a square matrix, found 3 x 4");
    }
    // Standard input has no offsets, and is refused before a byte of it is read.
    QVERIFY_THROWS_EXCEPTION(InputError, readNpySlice("-", SliceAxis::Rows, 0, 2, &slice));
  }

  // A 3-D (problems, rows, cols) array reads as its problems stacked row-wise; a batch refuses other shapes
  // and Fortran order, and a 2-D read refuses 3-D arrays.
  void npyBatchesReadStacked() {
    QTemporaryDir dir;
    std::string bytes = npyHeader("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2, 3), }");
    for (int32_t v = 1; v <= 12; ++v) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
    const std::string path = writeFile(dir, "b.npy", bytes);
    int32_t problems = 0;
    auto stacked = std::get<CostMatrix<int32_t>>(readNpyBatch(path, &problems));
    QCOMPARE(problems, 2);
    QCOMPARE(stacked.rows(), 4);
    QCOMPARE(stacked.cols(), 3);
    for (int32_t k = 0; k < 12; ++k) QCOMPARE(stacked.data()[k], k + 1);
    // Rectangular problems are padded to square with zeros, each on its own.
    const BatchCosts<int32_t> batch = BatchCosts<int32_t>::fromStacked(std::move(stacked), problems);
    QCOMPARE(batch.n(), 3);
    const int32_t second[] = {7, 8, 9, 10, 11, 12, 0, 0, 0};
    QVERIFY(std::equal(second, second + 9, batch.problem(1)));
    QVERIFY_THROWS_EXCEPTION(InputError, readCostMatrix(path));
    const std::string flat = dir.filePath("flat.npy").toStdString();
    writeNpyMatrix(randomMatrix<int32_t>(3, 4, 1), flat);
    try {
      readNpyBatch(flat, &problems);
      QFAIL("a 2-D array read as a batch");
    } catch (const InputError& error) {
      QCOMPARE(QString(error.what()),
               QString::fromStdString(flat) +
                   ":offset 60: expected a 3-D batch (problems, rows, cols), found shape (3, 4)");
    }
    const std::string fortran = writeFile(
        dir, "f.npy",
        npyHeader("{'descr': '<i4', 'fortran_order': True, 'shape': (1, 1, 1), }") + std::string(4, '\0'));
    QVERIFY_THROWS_EXCEPTION(InputError, readNpyBatch(fortran, &problems));
    for (const char* shape : {"(0, 4, 4)", "(2, 0, 4)", "(2, 4, 0)"}) {
      const std::string empty = writeFile(
          dir, "e.npy",
          npyHeader(std::string("{'descr': '<f8', 'fortran_order': False, 'shape': ") + shape + ", }"));
      try {
        readNpyBatch(empty, &problems);
        QFAIL("an empty batch read");
      } catch (const InputError& error) {
        QVERIFY2(QString(error.what()).endsWith(QString("empty batch, shape ") + shape), error.what());
      }
    }
  }

  void missingFileIsNamed() {
    try {
      readCostMatrix("/nonexistent/costs.txt");
      QFAIL("no error");
    } catch (const InputError& error) {
      QCOMPARE(QString(error.what()), QString("/nonexistent/costs.txt: No such file or directory"));
    }
  }
};

QTEST_GUILESS_MAIN(TestLapIo)
#include "test_lap_io.moc"
