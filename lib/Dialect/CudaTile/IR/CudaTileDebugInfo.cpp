//===- CudaTileDebugInfo.cpp - debug-info scopes of cuda_tile locations ---===//
#include "tilechain/Dialect/CudaTile/IR/CudaTileDebugInfo.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;

Attribute mlir::cuda_tile::getDebugInfoScope(Location loc) {
  if (auto diLoc = dyn_cast<DILocAttr>(loc))
    return diLoc.getScope();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return getDebugInfoScope(nameLoc.getChildLoc());
  // Inlined code keeps its own subprogram in the callee location; the op
  // belongs to the scope of the outermost caller, the function it sits in.
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return getDebugInfoScope(callSite.getCaller());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (Attribute scope = getDebugInfoScope(part))
        return scope;
  return {};
}

/// The subprogram that `scope` (a subprogram or lexical block) lies in.
static DISubprogramAttr enclosingSubprogram(Attribute scope) {
  while (auto block = dyn_cast_or_null<DILexicalBlockAttr>(scope))
    scope = block.getScope();
  return dyn_cast_or_null<DISubprogramAttr>(scope);
}

static LogicalResult verifyFunction(Operation *function) {
  Attribute functionScope = getDebugInfoScope(function->getLoc());
  auto subprogram = dyn_cast_or_null<DISubprogramAttr>(functionScope);
  if (functionScope && !subprogram) {
    function->emitError("invalid function debug info scope").attachNote()
        << "Function location must have cuda_tile.di_subprogram debug info "
           "scope";
    return failure();
  }
  StringRef name = SymbolTable::getSymbolName(function).getValue();
  if (subprogram && subprogram.getLinkageName().getValue() != name) {
    function->emitError("invalid function debug info scope").attachNote()
        << "Function name \"" << name
        << "\" does not match subprogram scope linkage name \""
        << subprogram.getLinkageName().getValue() << "\"";
    return failure();
  }
  WalkResult walk = function->walk([&](Operation *op) {
    if (op == function)
      return WalkResult::advance();
    Attribute scope = getDebugInfoScope(op->getLoc());
    if (!scope)
      return WalkResult::advance();
    if (!subprogram) {
      op->emitError("invalid operation debug info scope").attachNote()
          << "Operation has debug info scope, but function debug info scope "
             "is undefined";
      return WalkResult::interrupt();
    }
    if (enclosingSubprogram(scope) != subprogram) {
      op->emitError("invalid operation debug info scope").attachNote()
          << "Operation debug info scope does not match function debug info "
             "scope";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::cuda_tile::verifyDebugInfoScopes(Operation *module) {
  for (Region &region : module->getRegions()) {
    for (Operation &op : region.getOps()) {
      if (isa<FunctionOpInterface>(op)) {
        if (failed(verifyFunction(&op)))
          return failure();
        continue;
      }
      if (getDebugInfoScope(op.getLoc())) {
        op.emitError("invalid operation debug info scope").attachNote()
            << "Global variables must not have scope";
        return failure();
      }
    }
  }
  return success();
}
