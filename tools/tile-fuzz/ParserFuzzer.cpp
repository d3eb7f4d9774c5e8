//===- ParserFuzzer.cpp - fuzz target: cuda_tile text, parsed and verified ===//
//
// Every input is what tile-read does with MLIR text: the bracket-depth check
// the stages apply first (TextNesting.h), then MLIR's parser with the
// cuda_tile dialect and the verifier of every op parsed. None may crash,
// hang, leak or read out of bounds. Diagnostics are dropped; a context
// serves a thousand inputs (FuzzContext.h, docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//
#include "FuzzContext.h"

#include "tilechain/Tools/TextNesting.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = &tilechain::fuzz::contextForNextInput();
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size)),
      llvm::SMLoc());
  sourceMgr.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  if (mlir::failed(tilechain::checkTextNesting(sourceMgr)))
    return 0;
  mlir::Block parsed;
  mlir::ParserConfig config(context);
  if (mlir::failed(mlir::parseSourceFile(sourceMgr, &parsed, config)))
    return 0;
  for (mlir::Operation &op : parsed)
    (void)mlir::verify(&op);
  return 0;
}
