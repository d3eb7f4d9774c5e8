//===- ShapeOps.td - constant, iota, broadcast, reshape, permute, cat, extract, insert, offset
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_SHAPEOPS_TD
#define TILECHAIN_CUDATILE_SHAPEOPS_TD

include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileTraits.td"

def CudaTile_ConstantOp : CudaTile_Op<"constant", "13.1",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "tile filled from a dense literal";
  let arguments = (ins Builtin_DenseIntOrFPElementsAttr:$value);
  let results = (outs CudaTile_NumberTileType:$result);
  let assemblyFormat = [{
    custom<DenseIntOrFPElementsAttr>($value, type($result)) attr-dict
  }];
  let hasFolder = 1;
}

def CudaTile_IotaOp : CudaTile_Op<"iota", "13.1", [Pure]> {
  let summary = "1-d tile holding 0, 1, ..., n-1";
  let results = (outs CudaTile_IntTileType:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

def CudaTile_BroadcastOp : CudaTile_Op<"broadcast", "13.1",
    [Pure, SameOperandsAndResultElementType,
     AllRanksMatch<["source", "result"]>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "stretch the unit dimensions of a tile";
  let arguments = (ins CudaTile_TileType:$source);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ReshapeOp : CudaTile_Op<"reshape", "13.1",
    [Pure, SameOperandsAndResultElementType,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "reinterpret a tile with another shape, row-major";
  let arguments = (ins CudaTile_TileType:$source);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $source attr-dict
    `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_PermuteOp : CudaTile_Op<"permute", "13.1",
    [Pure,
     AllElementTypeMatch<"all of {source, result} have the same element type",
                         ["source", "result"]>,
     AllRanksMatch<["source", "result"]>]> {
  let summary = "reorder the dimensions of a tile";
  let arguments = (ins CudaTile_TileType:$source,
                       DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict
    `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_CatOp : CudaTile_Op<"cat", "13.1",
    [Pure, AllRanksMatch<["lhs", "rhs", "result"]>,
     AllElementTypeMatch<"all of {lhs, rhs, result} have the same element type",
                         ["lhs", "rhs", "result"]>]> {
  let summary = "concatenate two tiles along one dimension";
  let arguments = (ins CudaTile_TileType:$lhs,
                       CudaTile_TileType:$rhs,
                       I64Attr:$dim);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim
    attr-dict `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtractOp : CudaTile_Op<"extract", "13.1",
    [Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "take the indexed equal-sized slice of a tile";
  let arguments = (ins CudaTile_TileType:$source,
                       Variadic<CudaTile_ScalarTileOf<CudaTile_Int32>>:$indices);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict
    `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

// The inverse of extract: writes `source` over the indexed slice of
// `destination`. The 13.4 writer is the only public definition; its text form
// mirrors extract.
def CudaTile_InsertOp : CudaTile_Op<"insert", "13.4",
    [Pure, AllRanksMatch<["source", "destination"]>,
     AllTypesMatch<["destination", "result"]>]> {
  let summary = "replace the indexed equal-sized slice of a tile";
  let arguments = (ins CudaTile_TileType:$source,
                       CudaTile_TileType:$destination,
                       Variadic<CudaTile_ScalarTileOf<CudaTile_Int32>>:$indices);
  let results = (outs CudaTile_TileType:$result);
  let assemblyFormat = [{
    $source `,` $destination `[` $indices `]` attr-dict
    `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_OffsetOp : CudaTile_Op<"offset", "13.1",
    [Pure, Elementwise, SameOperandsAndResultShape,
     AllTypesMatch<["result", "ptr"]>]> {
  let summary = "advance each pointer of a tile by an element count";
  let arguments = (ins CudaTile_PointerTileType:$ptr,
                       CudaTile_IntTileType:$offset);
  let results = (outs CudaTile_PointerTileType:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

#endif // TILECHAIN_CUDATILE_SHAPEOPS_TD
