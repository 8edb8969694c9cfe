// The one writer of netcosim's output files. A regular (or missing) file is written to a temporary
// file in the same directory, every write and the close are checked, and the temporary file is
// renamed onto the target: a reader never sees a half-written file, and a failure leaves the old
// file untouched. A path that exists and is not a regular file (a character device such as
// /dev/full or /dev/stdout, a FIFO) is written directly, every write and the close checked. "-"
// is standard output (written and flushed, checked). Temporary files are registered so that
// SIGINT/SIGTERM remove them before the process dies (install_cleanup_handlers).
#pragma once

#include <stdexcept>
#include <string>

namespace netcosim::util {

// A destination that cannot be written: the message names the path and the OS error. The front
// end reports it with exit status 2.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `content` to `path` (see above); throws OutputError.
void write_output_file(const std::string& path, const std::string& content);

// Checks, before any work is done, that `path` can be written: "-", an existing non-directory
// that we may write, or a new file in an existing directory that we may write. Throws OutputError
// naming the path and the reason (e.g. "Is a directory", "No such file or directory").
void check_output_path(const std::string& path);

// Checks that `dir` is a directory we may write, creating it (and its parents) if missing.
void prepare_output_dir(const std::string& dir);

// A temporary file in the directory of `target`, registered for removal on SIGINT/SIGTERM; it is
// removed by the destructor unless commit() renamed it onto the target.
class TempFile {
 public:
  explicit TempFile(const std::string& target);  // throws OutputError
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }
  void commit();  // rename onto the target; throws OutputError
 private:
  std::string target_, path_;
  int slot_ = -1;
};

// SIGINT and SIGTERM remove the registered temporary files, then kill the process with the same
// signal (default action). Idempotent.
void install_cleanup_handlers();

// Flushes stdout; on failure prints "netcosim: cannot write standard output: ERROR" to stderr and
// returns false.
bool flush_stdout();

}  // namespace netcosim::util
