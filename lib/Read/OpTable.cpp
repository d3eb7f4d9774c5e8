//===- OpTable.cpp - the generated op layout table ------------------------===//
#include "tilechain/Read/OpTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace tilechain::bytecode;
using llvm::ArrayRef;

#include "tilechain/Dialect/CudaTile/IR/CudaTileOpTable.inc"

llvm::ArrayRef<OpSpec> tilechain::bytecode::opSpecs() { return kOpSpecs; }

llvm::ArrayRef<EnumSpec> tilechain::bytecode::enumSpecs() {
  // The last row only keeps the array non-empty.
  return llvm::ArrayRef<EnumSpec>(kEnumSpecs).drop_back();
}

const OpSpec *tilechain::bytecode::lookupOpcode(uint64_t opcode) {
  static const llvm::DenseMap<uint64_t, const OpSpec *> byOpcode = [] {
    llvm::DenseMap<uint64_t, const OpSpec *> map;
    for (const OpSpec &spec : kOpSpecs)
      map[spec.opcode] = &spec;
    return map;
  }();
  return byOpcode.lookup(opcode);
}

const OpSpec *tilechain::bytecode::lookupOpName(llvm::StringRef name) {
  static const llvm::StringMap<const OpSpec *> byName = [] {
    llvm::StringMap<const OpSpec *> map;
    for (const OpSpec &spec : kOpSpecs)
      map[spec.name] = &spec;
    return map;
  }();
  return byName.lookup(name);
}
