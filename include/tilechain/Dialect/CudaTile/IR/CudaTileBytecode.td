//===- CudaTileBytecode.td - input of the bytecode op table generator -----===//
include "tilechain/Dialect/CudaTile/IR/CudaTileOps.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileOpcodes.td"
