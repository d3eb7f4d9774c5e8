//===- Process.cpp - the driver's child processes -------------------------===//
#include "tilechain/Driver/Process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

using namespace tilechain::driver;

namespace {

// The child being supervised and what happened to the driver meanwhile,
// shared with the signal handlers.
volatile sig_atomic_t supervisedChild = 0;
volatile sig_atomic_t forwardedSignal = 0;
volatile sig_atomic_t timeLimitHits = 0;

void forwardSignal(int signum) {
  if (!forwardedSignal)
    forwardedSignal = signum;
  if (supervisedChild > 0)
    ::kill(supervisedChild, signum);
}

void stopAtTimeLimit(int) {
  // As coreutils' `timeout --kill-after=10`: SIGTERM, then SIGKILL 10 s
  // later.
  ++timeLimitHits;
  if (supervisedChild > 0)
    ::kill(supervisedChild, timeLimitHits == 1 ? SIGTERM : SIGKILL);
  ::alarm(10);
}

constexpr int kForwardedSignals[] = {SIGINT, SIGTERM, SIGHUP};

/// Installs the handlers for one child's run; the destructor restores the
/// driver's previous ones.
class SupervisionScope {
public:
  explicit SupervisionScope(unsigned timeoutSeconds) {
    forwardedSignal = 0;
    timeLimitHits = 0;
    struct sigaction action = {};
    sigemptyset(&action.sa_mask);
    action.sa_handler = forwardSignal;
    for (size_t i = 0; i < std::size(kForwardedSignals); ++i)
      ::sigaction(kForwardedSignals[i], &action, &previous[i]);
    action.sa_handler = stopAtTimeLimit;
    ::sigaction(SIGALRM, &action, &previousAlarm);
    if (timeoutSeconds)
      ::alarm(timeoutSeconds);
  }
  ~SupervisionScope() {
    ::alarm(0);
    supervisedChild = 0;
    for (size_t i = 0; i < std::size(kForwardedSignals); ++i)
      ::sigaction(kForwardedSignals[i], &previous[i], nullptr);
    ::sigaction(SIGALRM, &previousAlarm, nullptr);
  }

private:
  struct sigaction previous[std::size(kForwardedSignals)];
  struct sigaction previousAlarm;
};

std::vector<char *> argvPointers(llvm::ArrayRef<std::string> argv) {
  std::vector<char *> pointers;
  for (const std::string &word : argv)
    pointers.push_back(const_cast<char *>(word.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

/// Forks and execs `program`: stdin from /dev/null (stderr too when
/// `silenceStderr`), the fds in `toPipe` onto `pipeWrite`, everything else
/// inherited. The child gets SIGTERM when the driver dies. Returns the pid,
/// or -1.
pid_t spawn(llvm::StringRef program, llvm::ArrayRef<std::string> argv,
            int pipeRead, int pipeWrite, llvm::ArrayRef<int> toPipe,
            bool silenceStderr) {
  std::string path = program.str();
  std::vector<char *> pointers = argvPointers(argv);
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid != 0)
    return pid;
  // The child: only async-signal-safe calls until exec.
#ifdef __linux__
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  // The driver may have died between fork and prctl.
  if (::getppid() != parent)
    ::_exit(128 + SIGTERM);
#endif
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  int devNull = ::open("/dev/null", O_RDWR);
  if (devNull >= 0) {
    ::dup2(devNull, 0);
    if (silenceStderr)
      ::dup2(devNull, 2);
    ::close(devNull);
  }
  for (int fd : toPipe)
    ::dup2(pipeWrite, fd);
  ::close(pipeRead);
  ::close(pipeWrite);
  ::execv(path.c_str(), pointers.data());
  const char *prefix = "tileiras: cannot run ";
  (void)!::write(2, prefix, strlen(prefix));
  (void)!::write(2, path.c_str(), path.size());
  (void)!::write(2, "\n", 1);
  ::_exit(127);
}

std::string readAll(int fd) {
  std::string data;
  char buffer[1 << 16];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n > 0) {
      data.append(buffer, n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    return data;
  }
}

int waitFor(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

} // namespace

ChildResult tilechain::driver::runChild(llvm::StringRef program,
                                        llvm::ArrayRef<std::string> argv,
                                        const ChildOptions &options) {
  ChildResult result;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    result.notStarted = true;
    result.output = std::strerror(errno);
    return result;
  }
  std::vector<int> toPipe = {2};
  if (options.captureStdout)
    toPipe.push_back(1);
  int status;
  {
    SupervisionScope scope(options.timeoutSeconds);
    pid_t pid = spawn(program, argv, fds[0], fds[1], toPipe,
                      /*silenceStderr=*/false);
    ::close(fds[1]);
    if (pid < 0) {
      ::close(fds[0]);
      result.notStarted = true;
      result.output = std::strerror(errno);
      return result;
    }
    supervisedChild = pid;
    // A signal that arrived before the child existed is passed on now.
    if (forwardedSignal)
      ::kill(pid, forwardedSignal);
    result.output = readAll(fds[0]);
    ::close(fds[0]);
    status = waitFor(pid);
    result.interruptedBy = forwardedSignal;
    result.timedOut = timeLimitHits > 0;
  }
  if (WIFSIGNALED(status))
    result.killedBy = WTERMSIG(status);
  else
    result.exitCode = WEXITSTATUS(status);
  return result;
}

std::string tilechain::driver::queryOutput(llvm::StringRef program,
                                           llvm::ArrayRef<std::string> argv) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return "";
  pid_t pid = spawn(program, argv, fds[0], fds[1], {1},
                    /*silenceStderr=*/true);
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    return "";
  }
  std::string output = readAll(fds[0]);
  ::close(fds[0]);
  int status = waitFor(pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "";
  return output;
}

std::string tilechain::driver::signalName(int signum) {
  if (const char *abbreviation = ::sigabbrev_np(signum))
    return std::string("SIG") + abbreviation;
  return "signal " + std::to_string(signum);
}
