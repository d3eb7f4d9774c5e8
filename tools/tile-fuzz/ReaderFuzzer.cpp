//===- ReaderFuzzer.cpp - fuzz target: the Tile IR bytecode reader --------===//
//
// Every input goes through what tile-read does with bytecode: recognized by
// its magic, decoded into a cuda_tile module and verified, or refused with a
// diagnostic. None may crash, hang, leak or read out of bounds. Diagnostics
// are dropped; a context serves a thousand inputs (FuzzContext.h,
// docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//
#include "FuzzContext.h"

#include "tilechain/Read/Reader.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = &tilechain::fuzz::contextForNextInput();
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef buffer(reinterpret_cast<const char *>(data), size);
  if (!tilechain::bytecode::isTileIRBytecode(buffer))
    return 0;
  mlir::OwningOpRef<mlir::Operation *> module =
      tilechain::bytecode::readTileIRBytecode(buffer, context);
  if (module)
    (void)mlir::verify(*module);
  return 0;
}
