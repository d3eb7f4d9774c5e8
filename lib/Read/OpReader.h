//===- OpReader.h - the generic op decoder --------------------------------===//
//
// Decodes function bodies by interpreting the op table. Internal to
// lib/Read.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_BYTECODE_OPREADER_H
#define TILECHAIN_LIB_BYTECODE_OPREADER_H

#include "ReaderState.h"
#include "mlir/IR/Builders.h"

namespace tilechain::bytecode {

/// Yields the locations of one function: its own, then one per op in
/// encounter order.
class LocationStream {
public:
  LocationStream(ReaderState &state, uint64_t functionIndex)
      : state(state), functionIndex(functionIndex) {}
  /// Null after a diagnostic.
  mlir::LocationAttr next();

private:
  ReaderState &state;
  uint64_t functionIndex;
  uint64_t consumed = 0;
};

class OpReader {
public:
  OpReader(ReaderState &state, LocationStream &locations)
      : state(state), locations(locations), builder(state.ctx) {}

  /// Decodes the ops of a function body into `block` (whose arguments are
  /// the function's).
  mlir::LogicalResult readFunctionBody(ByteReader &body, mlir::Block &block);

private:
  mlir::LogicalResult readOp(ByteReader &reader);
  mlir::LogicalResult readRegion(ByteReader &reader, mlir::Region &region,
                                 mlir::Location loc);
  mlir::LogicalResult readBlock(ByteReader &reader, mlir::Block &block,
                                mlir::Location loc);
  mlir::LogicalResult readValues(ByteReader &reader, uint64_t count,
                                 llvm::SmallVectorImpl<mlir::Value> &out);

  ReaderState &state;
  LocationStream &locations;
  mlir::OpBuilder builder;
  /// Values visible at the current point, by bytecode value index.
  std::vector<mlir::Value> values;
};

} // namespace tilechain::bytecode

#endif // TILECHAIN_LIB_BYTECODE_OPREADER_H
