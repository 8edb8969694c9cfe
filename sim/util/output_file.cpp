// The one output-file writer (output_file.h).
#include "sim/util/output_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace netcosim::util {

namespace {

// ---- the registry of temporary files, read by the signal handler ----

constexpr int kSlots = 256;
std::atomic<char*> g_temps[kSlots];

int register_temp(const std::string& path) {
  char* copy = strdup(path.c_str());
  for (int i = 0; i < kSlots; ++i) {
    char* expected = nullptr;
    if (g_temps[i].compare_exchange_strong(expected, copy)) return i;
  }
  std::free(copy);  // more than kSlots at once: not removed on a signal (never happens here)
  return -1;
}

void unregister_temp(int slot) {
  if (slot < 0) return;
  std::free(g_temps[slot].exchange(nullptr));
}

extern "C" void cleanup_and_reraise(int sig) {
  for (auto& t : g_temps) {
    const char* p = t.load();
    if (p != nullptr) unlink(p);  // async-signal-safe
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

std::string os_error(int e) {
  return std::strerror(e);
}

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
  throw OutputError("cannot write '" + path + "': " + reason);
}

std::string parent_dir(const std::string& path) {
  const std::string d = std::filesystem::path(path).parent_path().string();
  return d.empty() ? "." : d;
}

// Writes all of `content` to fd; returns 0 or the errno of the failed write.
int write_all(int fd, const std::string& content) {
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t w = write(fd, content.data() + done, content.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return w < 0 ? errno : EIO;
    done += static_cast<size_t>(w);
  }
  return 0;
}

// The file a path names: the target of a symbolic link (so that renaming replaces the file, not
// the link).
std::string resolve(const std::string& path) {
  struct stat st;
  if (lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
  char* real = realpath(path.c_str(), nullptr);
  if (real == nullptr) return path;
  std::string r = real;
  std::free(real);
  return r;
}

void write_stdout(const std::string& content) {
  if (std::fwrite(content.data(), 1, content.size(), stdout) != content.size() ||
      std::fflush(stdout) != 0)
    fail("-", "standard output: " + os_error(errno));
}

}  // namespace

TempFile::TempFile(const std::string& target) : target_(resolve(target)) {
  std::string tmpl = parent_dir(target_) + "/.netcosim-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  const int fd = mkostemp(buf.data(), O_CLOEXEC);
  if (fd < 0)
    fail(target, "cannot create a file in '" + parent_dir(target_) + "': " + os_error(errno));
  close(fd);
  path_ = buf.data();
  slot_ = register_temp(path_);
}

TempFile::~TempFile() {
  if (!path_.empty()) unlink(path_.c_str());
  unregister_temp(slot_);
}

void TempFile::commit() {
  // The permissions of the file it replaces, else those of a new file (0666 less the umask).
  struct stat st;
  mode_t mode = 0;
  if (stat(target_.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  if (chmod(path_.c_str(), mode) != 0 || rename(path_.c_str(), target_.c_str()) != 0)
    fail(target_, os_error(errno));
  path_.clear();
  unregister_temp(slot_);
  slot_ = -1;
}

void write_output_file(const std::string& path, const std::string& content) {
  if (path == "-") return write_stdout(content);
  if (path.empty()) fail(path, "the file name is empty");
  struct stat st;
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail(path, os_error(EISDIR));
    if (!S_ISREG(st.st_mode)) {  // a device or a FIFO: written in place
      const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) fail(path, os_error(errno));
      const int e = write_all(fd, content);
      const int c = close(fd) != 0 ? errno : 0;
      if (e != 0 || c != 0) fail(path, os_error(e != 0 ? e : c));
      return;
    }
  } else if (errno != ENOENT) {
    fail(path, os_error(errno));
  }
  TempFile tmp(path);
  const int fd = open(tmp.path().c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) fail(path, os_error(errno));
  const int e = write_all(fd, content);
  const int c = close(fd) != 0 ? errno : 0;
  if (e != 0 || c != 0) fail(path, os_error(e != 0 ? e : c));
  tmp.commit();
}

void check_output_path(const std::string& path) {
  if (path == "-") return;
  if (path.empty()) fail(path, "the file name is empty");
  struct stat st;
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail(path, os_error(EISDIR));
    if (access(path.c_str(), W_OK) != 0) fail(path, os_error(errno));
    if (!S_ISREG(st.st_mode)) return;  // written in place
  } else if (errno != ENOENT) {
    fail(path, os_error(errno));
  }
  const std::string dir = parent_dir(resolve(path));
  if (stat(dir.c_str(), &st) != 0) fail(path, "directory '" + dir + "': " + os_error(errno));
  if (!S_ISDIR(st.st_mode)) fail(path, "'" + dir + "' is not a directory");
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    fail(path, "directory '" + dir + "': " + os_error(errno));
}

void prepare_output_dir(const std::string& dir) {
  if (dir.empty()) throw OutputError("the output directory name is empty");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  struct stat st;
  if (stat(dir.c_str(), &st) != 0)
    throw OutputError("cannot create directory '" + dir +
                      "': " + (ec ? ec.message() : os_error(errno)));
  if (!S_ISDIR(st.st_mode)) throw OutputError("'" + dir + "' exists and is not a directory");
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    throw OutputError("cannot write in directory '" + dir + "': " + os_error(errno));
}

void install_cleanup_handlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = cleanup_and_reraise;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool flush_stdout() {
  errno = 0;
  const bool bad = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!bad) return true;
  const int e = errno != 0 ? errno : EIO;
  std::fprintf(stderr, "netcosim: cannot write standard output: %s\n", os_error(e).c_str());
  return false;
}

}  // namespace netcosim::util
