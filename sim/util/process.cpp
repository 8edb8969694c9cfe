// The one child-process runner (process.h). posix_spawn with an argument vector: no shell is ever
// involved, so no character of an argument is interpreted.
#include "sim/util/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

extern char** environ;

namespace netcosim::util {

namespace {

using Clock = std::chrono::steady_clock;

// The parent's ends of the pipes and the child's ends (closed in the parent after the spawn);
// -1 when not used or closed.
struct Pipes {
  int in = -1, out = -1, err = -1;
  int child[3] = {-1, -1, -1};
};

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Sets up the child's stdin/stdout/stderr; returns the parent's pipe ends or an errno.
int make_actions(const ProcessOptions& opt, posix_spawn_file_actions_t& fa, Pipes& p) {
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  const bool capture_out = opt.capture && opt.stdout_file.empty();
  if ((!opt.stdin_text.empty() && pipe2(in, O_CLOEXEC) != 0) ||
      (capture_out && pipe2(out, O_CLOEXEC) != 0) || (opt.capture && pipe2(err, O_CLOEXEC) != 0)) {
    const int e = errno;
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      if (fd >= 0) close(fd);
    return e;
  }
  if (in[0] >= 0)
    posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
  else
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (capture_out) posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
  if (!opt.stdout_file.empty())
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, opt.stdout_file.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (opt.capture) posix_spawn_file_actions_adddup2(&fa, err[1], STDERR_FILENO);
  if (!opt.cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, opt.cwd.c_str());
  p.in = in[1];
  p.out = out[0];
  p.err = err[0];
  p.child[0] = in[0];
  p.child[1] = out[1];
  p.child[2] = err[1];
  return 0;
}

// Milliseconds left before the deadline (-1: no deadline), at least 0.
int remaining_ms(bool has_deadline, Clock::time_point deadline) {
  if (!has_deadline) return -1;
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left > 0 ? static_cast<int>(left) : 0;
}

// Feeds stdin and drains stdout/stderr until both are closed; false if the deadline passed first.
bool pump(Pipes& p, const std::string& input, ProcessResult& r, bool has_deadline,
          Clock::time_point deadline) {
  size_t written = 0;
  if (p.in >= 0) fcntl(p.in, F_SETFL, fcntl(p.in, F_GETFL) | O_NONBLOCK);
  char buf[65536];
  while (p.in >= 0 || p.out >= 0 || p.err >= 0) {
    pollfd fds[3];
    int n = 0;
    if (p.in >= 0) fds[n++] = {p.in, POLLOUT, 0};
    if (p.out >= 0) fds[n++] = {p.out, POLLIN, 0};
    if (p.err >= 0) fds[n++] = {p.err, POLLIN, 0};
    const int ms = remaining_ms(has_deadline, deadline);
    const int k = poll(fds, static_cast<nfds_t>(n), ms);
    if (k < 0 && errno == EINTR) continue;
    if (k == 0) return false;  // the deadline (the caller kills the child)
    if (k < 0) return true;    // poll failed: the child is waited for
    for (int i = 0; i < n; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == p.in) {
        const ssize_t w = write(p.in, input.data() + written, input.size() - written);
        if (w > 0) written += static_cast<size_t>(w);
        if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) close_fd(p.in);
        continue;
      }
      int& fd = fds[i].fd == p.out ? p.out : p.err;
      std::string& dst = fds[i].fd == p.out ? r.out : r.err;
      const ssize_t got = read(fd, buf, sizeof buf);
      if (got > 0)
        dst.append(buf, static_cast<size_t>(got));
      else if (got == 0 || errno != EINTR)
        close_fd(fd);
    }
  }
  return true;
}

// Waits for the child, killing it at the deadline.
void reap(pid_t pid, int sig, ProcessResult& r, bool has_deadline, Clock::time_point deadline) {
  int st = 0;
  for (;;) {
    const pid_t w = waitpid(pid, &st, has_deadline ? WNOHANG : 0);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) return;
    if (w == 0) {
      if (Clock::now() >= deadline) {
        kill(pid, sig);
        r.timed_out = true;
        has_deadline = false;
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  }
  if (WIFEXITED(st)) r.status = WEXITSTATUS(st);
  if (WIFSIGNALED(st)) r.status = 128 + WTERMSIG(st);
}

}  // namespace

std::string ProcessResult::describe() const {
  if (!start_error.empty()) return start_error;
  if (timed_out) return "timed out and was killed";
  if (status > 128) return "killed by signal " + std::to_string(status - 128);
  return "exit status " + std::to_string(status);
}

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& opt) {
  ProcessResult r;
  std::vector<char*> av;
  for (const auto& a : argv) av.push_back(const_cast<char*>(a.c_str()));
  av.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  Pipes p;
  int err = make_actions(opt, fa, p);
  if (err != 0) {
    posix_spawn_file_actions_destroy(&fa);
    r.start_error = "cannot create a pipe: " + std::string(std::strerror(err));
    return r;
  }
  if (!opt.capture) {
    std::fflush(stdout);
    std::fflush(stderr);
  }
  // A child that exits before reading its stdin must not kill us with SIGPIPE.
  sigset_t pipe_set, old_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
  // The child gets our signal mask as it was (not SIGPIPE blocked) and SIGPIPE's default action.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setsigmask(&attr, &old_set);
  posix_spawnattr_setsigdefault(&attr, &pipe_set);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  const bool use_path = opt.search_path && argv[0].find('/') == std::string::npos;
  err = use_path ? posix_spawnp(&pid, av[0], &fa, &attr, av.data(), environ)
                 : posix_spawn(&pid, av[0], &fa, &attr, av.data(), environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&fa);
  for (int& fd : p.child) close_fd(fd);
  const bool has_deadline = opt.timeout_seconds > 0;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(has_deadline ? opt.timeout_seconds : 0));
  if (err == 0) {
    if (!pump(p, opt.stdin_text, r, has_deadline, deadline)) {
      kill(pid, opt.timeout_signal);
      r.timed_out = true;
    }
    reap(pid, opt.timeout_signal, r, has_deadline && !r.timed_out, deadline);
  } else {
    r.start_error = "cannot execute '" + argv[0] + "': " + std::strerror(err);
  }
  close_fd(p.in);
  close_fd(p.out);
  close_fd(p.err);
  timespec zero{0, 0};
  while (sigtimedwait(&pipe_set, nullptr, &zero) > 0) {
  }
  pthread_sigmask(SIG_SETMASK, &old_set, nullptr);
  return r;
}

std::string last_line(const std::string& text) {
  const size_t end = text.find_last_not_of("\r\n");
  if (end == std::string::npos) return "";
  const size_t nl = text.rfind('\n', end);
  const size_t start = nl == std::string::npos ? 0 : nl + 1;
  return text.substr(start, end + 1 - start);
}

std::string self_exe_path() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

}  // namespace netcosim::util
