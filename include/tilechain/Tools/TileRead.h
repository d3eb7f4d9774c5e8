//===- TileRead.h - the tile-read tool ------------------------------------===//
#ifndef TILECHAIN_TOOLS_TILEREAD_H
#define TILECHAIN_TOOLS_TILEREAD_H

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace tilechain {

/// Decodes `bytes`, which must be Tile IR bytecode, as `tile-read
/// --input=bytecode` does (not verified). Returns kExitSuccess, or
/// kExitNotTileIR after diagnostics on `ctx`: `input does not correspond to
/// Tile IR bytecode`, or that it looks like MLIR bytecode instead.
int decodeTileIRBytecode(llvm::StringRef bytes, mlir::MLIRContext &ctx,
                         mlir::OwningOpRef<mlir::Operation *> &top);

/// Runs tile-read; returns the process exit code (ExitCodes.h).
int runTileRead(int argc, char **argv);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_TILEREAD_H
