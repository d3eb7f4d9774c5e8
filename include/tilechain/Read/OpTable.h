//===- OpTable.h - how each cuda_tile op is laid out in Tile IR bytecode --===//
//
// tile-tblgen derives this table from the ODS definitions (operand, result,
// attribute and region structure) and CudaTileOpcodes.td. One generic reader
// and one generic writer interpret it, so a new op needs no codec code.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_READ_OPTABLE_H
#define TILECHAIN_READ_OPTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace tilechain::bytecode {

/// How an attribute's value is written (derived from its ODS storage type).
enum class AttrKind : uint8_t {
  Unit,             // presence bit in the flags field only
  Bool,             // one byte
  Integer,          // unsigned varint of the value, `width` bits
  Float,            // type index + bit pattern
  Type,             // type index
  String,           // string index (also symbol names)
  SymbolRef,        // string index of the referenced symbol
  DenseI32Array,    // varint count + 4-byte LE values
  DenseI64Array,    // varint count + 8-byte LE values
  DenseBoolArray,   // varint count + 1-byte values
  DenseElements,    // constant index (type: first result, else a type index)
  Enum,             // varint case value
  Array,            // varint count + tagged attributes
  Dictionary,       // varint count + (string index, tagged attribute)
  OptimizationHints,// an untagged dictionary
  Tagged,           // one tagged (self-describing) attribute
  DivBy,            // untagged div_by
  SameElements,     // untagged same_elements
  Bounded,          // untagged bounded
};

/// How many values an operand or result group holds.
enum class ArgArity : uint8_t { Single, Optional, Variadic };

/// Versions are major * 100 + minor, e.g. 1302 for 13.2.
using PackedVersion = uint16_t;

struct ArgSpec {
  const char *name;
  ArgArity arity;
  PackedVersion since;
  /// A result of token type: reading an older version that lacks it
  /// creates a fresh token.
  bool isToken;
};

struct AttrSpec {
  const char *name;
  AttrKind kind;
  bool optional;
  PackedVersion since;
  /// Integer: bit width. Enum: index into enumSpecs().
  int16_t detail;
  /// An ODS-optional attribute the bytecode always carries (no presence
  /// bit): its all-false/empty value stands for "absent".
  bool alwaysEncoded;
};

struct OpSpec {
  const char *name; // full name, e.g. "cuda_tile.addf"
  uint32_t opcode;
  PackedVersion since;
  /// ODS isVariadic(): some operand or result group is Variadic, so the
  /// result count is written before the result types.
  bool countResults;
  bool attrSizedOperands;
  uint8_t numRegions;
  llvm::ArrayRef<ArgSpec> results;
  llvm::ArrayRef<AttrSpec> attrs;
  llvm::ArrayRef<ArgSpec> operands;
};

struct EnumCase {
  uint32_t value;
  const char *symbol;
};

/// An enum attribute: a dialect attribute `#cuda_tile.<mnemonic><symbol>`,
/// or (empty mnemonic) an integer attribute of `bitWidth` bits.
struct EnumSpec {
  const char *attrMnemonic;
  unsigned bitWidth;
  llvm::ArrayRef<EnumCase> cases;
};

const OpSpec *lookupOpcode(uint64_t opcode);
const OpSpec *lookupOpName(llvm::StringRef name);
llvm::ArrayRef<OpSpec> opSpecs();
llvm::ArrayRef<EnumSpec> enumSpecs();

} // namespace tilechain::bytecode

#endif // TILECHAIN_READ_OPTABLE_H
