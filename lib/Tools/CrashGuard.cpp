//===- CrashGuard.cpp - internal errors of a stage become a diagnostic ----===//
//
// The stage's work runs in an llvm::CrashRecoveryContext. A fatal error
// reaches our handler, which records it and leaves through
// sys::Process::Exit, i.e. back to the context; a crash signal is caught by
// the context's own handler. Either way the report is written after the
// stack has been unwound to runCrashGuarded, from strings recorded
// beforehand (phases, kernels), without looking at the IR, whose state is
// unknown after a crash.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Tools/CrashGuard.h"

#include "tilechain/Link/Ptxas.h"
#include "tilechain/Tools/ExitCodes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unistd.h>
#include <vector>

using namespace mlir;
using namespace tilechain;

namespace {

struct Kernel {
  std::string name;
  /// file:line:col, or empty.
  std::string location;
};

struct Phase {
  std::string what;
  /// The kernel the phase works on, or empty.
  std::string kernel;
};

/// Everything a crash report says, recorded before the crash.
struct GuardState {
  std::string tool;
  std::vector<std::string> argv;
  std::string inputPath;
  std::optional<std::string> stdinCopy;
  std::vector<Kernel> kernels;
  std::vector<Phase> phases;
  bool fatal = false;
  std::string fatalReason;
  bool outOfMemory = false;
  /// TILECHAIN_CRASH_TEST's kind for this tool, empty when not asked.
  std::string injection;
};

GuardState &state() {
  static GuardState guard;
  return guard;
}

/// The innermost phase's kernel, else the only kernel, else none.
const Kernel *crashedKernel() {
  GuardState &s = state();
  for (const Phase &phase : llvm::reverse(s.phases)) {
    if (phase.kernel.empty())
      continue;
    for (const Kernel &kernel : s.kernels)
      if (kernel.name == phase.kernel)
        return &kernel;
  }
  return s.kernels.size() == 1 ? &s.kernels.front() : nullptr;
}

std::string describeKernels(const Kernel *kernel) {
  GuardState &s = state();
  if (kernel)
    return " compiling kernel '" + kernel->name + "'";
  if (s.kernels.empty())
    return "";
  std::string names;
  for (const auto &[i, other] : llvm::enumerate(s.kernels)) {
    if (i == 3) {
      names += ", ...";
      break;
    }
    names += (i ? ", '" : "'") + other.name + "'";
  }
  return " compiling one of the kernels " + names;
}

/// The stage's command line with its input as an absolute path (or the file
/// stdin was saved to) and the tool as an absolute path.
std::string reproduceCommand(llvm::StringRef input) {
  GuardState &s = state();
  std::vector<std::string> words = s.argv;
  std::string tool = llvm::sys::fs::getMainExecutable(
      words.front().c_str(), reinterpret_cast<void *>(&runCrashGuarded));
  if (!tool.empty())
    words.front() = tool;
  bool replaced = false;
  for (size_t i = words.size() - 1; i > 0 && !replaced; --i) {
    if (words[i] != s.inputPath || words[i - 1] == "-o")
      continue;
    words[i] = input.str();
    replaced = true;
  }
  if (!replaced)
    words.push_back(input.str());
  return quoteCommandLine(words);
}

/// The input to name in the reproduce command: the input file, or stdin
/// saved to a temporary file. Empty if stdin could not be kept.
std::string keptInput() {
  GuardState &s = state();
  if (s.inputPath != "-") {
    llvm::SmallString<256> path(s.inputPath);
    llvm::sys::fs::make_absolute(path);
    return path.str().str();
  }
  if (!s.stdinCopy)
    return "";
  llvm::SmallString<256> path;
  int fd;
  if (llvm::sys::fs::createTemporaryFile(s.tool + "-crash", "input", fd, path))
    return "";
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << *s.stdinCopy;
  os.close();
  return os.has_error() ? "" : path.str().str();
}

[[noreturn]] void exitAfterReport(int code) {
  // Removes the files registered for removal on a signal: partial outputs
  // and scratch files.
  llvm::sys::RunInterruptHandlers();
  llvm::errs().flush();
  llvm::sys::Process::Exit(code, /*NoCleanup=*/true);
}

[[noreturn]] void reportCrashAndExit(llvm::StringRef what) {
  GuardState &s = state();
  const Kernel *kernel = crashedKernel();
  llvm::raw_ostream &os = llvm::errs();
  if (kernel && !kernel->location.empty())
    os << kernel->location << ": ";
  else
    os << s.tool << ": ";
  os << "error: internal compiler error in " << s.tool
     << describeKernels(kernel) << ": " << what << "\n";
  if (!s.phases.empty())
    os << s.tool << ": note: while " << s.phases.back().what << "\n";
  std::string input = keptInput();
  if (input.empty()) {
    os << s.tool << ": note: the input read from stdin could not be kept\n";
  } else {
    if (s.inputPath == "-")
      os << s.tool << ": note: the input read from stdin is kept in " << input
         << "\n";
    os << s.tool << ": to reproduce: " << reproduceCommand(input) << "\n";
  }
  exitAfterReport(kExitCompileFailure);
}

[[noreturn]] void reportOutOfMemoryAndExit() {
  GuardState &s = state();
  llvm::errs() << s.tool << ": error: out of memory";
  if (!s.phases.empty())
    llvm::errs() << " while " << s.phases.back().what;
  llvm::errs() << "\n";
  exitAfterReport(kExitAllocation);
}

void onFatalError(void *, const char *reason, bool) {
  GuardState &s = state();
  s.fatal = true;
  s.fatalReason = reason;
  // Back to runCrashGuarded, which reports; outside of it, report here.
  if (llvm::CrashRecoveryContext::GetCurrent())
    llvm::sys::Process::Exit(kExitCompileFailure);
  reportCrashAndExit("LLVM ERROR: " + s.fatalReason);
}

void onAllocationFailure(void *, const char *, bool) {
  // Nothing here may allocate.
  state().outOfMemory = true;
  if (llvm::CrashRecoveryContext::GetCurrent())
    llvm::sys::Process::Exit(kExitAllocation);
  static const char message[] = "error: out of memory\n";
  (void)::write(2, message, sizeof(message) - 1);
  llvm::sys::RunInterruptHandlers();
  llvm::sys::Process::Exit(kExitAllocation, /*NoCleanup=*/true);
}

/// Recurses until the stack runs out (TILECHAIN_CRASH_TEST's "stack"): each
/// frame keeps a page that the next call's result depends on.
[[gnu::noinline]] int overflowStack(int depth) {
  volatile char frame[4096];
  frame[depth % sizeof(frame)] = char(depth);
  if (depth < 0) // never: a guard the compiler cannot prove
    return 0;
  return overflowStack(depth + 1) + frame[depth % sizeof(frame)];
}

void injectCrashIfAsked() {
  GuardState &s = state();
  std::string kind = std::move(s.injection);
  s.injection.clear();
  if (kind == "fatal")
    llvm::report_fatal_error("injected by TILECHAIN_CRASH_TEST");
  if (kind == "abort")
    std::abort();
  if (kind == "segv")
    std::raise(SIGSEGV);
  if (kind == "oom")
    llvm::report_bad_alloc_error("injected by TILECHAIN_CRASH_TEST");
  if (kind == "stack")
    (void)overflowStack(0);
}

void pushPhase(std::string what, std::string kernel) {
  state().phases.push_back({std::move(what), std::move(kernel)});
  injectCrashIfAsked();
}

bool isKernel(Operation *op) {
  return op->getName().getStringRef() == "cuda_tile.entry" ||
         op->hasAttr("gpu.kernel") || op->hasAttr("nvvm.kernel");
}

llvm::StringRef symbolName(Operation *op) {
  auto name =
      op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  return name ? name.getValue() : "";
}

std::string sourceLocation(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    auto file = dyn_cast<FileLineColLoc>(inner);
    if (!file)
      return WalkResult::advance();
    text = (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()))
               .str();
    return WalkResult::interrupt();
  });
  return text;
}

/// Each pass is a phase of the crash report.
class CrashReportInstrumentation : public PassInstrumentation {
public:
  void runBeforePass(Pass *pass, Operation *op) override {
    if (state().kernels.empty())
      noteCrashKernels(op);
    llvm::StringRef name =
        pass->getArgument().empty() ? pass->getName() : pass->getArgument();
    std::string what = ("running pass '" + name + "' on '" +
                        op->getName().getStringRef() + "'")
                           .str();
    llvm::StringRef symbol = symbolName(op);
    if (!symbol.empty())
      what += (" @" + symbol).str();
    pushPhase(std::move(what), isKernel(op) ? symbol.str() : "");
  }
  void runAfterPass(Pass *, Operation *) override { state().phases.pop_back(); }
  void runAfterPassFailed(Pass *, Operation *) override {
    state().phases.pop_back();
  }
};

/// CrashRecoveryContext's signal handlers run on the crashing thread's
/// stack, so a stack overflow (deeply nested MLIR text, say) would kill the
/// process before any report. They get a stack of their own.
void runCrashHandlersOnAlternateStack() {
  // LLVM's own signal handlers may have set one up already.
  stack_t current;
  if (sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_DISABLE)) {
    static std::vector<char> stack(1 << 16);
    stack_t alternate = {};
    alternate.ss_sp = stack.data();
    alternate.ss_size = stack.size();
    if (sigaltstack(&alternate, nullptr) != 0)
      return;
  }
  for (int signal : {SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP}) {
    struct sigaction action;
    if (sigaction(signal, nullptr, &action) != 0)
      continue;
    action.sa_flags |= SA_ONSTACK;
    sigaction(signal, &action, nullptr);
  }
}

} // namespace

void tilechain::noteCrashKernels(Operation *top) {
  std::vector<Kernel> kernels;
  top->walk([&](Operation *op) {
    if (isKernel(op))
      kernels.push_back({symbolName(op).str(), sourceLocation(op->getLoc())});
  });
  state().kernels = std::move(kernels);
}

void tilechain::addCrashReportInstrumentation(PassManager &pm) {
  pm.addInstrumentation(std::make_unique<CrashReportInstrumentation>());
}

void tilechain::keepStdinForCrashReport(llvm::StringRef bytes) {
  state().stdinCopy = bytes.str();
}

CrashPhase::CrashPhase(llvm::StringRef what) { pushPhase(what.str(), ""); }

CrashPhase::~CrashPhase() { state().phases.pop_back(); }

int tilechain::runCrashGuarded(llvm::StringRef toolName, int argc, char **argv,
                               llvm::StringRef inputPath,
                               llvm::function_ref<int()> body) {
  GuardState &s = state();
  s.tool = toolName.str();
  s.argv.assign(argv, argv + argc);
  s.inputPath = inputPath.str();
  if (const char *test = std::getenv("TILECHAIN_CRASH_TEST")) {
    auto [tool, kind] = llvm::StringRef(test).split(':');
    if (tool == toolName)
      s.injection = kind.str();
  }

  llvm::install_fatal_error_handler(onFatalError);
  llvm::install_bad_alloc_error_handler(onAllocationFailure);
  // operator new reports through the handler above instead of throwing.
  llvm::install_out_of_memory_new_handler();
  llvm::CrashRecoveryContext::Enable();
  runCrashHandlersOnAlternateStack();

  llvm::CrashRecoveryContext recovery;
  int code = kExitSuccess;
  if (recovery.RunSafely([&] { code = body(); }))
    return code;
  if (s.outOfMemory)
    reportOutOfMemoryAndExit();
  if (s.fatal)
    reportCrashAndExit("LLVM ERROR: " + s.fatalReason);
  int signal = recovery.RetCode - 128;
  reportCrashAndExit(("signal " + llvm::Twine(signal) + " (" +
                      strsignal(signal) + ")")
                         .str());
}
