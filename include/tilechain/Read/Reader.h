//===- Reader.h - decode Tile IR bytecode into cuda_tile ------------------===//
#ifndef TILECHAIN_READ_READER_H
#define TILECHAIN_READ_READER_H

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace tilechain::bytecode {

/// True when `buffer` starts with the Tile IR magic "\x7fTileIR\0".
bool isTileIRBytecode(llvm::StringRef buffer);
/// True when `buffer` starts with the MLIR bytecode magic "ML\xefR".
bool isMLIRBytecode(llvm::StringRef buffer);

/// Decodes a whole file into a `cuda_tile.module @kernels` (not verified).
/// Returns null after emitting diagnostics on the context; never reads
/// outside `buffer` and bounds every recursion.
mlir::OwningOpRef<mlir::Operation *> readTileIRBytecode(llvm::StringRef buffer,
                                                        mlir::MLIRContext *ctx);

} // namespace tilechain::bytecode

#endif // TILECHAIN_READ_READER_H
