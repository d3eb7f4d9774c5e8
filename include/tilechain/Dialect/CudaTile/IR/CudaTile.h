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

#endif // TILECHAIN_DIALECT_CUDATILE_IR_CUDATILE_H
