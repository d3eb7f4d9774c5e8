//===- MemoryOps.td - tokens, loads, stores, atomics, alloca, fences
//===----------------------------------------------------------------------===//
//
// Token-ordered ("_tko") memory operations. Argument order is the bytecode
// order: attributes and operands are encoded in declaration order. Like
// upstream, the accessing ops declare no memory effects, so every pass treats
// them as having unknown ones: acquire/release ordering survives rewrites.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MEMORYOPS_TD
#define TILECHAIN_CUDATILE_MEMORYOPS_TD

include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op<"make_token", "13.1", [Pure]> {
  let summary = "token that depends on nothing";
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_Op<"join_tokens", "13.1", [Pure]> {
  let summary = "token that depends on every input token";
  let arguments = (ins Variadic<CudaTile_TokenType>:$tokens);
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = [{
    $tokens attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer-tile loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp : CudaTile_Op<"load_ptr_tko", "13.1",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
     TypesMatchWith<"`source` type is expected a pointer type of `result` type",
                    "result", "source", "$_self",
                    "::mlir::cuda_tile::isPointerTileFor">,
     OptionalTypesMatchWith<"shape of 'mask' must match the shape of 'source'",
                            "source", "mask", "$_self",
                            "::mlir::cuda_tile::haveSameShape">,
     OptionalTypesMatchWith<"type of 'paddingValue' must match the type of 'result'",
                            "result", "paddingValue", "$_self",
                            "std::equal_to<>()">]> {
  let summary = "gather a tile through a tile of pointers";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    CudaTile_PointerTileType:$source,
    Optional<CudaTile_TileOf<[CudaTile_Int1]>>:$mask,
    Optional<CudaTile_NumberTileType>:$paddingValue,
    Optional<CudaTile_TokenType>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_TileType:$result,
                      CudaTile_TokenType:$result_token);
  // `$memory_ordering_semantics ($memory_scope)? $source (, $mask)?
  // (, $paddingValue)? (token=$token)? (optimization_hints = ...)? attr-dict
  // : types`, hand-parsed: a lone second operand is the padding value when its
  // type says so, as NVIDIA's printer writes it that way.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp : CudaTile_Op<"store_ptr_tko", "13.1",
    [AttrSizedOperandSegments,
     TypesMatchWith<"`destination` type is expected a pointer type of `value` type",
                    "value", "destination", "$_self",
                    "::mlir::cuda_tile::isPointerTileFor">,
     OptionalTypesMatchWith<"shape of 'destination' must match the shape of 'mask'",
                            "mask", "destination", "$_self",
                            "::mlir::cuda_tile::haveSameShape">]> {
  let summary = "scatter a tile through a tile of pointers";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    CudaTile_PointerTileType:$destination,
    CudaTile_TileType:$value,
    Optional<CudaTile_TileOf<[CudaTile_Int1]>>:$mask,
    Optional<CudaTile_TokenType>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics
    ($memory_scope^)?
    $destination `,` $value
    (`,` $mask^)? (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:`
    custom<CudaTileType>(type($destination)) `,` custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadViewTkoOp : CudaTile_Op<"load_view_tko", "13.1",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "load the tile at an index of a tile view";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    CudaTile_TileView:$view,
    Variadic<CudaTile_IntTileType>:$index,
    Optional<CudaTile_TokenType>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let laterArgs = [ArgSince<"inbounds", "13.4">];
  let results = (outs CudaTile_TileType:$tile,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    custom<ViewMemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $view `[` $index `]`
    (`token` `=` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict-with-keyword
    `:` custom<CudaTileType>(type($view)) `,` custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($tile)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_StoreViewTkoOp : CudaTile_Op<"store_view_tko", "13.1",
    [AttrSizedOperandSegments]> {
  let summary = "store a tile at an index of a tile view";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    CudaTile_TileType:$tile,
    CudaTile_TileView:$view,
    Variadic<CudaTile_IntTileType>:$index,
    Optional<CudaTile_TokenType>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let laterArgs = [ArgSince<"inbounds", "13.4">];
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    custom<ViewMemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $tile `,`
    $view `[` $index `]`
    (`token` `=` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict-with-keyword
    `:` custom<CudaTileType>(type($tile)) `,` custom<CudaTileType>(type($view))
        `,` custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWTkoOp : CudaTile_Op<"atomic_rmw_tko", "13.1",
    [AttrSizedOperandSegments,
     AllShapesMatch<["pointers", "arg", "result"]>,
     AllTypesMatch<["arg", "result"]>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "element-wise atomic read-modify-write through pointers";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    CudaTile_MemoryScopeAttr:$memory_scope,
    CudaTile_PointerTileType:$pointers,
    CudaTile_AtomicRMWModeAttr:$mode,
    CudaTile_TileType:$arg,
    Optional<CudaTile_TileOf<[CudaTile_Int1]>>:$mask,
    Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TileType:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $mode `,` $arg
    (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict
    `:` custom<CudaTileType>(type($pointers))
    `,` custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicCASTkoOp : CudaTile_Op<"atomic_cas_tko", "13.1",
    [AttrSizedOperandSegments,
     AllShapesMatch<["pointers", "cmp", "val", "result"]>,
     AllTypesMatch<["cmp", "val", "result"]>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "element-wise atomic compare-and-swap through pointers";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    CudaTile_MemoryScopeAttr:$memory_scope,
    CudaTile_PointerTileType:$pointers,
    CudaTile_TileType:$cmp,
    CudaTile_TileType:$val,
    Optional<CudaTile_TileOf<[CudaTile_Int1]>>:$mask,
    Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TileType:$result,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $cmp `,` $val
    (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict
    `:` custom<CudaTileType>(type($pointers))
    `,` custom<CudaTileType>(type($val))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_Op<"atomic_red_view_tko", "13.3",
    [AttrSizedOperandSegments]> {
  let summary = "element-wise atomic reduction into the tile at a view index";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    CudaTile_MemoryScopeAttr:$memory_scope,
    CudaTile_TileView:$view,
    Variadic<CudaTile_IntTileType>:$index,
    CudaTile_AtomicRMWModeAttr:$mode,
    CudaTile_TileType:$value,
    Optional<CudaTile_TokenType>:$token,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let laterArgs = [ArgSince<"inbounds", "13.5">];
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $view `[` $index `]` `,` $mode `,` $value
    (`token` `=` $token^)?
    attr-dict
    `:` custom<CudaTileType>(type($value)) `,` custom<CudaTileType>(type($view))
        `,` custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Multimem view accesses (13.5)
//
// Each reaches every device's copy of a multicast object at once (PTX
// multimem.ld_reduce, multimem.red and multimem.st): the view is a
// partition_view whose tensor_view carries #cuda_tile.ptr_attr<multicast>.
// The syntax is NVIDIA's: `inbounds = [...]` after the token, the reduction
// (`add` unless written) among the attributes, and the token operand's type
// after the index types.
//===----------------------------------------------------------------------===//

defvar CudaTile_MultimemReductionArg = DefaultValuedAttr<
    CudaTile_MultimemReductionKindAttr,
    "::mlir::cuda_tile::MultimemReductionKind::ADD">;

def CudaTile_MultimemLoadReduceViewTkoOp
    : CudaTile_Op<"multimem_load_reduce_view_tko", "13.5",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "load the tile at a view index, reduced over the devices' copies";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    CudaTile_MultimemReductionArg:$reduction,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds,
    CudaTile_TileView:$view,
    Variadic<CudaTile_IntTileType>:$index,
    Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TileType:$reduced_values,
                      CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    custom<ViewMemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $view `[` $index `]`
    (`token` `=` $token^)?
    (`inbounds` `=` $inbounds^)?
    attr-dict-with-keyword
    `:` custom<CudaTileType>(type($view))
    `,` custom<IndexAndTokenTypes>(type($index), ref($index), type($token))
    `->` custom<CudaTileType>(type($reduced_values))
    `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_MultimemReduceViewTkoOp
    : CudaTile_Op<"multimem_reduce_view_tko", "13.5",
    [AttrSizedOperandSegments]> {
  let summary = "reduce a tile into every device's copy at a view index";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    CudaTile_MemoryScopeAttr:$memory_scope,
    CudaTile_MultimemReductionArg:$reduction,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds,
    CudaTile_TileView:$view,
    CudaTile_TileType:$tile,
    Variadic<CudaTile_IntTileType>:$index,
    Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $view `,` $tile `[` $index `]`
    (`token` `=` $token^)?
    (`inbounds` `=` $inbounds^)?
    attr-dict-with-keyword
    `:` custom<CudaTileType>(type($view)) `,` custom<CudaTileType>(type($tile))
    `,` custom<IndexAndTokenTypes>(type($index), ref($index), type($token))
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_MultimemStoreViewTkoOp
    : CudaTile_Op<"multimem_store_view_tko", "13.5",
    [AttrSizedOperandSegments]> {
  let summary = "store a tile into every device's copy at a view index";
  let arguments = (ins
    CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds,
    CudaTile_TileView:$view,
    CudaTile_TileType:$tile,
    Variadic<CudaTile_IntTileType>:$index,
    Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    custom<ViewMemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $view `,` $tile `[` $index `]`
    (`token` `=` $token^)?
    (`inbounds` `=` $inbounds^)?
    attr-dict-with-keyword
    `:` custom<CudaTileType>(type($view)) `,` custom<CudaTileType>(type($tile))
    `,` custom<IndexAndTokenTypes>(type($index), ref($index), type($token))
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Allocation and fences
//===----------------------------------------------------------------------===//

def CudaTile_AllocaOp : CudaTile_Op<"alloca", "13.3"> {
  let summary = "stack (or, with `global`, global) buffer of num_elem elements";
  let arguments = (ins
    ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
    ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
    UnitAttr:$global);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment
    (`global` $global^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

// Orders memory accesses that may alias through different views. The 13.4
// writer is the only public definition; its text form follows join_tokens.
def CudaTile_MemoryFenceAliasTkoOp : CudaTile_Op<"memory_fence_alias_tko", "13.4"> {
  let summary = "fence between possibly aliasing token-ordered accesses";
  let arguments = (ins CudaTile_TokenType:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $token attr-dict `:` custom<CudaTileType>(type($result_token))
  }];
}

#endif // TILECHAIN_CUDATILE_MEMORYOPS_TD
