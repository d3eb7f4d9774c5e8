//===- MiscOps.td - assume, assert, print_tko, grid queries, grid dependency control
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MISCOPS_TD
#define TILECHAIN_CUDATILE_MISCOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CudaTile_AssumeOp : CudaTile_Op<"assume", "13.1", [
    AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "passes a value through, stating a fact about it";
  let arguments = (ins AnyType:$value,
                       CudaTile_AssumePredicateAttrInterface:$predicate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict
    `:` custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
}

def CudaTile_AssertOp : CudaTile_Op<"assert", "13.1"> {
  let summary = "reports an error for every false element of a condition";
  let arguments = (ins CudaTile_TileOf<[CudaTile_Int1]>:$condition,
                       StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

// 13.1 called this op `print` and gave it no token operand and no result; a
// 13.1 `print` reads as a `print_tko` with a fresh result token.
def CudaTile_PrintTkoOp : CudaTile_Op<"print_tko", "13.1", [
    AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "prints a printf-style format string with tile operands";
  let arguments = (ins StrAttr:$str,
                       Variadic<CudaTile_TileType>:$args,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<CudaTileType>(type($args))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let laterArgs = [ArgSince<"token", "13.2">, ArgSince<"result_token", "13.2">];
  let hasVerifier = 1;
}

def CudaTile_GetTileBlockIdOp : CudaTile_Op<"get_tile_block_id", "13.1", [
    Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "coordinates of the running tile block in the grid";
  let results = (outs CudaTile_ScalarTileOf<CudaTile_Int32>:$blockId_x,
                      CudaTile_ScalarTileOf<CudaTile_Int32>:$blockId_y,
                      CudaTile_ScalarTileOf<CudaTile_Int32>:$blockId_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($blockId_x))";
}

def CudaTile_GetNumTileBlocksOp : CudaTile_Op<"get_num_tile_blocks", "13.1", [
    Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "extent of the grid in each dimension";
  let results = (outs CudaTile_ScalarTileOf<CudaTile_Int32>:$gridSize_x,
                      CudaTile_ScalarTileOf<CudaTile_Int32>:$gridSize_y,
                      CudaTile_ScalarTileOf<CudaTile_Int32>:$gridSize_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($gridSize_x))";
}

//===----------------------------------------------------------------------===//
// Grid dependency control (programmatic dependent launch), since 13.4
//===----------------------------------------------------------------------===//

// No public 13.4 printer exists; the syntax follows the other ops with an
// optional input token: `%t = gdc_wait_tko token=%in : token`.
class CudaTile_GdcOp<string mnemonic, string summaryText>
    : CudaTile_Op<mnemonic, "13.4", [MemoryEffects<[MemWrite]>]> {
  let summary = summaryText;
  let arguments = (ins Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result_token);
  let assemblyFormat = [{
    (`token` `` `=` `` $token^)? attr-dict `:`
    custom<CudaTileType>(type($result_token))
  }];
}

def CudaTile_GdcWaitTkoOp : CudaTile_GdcOp<"gdc_wait_tko",
    "waits until the grids this kernel depends on have completed">;
def CudaTile_GdcLaunchDependentsTkoOp : CudaTile_GdcOp<
    "gdc_launch_dependents_tko",
    "allows grids that depend on this kernel to start launching">;

#endif // TILECHAIN_CUDATILE_MISCOPS_TD
