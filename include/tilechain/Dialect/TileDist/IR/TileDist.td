//===- TileDist.td - tile_dist: tiles distributed over a CTA's threads ----===//
//
// tile_dist holds what the parallel form decides about how a tile is spread
// over a CTA's threads. Its first member is the layout attribute: passes
// that choose layouts (tilechain-assign-layouts) attach it to the cuda_tile
// ops whose results should not take their type's default layout, and
// tile-sched's translator builds those results in it. Its ops live in the
// lowered form: convert_layout, a change of layout, which tile-sched removes
// where it is not needed and then carries out through shared memory; and
// async_copy, a thread's asynchronous copy of 16 bytes from global into
// shared memory, which tile-llc lowers to cp.async; and warpgroup_mma, a
// warpgroup's tensor-core product of two matrices in shared memory, which
// tile-llc lowers to wgmma.mma_async with the matrices' descriptors.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TILEDIST_TD
#define TILECHAIN_TILEDIST_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

def TileDist_Dialect : Dialect {
  let name = "tile_dist";
  let cppNamespace = "::tilechain::tile_dist";
  let summary = "layouts of tiles spread over a CTA's threads";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();

    /// The discardable attribute, on an op of one tile result, that gives
    /// the layout the parallel form builds that result in.
    static constexpr ::llvm::StringLiteral kLayoutAttrName =
        "tile_dist.layout";

    /// The discardable attribute, on a cuda_tile for or loop, that gives
    /// the layout the parallel form carries each of its carried values in
    /// from one iteration to the next (and a for's results in): an array
    /// with one entry per carried value, a #tile_dist.linear or, where the
    /// type's default layout is kept or the value is no tile, unit.
    static constexpr ::llvm::StringLiteral kCarriedLayoutsAttrName =
        "tile_dist.carried_layouts";

    /// The discardable attribute, on a cuda_tile mma (mmaf, mmai,
    /// mmaf_scaled), that gives the instruction tile-lower chose for it
    /// (tile_dist.mma), which the materialization builds.
    static constexpr ::llvm::StringLiteral kMmaInstructionAttrName =
        "tile_dist.mma";

    /// The discardable attribute, on a cuda_tile mma on tensor cores, that
    /// gives how its lhs and rhs reach shared memory: an array of two
    /// #tile_dist.operand (tilechain-plan-mma-operands).
    static constexpr ::llvm::StringLiteral kMmaOperandsAttrName =
        "tile_dist.operands";

    /// The discardable attribute, on a cuda_tile mma on tensor cores, that
    /// gives the ring of stages its operands are pipelined through: a
    /// #tile_dist.pipeline (tilechain-plan-mma-pipelines).
    static constexpr ::llvm::StringLiteral kMmaPipelineAttrName =
        "tile_dist.pipeline";

    /// The discardable attribute, on a cuda_tile.store_view_tko on a chip
    /// with TMA, that gives how its tile reaches memory: a #tile_dist.store
    /// (tilechain-plan-view-stores).
    static constexpr ::llvm::StringLiteral kViewStoreAttrName =
        "tile_dist.store";

    /// The discardable i32 attribute of a cuda_tile.entry in the parallel
    /// form: its CTA's warps (tilechain-assign-warps).
    static constexpr ::llvm::StringLiteral kNumWarpsAttrName =
        "tile_dist.num_warps";

    /// The discardable i32 attribute of a cuda_tile.entry in the parallel
    /// form whose tiles are split over a thread block cluster: the cluster's
    /// CTAs, a power of two from 2 to 16 (tilechain-split-tiles-over-cluster).
    /// Each tile block is one cluster, and the entry reads its CTA's place
    /// in it with tile_dist.cluster_cta_rank.
    static constexpr ::llvm::StringLiteral kClusterCTAsAttrName =
        "tile_dist.cluster_ctas";
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

def TileDist_MmaInstruction : I32EnumAttr<"MmaInstruction",
    "the instruction an mma runs on", [
      I32EnumAttrCase<"Fma", 0, "fma">,
      I32EnumAttrCase<"MmaSync", 1, "mma_sync">,
      I32EnumAttrCase<"Wgmma", 2, "wgmma">,
      I32EnumAttrCase<"Tcgen05", 3, "tcgen05">]> {
  let cppNamespace = "::tilechain::tile_dist";
  let genSpecializedAttr = 0;
}

def TileDist_MmaInstructionAttr
    : EnumAttr<TileDist_Dialect, TileDist_MmaInstruction, "mma"> {
  let summary = "the instruction an mma runs on";
  let description = [{
    Which instruction the parallel form multiplies an mma on: the CUDA
    cores' `fma`, PTX's warp-wide `mma_sync` (sm_80 on), sm_90's warpgroup
    `wgmma`, or sm_100's `tcgen05` (tcgen05.mma). tile-lower chooses it
    (tilechain-choose-mma-instructions, from what each instruction takes:
    include/tilechain/Lower/MmaInstructions.h) and records it on the mma as
    `tile_dist.mma`; the materialization builds the instruction recorded,
    and refuses one the mma cannot take.

    ```mlir
    %c = cuda_tile.mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>} ...
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TileDist_OperandCopy : I32EnumAttr<"OperandCopy",
    "how an mma operand reaches shared memory", [
      I32EnumAttrCase<"Registers", 0, "registers">,
      I32EnumAttrCase<"CpAsync", 1, "cp_async">,
      I32EnumAttrCase<"Tma", 2, "tma">,
      I32EnumAttrCase<"Fragments", 3, "fragments">]> {
  let cppNamespace = "::tilechain::tile_dist";
  let genSpecializedAttr = 0;
}

def TileDist_ChunkOrder : I32EnumAttr<"ChunkOrder",
    "which dim of an mma operand's chunk array is contiguous", [
      I32EnumAttrCase<"MNContiguous", 0, "mn_contiguous">,
      I32EnumAttrCase<"KContiguous", 1, "k_contiguous">]> {
  let cppNamespace = "::tilechain::tile_dist";
  let genSpecializedAttr = 0;
}

def TileDist_MmaOperandAttr : AttrDef<TileDist_Dialect, "MmaOperand"> {
  let mnemonic = "operand";
  let summary = "how an mma's lhs or rhs reaches shared memory";
  let description = [{
    wgmma, tcgen05.mma and mma.sync read an mma's lhs and rhs from arrays in
    shared memory, a chunk of k at a time, in a ring of stages. This says
    how one operand gets there, as tile-sched plans it
    (tilechain-plan-mma-operands, include/tilechain/Lower/MmaOperands.h)
    and records it on the mma as the lhs's and rhs's entries of
    `tile_dist.operands`:
      - `copy`: `registers`, the threads write the elements they hold;
        `cp_async`, the threads copy the operand's view load 16 bytes at a
        time; `tma`, one thread has the copy engine copy it through a
        tensor map; `fragments` (a wgmma's lhs only), not staged at all:
        the instructions read it from the threads' registers as their A
        fragments (where the lhs is held in another layout, it is taken
        into that one first);
      - `order`: `k_contiguous` (rows of k, one per value of m or n) or
        `mn_contiguous` (rows of m or n, one per value of k);
      - `swizzle`: the bytes of a row whose 16-byte units are swizzled
        within 8 rows (32, 64 or 128), or 0 for plain rows (mma.sync's are
        then padded so that 8 rows fall on distinct banks).
    The materialization builds what is recorded, and refuses a record the
    mma cannot take.

    ```mlir
    %c = cuda_tile.mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>,
        tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 128>,
                              #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]} ...
    ```
  }];
  let parameters = (ins EnumParameter<TileDist_OperandCopy>:$copy,
                        EnumParameter<TileDist_ChunkOrder>:$order,
                        "int64_t":$swizzle);
  let assemblyFormat = "`<` $copy `,` $order `,` `swizzle` `=` $swizzle `>`";
  let genVerifyDecl = 1;
}

def TileDist_PipelineSpan : I32EnumAttr<"PipelineSpan",
    "what the ring of an mma's pipeline runs through", [
      I32EnumAttrCase<"Chunks", 0, "chunks">,
      I32EnumAttrCase<"Iterations", 1, "iterations">]> {
  let cppNamespace = "::tilechain::tile_dist";
  let genSpecializedAttr = 0;
}

def TileDist_MmaPipelineAttr : AttrDef<TileDist_Dialect, "MmaPipeline"> {
  let mnemonic = "pipeline";
  let summary = "the ring of stages an mma's operands are pipelined through";
  let description = [{
    An mma on tensor cores multiplies its operands a chunk of k at a time
    from a ring of shared-memory stages, chunk g in stage g mod `stages`.
    Where operands are copied (cp_async or tma in `tile_dist.operands`),
    the copies run ahead of the multiplies, into the stages no multiply
    reads. This records the ring, as tile-sched plans it
    (tilechain-plan-mma-pipelines, include/tilechain/Lower/MmaPipelines.h)
    on the mma as `tile_dist.pipeline`:
      - `stages`: the stages of the ring;
      - `groups_in_flight`: the groups of mma instructions (wgmma's and
        tcgen05's commit groups) each thread leaves running after a chunk's
        multiply; a running group still reads its stage, so the copies run
        `stages - 1 - groups_in_flight` chunks ahead;
      - `across`: `chunks`, the ring starts again with each run of the mma;
        or `iterations`, it runs on through the iterations of the loop
        around the mma, the copies of an iteration's first chunks issued
        during the one before.
    The materialization builds what is recorded, and refuses a ring that
    would copy into a stage still read, a loop the copies may not run
    ahead through, or stages that do not fit the CTA's shared memory.

    ```mlir
    %c = cuda_tile.mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>,
        tile_dist.pipeline = #tile_dist.pipeline<stages = 4, groups_in_flight = 1, across = iterations>} ...
    ```
  }];
  let parameters = (ins "int64_t":$stages, "int64_t":$groupsInFlight,
                        EnumParameter<TileDist_PipelineSpan>:$across);
  let assemblyFormat = "`<` `stages` `=` $stages `,` `groups_in_flight` `=` "
                       "$groupsInFlight `,` `across` `=` $across `>`";
  let genVerifyDecl = 1;
}

def TileDist_StoreCopy : I32EnumAttr<"StoreCopy",
    "how a view store's tile reaches memory", [
      I32EnumAttrCase<"Threads", 0, "threads">,
      I32EnumAttrCase<"TensorMap", 1, "tensor_map">]> {
  let cppNamespace = "::tilechain::tile_dist";
  let genSpecializedAttr = 0;
}

def TileDist_StoreCopyAttr
    : EnumAttr<TileDist_Dialect, TileDist_StoreCopy, "store"> {
  let summary = "how a view store's tile reaches memory";
  let description = [{
    On a chip with TMA (sm_90 on), a view store goes one of two ways:
    `threads`, each thread stores the elements it holds, a run of them with
    one vector store; or `tensor_map`, the threads write the tile into a
    shared buffer of TMA boxes and one thread stores the boxes with
    `cp.async.bulk.tensor` (issue 41, docs/pipeline.md). tile-sched plans
    it (tilechain-plan-view-stores, include/tilechain/Lower/ViewStores.h):
    TMA where the tile's layout holds runs of fewer than 16 bytes along
    its rows (an mma accumulator's fragments) and the view, the tile and
    the shared memory allow it. It is recorded on the store as
    `tile_dist.store`; a record edited at the stop point and fed back is
    kept, and the materialization builds what is recorded, or refuses a
    `tensor_map` the store cannot take.

    ```mlir
    %t = cuda_tile.store_view_tko weak %c, %view[%i, %j]
        {tile_dist.store = #tile_dist.store<tensor_map>} ...
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TileDist_SharedMatrixAttr : AttrDef<TileDist_Dialect, "SharedMatrix"> {
  let mnemonic = "shared_matrix";
  let summary = "where each element of a wgmma operand lies in shared memory";
  let description = [{
    One of the canonical shared-memory layouts of an operand of PTX's
    `wgmma.mma_async` (PTX ISA, "Shared Memory Matrix Layout"), for an
    X x K operand (X = 64 rows of m for the lhs, n columns for the rhs) of
    e-byte elements, S = `swizzle` bytes (32, 64 or 128):
      - `k_major` (k contiguous): element (x, k) is at byte
        (x / 8) * sbo + (x % 8) * S + k * e;
      - `mn_major` (x contiguous, W = S / e elements per row):
        (x / W) * lbo + (k / 8) * sbo + (k % 8) * S + (x % W) * e;
    from the operand's first byte; then bits 4.. of that byte's address are
    XORed with its bits 7.. (log2(S / 16) of them): the swizzle, which the
    hardware applies to the shared-memory address, so the memory the
    operand is in must start at a multiple of 8 S bytes. `lbo` (the leading
    byte offset) matters only where the operand is mn_major.

    ```mlir
    #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>
    ```
  }];
  let parameters = (ins "bool":$mnMajor, "int64_t":$swizzle,
                        "int64_t":$lbo, "int64_t":$sbo);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// An mma's ring of stages
//===----------------------------------------------------------------------===//

def TileDist_RingType : TypeDef<TileDist_Dialect, "Ring"> {
  let mnemonic = "ring";
  let summary = "the shared-memory stages an mma's operands pass through";
  let description = [{
    An mma on tensor cores multiplies its operands a chunk of k at a time
    from a ring of `stages` stages in shared memory (`tile_dist.pipeline`).
    One stage holds a chunk of each staged operand, in the chunk arrays of
    the operands' records (`tile_dist.operands`), and takes `stage_bytes`
    bytes (a multiple of 16) from a start aligned to `align` bytes; each
    stage starts `stage_bytes` after the one before. With `mbarriers`, TMA
    copies fill the stages, and the ring also holds one mbarrier (8 bytes)
    per stage after the last one, which the copies complete on (the
    stage's full mbarrier). With `producer`, a producer warp fills the
    stages (`tile_dist.ring_producer`), and a second mbarrier per stage
    follows, on which the consumers hand the stage back (its empty
    mbarrier).

    ```mlir
    !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true>
    !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true, producer = true>
    ```
  }];
  let parameters = (ins "int64_t":$stages, "int64_t":$stageBytes,
                        "int64_t":$alignment, "bool":$mbarriers,
                        DefaultValuedParameter<"bool", "false">:$producer);
  let assemblyFormat = "`<` `stages` `=` $stages `,` `stage_bytes` `=` "
                       "$stageBytes `,` `align` `=` $alignment `,` "
                       "`mbarriers` `=` $mbarriers "
                       "(`,` `producer` `=` $producer^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The ring's mbarriers: a full one per stage where TMA fills it, and
    /// an empty one per stage too where a producer warp does.
    int64_t getMbarrierCount() const {
      return getMbarriers() ? getStages() * (getProducer() ? 2 : 1) : 0;
    }
    /// The ring's bytes: its stages, then its mbarriers.
    int64_t getBytes() const {
      return getStages() * getStageBytes() + getMbarrierCount() * 8;
    }
  }];
}

def TileDist_RingAllocOp : Op<TileDist_Dialect, "ring_alloc",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "the shared memory of an mma's ring of stages";
  let description = [{
    The ring's bytes (`!tile_dist.ring`), in use from here to its
    `tile_dist.ring_dealloc`. tile-sched places it before the loop the ring
    runs through where the copies reach into later iterations
    (`across = iterations`), else before the mma (tilechain-alloc-mma-rings);
    the materialization allocates it where it stands.

    ```mlir
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true>
    ```
  }];
  let results = (outs TileDist_RingType:$ring);
  let assemblyFormat = "attr-dict `:` qualified(type($ring))";
}

def TileDist_RingDeallocOp : Op<TileDist_Dialect, "ring_dealloc"> {
  let summary = "the end of an mma's ring of stages";
  let description = [{
    The ring's last use: its mbarriers (where TMA fills it) are given back,
    so that their bytes may hold something else. tile-sched places it after
    the loop the ring runs through, after the wait for the mma groups the
    loop's last iteration left running, or else right after the mma
    (tilechain-alloc-mma-rings). A ring ends once, after every operand
    staged in it.

    ```mlir
    tile_dist.ring_dealloc %ring : !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true>
    ```
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemFree]>:$ring);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

def TileDist_InRingOp : Op<TileDist_Dialect, "in_ring",
    [Pure, AllTypesMatch<["tile", "result"]>]> {
  let summary = "an mma operand, staged through a ring";
  let description = [{
    The result is `tile` as the mma reading it sees it: passed through the
    stages of `ring`, a chunk of k at a time, by the copy its record names
    (`tile_dist.operands`: TMA or cp.async from the view `tile` is loaded
    from, or the threads' writes of their registers). It is read only as
    the lhs or rhs of cuda_tile mmas (mmaf, mmai, mmaf_scaled). An lhs that
    wgmma reads from registers (`fragments`) passes through no ring.

    ```mlir
    %a = tile_dist.in_ring %ring, %lhs : !tile_dist.ring<...>, !cuda_tile.tile<128x64xf16>
    %c = cuda_tile.mmaf %a, %b, %acc ...
    ```
  }];
  let arguments = (ins TileDist_RingType:$ring, AnyType:$tile);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ring `,` $tile attr-dict `:` qualified(type($ring)) `,` type($tile)
  }];
  let hasVerifier = 1;
}

def TileDist_RingFillOp : Op<TileDist_Dialect, "ring_fill",
    [AttrSizedOperandSegments]> {
  let summary = "the writes of one chunk of an mma's operands into a stage of its ring";
  let description = [{
    Fills stage `stage` of `ring` with chunk `chunk` (of k) of each operand
    the ring's mma stages: starts the copies of each operand it copies (TMA
    or cp.async, as its record names, `tile_dist.operands`) and writes the
    chunk of each operand written from registers (taken into the layout it
    is staged from where the ring starts). With `at`, the fill stands before
    the loop the ring runs through (`across = iterations`), and copies the
    tiles its loads read in the iteration whose counter is `iv`, where
    `runs` holds; without, it stands before the mma, in the run whose
    operands it fills. Whether or not it runs, it closes one group of
    cp.async copies, so that the groups after a chunk's are always as many
    as the chunks the copies run ahead, less one, and the mma's waits for
    all but those wait for that chunk's. tilechain-expand-mma-pipelines
    writes the fills of the chunks the copies run ahead of the first
    multiply. `stage`, `chunk` and `iv` are integer scalars (`stage` and
    `chunk` of 32 bits, `iv` of the loop's counter type) and `runs` an i1
    scalar.

    ```mlir
    tile_dist.ring_fill %ring[%g] chunk %c at %iv if %runs
        : !tile_dist.ring<...>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>,
          !cuda_tile.tile<i32>, !cuda_tile.tile<i1>
    tile_dist.ring_fill %ring[%g] chunk %g
        : !tile_dist.ring<...>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>
    ```
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring,
                       AnyType:$stage, AnyType:$chunk, Optional<AnyType>:$iv,
                       Optional<AnyType>:$runs);
  let assemblyFormat = [{
    $ring `[` $stage `]` `chunk` $chunk (`at` $iv^ `if` $runs)? attr-dict `:`
    qualified(type($ring)) `,` type($stage) `,` type($chunk)
    (`,` type($iv)^ `,` type($runs))?
  }];
  let hasVerifier = 1;
}

def TileDist_RingProducerOp : Op<TileDist_Dialect, "ring_producer"> {
  let summary = "the warps that fill a ring, apart from those that read it";
  let description = [{
    Warp specialization: from here the kernel's CTA has a producer
    warpgroup beside its consumer warps (the warps tile-lower assigned,
    which run the rest of the kernel). One thread of the producer's first
    warp fills the ring: for every iteration of the loop the ring runs
    through and every chunk its mma takes in it, in order, it waits until
    the consumers have handed the chunk's stage back (`ring_free`, on the
    stage's empty mbarrier; the stages' first fills wait for nothing) and
    starts the chunk's TMA copies into it, which complete on the stage's
    full mbarrier. The other producer threads end here. The ring's type
    has `producer`; it stands right after the ring's `ring_alloc`, which
    the tile program's first ops only precede where they compute the loop's
    bounds and the copies' views and tile origins (what the producer reads).
    tilechain-specialize-warps writes it.

    ```mlir
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true, producer = true>
    tile_dist.ring_producer %ring : !tile_dist.ring<stages = 4, stage_bytes = 49152, align = 1024, mbarriers = true, producer = true>
    ```
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// The schedule of an mma's chunks
//===----------------------------------------------------------------------===//

def TileDist_ChunkScheduleOp : Op<TileDist_Dialect, "chunk_schedule",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "what each chunk of k of an mma does with its ring, in order";
  let description = [{
    The body says what the mma whose operands `ring` stages runs for each
    chunk c of k it multiplies, in order: waits for the chunk's stage
    (`ring_wait`), publishes the writes to it (`ring_publish`), fills the
    chunk some chunks ahead (`ring_fill_ahead`), multiplies the chunk
    (`mma_chunk`, exactly one), hands an earlier chunk's stage back to the
    ring's producer (`ring_free`). Each body op names the ring of its schedule
    and refers to chunk c implicitly: the stage of chunk g of the ring's
    run is g mod the ring's stages. tilechain-expand-mma-pipelines writes it
    right before the mma, in the mma's block; the materialization runs it
    in the mma's loop over its chunks, which carries the sums, and lowers
    it to nothing where the mma runs on CUDA cores.

    ```mlir
    tile_dist.chunk_schedule %ring : !tile_dist.ring<...> {
      tile_dist.ring_wait %ring newer 1 : !tile_dist.ring<...>
      tile_dist.ring_publish %ring async_proxy : !tile_dist.ring<...>
      tile_dist.ring_fill_ahead %ring by 2 : !tile_dist.ring<...>
      tile_dist.mma_chunk %ring : !tile_dist.ring<...>
    }
    ```
  }];
  let arguments = (ins TileDist_RingType:$ring);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring)) $body";
  let hasVerifier = 1;
}

class TileDist_ChunkOp<string mnemonic, list<Trait> traits = []>
    : Op<TileDist_Dialect, mnemonic,
         traits # [HasParent<"ChunkScheduleOp">]>;

def TileDist_RingWaitOp : TileDist_ChunkOp<"ring_wait"> {
  let summary = "the copies into this chunk's stage have landed";
  let description = [{
    Waits until the copies that filled the stage of the schedule's chunk
    have landed, so that this thread may read them: all cp.async groups but
    the `newer` ones committed after that chunk's fill, or the stage's
    mbarrier phase where TMA filled it.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemRead]>:$ring,
                       I64Attr:$newer);
  let assemblyFormat =
      "$ring `newer` $newer attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

def TileDist_RingReleaseOp : TileDist_ChunkOp<"ring_release"> {
  let summary = "every thread is done reading the ring's stages";
  let description = [{
    A barrier before the chunk's stage is written again: in a ring of one
    stage that the threads write, the reads of the previous chunk are done.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring))";
}

def TileDist_RingPublishOp : TileDist_ChunkOp<"ring_publish"> {
  let summary = "the chunk's stage, as written, seen by every reader";
  let description = [{
    A barrier after which every thread sees what the threads wrote into the
    chunk's stage and what the copies it waited for brought, and which
    frees the stages the previous chunks' multiplies have finished with;
    with `async_proxy` (an mma that reads its operands through the async
    proxy: wgmma, tcgen05.mma), each thread first fences its writes for
    that proxy.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring,
                       UnitAttr:$async_proxy);
  let assemblyFormat = "$ring (`async_proxy` $async_proxy^)? attr-dict `:` "
                       "qualified(type($ring))";
}

def TileDist_RingFillAheadOp : TileDist_ChunkOp<"ring_fill_ahead"> {
  let summary = "the fill of the chunk `by` chunks after this one";
  let description = [{
    Fills the stage of chunk c + `by` of the ring's run with that chunk
    (as `tile_dist.ring_fill` does): of this run of the mma, or, where the
    ring runs through its loop, of the iteration it falls in, if that
    iteration runs; a chunk past the end of a run within one run is not
    filled. With `by` 0 it writes this chunk's registers. Whether or not it
    runs, it closes one group of cp.async copies.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring,
                       I64Attr:$by);
  let assemblyFormat = "$ring `by` $by attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

def TileDist_RingFreeOp : TileDist_ChunkOp<"ring_free"> {
  let summary = "the stage of an earlier chunk handed back to the producer";
  let description = [{
    In a ring a producer warp fills (`tile_dist.ring_producer`): each
    thread arrives on the empty mbarrier of the stage of chunk c - `behind`
    of the ring's run, whose multiply has retired (the mma groups left
    running are `behind`), so that the producer may fill it again; nothing
    where the run has no such chunk yet.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemWrite]>:$ring,
                       I64Attr:$behind);
  let assemblyFormat =
      "$ring `behind` $behind attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

def TileDist_MmaChunkOp : TileDist_ChunkOp<"mma_chunk"> {
  let summary = "the multiply of this chunk from its stage";
  let description = [{
    The schedule's mma multiplies chunk c of k from its stage of the ring,
    on the instruction recorded on the mma, adding to the sums its loop
    over chunks carries.
  }];
  let arguments = (ins Arg<TileDist_RingType, "", [MemRead]>:$ring);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring))";
}

def TileDist_ScalarI32Tile : Type<
    CPred<"::llvm::isa<::mlir::ShapedType>($_self) && "
          "::llvm::cast<::mlir::ShapedType>($_self).hasRank() && "
          "::llvm::cast<::mlir::ShapedType>($_self).getRank() == 0 && "
          "::llvm::cast<::mlir::ShapedType>($_self).getElementType()"
          ".isInteger(32)">,
    "a rank-0 tile of i32">;

def TileDist_ClusterCTARankOp : Op<TileDist_Dialect, "cluster_cta_rank",
    [Pure]> {
  let summary = "the running CTA's place in its thread block cluster";
  let description = [{
    In an entry whose tile blocks are clusters (`tile_dist.cluster_ctas` =
    N), the rank of the running CTA in its cluster, 0 to N - 1: which part
    of each split tile it computes (tilechain-split-tiles-over-cluster).
    The materialization reads %cluster_ctaid.x; the cluster is N x 1 x 1.

    ```mlir
    %rank = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
    ```
  }];
  let results = (outs TileDist_ScalarI32Tile:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileDist_ConvertLayoutOp : Op<TileDist_Dialect, "convert_layout", [Pure]> {
  let summary = "a thread's registers of a tile, taken from one layout to another";
  let description = [{
    `source` holds the registers the running thread has of a tile laid out
    as `from`; the result holds its registers of the same tile laid out as
    `to`. Every thread of the CTA runs the op together: it moves elements
    between threads (tile-sched carries it out through shared memory,
    tilechain-materialize-layout-conversions). tile-sched emits one wherever
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
    tile-sched copies view loads that only feed an mma this way, straight
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

def TileDist_TensorCopyOp : Op<TileDist_Dialect, "tensor_copy",
    [AttrSizedOperandSegments]> {
  let summary = "a box of a global tensor copied into shared memory by TMA";
  let description = [{
    Starts the copy of one box of a global tensor into shared memory by the
    tensor memory accelerator, described to the hardware by `tensorMap` (the
    128-byte tensor map, a kernel parameter) and to everything else by the
    operands: the tensor starts at `base`, has extents `sizes` and, for its
    dims after the first, element strides `strides`; dim 0 is contiguous
    (TMA's order: innermost first). The box has extents `box` and starts at
    tensor coordinates `coordinates`; its elements outside the tensor are
    zeros. Element (i0, i1, ...) of the box lands at byte
    e (i0 + box0 (i1 + box1 (...))) after element `index` of `destination`,
    whose 16-byte units are then swizzled within each 8 rows of `swizzle`
    bytes (a byte address a goes to a ^ (((a >> 7) & (swizzle / 16 - 1)) << 4),
    as PTX's swizzle modes and tile_dist.shared_matrix do; 0: none).

    This is PTX's `cp.async.bulk.tensor` with `mbarrier::complete_tx`: one
    thread issues it, and it completes the transaction bytes it writes on
    mbarrier `barriers[barrier]`, which a tile_dist.mbarrier_expect_tx told
    to expect them; threads see the bytes once a tile_dist.mbarrier_wait on
    that phase returns. tile-sched copies the chunks of wgmma operands so
    (docs/pipeline.md).

    ```mlir
    tile_dist.tensor_copy %map, %a, [%rows, %cols], [%stride]
        at [%k, %m] into %staging[%slot], %barriers[%half]
        {box = array<i64: 64, 128>, swizzle = 128 : i64}
        : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>,
          memref<2xi64, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
      LLVM_AnyPointer:$tensorMap,
      LLVM_PointerInAddressSpace<1>:$base,
      Variadic<Index>:$sizes,
      Variadic<Index>:$strides,
      Variadic<I32>:$coordinates,
      Arg<MemRefRankOf<[AnyType], [1]>, "", [MemWrite]>:$destination,
      Index:$index,
      Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
      Index:$barrier,
      DenseI64ArrayAttr:$box,
      I64Attr:$swizzle);
  let assemblyFormat = [{
    $tensorMap `,` $base `,` `[` $sizes `]` `,` `[` $strides `]`
    `at` ` ` `[` $coordinates `]` `into` $destination `[` $index `]` `,`
    $barriers `[` $barrier `]` attr-dict `:` type($tensorMap) `,` type($base)
    `,` type($destination) `,` type($barriers)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The bytes the copy writes: the box's elements.
    int64_t getBoxBytes();
  }];
}

def TileDist_TensorStoreOp : Op<TileDist_Dialect, "tensor_store",
    [AttrSizedOperandSegments]> {
  let summary = "a box of shared memory stored into a global tensor by TMA";
  let description = [{
    Stores one box of shared memory into a global tensor by the tensor
    memory accelerator, the tensor described as for tile_dist.tensor_copy
    (`tensorMap`, and `base`, `sizes`, `strides` for everything else). The
    box has extents `box` and starts at tensor coordinates `coordinates`;
    element (i0, i1, ...) of it comes from byte
    e (i0 + box0 (i1 + box1 (...))) after element `index` of `source`,
    swizzled as tile_dist.tensor_copy's destination (`swizzle` bytes; 0:
    none), and elements outside the tensor are not stored.

    This is PTX's `cp.async.bulk.tensor` from shared to global memory,
    asynchronous: the store joins the issuing thread's current bulk group,
    and it is complete once an `nvvm.cp.async.bulk.commit_group` has closed
    the group and an `nvvm.cp.async.bulk.wait_group` has waited for it.
    One thread issues it, after the writes to `source` of every thread,
    each fenced to the async proxy, and a barrier; tile-sched stores tiles
    of views so on sm_90 and later, all boxes of a tile in one group
    (docs/pipeline.md).

    ```mlir
    tile_dist.tensor_store %map, %d, [%cols, %rows], [%stride]
        at [%n, %m] from %staging[%c0] {box = array<i64: 32, 64>, swizzle = 128 : i64}
        : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
      LLVM_AnyPointer:$tensorMap,
      Arg<LLVM_PointerInAddressSpace<1>, "", [MemWrite]>:$base,
      Variadic<Index>:$sizes,
      Variadic<Index>:$strides,
      Variadic<I32>:$coordinates,
      Arg<MemRefRankOf<[AnyType], [1]>, "", [MemRead]>:$source,
      Index:$index,
      DenseI64ArrayAttr:$box,
      I64Attr:$swizzle);
  let assemblyFormat = [{
    $tensorMap `,` $base `,` `[` $sizes `]` `,` `[` $strides `]`
    `at` ` ` `[` $coordinates `]` `from` $source `[` $index `]`
    attr-dict `:` type($tensorMap) `,` type($base) `,` type($source)
  }];
  let hasVerifier = 1;
}

def TileDist_StoreMatrixOp : Op<TileDist_Dialect, "store_matrix"> {
  let summary = "a warp's 8x8 matrices of 16-bit elements stored to shared "
                "memory";
  let description = [{
    PTX's `stmatrix.sync.aligned.m8n8.xN.shared.b16` (sm_90 and later), N
    the number of `words` (1, 2 or 4); the 32 lanes of a warp run it
    together. Lane L names, with `index`, the element of `destination` where
    row L % 8 of matrix L / 8 starts: 8 consecutive elements, 16-byte
    aligned. Its word j (two elements, the first in the low half) is
    elements 2 (L % 4) and 2 (L % 4) + 1 of row L / 4 of matrix j: the
    layout an mma fragment has, so that one instruction writes what four
    32-bit stores per lane would.

    ```mlir
    tile_dist.store_matrix %staging[%row], %w0, %w1, %w2, %w3
        : memref<16384xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Variadic<I32>:$words,
                       Arg<MemRefRankOf<[AnyType], [1]>, "",
                           [MemWrite]>:$destination,
                       Index:$index);
  let assemblyFormat = [{
    $destination `[` $index `]` `,` $words attr-dict `:` type($destination)
  }];
  let hasVerifier = 1;
}

def TileDist_MbarrierInitOp : Op<TileDist_Dialect, "mbarrier_init"> {
  let summary = "an mbarrier set up for `count` arrivals per phase";
  let description = [{
    PTX's `mbarrier.init.shared.b64`: mbarrier `barriers[barrier]` starts
    its phase 0, which completes after `count` arrivals and the transaction
    bytes they announce. One thread runs it, before any other use; a
    `fence.mbarrier_init` and a barrier then publish it.
  }];
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
                       Index:$barrier, I32:$count);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` `,` $count attr-dict `:` type($barriers)
  }];
}

def TileDist_MbarrierExpectTxOp : Op<TileDist_Dialect, "mbarrier_expect_tx"> {
  let summary = "an arrival on an mbarrier that announces transaction bytes";
  let description = [{
    PTX's `mbarrier.arrive.expect_tx.shared.b64`: the running thread arrives
    on mbarrier `barriers[barrier]` and its current phase now also waits for
    `bytes` transaction bytes (those of tile_dist.tensor_copy ops).
  }];
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
                       Index:$barrier, I32:$bytes);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` `,` $bytes attr-dict `:` type($barriers)
  }];
}

def TileDist_MbarrierArriveOp : Op<TileDist_Dialect, "mbarrier_arrive"> {
  let summary = "an arrival on an mbarrier, with no transaction bytes";
  let description = [{
    PTX's `mbarrier.arrive.shared.b64` (release, CTA scope): the running
    thread arrives on mbarrier `barriers[barrier]`. Its accesses before the
    arrival happen before those of a thread that waits for the phase after
    the wait: how a warp-specialized kernel's consumers hand a stage back
    to its producer (the stage's empty mbarrier, initialized for as many
    arrivals as consumers arrive).
  }];
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
                       Index:$barrier);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` attr-dict `:` type($barriers)
  }];
}

def TileDist_MbarrierWaitOp : Op<TileDist_Dialect, "mbarrier_wait"> {
  let summary = "waits for an mbarrier's phase of a parity to complete";
  let description = [{
    PTX's `mbarrier.try_wait.parity.shared.b64`, retried until it succeeds:
    returns once the phase of mbarrier `barriers[barrier]` whose parity is
    `parity` (0 or 1: the phases alternate) has completed, with the memory
    its transactions wrote visible to the running thread.
  }];
  // It writes too: it orders the running thread's later accesses after the
  // phase (and must not be dropped for having no results).
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "",
                           [MemRead, MemWrite]>:$barriers,
                       Index:$barrier, I32:$parity);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` `,` $parity attr-dict `:` type($barriers)
  }];
}

def TileDist_MbarrierInvalOp : Op<TileDist_Dialect, "mbarrier_inval"> {
  let summary = "an mbarrier's shared memory given back";
  let description = [{
    PTX's `mbarrier.inval.shared.b64`: mbarrier `barriers[barrier]`, whose
    phases are all complete, stops being one, so that its bytes may hold
    something else (another mbarrier included). One thread runs it.
  }];
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
                       Index:$barrier);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` attr-dict `:` type($barriers)
  }];
}

def TileDist_WarpgroupMmaOp : Op<TileDist_Dialect, "warpgroup_mma",
    [AllTypesMatch<["accumulator", "result"]>, AttrSizedOperandSegments]> {
  let summary = "a warpgroup's m64nNkK product of two shared-memory matrices";
  let description = [{
    The running thread's part of D = A x B + C for its warpgroup (the 128
    threads of four consecutive warps, all of which run the op together):
    A is 64 x K (`lhs` from byte `lhsOffset` on, laid out as `lhsMatrix`),
    or, for 16-bit elements, the warpgroup's registers: `lhsFragment`, the
    thread's four 32-bit registers of A, each two consecutive values of k
    (in warp w, lane l: rows 16 w + g and that plus 8, k = 2 t and 2 t + 1
    and those plus 8, registers walking (m + 8, k + 8)); B is K x N (`rhs`
    from byte `rhsOffset`, as `rhsMatrix` with x = n), K is 32 bytes of the
    element type (16 for f16 and bf16, 8 for tf32, 32 for 8-bit types). `accumulator` is the thread's N / 2 elements of C and the
    result its elements of D: in warp w of the warpgroup, lane l (g = l / 4,
    t = l % 4), element i is row 16 w + g + 8 ((i / 2) % 2), column
    8 (i / 4) + 2 t + i % 2. The lhs and rhs element types are f16, bf16,
    tf32, f8E4M3FN, f8E5M2, si8 or ui8 (both floats or both integers; only
    16-bit matrices may be mn_major); C and D are f32, or i32 for integers.

    This is PTX's `wgmma.mma_async` (sm_90a), asynchronous: the op starts
    the product, and its result may be read once an
    `nvvm.wgmma.wait.group.sync.aligned` has waited for the group an
    `nvvm.wgmma.commit.group.sync.aligned` closed after it; an
    `nvvm.wgmma.fence.aligned` must come before the first of a sequence,
    and shared memory written through the generic proxy must be fenced
    (`nvvm.fence.proxy` async_shared) before it is read. tile-sched runs
    mmaf/mmai so on sm_90 (docs/pipeline.md); tile-llc builds the matrix
    descriptors and lowers it to `nvvm.wgmma.mma_async`.

    ```mlir
    %d = tile_dist.warpgroup_mma
        shared %staging[%a] : memref<98304xi8, #gpu.address_space<workgroup>>,
        %staging[%b] : memref<98304xi8, #gpu.address_space<workgroup>>,
        %c : vector<128xf32>
        {lhsType = f16, rhsType = f16,
         lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>,
         rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>}
    %e = tile_dist.warpgroup_mma registers %fragment : vector<4xi32>,
        %staging[%b] : memref<98304xi8, #gpu.address_space<workgroup>>,
        %d : vector<128xf32>
        {lhsType = f16, rhsType = f16,
         rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>}
    ```
  }];
  let arguments = (ins
      Arg<Optional<MemRefRankOf<[I8], [1]>>, "", [MemRead]>:$lhs,
      Optional<Index>:$lhsOffset,
      Optional<VectorOfLengthAndType<[4], [I32]>>:$lhsFragment,
      Arg<MemRefRankOf<[I8], [1]>, "", [MemRead]>:$rhs,
      Index:$rhsOffset,
      VectorOfRankAndType<[1], [F32, I32]>:$accumulator,
      TypeAttr:$lhsType, TypeAttr:$rhsType,
      OptionalAttr<TileDist_SharedMatrixAttr>:$lhsMatrix,
      TileDist_SharedMatrixAttr:$rhsMatrix);
  let results = (outs VectorOfRankAndType<[1], [F32, I32]>:$result);
  let assemblyFormat = [{
    (`shared` $lhs^ `[` $lhsOffset `]` `:` type($lhs))?
    (`registers` $lhsFragment^ `:` type($lhsFragment))?
    `,` $rhs `[` $rhsOffset `]` `:` type($rhs) `,`
    $accumulator `:` type($accumulator) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// N, from the accumulator's N / 2 elements.
    int64_t getN() { return 2 * getAccumulator().getType().getNumElements(); }
    /// K: 32 bytes of the element type.
    int64_t getK();
    /// Bytes of an lhs (and rhs) element.
    int64_t getElementBytes();
    /// The PTX name of an element type the op multiplies ("f16", "bf16",
    /// "tf32", "e4m3", "e5m2", "s8", "u8"; NVVM's MMATypes and WGMMATypes
    /// spell them so), or "" for another type.
    static ::llvm::StringRef ptxTypeName(::mlir::Type element);
  }];
}

def TileDist_WarpgroupWaitOp : Op<TileDist_Dialect, "warpgroup_wait",
    [AllTypesMatch<["values", "results"]>]> {
  let summary = "waits for the thread's wgmma groups and hands on their results";
  let description = [{
    PTX's `wgmma.wait_group.sync.aligned pending`: waits until at most
    `pending` of the groups of tile_dist.warpgroup_mma the running thread
    committed are still running. Its results are its operands, the
    accumulator registers those groups write: a reader of the results
    comes after the wait, where LLVM would be free to move a reader of
    the operands before it (the products are plain values to it), and the
    read would then see registers a group is still writing. tile-llc lowers
    it to inline PTX whose outputs are tied to its inputs.

    ```mlir
    %d0, %d1 = tile_dist.warpgroup_wait 0, %c0, %c1 : f32, f32
    ```
  }];
  let arguments = (ins I64Attr:$pending, Variadic<AnyTypeOf<[F32, I32]>>:$values);
  let results = (outs Variadic<AnyTypeOf<[F32, I32]>>:$results);
  let assemblyFormat = [{
    $pending (`,` $values^ `:` type($values))? attr-dict
  }];
  let hasVerifier = 1;
}

def TileDist_TmemAllocOp : Op<TileDist_Dialect, "tmem_alloc"> {
  let summary = "columns of the CTA's tensor memory allocated";
  let description = [{
    PTX's `tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32` (sm_100a):
    the 32 threads of one warp run it together. It allocates `columns`
    columns (a power of two from 32 to 512) of all 128 lanes of the CTA's
    tensor memory, waiting while other CTAs of the SM hold them, and writes
    their address (lane 0, the first column: lane << 16 | column) to
    `slots[slot]`, which the threads read after a barrier between
    `nvvm.tcgen05.fence` before and after it. A tile_dist.tmem_dealloc of the
    same columns gives them back before the CTA exits.
  }];
  let arguments = (ins Arg<MemRefRankOf<[I32], [1]>, "", [MemWrite]>:$slots,
                       Index:$slot, I64Attr:$columns);
  let assemblyFormat = [{
    $slots `[` $slot `]` attr-dict `:` type($slots)
  }];
  let hasVerifier = 1;
}

def TileDist_TmemDeallocOp : Op<TileDist_Dialect, "tmem_dealloc"> {
  let summary = "tensor memory columns given back";
  let description = [{
    PTX's `tcgen05.dealloc.cta_group::1.sync.aligned.b32`: one warp gives
    back the `columns` columns at `address` that a tile_dist.tmem_alloc
    allocated, once every access to them has completed.
  }];
  let arguments = (ins I32:$address, I64Attr:$columns);
  let assemblyFormat = "$address attr-dict";
  let hasVerifier = 1;
}

def TileDist_TmemLoadOp : Op<TileDist_Dialect, "tmem_load"> {
  let summary = "16 rows of a warp's tensor memory read into registers";
  let description = [{
    PTX's `tcgen05.ld.sync.aligned.16x256b.xN.b32` then `tcgen05.wait::ld`:
    the 32 threads of a warp run it together, at one `address` (lane L,
    column C), whose 16 lanes L .. L + 15 lie in the warp's quarter of the
    lanes (32 (w % 4) .. 32 (w % 4) + 31 for warp w). Lane t of the warp
    (g = t / 4) gets, as word r of the result, lane L + g + 8 ((r / 2) % 2)
    at column C + 2 (t % 4) + r % 2 + 8 (r / 4): the mma.sync C/D fragment
    of each 8 columns. The result has 4 N words (N a power of two up to 32:
    8 N columns).
  }];
  let arguments = (ins I32:$address);
  let results = (outs VectorOfRankAndType<[1], [I32]>:$result);
  let assemblyFormat = "$address attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileDist_TmemStoreOp : Op<TileDist_Dialect, "tmem_store"> {
  let summary = "a warp's registers written to 16 rows of tensor memory";
  let description = [{
    PTX's `tcgen05.st.sync.aligned.16x256b.xN.b32` then `tcgen05.wait::st`:
    tile_dist.tmem_load's converse; lane t of the warp writes word r of
    `values` where that op would read it.
  }];
  let arguments = (ins I32:$address, VectorOfRankAndType<[1], [I32]>:$values);
  let assemblyFormat = "$address `,` $values attr-dict `:` type($values)";
  let hasVerifier = 1;
}

def TileDist_TmemStoreLanesOp : Op<TileDist_Dialect, "tmem_store_lanes"> {
  let summary = "a warp's registers written to its 32 lanes of tensor memory";
  let description = [{
    PTX's `tcgen05.st.sync.aligned.32x32b.xN.b32` then `tcgen05.wait::st`:
    the 32 threads of a warp run it together, at one `address` (lane L,
    column C) with L the first lane of the warp's quarter (32 (w % 4) for
    warp w); lane t of the warp writes word r of `values` to lane L + t,
    column C + r. tile-sched writes the scales of a block-scaled
    tile_dist.tensor_mma so (N, a power of two up to 128, words).
  }];
  let arguments = (ins I32:$address, VectorOfRankAndType<[1], [I32]>:$values);
  let assemblyFormat = "$address `,` $values attr-dict `:` type($values)";
  let hasVerifier = 1;
}

// It writes tensor memory, which no operand names: without the write it
// would be dead for having no results.
def TileDist_TensorMmaOp : Op<TileDist_Dialect, "tensor_mma",
    [MemoryEffects<[MemWrite]>, AttrSizedOperandSegments]> {
  let summary = "a 128 x N x K product of two shared-memory matrices into tensor memory";
  let description = [{
    D = A x B + (`accumulate` ? D : 0), D the M x N (M = `m`, 128) 32-bit
    accumulators in tensor memory at `address` (row i in lane i, column j
    in the address's column + j), A M x K (`lhs` from byte `lhsOffset` on,
    laid out as `lhsMatrix`, x = m), B K x N (`rhs` from `rhsOffset`, as
    `rhsMatrix`, x = n), K 32 bytes of the element type. Element and
    accumulator types as for tile_dist.warpgroup_mma: f16, bf16, tf32,
    f8E4M3FN, f8E5M2, si8 or ui8 operands, f32 (i32 for integers)
    accumulators; only 16-bit matrices may be mn_major; N a multiple of 16
    from 16 to 256.

    With `lhsScale` and `rhsScale` it is block-scaled (PTX's
    `.kind::mxf8f6f4.block_scale.block32`, f8E4M3FN or f8E5M2 operands, M =
    128, N a multiple of 32): D = (A x scale_A) x (B x scale_B) + D, each
    row i of A times its scale for the instruction's 32 values of k, each
    column j of B times its own, unsigned e8m0 powers of two. Each scale
    address names a tensor-memory column (bits 0-15; the lane bits are 0)
    and, in bits 30-31, the byte of each 32-bit word that holds the scales
    (the instruction descriptor's scale factor IDs): row i's scale is in
    lane i % 32 of column i / 32 from the address on, column j's in lane
    j % 32 of column j / 32, repeated in each of the four quarters of the
    lanes (32 q + l holds what l holds).

    This is PTX's `tcgen05.mma.cta_group::1` (sm_100a), asynchronous and
    issued by one thread: a tile_dist.tensor_mma_commit after it makes an
    mbarrier's phase complete once it (and the thread's earlier ones) have
    read their operands and written D. tile-sched runs mmaf/mmai so on
    sm_100 (docs/pipeline.md); tile-llc builds the matrix and instruction
    descriptors.

    ```mlir
    tile_dist.tensor_mma %tmem, %staging[%a] : memref<98304xi8, #gpu.address_space<workgroup>>,
        %staging[%b] : memref<98304xi8, #gpu.address_space<workgroup>>, %accumulate
        {lhsType = f16, rhsType = f16, m = 128 : i64, n = 256 : i64,
         lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>,
         rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>}
    ```
  }];
  let arguments = (ins
      I32:$address,
      Arg<MemRefRankOf<[I8], [1]>, "", [MemRead]>:$lhs,
      Index:$lhsOffset,
      Arg<MemRefRankOf<[I8], [1]>, "", [MemRead]>:$rhs,
      Index:$rhsOffset,
      I1:$accumulate,
      Optional<I32>:$lhsScale, Optional<I32>:$rhsScale,
      TypeAttr:$lhsType, TypeAttr:$rhsType,
      I64Attr:$m, I64Attr:$n,
      TileDist_SharedMatrixAttr:$lhsMatrix,
      TileDist_SharedMatrixAttr:$rhsMatrix);
  let assemblyFormat = [{
    $address `,` $lhs `[` $lhsOffset `]` `:` type($lhs) `,`
    $rhs `[` $rhsOffset `]` `:` type($rhs) `,` $accumulate
    (`scales` `(` $lhsScale^ `,` $rhsScale `)`)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// K: 32 bytes of the element type.
    int64_t getK();
    /// Bytes of an lhs (and rhs) element.
    int64_t getElementBytes();
    /// Whether the products are integers (accumulated in i32, not f32).
    bool isInteger() { return ::llvm::isa<::mlir::IntegerType>(getLhsType()); }
    /// Whether each operand is multiplied by its block scales.
    bool isBlockScaled() { return getLhsScale() != nullptr; }
  }];
}

def TileDist_TensorMmaCommitOp : Op<TileDist_Dialect, "tensor_mma_commit"> {
  let summary = "an mbarrier arrival once the thread's tensor_mma ops are done";
  let description = [{
    PTX's `tcgen05.commit.cta_group::1.mbarrier::arrive::one`: mbarrier
    `barriers[barrier]` gets one arrival when every tile_dist.tensor_mma the
    running thread issued before has completed.
  }];
  let arguments = (ins Arg<MemRefRankOf<[I64], [1]>, "", [MemWrite]>:$barriers,
                       Index:$barrier);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` attr-dict `:` type($barriers)
  }];
}

#endif // TILECHAIN_TILEDIST_TD
