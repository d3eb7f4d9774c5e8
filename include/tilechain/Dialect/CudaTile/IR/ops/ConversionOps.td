//===- ConversionOps.td - exti, trunci, itof, ftoi, ftof, bitcast, pointer casts, pack, unpack
//
// Argument order is the bytecode order: operands and attributes are encoded
// in the order they are declared here, so it follows the public definition.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_CONVERSIONOPS_TD
#define TILECHAIN_CUDATILE_CONVERSIONOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A conversion `$from ... : from-type -> to-type` that keeps the shape.
class CudaTile_ConvertOp<string mnemonic, string what>
    : CudaTile_Op<mnemonic, "13.1", [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = what;
  let hasVerifier = 1;
}

def CudaTile_ExtIOp : CudaTile_ConvertOp<"exti",
    "widen integer elements by sign or zero extension"> {
  let arguments = (ins CudaTile_IntOrI4TileType:$from,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntOrI4TileType:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
}

def CudaTile_TruncIOp : CudaTile_ConvertOp<"trunci",
    "narrow integer elements, dropping high bits"> {
  let arguments = (ins CudaTile_IntOrI4TileType:$from,
                       DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                           "::mlir::cuda_tile::IntegerOverflow::NONE">:$overflow);
  let results = (outs CudaTile_IntOrI4TileType:$to);
  let assemblyFormat = [{
    $from (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
}

def CudaTile_IToFOp : CudaTile_ConvertOp<"itof",
    "convert integer elements to the nearest floating-point value"> {
  let arguments = (ins CudaTile_IntTileType:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTile_FloatTileType:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness)
    custom<IEEERoundingMode>($rounding_mode) attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
}

// `saturating` (13.4) clamps out-of-range values; its text form is ours, no
// public 13.4 printer exists.
def CudaTile_FToIOp : CudaTile_ConvertOp<"ftoi",
    "convert floating-point elements to integers, rounding toward zero"> {
  let arguments = (ins CudaTile_FloatTileType:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$saturating);
  let results = (outs CudaTile_IntTileType:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness)
    custom<IntegerRoundingMode>($rounding_mode)
    (`saturating` $saturating^)? attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let laterArgs = [ArgSince<"saturating", "13.4">];
}

def CudaTile_FToFOp : CudaTile_ConvertOp<"ftof",
    "convert between floating-point element types"> {
  let arguments = (ins CudaTile_FloatTileType:$from,
                       DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::NEAREST_EVEN">:$rounding_mode);
  let results = (outs CudaTile_FloatTileType:$to);
  let assemblyFormat = [{
    $from custom<FToFRoundingMode>($rounding_mode) attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
}

// The pointer casts: `$source : from-type -> to-type`, shape kept.
class CudaTile_CastOp<string mnemonic, string what, Type from, Type to>
    : CudaTile_Op<mnemonic, "13.1", [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = what;
  let arguments = (ins from:$source);
  let results = (outs to:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
}

def CudaTile_BitcastOp : CudaTile_CastOp<"bitcast",
    "reinterpret the bits of each element as another type of the same width",
    CudaTile_NumberTileType, CudaTile_NumberTileType> {
  let hasVerifier = 1;
}

def CudaTile_IntToPtrOp : CudaTile_CastOp<"int_to_ptr",
    "turn i64 elements into pointers",
    CudaTile_IntTileInt64Type, CudaTile_PointerTileType>;

def CudaTile_PtrToIntOp : CudaTile_CastOp<"ptr_to_int",
    "turn pointer elements into i64 addresses",
    CudaTile_PointerTileType, CudaTile_IntTileInt64Type>;

def CudaTile_PtrToPtrOp : CudaTile_CastOp<"ptr_to_ptr",
    "change the pointee type of pointer elements",
    CudaTile_PointerTileType, CudaTile_PointerTileType>;

// pack/unpack (13.3): a rank-1 tile reinterpreted as bytes and back, e.g.
// 64 x i4 <-> 32 x i8. The element widths differ, the byte size is kept.
defvar CudaTile_PackableTileType = CudaTile_TileOf<[CudaTile_Int1,
    CudaTile_Int4, CudaTile_Int8, CudaTile_Int16, CudaTile_Int32,
    CudaTile_Int64, CudaTile_Float16, CudaTile_BFloat16, CudaTile_Float32,
    CudaTile_Float64, CudaTile_TFloat32, CudaTile_Float8E4M3FN,
    CudaTile_Float8E5M2, CudaTile_Float8E8M0FNU, CudaTile_Float4E2M1FN]>;

class CudaTile_ByteReinterpretOp<string mnemonic, string what, Type from,
                                 Type to>
    : CudaTile_Op<mnemonic, "13.3", [Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = what;
  let arguments = (ins from:$source);
  let results = (outs to:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_PackOp : CudaTile_ByteReinterpretOp<"pack",
    "reinterpret a rank-1 tile as the i8 bytes holding it",
    CudaTile_PackableTileType, CudaTile_TileOf<[CudaTile_Int8]>>;

def CudaTile_UnpackOp : CudaTile_ByteReinterpretOp<"unpack",
    "reinterpret a rank-1 tile of i8 bytes as narrower or wider elements",
    CudaTile_TileOf<[CudaTile_Int8]>, CudaTile_PackableTileType>;

#endif // TILECHAIN_CUDATILE_CONVERSIONOPS_TD
