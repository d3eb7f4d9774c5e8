//===- ControlFlowOps.td - if, for, loop, break, continue, yield, return, reduce, scan
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD
#define TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar CudaTile_RegionOpDefaultDialect = [{
  static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
}];

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

def CudaTile_IfOp : CudaTile_Op<"if", "13.1", [
    NoRegionArguments, OpAsmOpInterface, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"impl::IfOpImplicitTerminatorType">]> {
  let summary = "runs the then region or the else region";
  let arguments = (ins CudaTile_ScalarTileOf<CudaTile_Int1>:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        MaxSizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $condition (`->` `(` custom<CudaTileType>(type($results))^ `)`)?
    custom<IfOpRegion>($thenRegion)
    (`else` custom<IfOpRegion>($elseRegion)^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = CudaTile_RegionOpDefaultDialect # [{
    ::mlir::Block *getThenBlock() { return &getThenRegion().back(); }
    ::mlir::Block *getElseBlock() {
      return getElseRegion().empty() ? nullptr : &getElseRegion().back();
    }
  }];
}

def CudaTile_ForOp : CudaTile_Op<"for", "13.1", [
    AutomaticAllocationScope,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    AllTypesMatch<["initValues", "resultValues"]>,
    RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"ContinueOp">,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
                              ["getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "a counted loop over [lowerBound, upperBound) by step";
  let arguments = (ins CudaTile_ScalarTileOf<CudaTile_AnyInt>:$lowerBound,
                       CudaTile_ScalarTileOf<CudaTile_AnyInt>:$upperBound,
                       CudaTile_ScalarTileOf<CudaTile_AnyInt>:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let laterArgs = [ArgSince<"unsignedCmp", "13.2">];
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_RegionOpDefaultDialect # [{
    ::mlir::Value getInductionVar() { return getBody()->getArgument(0); }
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getBody()->getArguments().drop_front();
    }
  }];
}

def CudaTile_LoopOp : CudaTile_Op<"loop", "13.1", [
    AutomaticAllocationScope, OpAsmOpInterface, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"impl::LoopOpImplicitTerminatorType">]> {
  let summary = "repeats its body until a break";
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_RegionOpDefaultDialect # [{
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().getArguments();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def CudaTile_BreakOp : CudaTile_Op<"break", "13.1", [
    ReturnLike, Terminator, ParentOneOf<["IfOp", "LoopOp"]>]> {
  let summary = "leaves the innermost loop with its results";
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

def CudaTile_ContinueOp : CudaTile_Op<"continue", "13.1", [
    Terminator, ParentOneOf<["ForOp", "IfOp", "LoopOp"]>]> {
  let summary = "starts the next iteration of the innermost loop";
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

def CudaTile_YieldOp : CudaTile_Op<"yield", "13.1", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "hands values back to the enclosing if, reduce or scan";
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
}

def CudaTile_ReturnOp : CudaTile_Op<"return", "13.1", [
    ReturnLike, Terminator,
    ParentOneOf<["EntryOp", "IfOp", "TestFuncOp"]>]> {
  let summary = "ends the kernel";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def CudaTile_ReduceOp : CudaTile_Op<"reduce", "13.1", [
    InferTypeOpAdaptor, RecursiveMemoryEffects, SameOperandsShape,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
                              ["getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "combines the elements of tiles along one dimension";
  let arguments = (ins Variadic<CudaTile_TileType>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_TileType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` `
    `dim` `` `=` `` $dim `identities` `` `=` `` $identities
    `:` custom<CudaTileType>(type($operands)) `->`
    custom<CudaTileType>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_RegionOpDefaultDialect # [{
    // Result lists whose length differs from the inferred one are left to
    // the verifier, which explains the operand/result count mismatch.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

// Unlike reduce, scan states its result types without inferring them, so a
// mismatch is reported by the verifier as an operand/result type difference.
def CudaTile_ScanOp : CudaTile_Op<"scan", "13.1", [
    OpAsmOpInterface, RecursiveMemoryEffects,
    SameOperandsShape, SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "running combination of the elements of tiles along one dimension";
  let arguments = (ins Variadic<CudaTile_TileType>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_TileType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` `
    `dim` `` `=` `` $dim `reverse` `` `=` `` $reverse
    `identities` `` `=` `` $identities
    `:` custom<CudaTileType>(type($operands))
    `->` custom<CudaTileType>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_RegionOpDefaultDialect;
}

#endif // TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD
