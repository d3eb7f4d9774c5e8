//===- ModuleOps.td - module, entry, global, get_global: the top-level symbols
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MODULEOPS_TD
#define TILECHAIN_CUDATILE_MODULEOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"

def CudaTile_ModuleOp : CudaTile_Op<"module", "13.1", [
    IsolatedFromAbove, NoRegionArguments, NoTerminator, SingleBlock,
    SymbolTable, Symbol, OpAsmOpInterface]> {
  let summary = "a compilation unit of kernels and globals";
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let extraClassDeclaration = [{
    // Ops nested in a module print and parse without the `cuda_tile.` prefix.
    static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
  }];
}

#endif // TILECHAIN_CUDATILE_MODULEOPS_TD
