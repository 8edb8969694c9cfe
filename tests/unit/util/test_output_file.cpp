// The one output writer (sim/util/output_file.h): whole files via a renamed temporary, devices
// written in place with every write checked, errors naming the path and the OS error, and the
// temporary files removed on SIGTERM.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/util/output_file.h"
#include "tests/test_files.h"

namespace {

namespace fs = std::filesystem;
using netcosim::util::check_output_path;
using netcosim::util::OutputError;
using netcosim::util::prepare_output_dir;
using netcosim::util::write_output_file;

std::string fresh_dir() {
  return netcosim::test::fresh_dir("netcosim-output-");
}
using netcosim::test::names_in;
using netcosim::test::read_text;

// The message of the OutputError that f throws ("" if none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

TEST(OutputFile, NewFileHasExactlyTheContentAndNoTemporaryRemains) {
  const std::string dir = fresh_dir();
  const std::string content = std::string(300000, 'a') + "\nend\n";
  write_output_file(dir + "/out.txt", content);
  EXPECT_EQ(read_text(dir + "/out.txt"), content);
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"out.txt"});
}

TEST(OutputFile, ReplacingAFileKeepsItsPermissions) {
  const std::string dir = fresh_dir();
  const std::string path = dir + "/out.txt";
  std::ofstream(path) << "old";
  ASSERT_EQ(chmod(path.c_str(), 0640), 0);
  write_output_file(path, "new");
  EXPECT_EQ(read_text(path), "new");
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST(OutputFile, WritingThroughASymlinkReplacesItsTarget) {
  const std::string dir = fresh_dir();
  std::ofstream(dir + "/target.txt") << "old";
  fs::create_symlink("target.txt", dir + "/link.txt");
  write_output_file(dir + "/link.txt", "new");
  EXPECT_TRUE(fs::is_symlink(dir + "/link.txt"));
  EXPECT_EQ(read_text(dir + "/target.txt"), "new");
}

TEST(OutputFile, DirectoryTargetNamesThePathAndTheError) {
  const std::string dir = fresh_dir();
  const std::string msg = error_of([&] { write_output_file(dir, "x"); });
  EXPECT_NE(msg.find("'" + dir + "'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Is a directory"), std::string::npos) << msg;
}

TEST(OutputFile, DevFullFailsWithNoSpace) {
  const std::string msg = error_of([] { write_output_file("/dev/full", "x"); });
  EXPECT_NE(msg.find("'/dev/full'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("No space left on device"), std::string::npos) << msg;
}

TEST(OutputFile, DevNullIsWrittenInPlace) {
  // A character device: written in place (a temporary file and a rename in /dev would fail or
  // replace the device).
  EXPECT_NO_THROW(write_output_file("/dev/null", "x"));
  struct stat st;
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(OutputFile, MissingDirectoryNamesThePath) {
  const std::string msg = error_of([] { write_output_file("/nonexistent/netcosim/x.json", "x"); });
  EXPECT_NE(msg.find("/nonexistent/netcosim/x.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("No such file or directory"), std::string::npos) << msg;
}

TEST(OutputFile, EmptyNameIsAnError) {
  EXPECT_NE(error_of([] { write_output_file("", "x"); }).find("empty"), std::string::npos);
}

TEST(OutputFile, CheckAcceptsWritableDestinations) {
  const std::string dir = fresh_dir();
  EXPECT_EQ(error_of([&] { check_output_path(dir + "/new.json"); }), "");
  std::ofstream(dir + "/old.json") << "x";
  EXPECT_EQ(error_of([&] { check_output_path(dir + "/old.json"); }), "");
  EXPECT_EQ(error_of([] { check_output_path("-"); }), "");
  EXPECT_EQ(error_of([] { check_output_path("/dev/full"); }), "");  // fails at the write
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"old.json"});   // checking writes nothing
}

TEST(OutputFile, CheckRejectsBadDestinations) {
  const std::string dir = fresh_dir();
  EXPECT_NE(error_of([&] { check_output_path(dir); }).find("Is a directory"), std::string::npos);
  EXPECT_NE(error_of([] { check_output_path("/dev/full/x"); }).find("Not a directory"),
            std::string::npos);
  EXPECT_NE(error_of([&] { check_output_path(dir + "/no/x"); }).find("No such file"),
            std::string::npos);
}

TEST(OutputFile, PrepareOutputDirCreatesParentsAndRejectsFiles) {
  const std::string dir = fresh_dir();
  prepare_output_dir(dir + "/a/b/c");
  EXPECT_TRUE(fs::is_directory(dir + "/a/b/c"));
  std::ofstream(dir + "/f") << "x";
  EXPECT_NE(error_of([&] { prepare_output_dir(dir + "/f"); }).find("not a directory"),
            std::string::npos);
  EXPECT_NE(error_of([] { prepare_output_dir("/dev/full/d"); }).find("/dev/full/d"),
            std::string::npos);
}

TEST(OutputFile, UncommittedTemporaryIsRemoved) {
  const std::string dir = fresh_dir();
  {
    netcosim::util::TempFile t(dir + "/x.png");
    EXPECT_TRUE(fs::exists(t.path()));
    EXPECT_EQ(fs::path(t.path()).parent_path(), fs::path(dir));
  }
  EXPECT_TRUE(names_in(dir).empty());
}

TEST(OutputFileDeathTest, SigtermRemovesTheTemporaryFilesAndKillsWithSigterm) {
  const std::string dir = fresh_dir();
  EXPECT_EXIT(
      {
        netcosim::util::install_cleanup_handlers();
        netcosim::util::TempFile a(dir + "/a.json");
        netcosim::util::TempFile b(dir + "/b.png");
        if (names_in(dir).size() == 2) raise(SIGTERM);
        std::exit(0);
      },
      testing::KilledBySignal(SIGTERM), "");
  EXPECT_TRUE(names_in(dir).empty());
}

}  // namespace
