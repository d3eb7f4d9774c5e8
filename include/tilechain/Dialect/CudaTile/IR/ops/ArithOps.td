//===- ArithOps.td - integer, floating-point and bitwise elementwise arithmetic; cmpi/cmpf; select
//
// Argument order is the bytecode order: operands and attributes are encoded
// in the order they are declared here, so it follows the public definition.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_ARITHOPS_TD
#define TILECHAIN_CUDATILE_ARITHOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// `overflow` of the integer ops: absent means wrap-around.
defvar CudaTile_OverflowArg = DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
    "::mlir::cuda_tile::IntegerOverflow::NONE">;

// Binary op over two tiles of one type, printed `lhs, rhs <extra> : type`.
class CudaTile_SameTypeBinaryOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, "13.1",
                  !listconcat([AllTypesMatch<["lhs", "rhs", "result"]>],
                              traits)>;

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsIOp : CudaTile_Op<"absi", "13.1",
    [Pure, SameOperandsAndResultShape, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise |x| of a signed integer tile";
  let arguments = (ins CudaTile_IntTileType:$source);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<CudaTileType>(type($result))";
}

class CudaTile_IntOverflowOp<string mnemonic, string what>
    : CudaTile_SameTypeBinaryOp<mnemonic, [Pure]> {
  let summary = "elementwise integer " # what;
  let arguments = (ins CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs,
                       CudaTile_OverflowArg:$overflow);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AddIOp : CudaTile_IntOverflowOp<"addi", "addition">;
def CudaTile_SubIOp : CudaTile_IntOverflowOp<"subi", "subtraction">;
def CudaTile_MulIOp : CudaTile_IntOverflowOp<"muli", "multiplication (low half)">;
def CudaTile_ShLIOp : CudaTile_IntOverflowOp<"shli", "shift left">;

def CudaTile_MulhiIOp : CudaTile_Op<"mulhii", "13.1",
    [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "elementwise high half of an unsigned integer product";
  let arguments = (ins CudaTile_IntTileType:$x, CudaTile_IntTileType:$y);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// Integer op whose meaning depends on a `signed`/`unsigned` keyword.
class CudaTile_SignedBinaryOp<string mnemonic, string what>
    : CudaTile_SameTypeBinaryOp<mnemonic, [Pure]> {
  let summary = "elementwise integer " # what;
  let arguments = (ins CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

def CudaTile_ShRIOp : CudaTile_SignedBinaryOp<"shri", "shift right">;
def CudaTile_MaxIOp : CudaTile_SignedBinaryOp<"maxi", "maximum">;
def CudaTile_MinIOp : CudaTile_SignedBinaryOp<"mini", "minimum">;

def CudaTile_RemIOp : CudaTile_Op<"remi", "13.1",
    [Pure, AllTypesMatch<["result", "lhs", "rhs"]>,
     AllShapesMatch<["result", "lhs", "rhs"]>]> {
  let summary = "elementwise integer remainder of truncated division";
  let arguments = (ins CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

// Not Pure: division by zero is undefined, so it must not be speculated.
def CudaTile_DivIOp : CudaTile_SameTypeBinaryOp<"divi", [NoMemoryEffect]> {
  let summary = "elementwise integer division (truncating, floor or ceil)";
  let arguments = (ins CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs,
                       CudaTile_SignednessAttr:$signedness,
                       DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::ZERO">:$rounding);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) (`rounding` `` $rounding^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_NegIOp : CudaTile_Op<"negi", "13.1",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise signed integer negation";
  let arguments = (ins CudaTile_IntTileType:$source,
                       CudaTile_OverflowArg:$overflow);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $source (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let laterArgs = [ArgSince<"overflow", "13.2">];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

class CudaTile_BitwiseOp<string mnemonic, string what>
    : CudaTile_SameTypeBinaryOp<mnemonic, [Pure]> {
  let summary = "elementwise bitwise " # what;
  let arguments = (ins CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs);
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AndIOp : CudaTile_BitwiseOp<"andi", "and">;
def CudaTile_OrIOp : CudaTile_BitwiseOp<"ori", "or">;
def CudaTile_XOrIOp : CudaTile_BitwiseOp<"xori", "exclusive or">;

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsFOp : CudaTile_Op<"absf", "13.1",
    [Pure, SameOperandsAndResultShape, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise |x| of a floating-point tile";
  let arguments = (ins CudaTile_BaseFloatTileType:$source);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_NegFOp : CudaTile_Op<"negf", "13.1",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise floating-point negation";
  let arguments = (ins CudaTile_BaseFloatTileType:$source);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<CudaTileType>(type($result))";
}

// addf/subf/mulf: an IEEE rounding mode (default nearest_even) and f32 FTZ.
class CudaTile_IEEEBinaryOp<string mnemonic, string what>
    : CudaTile_SameTypeBinaryOp<mnemonic, [Pure]> {
  let summary = "elementwise floating-point " # what;
  let arguments = (ins CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<IEEERoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_AddFOp : CudaTile_IEEEBinaryOp<"addf", "addition">;
def CudaTile_SubFOp : CudaTile_IEEEBinaryOp<"subf", "subtraction">;
def CudaTile_MulFOp : CudaTile_IEEEBinaryOp<"mulf", "multiplication">;

def CudaTile_DivFOp : CudaTile_SameTypeBinaryOp<"divf", [Pure]> {
  let summary = "elementwise floating-point division";
  let arguments = (ins CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<DivFOpRoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemFOp : CudaTile_SameTypeBinaryOp<"remf", [Pure]> {
  let summary = "elementwise floating-point remainder of truncated division";
  let arguments = (ins CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// maxf/minf: IEEE 754-2019 maximumNumber/minimumNumber, or with
// `propagate_nan` maximum/minimum.
class CudaTile_FloatMinMaxOp<string mnemonic, string what>
    : CudaTile_SameTypeBinaryOp<mnemonic, [Pure]> {
  let summary = "elementwise floating-point " # what;
  let arguments = (ins CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs
    oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_MaxFOp : CudaTile_FloatMinMaxOp<"maxf", "maximum">;
def CudaTile_MinFOp : CudaTile_FloatMinMaxOp<"minf", "minimum">;

def CudaTile_FmaOp : CudaTile_Op<"fma", "13.1",
    [Pure, AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let summary = "elementwise fused multiply-add lhs * rhs + acc";
  let arguments = (ins CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs,
                       CudaTile_BaseFloatTileType:$acc,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<IEEERoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

// The result of a comparison is the operand shape with i1 elements.
defvar CudaTile_CmpResultMatches = TypesMatchWith<
    "Result type has i1 element type and same shape as operands",
    "lhs", "result", "::mlir::cuda_tile::getI1TileOfSameShape($_self)">;

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", "13.1",
    [Pure, AllTypesMatch<["lhs", "rhs"]>, CudaTile_CmpResultMatches]> {
  let summary = "elementwise integer comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_IntTileType:$lhs, CudaTile_IntTileType:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_TileOf<[CudaTile_Int1]>:$result);
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate) $lhs `,` $rhs `,`
    custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", "13.1",
    [Pure, AllTypesMatch<["lhs", "rhs"]>, CudaTile_CmpResultMatches]> {
  let summary = "elementwise floating-point comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTile_BaseFloatTileType:$lhs,
                       CudaTile_BaseFloatTileType:$rhs);
  let results = (outs CudaTile_TileOf<[CudaTile_Int1]>:$result);
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate)
    custom<ComparisonOrdering>($comparison_ordering) $lhs `,` $rhs attr-dict
    `:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_SelectOp : CudaTile_Op<"select", "13.1",
    [Pure, AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
     AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "elementwise choice between two tiles by an i1 tile";
  let arguments = (ins CudaTile_TileOf<[CudaTile_Int1]>:$cond,
                       CudaTile_TileType:$val_if_true,
                       CudaTile_TileType:$val_if_false);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict `:`
    custom<CudaTileType>(type($cond)) `,` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILECHAIN_CUDATILE_ARITHOPS_TD
