//===- TileRead.cpp - the tile-read tool ----------------------------------===//
//
//   tile-read IN [-o OUT] [--emit=mlir|mlirbc|bytecode] [--bytecode-version=13.N]
//             [--input=auto|bytecode|mlir] [--split-input-file]
//             [--verify-diagnostics] [MLIR printer options]
//
// Exit codes: 2 unreadable input or unwritable output, 3 the input is not
// (valid) Tile IR bytecode, 5 the program does not parse or verify. Output
// is written to a temporary file and renamed into place only on success.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Tools/TileRead.h"

#include "tilechain/Read/Reader.h"
#include "tilechain/Read/Writer.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"
#include "tilechain/Tools/TextNesting.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::bytecode;

namespace {

enum class Emit { Mlir, MlirBytecode, TileBytecode };
enum class InputKind { Auto, TileBytecode, Mlir };

struct Options {
  llvm::cl::opt<std::string> input{llvm::cl::Positional,
                                   llvm::cl::desc("<input>"),
                                   llvm::cl::init("-")};
  llvm::cl::opt<std::string> output{"o", llvm::cl::desc("output file"),
                                    llvm::cl::value_desc("file"),
                                    llvm::cl::init("-")};
  llvm::cl::opt<Emit> emit{
      "emit", llvm::cl::desc("what to write"), llvm::cl::init(Emit::Mlir),
      llvm::cl::values(
          clEnumValN(Emit::Mlir, "mlir", "cuda_tile text (default)"),
          clEnumValN(Emit::MlirBytecode, "mlirbc", "MLIR bytecode"),
          clEnumValN(Emit::TileBytecode, "bytecode", "Tile IR bytecode"))};
  llvm::cl::opt<std::string> version{
      "bytecode-version",
      llvm::cl::desc("Tile IR bytecode version to write (13.1 to 13.5)"),
      llvm::cl::init("13.4")};
  llvm::cl::opt<InputKind> inputKind{
      "input", llvm::cl::desc("what the input must be"),
      llvm::cl::init(InputKind::Auto),
      llvm::cl::values(
          clEnumValN(InputKind::Auto, "auto", "detect (default)"),
          clEnumValN(InputKind::TileBytecode, "bytecode", "Tile IR bytecode"),
          clEnumValN(InputKind::Mlir, "mlir", "MLIR text or bytecode"))};
  llvm::cl::opt<bool> splitInput{
      "split-input-file",
      llvm::cl::desc("process each '// -----' chunk on its own")};
  llvm::cl::opt<bool> allowUnregistered{
      "allow-unregistered-dialect",
      llvm::cl::desc("accept ops of unregistered dialects in MLIR input")};
  llvm::cl::opt<bool> verifyDiagnostics{
      "verify-diagnostics",
      llvm::cl::desc("check diagnostics against expected-* comments")};
  llvm::cl::opt<bool> warnUnsupportedHints{
      "Wunsupported-hints",
      llvm::cl::desc("warn about unknown or unsupported optimization hints")};
  llvm::cl::opt<bool> hintWarningsAreErrors{
      "Werr-hints", llvm::cl::desc("with -Wunsupported-hints: hint warnings "
                                   "fail verification")};
  // Another tool's verifier is probed with programs ours refuses
  // (utils/probe-ftof-rounding.py writes them as bytecode for NVIDIA's).
  llvm::cl::opt<bool> noVerify{
      "no-verify", llvm::cl::desc("write MLIR input without verifying it "
                                  "(to probe another tool's verifier)")};
};

/// The cuda_tile.module of a parsed or decoded input, without any builtin
/// module around it.
Operation *findTileModule(Operation *top) {
  if (isa<cuda_tile::ModuleOp>(top))
    return top;
  auto wrapper = dyn_cast<ModuleOp>(top);
  if (!wrapper)
    return nullptr;
  Operation *found = nullptr;
  for (Operation &op : wrapper.getBody()->getOperations()) {
    if (!isa<cuda_tile::ModuleOp>(op) || found)
      return nullptr;
    found = &op;
  }
  return found;
}

class TileRead {
public:
  TileRead(Options &options, MLIRContext &ctx) : options(options), ctx(ctx) {}

  /// Processes the main buffer of `sourceMgr`, appending output to `out`.
  int process(llvm::SourceMgr &sourceMgr, std::string &out);

private:
  int emit(Operation *module, std::string &out);

  Options &options;
  MLIRContext &ctx;
};

} // namespace

int TileRead::process(llvm::SourceMgr &sourceMgr, std::string &out) {
  StringRef bytes =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  OwningOpRef<Operation *> top;
  bool isTile = isTileIRBytecode(bytes);
  if (options.inputKind == InputKind::TileBytecode ||
      (isTile && options.inputKind == InputKind::Auto)) {
    if (int code = decodeTileIRBytecode(bytes, ctx, top))
      return code;
  } else {
    if (failed(checkTextNesting(sourceMgr)))
      return kExitCompileFailure;
    CrashPhase phase("parsing MLIR");
    ParserConfig config(&ctx, /*verifyAfterParse=*/false);
    top = parseSourceFile<ModuleOp>(sourceMgr, config);
    if (!top)
      return kExitCompileFailure;
  }
  noteCrashKernels(top.get());
  // One cuda_tile.module is printed on its own; anything else (several
  // top-level ops, as in dialect tests) is printed like mlir-opt would.
  Operation *module = findTileModule(top.get());
  if (!options.noVerify) {
    CrashPhase phase("verifying");
    if (failed(verify(module ? module : top.get())))
      return kExitCompileFailure;
  }
  if (!module && options.emit == Emit::TileBytecode) {
    top->emitError("Tile IR bytecode holds exactly one 'cuda_tile.module'");
    return kExitCompileFailure;
  }
  // Printed detached from the implicit builtin module, the cuda_tile.module is
  // a top-level op: MLIR then prints attribute aliases (#di_file, ...) as the
  // reference printer does.
  OwningOpRef<Operation *> detached;
  if (module && module->getParentOp()) {
    module->remove();
    detached = module;
  }
  return emit(module ? module : top.get(), out);
}

int TileRead::emit(Operation *module, std::string &out) {
  CrashPhase phase("writing the output");
  llvm::raw_string_ostream os(out);
  switch (options.emit) {
  case Emit::Mlir:
    module->print(os, OpPrintingFlags());
    os << "\n";
    return kExitSuccess;
  case Emit::MlirBytecode:
    if (failed(writeBytecodeToFile(module, os)))
      return kExitCompileFailure;
    return kExitSuccess;
  case Emit::TileBytecode: {
    std::optional<BytecodeVersion> version =
        BytecodeVersion::parse(options.version);
    if (!version) {
      llvm::errs() << "tile-read: unsupported --bytecode-version '"
                   << options.version << "' (supported: "
                   << BytecodeVersion::oldest().str() << " to "
                   << BytecodeVersion::newest().str() << ")\n";
      return kExitConfiguration;
    }
    SmallVector<char> bytes;
    if (failed(writeTileIRBytecode(module, *version, bytes)))
      return kExitCompileFailure;
    os << StringRef(bytes.data(), bytes.size());
    return kExitSuccess;
  }
  }
  return kExitSuccess;
}

int tilechain::decodeTileIRBytecode(StringRef bytes, MLIRContext &ctx,
                                    OwningOpRef<Operation *> &top) {
  if (!isTileIRBytecode(bytes)) {
    // Say where the magic differs, then the verdict callers match on.
    if (isMLIRBytecode(bytes)) {
      emitError(UnknownLoc::get(&ctx))
          << "failed to parse IR bytecode (it looks like MLIR bytecode instead)";
    } else {
      (void)readTileIRBytecode(bytes, &ctx);
      emitError(UnknownLoc::get(&ctx))
          << "input does not correspond to Tile IR bytecode";
    }
    return kExitNotTileIR;
  }
  CrashPhase phase("decoding Tile IR bytecode");
  top = readTileIRBytecode(bytes, &ctx);
  return top ? kExitSuccess : kExitNotTileIR;
}

/// Everything after the command line: read, verify, write.
static int readVerifyWrite(Options &options) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(options.input, &errorMessage);
  if (!input) {
    llvm::errs() << "tile-read: " << errorMessage << "\n";
    return kExitConfiguration;
  }
  if (options.input == "-")
    keepStdinForCrashReport(input->getBuffer());

  DialectRegistry registry;
  registry.insert<cuda_tile::CudaTileDialect>();
  // Crash recovery is per thread (CrashGuard.h).
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.allowUnregisteredDialects(options.allowUnregistered);
  if (options.warnUnsupportedHints)
    ctx.getLoadedDialect<cuda_tile::CudaTileDialect>()->setHintPolicy(
        options.hintWarningsAreErrors
            ? cuda_tile::CudaTileDialect::HintPolicy::Error
            : cuda_tile::CudaTileDialect::HintPolicy::Warn);
  // As mlir-opt: expected-* annotations do not spell out the op dump note.
  if (options.verifyDiagnostics)
    ctx.printOpOnDiagnostic(false);

  std::string output;
  int status = kExitSuccess;
  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                          llvm::raw_ostream &) -> LogicalResult {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    TileRead tool(options, ctx);
    if (!options.verifyDiagnostics) {
      SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
      int code = tool.process(sourceMgr, output);
      if (code != kExitSuccess && status == kExitSuccess)
        status = code;
      return success(code == kExitSuccess);
    }
    SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &ctx);
    (void)tool.process(sourceMgr, output);
    return handler.verify();
  };

  llvm::raw_null_ostream unused;
  LogicalResult result =
      options.splitInput
          ? splitAndProcessBuffer(std::move(input), processChunk, unused)
          : processChunk(std::move(input), unused);
  if (options.verifyDiagnostics)
    return succeeded(result) ? kExitSuccess : kExitCompileFailure;
  if (status != kExitSuccess)
    return status;
  if (std::error_code ec = writeOutputFile(options.output, output)) {
    llvm::errs() << "tile-read: cannot write '" << options.output
                 << "': " << ec.message() << "\n";
    return kExitConfiguration;
  }
  return kExitSuccess;
}

int tilechain::runTileRead(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  Options options;
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "tile-read: Tile IR bytecode <-> cuda_tile\n");
  return runCrashGuarded("tile-read", argc, argv, options.input,
                         [&] { return readVerifyWrite(options); });
}
