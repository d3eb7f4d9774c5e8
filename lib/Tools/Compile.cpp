//===- Compile.cpp - Tile IR bytecode -> cubin in one process -------------===//
#include "tilechain/Tools/Compile.h"

#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/Link.h"
#include "tilechain/Tools/TileRead.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

/// The decoded cuda_tile.module inside a builtin.module, the form the stage
/// tools parse tile-read's output into.
static OwningOpRef<ModuleOp> wrapInModule(OwningOpRef<Operation *> top) {
  if (auto module = dyn_cast<ModuleOp>(top.get())) {
    top.release();
    return module;
  }
  OwningOpRef<ModuleOp> module = ModuleOp::create(top->getLoc());
  module->getBody()->push_back(top.release());
  return module;
}

int tilechain::compileToPTX(
    MLIRContext &ctx, llvm::StringRef bytecode, const CompileOptions &options,
    llvm::function_ref<LogicalResult(PassManager &)> configure,
    std::string &ptx) {
  OwningOpRef<Operation *> top;
  if (int code = decodeTileIRBytecode(bytecode, ctx, top))
    return code;
  noteCrashKernels(top.get());
  {
    CrashPhase phase("verifying");
    if (failed(verify(top.get())))
      return kExitCompileFailure;
  }
  OwningOpRef<ModuleOp> module = wrapInModule(std::move(top));

  PassManager pm(&ctx);
  if (failed(configure(pm)))
    return kExitConfiguration;
  addCrashReportInstrumentation(pm);
  // Without a stop point, every pass of a stage is added.
  (void)populateLowerPipeline(pm, options.lower);
  (void)populateSchedPipeline(pm);
  populateLLCPipeline(pm, options.lineInfo);
  if (failed(pm.run(*module)))
    return kExitCompileFailure;

  llvm::raw_string_ostream os(ptx);
  CrashPhase phase("generating PTX with LLVM's NVPTX back end");
  if (failed(emitTarget(*module, options.llc, LLCEmit::PTX, os)))
    return kExitCompileFailure;
  return kExitSuccess;
}

int tilechain::compileToCubin(
    MLIRContext &ctx, llvm::StringRef bytecode, const CompileOptions &options,
    llvm::StringRef toolName, llvm::StringRef reproOutput,
    llvm::function_ref<LogicalResult(PassManager &)> configure,
    std::string &cubin) {
  std::string ptx;
  if (int code = compileToPTX(ctx, bytecode, options, configure, ptx))
    return code;
  LinkOptions link = options.link;
  link.optLevel = options.lower.optLevel;
  link.lineInfo = options.lineInfo;
  link.deviceDebug = options.deviceDebug;
  PTXSource source;
  source.text = ptx;
  return assembleCubin(toolName, source, link, reproOutput, cubin);
}
