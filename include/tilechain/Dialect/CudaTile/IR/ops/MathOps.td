//===- MathOps.td - transcendental and rounding math: exp, log, sin, sqrt, pow, floor, ...
//
// Argument order is the bytecode order: operands and attributes are encoded
// in the order they are declared here, so it follows the public definition.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MATHOPS_TD
#define TILECHAIN_CUDATILE_MATHOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A float tile in, the same float tile out, no modifiers.
class CudaTile_UnaryMathOp<string mnemonic, string what,
                           string version = "13.1">
    : CudaTile_Op<mnemonic, version,
                  [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise " # what;
  let arguments = (ins CudaTile_BaseFloatTileType:$source);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_CeilOp : CudaTile_UnaryMathOp<"ceil", "round up to an integer">;
def CudaTile_FloorOp : CudaTile_UnaryMathOp<"floor", "round down to an integer">;
def CudaTile_CosOp : CudaTile_UnaryMathOp<"cos", "cosine">;
def CudaTile_CosHOp : CudaTile_UnaryMathOp<"cosh", "hyperbolic cosine">;
def CudaTile_SinOp : CudaTile_UnaryMathOp<"sin", "sine">;
def CudaTile_SinHOp : CudaTile_UnaryMathOp<"sinh", "hyperbolic sine">;
def CudaTile_TanOp : CudaTile_UnaryMathOp<"tan", "tangent">;
def CudaTile_LogOp : CudaTile_UnaryMathOp<"log", "natural logarithm">;
def CudaTile_Log2Op : CudaTile_UnaryMathOp<"log2", "base-2 logarithm">;

// exp/tanh: `rounding<approx>` selects the fast f32 approximation; `full`
// (the default, not printed) the accurate one.
class CudaTile_ApproxMathOp<string mnemonic, string what, string roundingSince>
    : CudaTile_UnaryMathOp<mnemonic, what> {
  let arguments = (ins CudaTile_BaseFloatTileType:$source,
                       DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::FULL">:$rounding_mode);
  let assemblyFormat = [{
    $source custom<ApproxOrFullRoundingMode>($rounding_mode) attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let laterArgs = [ArgSince<"rounding_mode", roundingSince>];
  let hasVerifier = 1;
}

def CudaTile_ExpOp : CudaTile_ApproxMathOp<"exp", "e to the power x", "13.3">;
def CudaTile_TanHOp : CudaTile_ApproxMathOp<"tanh", "hyperbolic tangent", "13.2">;

// exp2/rsqrt: an optional f32-only flush_to_zero.
class CudaTile_FtzMathOp<string mnemonic, string what>
    : CudaTile_UnaryMathOp<mnemonic, what> {
  let arguments = (ins CudaTile_BaseFloatTileType:$source,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $source (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_Exp2Op : CudaTile_FtzMathOp<"exp2", "2 to the power x">;
def CudaTile_RsqrtOp : CudaTile_FtzMathOp<"rsqrt", "reciprocal square root">;

def CudaTile_SqrtOp : CudaTile_UnaryMathOp<"sqrt", "square root"> {
  let arguments = (ins CudaTile_BaseFloatTileType:$source,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $source custom<SqrtOpRoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_PowOp : CudaTile_Op<"pow", "13.1",
    [Pure, AllTypesMatch<["result", "source", "exponent"]>,
     AllRanksMatch<["source", "exponent", "result"]>]> {
  let summary = "elementwise source to the power exponent, both floating-point";
  let arguments = (ins CudaTile_BaseFloatTileType:$source,
                       CudaTile_BaseFloatTileType:$exponent);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_Atan2Op : CudaTile_Op<"atan2", "13.2",
    [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "elementwise two-argument arctangent atan(x / y) by quadrant";
  let arguments = (ins CudaTile_BaseFloatTileType:$x,
                       CudaTile_BaseFloatTileType:$y);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// 13.4 (bytecode opcode 121): the exponent is a small integer tile. No public
// text form exists; the syntax follows pow with both operand types spelled.
def CudaTile_FPowIOp : CudaTile_Op<"fpowi", "13.4",
    [Pure, AllTypesMatch<["source", "result"]>,
     AllShapesMatch<["source", "exponent"]>]> {
  let summary = "elementwise floating-point source to an integer power";
  let arguments = (ins CudaTile_BaseFloatTileType:$source,
                       CudaTile_TileOf<[CudaTile_Int8, CudaTile_Int16,
                                        CudaTile_Int32]>:$exponent);
  let results = (outs CudaTile_BaseFloatTileType:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($exponent))
  }];
}

#endif // TILECHAIN_CUDATILE_MATHOPS_TD
