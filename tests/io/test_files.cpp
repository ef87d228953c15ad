// The one output path (writeFileAtomically) and the one input path (InputSource) of the project: what they
// write through, write in place or refuse, and that a failure leaves nothing behind (issue 14).
#include <QtTest/QtTest>

#include <QTemporaryDir>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"
#include "solver/core/input_file.h"

using namespace ms;

namespace {

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string makeFile(const QTemporaryDir& dir, const QString& name, const std::string& bytes) {
  const std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

void writeText(const std::string& path, const std::string& text) {
  writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

// The message writeFileAtomically threw, or "" when it did not throw.
std::string writeError(const std::string& path, const std::function<void(std::ostream&)>& write) {
  try {
    writeFileAtomically(path, write);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

QStringList entries(const QTemporaryDir& dir) {
  return QDir(dir.path())
      .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

struct stat statOf(const std::string& path, bool followLink) {
  struct stat info {};
  (followLink ? ::stat : ::lstat)(path.c_str(), &info);
  return info;
}

std::string inputError(const std::string& path) {
  try {
    InputSource::open(path);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

class TestFiles : public QObject {
  Q_OBJECT

 private slots:
  void replacesARegularFileAndKeepsItsPermissions() {
    QTemporaryDir dir;
    const std::string path = makeFile(dir, "out.csv", "old contents\n");
    QCOMPARE(::chmod(path.c_str(), 0640), 0);
    writeText(path, "new\n");
    QCOMPARE(readBytes(path), std::string("new\n"));
    QCOMPARE(statOf(path, false).st_mode & 07777, 0640u);
    QCOMPARE(entries(dir), QStringList({"out.csv"}));
  }

  void aFailedWriteLeavesTheOldFileAndNoTemporary() {
    QTemporaryDir dir;
    const std::string path = makeFile(dir, "out.csv", "old\n");
    const std::string error = writeError(path, [](std::ostream& out) {
      out << std::string(200000, 'x');  // more than one buffer: part of it reached the temporary file
      throw std::runtime_error("encoder failed");
    });
    QCOMPARE(error, std::string("encoder failed"));
    QCOMPARE(readBytes(path), std::string("old\n"));
    QCOMPARE(entries(dir), QStringList({"out.csv"}));
  }

  void followsSymbolicLinksToTheirTarget() {
    QTemporaryDir dir;
    const std::string target = makeFile(dir, "target.csv", "old\n");
    const std::string first = dir.filePath("first.csv").toStdString(),
                      second = dir.filePath("second.csv").toStdString();
    QCOMPARE(::symlink("target.csv", first.c_str()), 0);  // relative links, resolved from their own folder
    QCOMPARE(::symlink("first.csv", second.c_str()), 0);
    writeText(second, "new\n");
    QCOMPARE(readBytes(target), std::string("new\n"));
    QVERIFY(S_ISLNK(statOf(first, false).st_mode));
    QVERIFY(S_ISLNK(statOf(second, false).st_mode));
    // A dangling link: its target is created, as the shell's `>` does.
    const std::string dangling = dir.filePath("dangling.csv").toStdString();
    QCOMPARE(::symlink("created.csv", dangling.c_str()), 0);
    writeText(dangling, "made\n");
    QVERIFY(S_ISLNK(statOf(dangling, false).st_mode));
    QCOMPARE(readBytes(dir.filePath("created.csv").toStdString()), std::string("made\n"));
  }

  // Through a link in a temporary folder, never the device's own path, so that a broken build replaces the
  // link rather than the device (tests may run as root).
  void aFullDeviceFailsWithTheSystemsReason() {
    QTemporaryDir dir;
    const std::string link = dir.filePath("full.csv").toStdString();
    QCOMPARE(::symlink("/dev/full", link.c_str()), 0);
    const struct stat device = statOf("/dev/full", false);
    QCOMPARE(writeError(link, [](std::ostream& out) { out << "row,col\n0,1\n"; }),
             link + ": No space left on device");
    QVERIFY(S_ISLNK(statOf(link, false).st_mode));
    QVERIFY(S_ISCHR(statOf("/dev/full", false).st_mode));
    QCOMPARE(statOf("/dev/full", false).st_rdev, device.st_rdev);
    QCOMPARE(entries(dir), QStringList({"full.csv"}));
  }

  void theNullDeviceIsWrittenInPlace() {
    QTemporaryDir dir;
    const std::string link = dir.filePath("null.csv").toStdString();
    QCOMPARE(::symlink("/dev/null", link.c_str()), 0);
    writeText(link, std::string(300000, 'y'));
    QVERIFY(S_ISLNK(statOf(link, false).st_mode));
    QVERIFY(S_ISCHR(statOf("/dev/null", false).st_mode));
    QCOMPARE(entries(dir), QStringList({"null.csv"}));
  }

  void aFifoIsWrittenInPlace() {
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("pipe").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    auto received = std::make_shared<std::string>();
    std::thread reader([fifo, received] { *received = readBytes(fifo); });
    const std::string text(100000, 'z');
    writeText(fifo, text);
    if (!S_ISFIFO(statOf(fifo, false).st_mode)) {
      reader.detach();  // it may wait forever on the FIFO that was replaced
      QFAIL("the FIFO was replaced");
    }
    reader.join();
    QCOMPARE(received->size(), text.size());
  }

  void aFolderIsNotAnOutputFile() {
    QTemporaryDir dir;
    const std::string folder = dir.path().toStdString();
    QCOMPARE(writeError(folder, [](std::ostream& out) { out << "x"; }), folder + ": Is a directory");
    QVERIFY(entries(dir).isEmpty());
  }

  void aMissingOrReadOnlyFolderIsReported() {
    QTemporaryDir dir;
    const std::string missing = dir.filePath("no/such/out.csv").toStdString();
    QCOMPARE(writeError(missing, [](std::ostream& out) { out << "x"; }),
             missing + ": cannot create a file in " + dir.filePath("no/such").toStdString() +
                 ": No such file or directory");
    const QString readOnly = dir.filePath("ro");
    QVERIFY(QDir(dir.path()).mkdir("ro"));
    QCOMPARE(::chmod(readOnly.toLocal8Bit().constData(), 0555), 0);
    if (::access(readOnly.toLocal8Bit().constData(), W_OK) == 0)
      QSKIP("running as root: a read-only folder is writable");
    const std::string path = (readOnly + "/out.csv").toStdString();
    QCOMPARE(writeError(path, [](std::ostream& out) { out << "x"; }),
             path + ": cannot create a file in " + readOnly.toStdString() + ": Permission denied");
    QVERIFY(QDir(readOnly).isEmpty());
  }

  void readsOnlyRegularFiles() {
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("pipe.txt").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QCOMPARE(inputError("/dev/zero"), std::string("/dev/zero: is a character device, not a regular file"));
    QCOMPARE(inputError(fifo),
             fifo + ": is a FIFO (named pipe), not a regular file (use - to read standard input)");
    const std::string folder = dir.path().toStdString();
    QCOMPARE(inputError(folder), folder + ": is a directory");
    // A link to a regular file is read; its size is the target's.
    const std::string target = makeFile(dir, "m.txt", "1 2\n");
    const std::string link = dir.filePath("link.txt").toStdString();
    QCOMPARE(::symlink("m.txt", link.c_str()), 0);
    InputSource source = InputSource::open(link);
    QCOMPARE(source.size(), 4u);
    QCOMPARE(source.readAll(100), std::string("1 2\n"));
  }

  void standardInputIsReadUpToItsLimit() {
    QTemporaryDir dir;
    const std::string path = makeFile(dir, "stdin.txt", "0123456789");
    QVERIFY(std::freopen(path.c_str(), "rb", stdin) != nullptr);
    try {
      InputSource::open("-", 9);
      QFAIL("10 bytes passed a limit of 9");
    } catch (const InputError& error) {
      QCOMPARE(std::string(error.what()),
               std::string("<stdin>: input larger than 9 bytes (the most this reader takes)"));
    }
    QVERIFY(std::freopen(path.c_str(), "rb", stdin) != nullptr);
    InputSource source = InputSource::open("-", 10);
    QCOMPARE(source.name(), std::string("<stdin>"));
    QCOMPARE(source.size(), 10u);
    QCOMPARE(source.readAll(10), std::string("0123456789"));
  }

  void readAllRefusesMoreThanItsLimit() {
    InputSource source = InputSource::fromBytes("0123456789", "memory");
    try {
      source.readAll(5);
      QFAIL("no error");
    } catch (const InputError& error) {
      QCOMPARE(std::string(error.what()),
               std::string("memory: input larger than 5 bytes (the most this reader takes)"));
    }
  }

  void skipsOnlyACompleteByteOrderMark() {
    for (const auto& [bytes, rest] : {std::pair<std::string, std::string>{"\xEF\xBB\xBF"
                                                                          "12",
                                                                          "12"},
                                      {"12", "12"},
                                      {"\xEF\xBB"
                                       "12",
                                       "\xEF\xBB"
                                       "12"},
                                      {"\xEF", "\xEF"},
                                      {"", ""}}) {
      InputSource source = InputSource::fromBytes(bytes, "m");
      skipUtf8ByteOrderMark(source.stream());
      QCOMPARE(source.readAll(100), rest);
    }
  }
};

QTEST_GUILESS_MAIN(TestFiles)
#include "test_files.moc"
