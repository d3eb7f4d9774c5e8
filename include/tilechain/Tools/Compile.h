//===- Compile.h - Tile IR bytecode -> cubin in one process ---------------===//
//
// The in-process mode of the pipeline: the five stages of docs/pipeline.md
// run on one module in one MLIRContext, from the same library functions the
// stage tools call (decodeTileIRBytecode, populateLowerPipeline,
// populateSchedPipeline, populateLLCPipeline, emitTarget, assembleCubin), so
// the cubin is byte for byte the staged build's. tile-compile and the C API
// (include/tilechain-c/Tileiras.h) are thin shells over compileToCubin.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_COMPILE_H
#define TILECHAIN_TOOLS_COMPILE_H

#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Link/Ptxas.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir {
class MLIRContext;
class PassManager;
} // namespace mlir

namespace tilechain {

struct CompileOptions {
  /// tile-lower: chip, optimization level, tile form.
  LowerOptions lower;
  /// .loc line information (tile-llc --lineinfo, ptxas -lineinfo).
  bool lineInfo = false;
  /// ptxas -g.
  bool deviceDebug = false;
  /// tile-llc's LLVM half (libdevice, ftz, precise division/square root).
  LLCOptions llc;
  /// ptxas and its time limit; its opt level, line info and debug flags
  /// are taken from the fields above.
  LinkOptions link;
};

/// The first four stages of compileToCubin: the Tile IR bytecode `bytecode`
/// decoded, verified, lowered and written as PTX into `ptx`, without ptxas
/// (the pipeline fuzz target stops here). Returns 0, 3 when the input is not
/// Tile IR bytecode, 5 when it does not compile, 2 when `configure` fails.
int compileToPTX(mlir::MLIRContext &ctx, llvm::StringRef bytecode,
                 const CompileOptions &options,
                 llvm::function_ref<mlir::LogicalResult(mlir::PassManager &)>
                     configure,
                 std::string &ptx);

/// Compiles the Tile IR bytecode `bytecode` into `cubin`. `ctx` must have the
/// pipeline's dialects (registerPipelineDialects) and a diagnostic handler;
/// `configure` may add instrumentation or command-line pass options to the
/// pass manager before the pipeline runs. ptxas's output and failures are
/// reported on llvm::errs() under `toolName`, with `reproOutput` as the
/// output of the reproduce command. Returns an ExitCodes.h code: 3 when the
/// input is not Tile IR bytecode, 5 when it does not compile, 2 when ptxas
/// or its scratch files cannot be used.
int compileToCubin(mlir::MLIRContext &ctx, llvm::StringRef bytecode,
                   const CompileOptions &options, llvm::StringRef toolName,
                   llvm::StringRef reproOutput,
                   llvm::function_ref<mlir::LogicalResult(mlir::PassManager &)>
                       configure,
                   std::string &cubin);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_COMPILE_H
