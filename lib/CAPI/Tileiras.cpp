//===- Tileiras.cpp - the tileiras C API over the in-process pipeline -----===//
#include "tilechain-c/Tileiras.h"

#include "tilechain/Read/Reader.h"
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/Compile.h"
#include "tilechain/Tools/ExitCodes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>

struct TileirasProgram {
  std::string input;
  tilechain::CompileOptions options;
  std::string output;
  bool compiled = false;
};

namespace {

int fail(int code, const char *message) {
  llvm::errs() << "tileiras: error: " << message << "\n";
  return code;
}

std::string fromEnvironment(const char *name, const char *fallback) {
  const char *value = std::getenv(name);
  return value ? value : fallback;
}

/// TILECHAIN_CRASH_TEST=libtileiras:<kind>: `oom` makes the handle's
/// allocation fail; `fatal` and `segv` make a compile raise an LLVM fatal
/// error or SIGSEGV, so that tests reach code 1 and the recovery below.
bool crashTestInjected(llvm::StringRef kind) {
  const char *test = std::getenv("TILECHAIN_CRASH_TEST");
  return test && llvm::StringRef(test) == ("libtileiras:" + kind).str();
}

void returnFromFatalError(void *, const char *reason, bool) {
  llvm::errs() << "tileiras: error: LLVM ERROR: " << reason << "\n";
  // Unwinds to the CrashRecoveryContext around the compile.
  llvm::sys::Process::Exit(TILEIRAS_ERROR_COMPILE);
}

/// A fatal error (report_fatal_error: NVPTX's "Cannot select", ...) or a
/// crash signal inside a compile ends that compile, not the host process,
/// as libclang does: while any compile runs, LLVM's crash recovery is
/// enabled (its signal handlers installed, the host's saved) and a
/// fatal-error handler returns to the compile's CrashRecoveryContext; when
/// the last running compile ends, the host's handlers are restored. What an
/// abandoned compile had allocated is not freed.
class CrashRecoveryScope {
public:
  CrashRecoveryScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (active()++ == 0) {
      llvm::CrashRecoveryContext::Enable();
      llvm::install_fatal_error_handler(returnFromFatalError);
    }
  }
  ~CrashRecoveryScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (--active() == 0) {
      llvm::remove_fatal_error_handler();
      llvm::CrashRecoveryContext::Disable();
    }
  }

private:
  static std::mutex &mutex() {
    static std::mutex m;
    return m;
  }
  static int &active() {
    static int count = 0;
    return count;
  }
};

/// The compile proper: bytecode to cubin in a fresh context.
int compileProgram(const TileirasProgram &program, std::string &cubin) {
  if (crashTestInjected("fatal"))
    llvm::report_fatal_error("injected by TILECHAIN_CRASH_TEST");
  if (crashTestInjected("segv"))
    std::raise(SIGSEGV);
  mlir::DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(program.input, "<tile ir bytecode>",
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  return tilechain::compileToCubin(
      context, program.input, program.options, "tileiras", "out.cubin",
      [](mlir::PassManager &) { return mlir::success(); }, cubin);
}

} // namespace

int tileirasProgramCreate(TileirasProgram **outProgram,
                          const TileirasConfig *config) {
  if (!outProgram)
    return fail(TILEIRAS_ERROR_HANDLE, "program is null");
  if (!config)
    return fail(TILEIRAS_ERROR_CONFIGURATION, "configuration is null");
  if (!config->input_buffer_data)
    return fail(TILEIRAS_ERROR_CONFIGURATION, "input buffer is null");
  llvm::StringRef input(static_cast<const char *>(config->input_buffer_data),
                        config->input_buffer_size);
  if (!tilechain::bytecode::isTileIRBytecode(input))
    return fail(TILEIRAS_ERROR_NOT_TILE_IR,
                tilechain::bytecode::isMLIRBytecode(input)
                    ? "failed to parse IR bytecode (it looks like MLIR "
                      "bytecode instead)"
                    : "input does not correspond to Tile IR bytecode");
  std::string gpuName = "sm_" + std::to_string(config->gpu_id);
  if (!tilechain::isSupportedGPUName(gpuName))
    return fail(TILEIRAS_ERROR_CONFIGURATION, "unsupported GPU target");
  if (static_cast<uint32_t>(config->opt_level) > 3)
    return fail(TILEIRAS_ERROR_CONFIGURATION, "invalid optimization level");
  if (config->opt_level != 0 && config->device_debug == 1)
    return fail(TILEIRAS_ERROR_CONFIGURATION,
                "optimized debugging is not supported, change optimization "
                "level to 0 or disable full debug info");
  if (static_cast<uint32_t>(config->host_arch) > TILEIRAS_HOST_ARM64EC)
    return fail(TILEIRAS_ERROR_CONFIGURATION, "unsupported host architecture");
  if (static_cast<uint32_t>(config->host_os) > TILEIRAS_HOST_WINDOWS)
    return fail(TILEIRAS_ERROR_CONFIGURATION,
                "unsupported host operating system");

  auto *program = crashTestInjected("oom")
                      ? nullptr
                      : new (std::nothrow) TileirasProgram;
  if (!program)
    return fail(TILEIRAS_ERROR_ALLOCATION,
                "failed to allocate memory for program");
  program->input = input.str();
  tilechain::CompileOptions &options = program->options;
  options.lower.gpuName = gpuName;
  options.lower.optLevel = config->opt_level;
  options.lineInfo = config->lineinfo != 0;
  options.deviceDebug = config->device_debug != 0;
  options.llc.libdevicePath =
      fromEnvironment("TILECHAIN_LIBDEVICE", TILECHAIN_LIBDEVICE_DEFAULT);
  options.link.ptxasPath =
      fromEnvironment("TILECHAIN_PTXAS", TILECHAIN_PTXAS_DEFAULT);
  *outProgram = program;
  return TILEIRAS_SUCCESS;
}

int tileirasProgramCompile(TileirasProgram *program) {
  if (!program)
    return fail(TILEIRAS_ERROR_HANDLE, "program is null");
  program->compiled = false;
  program->output.clear();
  std::string cubin;
  int code = tilechain::kExitCompileFailure;
  {
    CrashRecoveryScope enabled;
    llvm::CrashRecoveryContext recovery;
    if (!recovery.RunSafely([&] { code = compileProgram(*program, cubin); })) {
      // 128+N after signal N; the fatal-error handler has reported itself.
      if (recovery.RetCode > 128)
        llvm::errs() << "tileiras: error: internal compiler error: signal "
                     << recovery.RetCode - 128 << " ("
                     << strsignal(recovery.RetCode - 128) << ")\n";
      code = tilechain::kExitCompileFailure;
    }
  }
  if (code != tilechain::kExitSuccess)
    return fail(TILEIRAS_ERROR_COMPILE, "failed to compile Tile IR program");
  program->output = std::move(cubin);
  program->compiled = true;
  return TILEIRAS_SUCCESS;
}

int tileirasProgramGetOutput(TileirasProgram *program,
                             TileirasByteView *output) {
  if (!program)
    return fail(TILEIRAS_ERROR_HANDLE, "program is null");
  if (!output)
    return fail(TILEIRAS_ERROR_HANDLE, "output pointer is null");
  if (!program->compiled)
    return fail(TILEIRAS_ERROR_HANDLE, "program has not been compiled");
  output->data = reinterpret_cast<const uint8_t *>(program->output.data());
  output->length = program->output.size();
  return TILEIRAS_SUCCESS;
}

int tileirasProgramRelease(TileirasProgram *program) {
  if (!program)
    return fail(TILEIRAS_ERROR_HANDLE, "program is null");
  delete program;
  return TILEIRAS_SUCCESS;
}
