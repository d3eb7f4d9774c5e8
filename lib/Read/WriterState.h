//===- WriterState.h - tables the Tile IR bytecode writer fills -----------===//
//
// Strings, types, constants and debug records are numbered in first-use order
// (a type after the types it refers to), as NVIDIA's writer numbers them.
// Internal to lib/Read.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_BYTECODE_WRITERSTATE_H
#define TILECHAIN_LIB_BYTECODE_WRITERSTATE_H

#include "tilechain/Read/Encoding.h"
#include "tilechain/Read/OpTable.h"
#include "tilechain/Read/Version.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include <string>
#include <vector>

namespace tilechain::bytecode {

class WriterState {
public:
  explicit WriterState(BytecodeVersion version) : version(version) {}

  BytecodeVersion version;

  uint64_t stringIndex(llvm::StringRef text);
  /// Null on a type the format cannot express (after a diagnostic at loc).
  mlir::FailureOr<uint64_t> typeIndex(mlir::Type type, mlir::Location loc);
  uint64_t constantIndex(mlir::Attribute dense);
  /// 0 for locations that carry no debug record (unknown, plain file:line).
  uint64_t debugIndex(mlir::Attribute attr);

  std::vector<std::string> strings;
  std::vector<mlir::Type> types;
  std::vector<llvm::SmallVector<char>> constants;
  std::vector<mlir::Attribute> debugRecords;
  /// Per function with debug info: its location, then one per op.
  std::vector<std::vector<uint64_t>> debugPerFunction;

private:
  llvm::StringMap<uint64_t> stringIndices;
  llvm::DenseMap<mlir::Type, uint64_t> typeIndices;
  llvm::DenseMap<mlir::Attribute, uint64_t> constantIndices;
  llvm::DenseMap<mlir::Attribute, uint64_t> debugIndices;
};

/// The types a type record refers to, in the order they are registered.
mlir::LogicalResult typeDependencies(mlir::Type type,
                                     llvm::SmallVectorImpl<mlir::Type> &deps);
/// Writes one type record. The referenced types are already numbered.
mlir::LogicalResult encodeTypeRecord(WriterState &state, mlir::Type type,
                                     ByteWriter &out);
/// Debug records referenced by a debug record, registered before it.
void debugDependencies(mlir::Attribute attr,
                       llvm::SmallVectorImpl<mlir::Attribute> &deps);
/// Writes one debug record.
mlir::LogicalResult encodeDebugRecord(WriterState &state, mlir::Attribute attr,
                                      ByteWriter &out);

/// Writes an attribute tagged with its kind (AttrTag).
mlir::LogicalResult encodeTaggedAttr(WriterState &state, mlir::Attribute attr,
                                     ByteWriter &out, mlir::Location loc);
/// Writes an op attribute laid out as `spec` says.
mlir::LogicalResult encodeOpAttr(WriterState &state, const AttrSpec &spec,
                                 mlir::Attribute attr, bool opHasResults,
                                 ByteWriter &out, mlir::Location loc);

/// The printed form of a type or attribute, for the dialect parameters that
/// are only reachable through the dialect's textual syntax.
std::string printed(mlir::Type type);
std::string printed(mlir::Attribute attr);
/// Integers in the text after `key` up to the closing bracket; `?` is the
/// dynamic marker INT64_MIN. False when `key` is absent.
bool parseIntsAfter(llvm::StringRef text, llvm::StringRef key, char close,
                    char separator, llvm::SmallVectorImpl<int64_t> &out);

} // namespace tilechain::bytecode

#endif // TILECHAIN_LIB_BYTECODE_WRITERSTATE_H
