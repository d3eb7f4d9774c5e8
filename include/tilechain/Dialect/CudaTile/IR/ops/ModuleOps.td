//===- ModuleOps.td - module, entry, global, get_global: the top-level symbols
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MODULEOPS_TD
#define TILECHAIN_CUDATILE_MODULEOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Ops nested in a module or a kernel print and parse without the
// `cuda_tile.` prefix.
defvar CudaTile_DefaultDialectDecl = [{
  static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
}];

def CudaTile_ModuleOp : CudaTile_Op<"module", "13.1", [
    IsolatedFromAbove, NoRegionArguments, SymbolTable, OpAsmOpInterface]
    # GraphRegionNoTerminator.traits> {
  let summary = "a compilation unit of kernels and globals";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$producer);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let laterArgs = [ArgSince<"producer", "13.3">];
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
  // Debug-info scopes are checked once all functions are verified.
  let hasRegionVerifier = 1;
}

def CudaTile_EntryOp : CudaTile_Op<"entry", "13.1", [
    FunctionOpInterface, IsolatedFromAbove, OpAsmOpInterface, SingleBlock,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "a kernel: the program entry launched from the host";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

// A function that may take any cuda_tile values and return results. It exists
// only so that NVIDIA's dialect tests can exercise ops outside a kernel; it
// has no bytecode encoding.
def CudaTile_TestFuncOp : CudaTile_Op<"testing$func", "13.1", [
    FunctionOpInterface, IsolatedFromAbove, OpAsmOpInterface, SingleBlock,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "a test-only function";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

def CudaTile_GlobalOp : CudaTile_Op<"global", "13.1", [Symbol]> {
  let summary = "a statically allocated, initialized 1-d buffer in global memory";
  let arguments = (ins
      SymbolNameAttr:$sym_name,
      Builtin_DenseIntOrFPElementsAttr:$value,
      DefaultValuedAttr<I64Attr, "0">:$alignment,
      UnitAttr:$constant,
      DefaultValuedAttr<CudaTile_SymbolVisibilityAttr,
                        "::mlir::cuda_tile::SymbolVisibility::Public">:$symbol_visibility);
  let assemblyFormat = [{
    custom<GlobalHeader>($symbol_visibility, $constant, $sym_name)
    (`alignment` `=` $alignment^)? attr-dict
    custom<DenseIntOrFPElementsAttrNoResult>($value)
  }];
  let laterArgs = [ArgSince<"constant", "13.3">,
                   ArgSince<"symbol_visibility", "13.3">];
  let hasVerifier = 1;
}

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", "13.1", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a pointer to a global";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = "$name attr-dict `:` custom<CudaTileType>(type($result))";
}

#endif // TILECHAIN_CUDATILE_MODULEOPS_TD
