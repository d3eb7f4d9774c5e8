//===- CudaTile.h - the cuda_tile dialect, types, attributes and ops ------===//
#ifndef TILECHAIN_DIALECT_CUDATILE_IR_CUDATILE_H
#define TILECHAIN_DIALECT_CUDATILE_IR_CUDATILE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.h.inc"
#include "tilechain/Dialect/CudaTile/IR/CudaTileEnums.h.inc"

#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrInterfaces.h.inc"
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypeInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.h.inc"

#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileDebugInfo.h"

// Region ops of every family name the terminators of ControlFlowOps.
#define GET_OP_FWD_DEFINES
#include "tilechain/Dialect/CudaTile/IR/ControlFlowOps.h.inc"
#undef GET_OP_FWD_DEFINES
namespace mlir::cuda_tile::impl {
class IfOpImplicitTerminatorType;
class LoopOpImplicitTerminatorType;
} // namespace mlir::cuda_tile::impl

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ModuleOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ArithOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MathOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ConversionOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ShapeOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MmaOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ControlFlowOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MemoryOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ViewOps.h.inc"
#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MiscOps.h.inc"

namespace mlir::cuda_tile::impl {
/// The terminator that `if` adds when its region has none: `yield`. A branch
/// may also end by leaving the enclosing loop or kernel.
class IfOpImplicitTerminatorType : public YieldOp {
public:
  using YieldOp::YieldOp;
  static bool classof(Operation *op) {
    return llvm::isa<YieldOp, ContinueOp, BreakOp, ReturnOp>(op);
  }
};

/// The terminator that `loop` adds when its body has none: `continue`. The
/// body may also end with `break`.
class LoopOpImplicitTerminatorType : public ContinueOp {
public:
  using ContinueOp::ContinueOp;
  static bool classof(Operation *op) {
    return llvm::isa<ContinueOp, BreakOp>(op);
  }
};
} // namespace mlir::cuda_tile::impl

#endif // TILECHAIN_DIALECT_CUDATILE_IR_CUDATILE_H
