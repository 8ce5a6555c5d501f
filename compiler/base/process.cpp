#include "qrsc/base/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "qrsc/base/remove_on_signal.hpp"

extern char** environ;

namespace qrsc {

namespace {

// A pipe whose ends are closed when it goes out of scope.
struct Pipe {
  int fd[2] = {-1, -1};
  bool open() { return ::pipe2(fd, O_CLOEXEC) == 0; }
  void close_end(int i) {
    if (fd[i] >= 0) ::close(fd[i]);
    fd[i] = -1;
  }
  ~Pipe() {
    close_end(0);
    close_end(1);
  }
};

// Reads whatever is ready on the pipes within wait_ms; closes a pipe at end of file. Returns
// whether anything happened (data or end of file).
bool drain(Pipe& out, Pipe& err, std::string& out_text, std::string& err_text, int wait_ms) {
  std::array<pollfd, 2> fds{{{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}}};
  if (::poll(fds.data(), fds.size(), wait_ms) <= 0) return false;
  std::array<char, 65536> buf{};
  for (int i = 0; i < 2; ++i) {
    if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    const ssize_t n = ::read(fds[i].fd, buf.data(), buf.size());
    Pipe& p = i == 0 ? out : err;
    if (n <= 0) {
      p.close_end(0);
      continue;
    }
    (i == 0 ? out_text : err_text).append(buf.data(), static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

Expected<ProcessResult> run_process(const std::vector<std::string>& argv, std::chrono::seconds timeout,
                                    const std::string& temp_folder) {
  ProcessResult r;
  Pipe out, err;
  if (argv.empty() || !out.open() || !err.open()) return program_error("cannot create pipes");
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  // Its own process group, so that a timeout stops the browser's helper processes too; and no
  // signal held back (qrsc build --watch holds SIGINT and SIGTERM back between its builds).
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t no_signals;
  ::sigemptyset(&no_signals);
  posix_spawnattr_setsigmask(&attr, &no_signals);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The environment, with TMPDIR the caller's folder when it names one.
  const std::string tmpdir = "TMPDIR=" + temp_folder;
  std::vector<char*> env;
  for (char** e = environ; *e != nullptr; ++e) {
    if (temp_folder.empty() || std::strncmp(*e, "TMPDIR=", 7) != 0) env.push_back(*e);
  }
  if (!temp_folder.empty()) env.push_back(const_cast<char*>(tmpdir.c_str()));
  env.push_back(nullptr);
  pid_t pid = 0;
  const bool by_path = argv[0].find('/') != std::string::npos;
  // The interrupting signals held back from the start until the group is registered, so that
  // an interrupt kills it (it is not in the terminal's foreground group) at any moment.
  sigset_t interrupts, before;
  ::sigemptyset(&interrupts);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaddset(&interrupts, sig);
  ::sigprocmask(SIG_BLOCK, &interrupts, &before);
  const int rc = by_path ? ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), env.data())
                         : ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attr, args.data(), env.data());
  RemoveOnSignal group = rc == 0 ? RemoveOnSignal::process_group(pid) : RemoveOnSignal();
  ::sigprocmask(SIG_SETMASK, &before, nullptr);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  out.close_end(1);
  err.close_end(1);
  if (rc != 0) return program_error("cannot run " + argv[0] + ": " + std::generic_category().message(rc));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  // Wait for the exit without reaping it (WNOWAIT): while the process is not reaped its id,
  // which is also its group's id, cannot be reused, so signalling the group is safe.
  siginfo_t info{};
  while (true) {
    drain(out, err, r.out, r.err, 100);
    info.si_pid = 0;
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      r.timed_out = true;
      break;
    }
  }
  // The process we started has exited or timed out: stop it and any helpers left in the
  // group we created for it, then reap it.
  ::kill(-pid, SIGKILL);
  group.release();  // before the reaping frees the group's id for reuse
  int status = 0;
  ::waitpid(pid, &status, 0);
  // Collect what is still buffered; a helper that kept the pipe open must not hold us up.
  while ((out.fd[0] >= 0 || err.fd[0] >= 0) && drain(out, err, r.out, r.err, 50)) {
  }
  if (WIFEXITED(status) && !r.timed_out) r.exit_code = WEXITSTATUS(status);
  return r;
}

std::string find_program(const std::string& preferred, const std::string& name) {
  if (::access(preferred.c_str(), X_OK) == 0) return preferred;
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      const std::filesystem::path p = std::filesystem::path(dir) / name;
      if (!dir.empty() && ::access(p.c_str(), X_OK) == 0) return p.string();
    }
  }
  return preferred;
}

}  // namespace qrsc
