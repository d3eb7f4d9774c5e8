//===- TileDist.td - tile_dist: tiles distributed over a CTA's threads ----===//
//
// tile_dist holds what the parallel form decides about how a tile is spread
// over a CTA's threads. Its first member is the layout attribute: passes
// that choose layouts (tilechain-assign-layouts) attach it to the cuda_tile
// ops whose results should not take their type's default layout, and
// tile-lower's translator builds those results in it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TILEDIST_TD
#define TILECHAIN_TILEDIST_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

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

#endif // TILECHAIN_TILEDIST_TD
