//===- CudaTileBytecode.td - input of the bytecode op table generator -----===//
// Builtin attribute constraints that some op families use.
include "mlir/IR/BuiltinAttributes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileOps.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileOpcodes.td"
