//===- Ptxas.cpp - running ptxas as a child process group -----------------===//
//
// ptxas runs in a process group of its own so that a timeout or an interrupt
// can kill it together with anything it spawned; the output pipe merges its
// stdout and stderr in the order written, and is forwarded verbatim.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Link/Ptxas.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

using namespace tilechain;

llvm::Expected<std::string> tilechain::getPTXTarget(llvm::StringRef ptx) {
  auto [firstLine, rest] = ptx.split('\n');
  if (firstLine.rtrim() != kPTXStageMarker)
    return llvm::createStringError(
        "expected PTX written by tile-llc (its first line is '" +
        kPTXStageMarker + "')");
  llvm::SmallVector<llvm::StringRef> lines;
  rest.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front(".target"))
      continue;
    llvm::StringRef chip = line.trim().split(',').first.trim();
    if (!chip.empty())
      return chip.str();
  }
  return llvm::createStringError("the PTX has no .target directive");
}

std::vector<std::string>
tilechain::buildPtxasCommand(const LinkOptions &options, llvm::StringRef chip,
                             llvm::StringRef ptxPath,
                             llvm::StringRef cubinPath) {
  std::vector<std::string> argv = {options.ptxasPath, "-arch", chip.str(),
                                   "--opt-level",
                                   std::to_string(options.optLevel)};
  if (options.lineInfo)
    argv.push_back("-lineinfo");
  if (options.deviceDebug)
    argv.push_back("-g");
  // Tile kernels keep all their shared memory in static arrays (cuTile
  // launches without dynamic shared memory); past 48 KiB ptxas refuses those
  // unless told that the launch provides more.
  if (!options.nvHostPath.empty())
    argv.insert(argv.end(), {"--enable-extended-smem=true",
                             "--nv-host=" + options.nvHostPath});
  argv.insert(argv.end(), {"-o", cubinPath.str(), ptxPath.str()});
  return argv;
}

std::string tilechain::quoteCommandLine(llvm::ArrayRef<std::string> argv) {
  std::string line;
  for (const std::string &word : argv) {
    if (!line.empty())
      line += ' ';
    bool plain = !word.empty() && llvm::all_of(word, [](char c) {
      return llvm::isAlnum(c) || llvm::StringRef("-_./=+,:@%").contains(c);
    });
    if (plain) {
      line += word;
      continue;
    }
    line += '\'';
    for (char c : word)
      line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

namespace {

std::atomic<pid_t> runningGroup{0};
std::atomic<bool> interrupted{false};

/// Runs from LLVM's handler of SIGINT/SIGTERM/SIGHUP: async-signal-safe only.
void killRunningGroup() {
  interrupted = true;
  pid_t group = runningGroup.load();
  if (group > 0)
    ::kill(-group, SIGKILL);
}

void drain(int fd, std::string &output) {
  char buffer[65536];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      output.append(buffer, n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    return;
  }
}

/// Whether `pid` has exited, leaving it unreaped so its group id stays ours.
bool hasExited(pid_t pid) {
  siginfo_t info;
  std::memset(&info, 0, sizeof info);
  return ::waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid;
}

/// This process's environment, with glibc's malloc told to ask for
/// transparent huge pages (GLIBC_TUNABLES glibc.malloc.hugetlb=1, glibc
/// 2.35 on; older ones ignore it): ptxas grows its heap in 4 KB page
/// faults, and on a small kernel takes 2,300 faults instead of 3,900 and
/// 4 ms less with it (docs/pipeline.md, "Link layout"). The cubin is the
/// same. A GLIBC_TUNABLES of the user's that sets it wins.
std::vector<std::string> ptxasEnvironment() {
  constexpr llvm::StringLiteral kTunables = "GLIBC_TUNABLES=";
  constexpr llvm::StringLiteral kHugePages = "glibc.malloc.hugetlb=1";
  std::vector<std::string> environment;
  bool tuned = false;
  for (char **variable = environ; *variable; ++variable) {
    llvm::StringRef text(*variable);
    if (text.consume_front(kTunables)) {
      tuned = true;
      if (!text.contains("glibc.malloc.hugetlb=")) {
        environment.push_back(
            (kTunables + text + (text.empty() ? "" : ":") + kHugePages).str());
        continue;
      }
    }
    environment.push_back(*variable);
  }
  if (!tuned)
    environment.push_back((kTunables + kHugePages).str());
  return environment;
}

std::string describeStatus(int status) {
  if (WIFEXITED(status))
    return "ptxas exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("ptxas was killed by signal ") +
           ::strsignal(WTERMSIG(status));
  return "ptxas ended abnormally";
}

} // namespace

PtxasResult tilechain::runPtxas(llvm::ArrayRef<std::string> argv,
                                unsigned timeoutSeconds) {
  PtxasResult result;
  int output[2], execError[2];
  if (::pipe2(output, O_CLOEXEC) != 0) {
    result.failure = std::string("cannot create a pipe: ") + strerror(errno);
    return result;
  }
  if (::pipe2(execError, O_CLOEXEC) != 0) {
    result.failure = std::string("cannot create a pipe: ") + strerror(errno);
    ::close(output[0]);
    ::close(output[1]);
    return result;
  }
  std::vector<char *> args;
  for (const std::string &word : argv)
    args.push_back(const_cast<char *>(word.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> environment = ptxasEnvironment();
  std::vector<char *> envp;
  for (std::string &variable : environment)
    envp.push_back(variable.data());
  envp.push_back(nullptr);

  interrupted = false;
  llvm::sys::SetInterruptFunction(killRunningGroup);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
#ifdef __linux__
    // ptxas must not outlive tile-link, even when tile-link is SIGKILLed.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    int devNull = ::open("/dev/null", O_RDONLY);
    ::dup2(devNull, STDIN_FILENO);
    ::dup2(output[1], STDOUT_FILENO);
    ::dup2(output[1], STDERR_FILENO);
    ::execve(args[0], args.data(), envp.data());
    int error = errno;
    (void)!::write(execError[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(output[1]);
  ::close(execError[1]);
  if (pid < 0) {
    result.failure = std::string("cannot fork: ") + strerror(errno);
    llvm::sys::SetInterruptFunction(nullptr);
    ::close(output[0]);
    ::close(execError[0]);
    return result;
  }
  ::setpgid(pid, pid);
  runningGroup = pid;

  int error = 0;
  ssize_t n;
  do
    n = ::read(execError[0], &error, sizeof error);
  while (n < 0 && errno == EINTR);
  ::close(execError[0]);

  bool timedOut = false;
  if (n != sizeof error) {
    ::fcntl(output[0], F_SETFL, O_NONBLOCK);
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::seconds(timeoutSeconds);
    while (!hasExited(pid)) {
      if (interrupted)
        break;
      if (std::chrono::steady_clock::now() >= deadline) {
        timedOut = true;
        break;
      }
      pollfd ready = {output[0], POLLIN, 0};
      if (::poll(&ready, 1, 100) > 0)
        drain(output[0], result.output);
    }
  }
  // Whatever ptxas left behind in its group dies with it.
  ::kill(-pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  runningGroup = 0;
  // From here on an interrupt is the caller's again: with the handler left
  // in place a later SIGTERM would only set `interrupted` and be lost.
  llvm::sys::SetInterruptFunction(nullptr);
  drain(output[0], result.output);
  ::close(output[0]);

  if (n == sizeof error)
    result.failure = "cannot execute '" + argv.front() + "': " + strerror(error);
  else if (interrupted)
    result.failure = "interrupted; ptxas was killed";
  else if (timedOut)
    result.failure = "ptxas timed out after " + std::to_string(timeoutSeconds) +
                     " s; its process group was killed";
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    result.failure = describeStatus(status);
  else
    result.succeeded = true;
  return result;
}
