//===- TileDist.td - tile_dist: tiles distributed over a CTA's threads ----===//
//
// tile_dist holds what the parallel form decides about how a tile is spread
// over a CTA's threads. Its first member is the layout attribute: passes
// that choose layouts (tilechain-assign-layouts) attach it to the cuda_tile
// ops whose results should not take their type's default layout, and
// tile-lower's translator builds those results in it. Its ops live in the
// lowered form: convert_layout, a change of layout, which tile-sched removes
// where it is not needed and then carries out through shared memory; and
// async_copy, a thread's asynchronous copy of 16 bytes from global into
// shared memory, which tile-llc lowers to cp.async.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TILEDIST_TD
#define TILECHAIN_TILEDIST_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

def TileDist_Dialect : Dialect {
  let name = "tile_dist";
  let cppNamespace = "::tilechain::tile_dist";
  let summary = "layouts of tiles spread over a CTA's threads";
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    /// The discardable attribute, on an op of one tile result, that gives
    /// the layout the parallel form builds that result in.
    static constexpr ::llvm::StringLiteral kLayoutAttrName =
        "tile_dist.layout";
  }];
}

def TileDist_LinearLayoutAttr : AttrDef<TileDist_Dialect, "LinearLayout"> {
  let mnemonic = "linear";
  let summary = "which register of which lane of which warp holds which element";
  let description = [{
    A linear layout over GF(2) (include/tilechain/Layout/LinearLayout.h):
    the tile's shape, then for each bit of the register, lane and warp
    indices, lowest bit first, the row-major flat index of the element that
    bit alone selects. A basis of 0 repeats an element (a broadcast).

    ```mlir
    #tile_dist.linear<[1024], register = [1, 2, 4], lane = [8, 16, 32, 64, 128],
                      warp = [256, 512]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"uint64_t">:$registerBases,
                        ArrayRefParameter<"uint64_t">:$laneBases,
                        ArrayRefParameter<"uint64_t">:$warpBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "const ::tilechain::LinearLayout &":$layout)>
  ];
  let extraClassDeclaration = [{
    ::tilechain::LinearLayout getLayout() const;
  }];
}

def TileDist_ConvertLayoutOp : Op<TileDist_Dialect, "convert_layout", [Pure]> {
  let summary = "a thread's registers of a tile, taken from one layout to another";
  let description = [{
    `source` holds the registers the running thread has of a tile laid out
    as `from`; the result holds its registers of the same tile laid out as
    `to`. Every thread of the CTA runs the op together: it moves elements
    between threads (tile-sched carries it out through shared memory,
    tilechain-materialize-layout-conversions). tile-lower emits one wherever
    an op needs a tile in a layout whose registers are not a selection of
    those the tile has; tilechain-remove-layout-conversions folds, merges and
    hoists them before that.

    A `from` dim of size 1 where `to`'s is wider is a broadcast: every
    element along it is the source's one element.

    ```mlir
    %t = tile_dist.convert_layout %s
        from #tile_dist.linear<[32, 32], register = [1, 2, 4, 8], ...>
        to #tile_dist.linear<[32, 32], register = [32, 64, 128, 256], ...>
        : vector<16xf32> -> vector<16xf32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[1], [AnyType]>:$source,
                       TileDist_LinearLayoutAttr:$from,
                       TileDist_LinearLayoutAttr:$to);
  let results = (outs VectorOfRankAndType<[1], [AnyType]>:$result);
  let assemblyFormat = [{
    $source `from` $from `to` $to attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TileDist_AsyncCopyOp : Op<TileDist_Dialect, "async_copy"> {
  let summary = "16 bytes copied from global into shared memory asynchronously";
  let description = [{
    Starts a copy of the 16 bytes at `source` (global memory, 16-byte
    aligned) into `destination` from element `index` on (shared memory,
    16-byte aligned), of which only the first `sourceBytes` (0 to 16) are
    read and the rest are zero. The copy is PTX's `cp.async.cg`: it belongs
    to the running thread's group that the next `nvvm.cp.async.commit.group`
    closes, and it is complete once an `nvvm.cp.async.wait.group` has waited
    for that group; a barrier then makes it visible to the other threads.
    tile-lower copies view loads that only feed an mma this way, straight
    into the mma's staging arrays (docs/pipeline.md).

    ```mlir
    tile_dist.async_copy %src, %staging[%slot], %bytes
        : !llvm.ptr<1>, memref<6144xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Arg<LLVM_PointerInAddressSpace<1>, "",
                           [MemRead]>:$source,
                       Arg<MemRefRankOf<[AnyType], [1]>, "",
                           [MemWrite]>:$destination,
                       Index:$index,
                       I32:$sourceBytes);
  let assemblyFormat = [{
    $source `,` $destination `[` $index `]` `,` $sourceBytes attr-dict `:`
    type($source) `,` type($destination)
  }];
  let hasVerifier = 1;
}

#endif // TILECHAIN_TILEDIST_TD
