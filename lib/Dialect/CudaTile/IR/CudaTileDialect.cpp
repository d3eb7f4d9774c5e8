//===- CudaTileDialect.cpp - dialect registration -------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"

namespace {
/// Debug-info attributes are shared by many locations: print them once, as
/// `#di_file = #cuda_tile.di_file<...>` aliases at the top of the output.
struct CudaTileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return llvm::TypeSwitch<Attribute, AliasResult>(attr)
        .Case<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
              DILexicalBlockAttr>([&](auto diAttr) {
          os << diAttr.getMnemonic();
          return AliasResult::OverridableAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};
} // namespace

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addInterfaces<CudaTileOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ModuleOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ArithOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MathOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ConversionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MmaOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ControlFlowOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MemoryOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ViewOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MiscOps.cpp.inc"
      >();
}
