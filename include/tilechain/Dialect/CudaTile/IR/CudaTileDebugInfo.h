//===- CudaTileDebugInfo.h - debug-info scopes of cuda_tile locations -----===//
//
// Operations carry debug information as `#cuda_tile.di_loc` locations, which
// place a source position in a di_subprogram or di_lexical_block scope.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H
#define TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

namespace mlir::cuda_tile {

/// The scope of the first di_loc inside `loc`, looking through name, fused
/// and call-site locations; null when `loc` carries none.
Attribute getDebugInfoScope(Location loc);

/// Checks the scopes of everything in a cuda_tile.module body `module`:
/// a function's scope is a di_subprogram whose linkage name is the function's
/// name; the ops of a function lie in that subprogram (directly or through
/// lexical blocks), or carry no scope if the function has none; other
/// module-level ops carry no scope.
LogicalResult verifyDebugInfoScopes(Operation *module);

} // namespace mlir::cuda_tile

#endif // TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H
