//===- Writer.h - encode cuda_tile as Tile IR bytecode --------------------===//
#ifndef TILECHAIN_READ_WRITER_H
#define TILECHAIN_READ_WRITER_H

#include "tilechain/Read/Version.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace tilechain::bytecode {

/// Encodes a verified `cuda_tile.module` at `version`, laying the file out as
/// NVIDIA's writer does (so a re-encoded file is byte-identical). Fails with
/// a diagnostic on the op that the version cannot express.
mlir::LogicalResult writeTileIRBytecode(mlir::Operation *module,
                                        BytecodeVersion version,
                                        llvm::SmallVectorImpl<char> &out);

} // namespace tilechain::bytecode

#endif // TILECHAIN_READ_WRITER_H
