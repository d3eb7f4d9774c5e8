//===- MmaOps.td - mmaf, mmai, mmaf_scaled: tile matrix multiply-accumulate
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MMAOPS_TD
#define TILECHAIN_CUDATILE_MMAOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// `names` share one element type; the description is the diagnostic text.
class CudaTile_MmaElementTypesMatch<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") #
                      "} have the same element type",
                  AllMatchSameOperatorPred<names,
                      "::mlir::getElementTypeOrSelf($_self.getType())">>;

// The constraint summaries below are part of the verifier diagnostics.
def MmaFOp_OperandTileType : CudaTile_TileOf<[CudaTile_Float16,
    CudaTile_BFloat16, CudaTile_Float32, CudaTile_Float64, CudaTile_TFloat32,
    CudaTile_Float8E4M3FN, CudaTile_Float8E5M2], [],
    "mmaf operand tile type">;
def MmaFOp_ResultTileType : CudaTile_TileOf<[CudaTile_Float16,
    CudaTile_Float32, CudaTile_Float64], [], "mmaf acc/result tile type">;

def CudaTile_MmaFOp : CudaTile_Op<"mmaf", "13.1", [
    Pure, AllTypesMatch<["acc", "result"]>,
    CudaTile_MmaElementTypesMatch<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "floating-point matrix multiply-accumulate: lhs x rhs + acc";
  let arguments = (ins MmaFOp_OperandTileType:$lhs,
                       MmaFOp_OperandTileType:$rhs,
                       MmaFOp_ResultTileType:$acc,
                       UnitAttr:$fast_acc);
  let results = (outs MmaFOp_ResultTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let laterArgs = [ArgSince<"fast_acc", "13.3">];
  let hasVerifier = 1;
}

def MmaIOp_OperandTileType : CudaTile_TileOf<[CudaTile_Int8], [],
    "mmai operand tile type">;
def MmaIOp_AccTileType : CudaTile_TileOf<[CudaTile_Int32], [],
    "mmai acc tile type">;
def MmaIOp_ResultTileType : CudaTile_TileOf<[CudaTile_Int32], [],
    "mmai result tile type">;

def CudaTile_MmaIOp : CudaTile_Op<"mmai", "13.1", [
    Pure, AllTypesMatch<["acc", "result"]>,
    CudaTile_MmaElementTypesMatch<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "i8 matrix multiply-accumulate into i32: lhs x rhs + acc";
  let arguments = (ins MmaIOp_OperandTileType:$lhs,
                       MmaIOp_OperandTileType:$rhs,
                       MmaIOp_AccTileType:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs MmaIOp_ResultTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<Signedness>($signedness_lhs)
    custom<Signedness>($signedness_rhs) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def MmaFScaledOp_OperandTileType : CudaTile_TileOf<[CudaTile_Float8E4M3FN,
    CudaTile_Float8E5M2, CudaTile_Float4E2M1FN], [],
    "mmaf_scaled operand tile type">;
def MmaFScaledOp_ResultTileType : CudaTile_TileOf<[CudaTile_Float32], [],
    "mmaf_scaled result tile type">;
def MmaFScaledOp_ScaleTileType : CudaTile_TileOf<[CudaTile_Float8E4M3FN,
    CudaTile_Float8E8M0FNU], [], "mmaf_scaled scale tile type">;

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", "13.3", [
    Pure, AllTypesMatch<["acc", "result"]>,
    CudaTile_MmaElementTypesMatch<["lhs", "rhs"]>,
    CudaTile_MmaElementTypesMatch<["lhs_scale", "rhs_scale"]>,
    AllRanksMatch<["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"]>]> {
  let summary = "block-scaled low-precision matrix multiply-accumulate";
  let arguments = (ins MmaFScaledOp_OperandTileType:$lhs,
                       MmaFScaledOp_OperandTileType:$rhs,
                       MmaFScaledOp_ResultTileType:$acc,
                       MmaFScaledOp_ScaleTileType:$lhs_scale,
                       MmaFScaledOp_ScaleTileType:$rhs_scale);
  let results = (outs MmaFScaledOp_ResultTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc)) `,` custom<CudaTileType>(type($lhs_scale))
    `,` custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

#endif // TILECHAIN_CUDATILE_MMAOPS_TD
