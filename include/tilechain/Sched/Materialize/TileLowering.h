//===- TileLowering.h - cuda_tile -> per-thread loops over tile buffers ---===//
//
// tile-sched rewrites each cuda_tile.entry into a gpu.func whose body is the
// work of one thread: every tile value of rank >= 1 lives in a tile buffer
// (a memref created by TileLowering::allocTile, placed later by tile-sched),
// every op becomes a loop nest over its result's elements, and rank-0 tiles
// are plain SSA scalars. This is the "serial" layout: one thread owns every
// element of every tile, which is exactly what the driver runs when cuTile
// launches a plain (non tile-kernel) cubin with blockDim = (1,1,1).
//
// Value mapping, the contract every family's lowering follows:
//   tile<T>          (rank 0) -> a scalar of T; ptr<T> becomes an i64 address
//   tile<S x T>               -> memref<S x T> (ptr<T> elements: i64)
//   token                     -> nothing (one thread runs in program order,
//                                which is stronger than any token chain)
//   tensor_view, partition_view, strided_view, gather/scatter view
//                             -> a ViewInfo (addresses and extents as values)
//
// The lowering is a translator, not a pattern rewrite: it walks each block in
// order, looks the op up in a table of per-op-family handlers and emits the
// new IR at the builder's insertion point. A handler for an op with regions
// lowers those regions itself through lowerBlock.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_TILELOWERING_H
#define TILECHAIN_SCHED_MATERIALIZE_TILELOWERING_H

#include "tilechain/Analysis/AxisInfo.h"
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Target/TargetInfo.h"
#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Lower/ViewFacts.h"
#include "tilechain/Layout/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <memory>
#include <optional>

namespace mlir::cuda_tile {
class EntryOp;
class ForOp;
class LoadViewTkoOp;
class MmaFScaledOp;
} // namespace mlir::cuda_tile

namespace tilechain {

/// The unit attribute of a gpu.barrier that only orders an exchange's writes
/// to shared memory after earlier accesses to the same bytes
/// (TileLowering::barrierBeforeSharedWrites); tile-sched removes the ones
/// that order nothing once it has placed the buffers.
constexpr llvm::StringLiteral kWriteAfterReadAttrName =
    "tilechain.write_after_read";

/// The unit attribute of an nvvm.fence.proxy (async, shared memory) that
/// only orders the threads' earlier generic accesses of shared memory before
/// the TMA copies that follow it in its block, which write through the async
/// proxy (TileLowering::fenceBeforeAsyncWrites); tile-sched removes the ones
/// where no generic access of the copies' bytes can come before them, once
/// it has placed the buffers.
constexpr llvm::StringLiteral kBeforeAsyncWritesAttrName =
    "tilechain.before_async_writes";

/// A view over global memory, as values, beside its static facts: element
/// (i0..in) of the underlying tensor is at base + sum(i_d * strides[d]) *
/// sizeof(element).
struct ViewInfo : ViewFacts {
  mlir::Value base;                      // i64 address of element 0
  mlir::SmallVector<mlir::Value> shape;  // index, one per tensor dim
  mlir::SmallVector<mlir::Value> strides; // index, in elements
};

/// How tile-sched spreads a kernel's tiles over threads (docs/pipeline.md):
/// Serial, one thread holds every element of every tile; Parallel, each tile
/// is spread over the CTA's threads by a LinearLayout.
enum class TileForm { Serial, Parallel };

class TileLowering;
using OpLowering =
    std::function<mlir::LogicalResult(TileLowering &, mlir::Operation *)>;

/// Handlers by op name ("cuda_tile.addf"). Each family file adds its own.
class LoweringTable {
public:
  void add(llvm::StringRef opName, OpLowering lowering);
  template <typename OpT>
  void add(std::function<mlir::LogicalResult(TileLowering &, OpT)> lowering) {
    add(OpT::getOperationName(),
        [lowering](TileLowering &l, mlir::Operation *op) {
          return lowering(l, mlir::cast<OpT>(op));
        });
  }
  const OpLowering *lookup(llvm::StringRef opName) const;

private:
  llvm::StringMap<OpLowering> handlers;
};

// One per op family; each lives in its own file and adds the lowerings it
// has for `form`. An op without one in the parallel form makes its kernel
// fall back to the serial form.
void addModuleLowerings(LoweringTable &table, TileForm form);
void addElementwiseLowerings(LoweringTable &table);
void addShapeLowerings(LoweringTable &table, TileForm form);
void addSliceLowerings(LoweringTable &table, TileForm form);
void addViewLowerings(LoweringTable &table, TileForm form);
void addMemoryLowerings(LoweringTable &table, TileForm form);
void addControlFlowLowerings(LoweringTable &table);
void addReductionLowerings(LoweringTable &table, TileForm form);
void addMmaLowerings(LoweringTable &table, TileForm form);
void addRingLowerings(LoweringTable &table, TileForm form);
void addMiscLowerings(LoweringTable &table, TileForm form);

/// Module-level cuda_tile.global -> an LLVM global in addrspace 1 at the
/// builder's insertion point (inside the gpu.module).
mlir::LogicalResult lowerGlobal(mlir::Operation *global, mlir::OpBuilder &builder);

/// Builds the whole table of a form.
const LoweringTable &getLoweringTable(TileForm form);

/// Called by the loop-nest builders with the induction variables (index).
using ElementBodyBuilder = llvm::function_ref<void(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

class TileLowering {
public:
  TileLowering(mlir::OpBuilder &builder, const TargetInfo &target)
      : builder(builder), target(target) {}

  mlir::OpBuilder &b() { return builder; }
  const TargetInfo &getTarget() const { return target; }
  TileForm getForm() const {
    return numWarps ? TileForm::Parallel : TileForm::Serial;
  }
  bool isParallel() const { return numWarps != 0; }

  /// Lowers every op of `block` except its terminator, in order, at the
  /// builder's insertion point.
  mlir::LogicalResult lowerBlock(mlir::Block &block);
  /// Lowers one op through the table; unknown ops are an error naming them.
  mlir::LogicalResult lowerOp(mlir::Operation *op);
  /// Holds `op`'s result in the layout tile-lower recorded for it
  /// (tile_dist.layout) where its lowering built another: an mma whose
  /// instruction was edited after the layouts were recorded, say. Its
  /// registers move into the recorded layout.
  mlir::LogicalResult followRecordedLayout(mlir::Operation *op);

  // --- rings --------------------------------------------------------------
  /// The ring (a tile_dist.ring_alloc result) each mma on tensor cores
  /// stages its operands in, read off the tile program's in_ring ops before
  /// it is lowered (takeMmaRings, MaterializeThreads.cpp). A ring's lowered
  /// value (lookup) is its shared buffer.
  void setMmaRings(llvm::DenseMap<mlir::Operation *, mlir::Value> rings) {
    mmaRings = std::move(rings);
  }
  /// The ring `mma` stages its operands in, or null.
  mlir::Value ringOf(mlir::Operation *mma) const {
    return mmaRings.lookup(mma);
  }
  /// The mma that stages its operands in `ring` (tilechain-alloc-mma-rings
  /// makes one ring per mma), or null.
  mlir::Operation *mmaOf(mlir::Value ring) const {
    for (auto [mma, staged] : mmaRings)
      if (staged == ring)
        return mma;
    return nullptr;
  }
  /// The word of the mbarrier phases each thread has waited for, of a
  /// ring that TMA fills (StageRing), made and zeroed where the ring's
  /// ring_alloc is lowered; null for other rings.
  void setRingPhases(mlir::Value ring, mlir::Value phases) {
    ringPhases[ring] = phases;
  }
  mlir::Value phasesOf(mlir::Value ring) const {
    return ringPhases.lookup(ring);
  }
  /// An operand that an mma writes into its ring's stages from registers,
  /// taken into the layout it is staged from where the ring starts
  /// (lowerRingAlloc), so that the ring's fills before the mma and the
  /// mma's chunk loop write the same registers: the layout, the running
  /// thread's registers in it, and its part of their chunks and slots.
  struct RingRegisters {
    LinearLayout layout;
    llvm::SmallVector<mlir::Value> registers;
    mlir::Value threadChunk, threadSlot;
  };
  void setRingRegisters(mlir::Value ring, unsigned operand,
                        RingRegisters taken) {
    ringRegisters[{ring, operand}] = std::move(taken);
  }
  /// Those of operand `operand` (0 lhs, 1 rhs) of the mma of `ring`, or
  /// null where they were not taken.
  const RingRegisters *ringRegistersOf(mlir::Value ring,
                                       unsigned operand) const {
    auto taken = ringRegisters.find({ring, operand});
    return taken == ringRegisters.end() ? nullptr : &taken->second;
  }

  // --- values -------------------------------------------------------------
  /// The lowered form of `v`: a scalar, a tile buffer, or null for a token.
  mlir::Value lookup(mlir::Value v) const;
  /// Whether `v` was lowered: tokens, and tiles that their users take
  /// straight from memory (a view load copied into an mma's stages), are
  /// not.
  bool isLowered(mlir::Value v) const { return values.count(v); }
  void map(mlir::Value from, mlir::Value to);
  /// Maps `result` to what `source` lowered to (an op that changes nothing,
  /// an identity broadcast or reshape, say): both then share its buffer, which
  /// is no longer either one's own to write in place (reusableBuffer).
  void mapAlias(mlir::Value result, mlir::Value source);
  /// The scalar every element of tile `v` equals, where tile-sched knows one
  /// (splat constants); null otherwise. Lets a copy of `v` be a fill.
  mlir::Value lookupSplat(mlir::Value v) const { return splats.lookup(v); }
  void mapSplat(mlir::Value tile, mlir::Value scalar) { splats[tile] = scalar; }
  const ViewInfo &lookupView(mlir::Value v) const;
  void mapView(mlir::Value from, ViewInfo info);

  // --- types --------------------------------------------------------------
  /// The lowered type of a value of cuda_tile type `t` (rank 0: scalar;
  /// rank >= 1: memref); null for tokens and views.
  static mlir::Type convertType(mlir::Type t);

  // --- buffers and loops --------------------------------------------------
  /// A fresh tile buffer of the given shape and (converted) element type.
  mlir::Value allocTile(mlir::Location loc, llvm::ArrayRef<int64_t> shape,
                        mlir::Type elementType);
  /// A fresh buffer for a value of cuda_tile tile type `tileType`; in the
  /// parallel form, for the running thread's registers in the type's
  /// default layout (control flow carries tiles in such buffers).
  mlir::Value allocTileFor(mlir::Location loc, mlir::Type tileType);
  /// The parallel form: a fresh buffer for the running thread's registers of
  /// a value of `tileType` in `layout`.
  mlir::Value allocTileIn(mlir::Location loc, mlir::Type tileType,
                          const LinearLayout &layout);
  /// Maps tile `v` to what `buffer` (from allocTileFor) holds: the buffer
  /// itself, or in the parallel form its registers, read here.
  void mapTileBuffer(mlir::Value v, mlir::Value buffer);
  /// The parallel form: writes the registers of tile `v` into `buffer` (from
  /// allocTileFor), in the buffer's layout.
  void storeTileBuffer(mlir::Value v, mlir::Value buffer);
  /// The buffer of tile `v` if `user`, its only use, may write its result
  /// there (in place): `v` is defined in, or is an argument of, `user`'s
  /// block, so no later iteration of an enclosing loop reads it again, and
  /// its buffer is its own (an alloca, not a view of another tile, not
  /// shared through mapAlias). The caller must read each element before
  /// writing it. Null otherwise.
  mlir::Value reusableBuffer(mlir::Value v, mlir::Operation *user) const;
  /// In the serial form, gives `loop` (an scf.for whose body, with its
  /// nested loops, runs `iterations` times) loop metadata that disables
  /// unrolling when that is more than 16 times.
  void keepSerialLoop(mlir::Operation *loop, int64_t iterations);
  /// Emits a loop nest over `shape` (row-major, innermost last) and calls
  /// `body` inside it; for an empty shape calls `body` once with no ivs.
  void forEachElement(mlir::Location loc, llvm::ArrayRef<int64_t> shape,
                      ElementBodyBuilder body);
  /// Element `ivs` of a lowered tile value (a scalar is its own element).
  mlir::Value readElement(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value lowered, mlir::ValueRange ivs);
  /// Stores into element `ivs` of a tile buffer.
  void writeElement(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value element, mlir::Value buffer,
                    mlir::ValueRange ivs);
  /// Copies a whole tile buffer into another of the same shape.
  void copyTile(mlir::Location loc, mlir::Value from, mlir::Value to);
  /// Writes `element` into every element of the tile buffer `to`.
  void fillTile(mlir::Location loc, mlir::Value element, mlir::Value to);

  /// The common shape of "compute each result element from the operand
  /// elements at the same position": writes the result over an operand of
  /// its type that dies here, else into a new buffer (or returns a scalar for
  /// rank 0), and maps op's result 0 to it.
  mlir::LogicalResult lowerElementwise(
      mlir::Operation *op,
      llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                     mlir::ValueRange operands)>
          computeElement);

  // --- the parallel form ---------------------------------------------------
  // A tile of rank >= 1 lowers to a vector of the registers this thread
  // holds, with the LinearLayout that says which elements they are. A
  // broadcast is not materialized: its result is the source's registers,
  // whose layout then has size-1 dims where the tile is wider, and each user
  // takes the registers in the layout it needs (registersIn).

  /// Switches to the parallel form over `warps` warps of 32 threads, the
  /// running thread's lane and warp given as index values, and shared
  /// memory buffers to be allocated, when needed, as workgroup attributions
  /// of `kernel` of at most `sharedBytesLimit` bytes each.
  void startParallel(unsigned warps, mlir::Value laneId, mlir::Value warpId,
                     mlir::Operation *kernel, int64_t sharedBytesLimit);
  unsigned getNumWarps() const { return numWarps; }
  /// The running thread's lane (0-31) and warp, as index values.
  mlir::Value getLaneId() const { return lane; }
  mlir::Value getWarpId() const { return warp; }
  /// Lowers what `build` builds as the CTA's one issuing thread: code that
  /// one thread of a producer warp runs alone (tile_dist.ring_producer),
  /// where the side effects that the CTA's thread 0 takes on
  /// (isFirstThread) are its own.
  void asIssuingThread(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::function_ref<void()> build);
  /// The op of the kernel's body after which only the consumer warps run
  /// (tile_dist.ring_producer's lowering), or null.
  mlir::Operation *getConsumersStart() const { return consumersStart; }
  void setConsumersStart(mlir::Operation *op) { consumersStart = op; }
  /// The gpu.func being built (the parallel form).
  mlir::Operation *getKernel() const { return kernel; }
  /// The layout a new tile of `tileType` takes where nothing asks for
  /// another: blocked, up to 16 contiguous bytes per thread along
  /// `fastDim` (default: the last dim).
  LinearLayout defaultLayout(mlir::Type tileType,
                             std::optional<unsigned> fastDim = {}) const;
  /// The layout the result `result` of an op is built in where the op
  /// leaves the choice to the layout assignment (elementwise ops, iota):
  /// the one its op's `tile_dist.layout` names, else the default layout.
  LinearLayout layoutFor(mlir::Value result) const;
  /// The layout a tile takes to be accessed in global memory, where its tile
  /// dim `contiguousDim` walks contiguous memory: each thread holds runs of
  /// up to 16 contiguous bytes along it (one vector access each, when the
  /// view's alignment allows) and consecutive lanes hold consecutive runs,
  /// so a warp's accesses are coalesced. It is the default layout with that
  /// fast dim whatever the alignment, so that tiles loaded from aligned and
  /// unaligned views, computed on and stored meet without exchanges.
  LinearLayout accessLayout(mlir::Type tileType, unsigned contiguousDim) const;
  /// A tile lowered from its registers in `layout`.
  mlir::Value makeDistributed(mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> registers,
                              const LinearLayout &layout);
  /// The layout of a lowered tile (made by makeDistributed).
  const LinearLayout &getLayout(mlir::Value lowered) const;
  bool hasLayout(mlir::Value lowered) const { return layouts.count(lowered); }
  /// The registers of a lowered tile.
  llvm::SmallVector<mlir::Value> getRegisters(mlir::OpBuilder &b,
                                              mlir::Location loc,
                                              mlir::Value lowered);
  /// The registers of tile `v` (a cuda_tile value) in `layout`, whose shape
  /// is v's: the same registers, a reselection of them, or an exchange
  /// through shared memory. Fails (declining the parallel form) only when
  /// the exchange does not fit in shared memory.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  registersIn(mlir::Value v, const LinearLayout &layout);
  /// The parallel form's per-element loop over tiles of one shape: takes
  /// them in one layout (that of the first whole tile among them), calls
  /// `body` for each register with their elements there, and returns the
  /// layout.
  mlir::FailureOr<LinearLayout> forEachRegister(
      mlir::ValueRange tiles,
      llvm::function_ref<void(mlir::OpBuilder &, mlir::Location, int64_t reg,
                              mlir::ValueRange elements)>
          body);
  /// The same in a given layout of the tiles' shape.
  mlir::FailureOr<LinearLayout> forEachRegisterIn(
      mlir::ValueRange tiles, const LinearLayout &layout,
      llvm::function_ref<void(mlir::OpBuilder &, mlir::Location, int64_t reg,
                              mlir::ValueRange elements)>
          body);
  /// The lowered layout `tiles` (cuda_tile values of one shape) share when
  /// every one is an unmaterialized broadcast in that same layout (of their
  /// source's shape); none otherwise.
  std::optional<LinearLayout> commonBroadcast(mlir::ValueRange tiles) const;
  /// The layout of `v` as a tile of its own shape: its lowered layout, or
  /// for an unmaterialized broadcast the default layout of its type.
  LinearLayout layoutOf(mlir::Value v) const;
  /// The coordinates (index values) of the element that register `reg` of
  /// the running thread holds in `layout`.
  llvm::SmallVector<mlir::Value> elementCoords(mlir::OpBuilder &b,
                                               mlir::Location loc,
                                               const LinearLayout &layout,
                                               int64_t reg);
  /// The row-major flat index (an index value) of that element.
  mlir::Value flatIndex(mlir::OpBuilder &b, mlir::Location loc,
                        const LinearLayout &layout, int64_t reg);
  /// An i1 that holds in exactly one of the threads and registers holding
  /// each element of `layout` (its owner), or null when every holder is
  /// the only one: side effects happen once per element.
  mlir::Value isOwner(mlir::OpBuilder &b, mlir::Location loc,
                      const LinearLayout &layout, int64_t reg);
  /// The registers of a tile in `layout` whose values are known only where
  /// isOwner holds (the result of a side effect done once per element): in
  /// every holder, through shared memory between barriers where lanes or
  /// warps repeat elements. `registers` may be null where a register only
  /// repeats another register of the thread. Fails (declining the parallel
  /// form) when shared memory cannot hold the tile.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  fromOwners(mlir::Operation *op, llvm::ArrayRef<mlir::Value> registers,
             const LinearLayout &layout);
  /// An i1 that holds in thread 0 of the CTA only: scalar side effects
  /// (every thread computes every scalar) happen once, there.
  mlir::Value isFirstThread(mlir::OpBuilder &b, mlir::Location loc);
  /// A new shared-memory buffer of `bytes` bytes for one exchange: a
  /// workgroup attribution of the kernel, of i8, that tile-sched places in
  /// the kernel's one shared array (PlanSharedMemory.cpp). Fails (declining
  /// the parallel form) when the target's shared memory cannot hold it.
  /// `alignment` (a power of two) past 16 bytes is kept as the
  /// attribution's `llvm.align`, which the planner honours.
  mlir::FailureOr<mlir::Value> allocShared(mlir::Operation *op, int64_t bytes,
                                           int64_t alignment = 16);
  /// `count` elements of `elementType` from byte `offset` of `buffer` (from
  /// allocShared), as a memref<count x T> in the workgroup address space.
  mlir::Value sharedView(mlir::Value buffer, mlir::Type elementType,
                         int64_t count, int64_t offset = 0);
  /// allocShared and sharedView of a buffer of `count` elements.
  mlir::FailureOr<mlir::Value> sharedBuffer(mlir::Operation *op,
                                            mlir::Type elementType,
                                            int64_t count);
  /// The barrier an exchange starts with, before its writes to its shared
  /// buffer: it keeps them from overtaking reads of the same bytes by an
  /// earlier exchange (or an earlier iteration of a loop). It carries
  /// kWriteAfterReadAttrName, so that tile-sched removes it where no access
  /// since the previous barrier touches those bytes.
  static void barrierBeforeSharedWrites(mlir::OpBuilder &b, mlir::Location loc);
  /// The fence before TMA copies into bytes that tile-sched may have given
  /// an earlier exchange: each thread's generic accesses of them come
  /// before the copies' async-proxy writes (with the barrier that follows
  /// it). It carries kBeforeAsyncWritesAttrName, so that tile-sched removes
  /// it where no generic access of those bytes can come before it.
  static void fenceBeforeAsyncWrites(mlir::OpBuilder &b, mlir::Location loc);
  /// Writes tile `v` (a cuda_tile value) into a new shared buffer, in
  /// row-major order of its lowered layout's shape (a broadcast is written
  /// unexpanded), between two barriers; returns the 1-D view of it
  /// (elements of sharedElementType). Fails (declining the parallel form)
  /// when shared memory cannot hold it.
  mlir::FailureOr<mlir::Value> tileInShared(mlir::Operation *op,
                                            mlir::Value v);
  /// The index (an index value) in a tileInShared buffer of the element at
  /// `coords` of a tile written in a layout of shape `stored` (a
  /// broadcast's size-1 dims take any coordinate).
  static mlir::Value tileInSharedIndex(mlir::OpBuilder &b, mlir::Location loc,
                                       llvm::ArrayRef<int64_t> stored,
                                       mlir::ValueRange coords);
  /// The flat index (index value) of the element the running thread's
  /// lanes and warps select in `layout`, registers aside.
  mlir::Value threadFlatIndex(mlir::OpBuilder &b, mlir::Location loc,
                              const LinearLayout &layout);
  /// Orders a memory op after the one that produced `token`: in the parallel
  /// form other threads may have written the elements this thread accesses,
  /// so it waits at a barrier (a CTA's threads see each other's writes after
  /// one). Nothing to do in the serial form or after make_token.
  void orderAfterToken(mlir::Location loc, mlir::Value token);
  /// Gives up the parallel form for this kernel: `op` has no parallel
  /// lowering yet, or its tiles do not fit. The kernel is then lowered in
  /// the serial form, and a remark says why.
  mlir::LogicalResult declineParallel(mlir::Operation *op,
                                      const llvm::Twine &reason);
  /// What the kernel's integer and pointer tiles are known to hold (runs of
  /// consecutive or equal values, divisors), for the cuda_tile kernel that
  /// `op` is in; found once per kernel, on first use.
  const AxisInfoAnalysis &axisInfo(mlir::Operation *op);
  /// Why the parallel form was declined, if it was.
  const std::optional<std::string> &getDeclineReason() const {
    return declineReason;
  }
  /// Records a remark on what the lowering chose (TileRemarks.h). The
  /// kernel's remarks are reported once its lowering is kept, so that an
  /// attempt at a form that is then declined says nothing.
  TileRemark &remark(TileRemarkKind kind, llvm::StringRef category,
                     llvm::StringRef name, mlir::Location loc,
                     const llvm::Twine &message);
  llvm::ArrayRef<TileRemark> getRemarks() const { return remarks; }

  /// Where an mma's accumulator stays in tensor memory through the loop
  /// around it (tcgen05 on sm_100, Tcgen05Lowering.cpp): the columns'
  /// address (i32), the shared buffer of the two mbarriers the products
  /// complete on, and the per-thread count of the products' commits so far
  /// (a memref<1xi32> alloca).
  struct TensorMemoryAccumulator {
    mlir::Value address, control, phases;
  };
  void setTensorMemoryAccumulator(mlir::Operation *mma,
                                  const TensorMemoryAccumulator &where) {
    tensorMemoryAccumulators[mma] = where;
  }
  /// The record of `mma`, or null where its accumulator is its operand.
  const TensorMemoryAccumulator *
  getTensorMemoryAccumulator(mlir::Operation *mma) const {
    auto it = tensorMemoryAccumulators.find(mma);
    return it == tensorMemoryAccumulators.end() ? nullptr : &it->second;
  }

  /// Tensor memory read back into registers is given back only after the
  /// rest of the block has been lowered (Tcgen05Lowering.cpp), so that the
  /// reads can move down to where their registers are first used:
  /// `release` is called with the builder where the release goes, after
  /// every op lowered until then. That is the end of the block the builder
  /// is in, or earlier: before an op with regions (a thread may leave the
  /// kernel or the loop iteration inside it) and before tensor memory is
  /// allocated again (one CTA never holds two readbacks' columns at once).
  void deferTensorMemoryRelease(std::function<void(mlir::OpBuilder &)> release);
  /// Releases what was deferred since `count` deferrals (all of them by
  /// default), at the builder.
  void releaseDeferredTensorMemory(size_t count = 0);
  size_t deferredTensorMemoryReleases() const {
    return deferredReleases.size();
  }

  /// The results of loops (cuda_tile values) whose registers a group of
  /// wgmma that the loop's last iteration started may still be writing
  /// (WgmmaLowering.cpp): the loop's lowering waits for it before anything
  /// reads them.
  void setWgmmaRunningAtExit(mlir::Value loopResult) {
    wgmmaRunningAtExit.insert(loopResult);
  }
  bool isWgmmaRunningAtExit(mlir::Value loopResult) const {
    return wgmmaRunningAtExit.contains(loopResult);
  }

  // --- helpers ------------------------------------------------------------
  mlir::Value indexConstant(mlir::Location loc, int64_t v);
  /// Casts an integer scalar (i1..i64) to index, signed or unsigned.
  mlir::Value toIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      bool isSigned = true);

private:
  mlir::OpBuilder &builder;
  TargetInfo target;
  llvm::DenseMap<mlir::Value, mlir::Value> values;
  llvm::DenseMap<mlir::Operation *, mlir::Value> mmaRings;
  llvm::DenseMap<mlir::Value, mlir::Value> ringPhases;
  llvm::DenseMap<std::pair<mlir::Value, unsigned>, RingRegisters>
      ringRegisters;
  /// Lowered values that more than one tile maps to (mapAlias).
  llvm::DenseSet<mlir::Value> aliased;
  llvm::DenseMap<mlir::Value, ViewInfo> views;
  llvm::DenseMap<mlir::Value, mlir::Value> splats;

  // The parallel form (numWarps != 0).
  unsigned numWarps = 0;
  mlir::Value lane, warp;
  mlir::Operation *consumersStart = nullptr;
  mlir::Operation *kernel = nullptr;
  int64_t sharedBytesLimit = 0;
  llvm::DenseMap<mlir::Value, LinearLayout> layouts;
  llvm::DenseMap<mlir::Operation *, TensorMemoryAccumulator>
      tensorMemoryAccumulators;
  llvm::DenseSet<mlir::Value> wgmmaRunningAtExit;
  struct DeferredRelease {
    mlir::Block *block;
    std::function<void(mlir::OpBuilder &)> release;
  };
  llvm::SmallVector<DeferredRelease> deferredReleases;
  std::optional<std::string> declineReason;
  llvm::SmallVector<TileRemark> remarks;
  std::unique_ptr<AxisInfoAnalysis> axisInfoAnalysis;

  /// Declines the parallel form, at `op`, where `bytes` of shared memory
  /// are more than one CTA may have.
  mlir::LogicalResult checkSharedFits(mlir::Operation *op, int64_t bytes);
  /// A tile_dist.convert_layout of `v`'s registers from `from` to `to`,
  /// which tile-sched carries out; fails (declining the parallel form) where
  /// shared memory could not hold the tile, even in rounds
  /// (exchangeRoundBits).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  exchange(mlir::Value v, const LinearLayout &from, const LinearLayout &to);
};

/// The running thread's lane (0-31) and warp as index values, from
/// gpu.thread_id x (a tile kernel's CTA is one-dimensional).
std::pair<mlir::Value, mlir::Value> laneAndWarp(mlir::OpBuilder &b,
                                                mlir::Location loc);
/// The flat index (index value) of the element that the thread of `lane` and
/// `warp` (index values) selects in `layout`, registers aside.
mlir::Value threadFlatIndex(mlir::OpBuilder &b, mlir::Location loc,
                            const LinearLayout &layout, mlir::Value lane,
                            mlir::Value warp);
/// The coordinates (index values) of row-major flat index `flat` of
/// `layout`'s shape.
llvm::SmallVector<mlir::Value> unflattenIndex(mlir::OpBuilder &b,
                                              mlir::Location loc,
                                              const LinearLayout &layout,
                                              mlir::Value flat);
/// A new shared-memory buffer of `bytes` bytes in `kernel` (a gpu.func): a
/// workgroup attribution of i8, which tile-sched's planner places at a
/// multiple of `alignment` (at least 16).
mlir::Value addSharedBuffer(mlir::Operation *kernel, int64_t bytes,
                            mlir::Location loc, int64_t alignment = 16);
/// `count` elements of `elementType` from byte `offset` of `buffer` (an i8
/// workgroup buffer), as a memref<count x T> in the workgroup address space.
mlir::Value sharedView(mlir::OpBuilder &b, mlir::Value buffer,
                       mlir::Type elementType, int64_t count,
                       int64_t offset = 0);
/// Writes `registers` of a tile in `layout` to `view` (from sharedView, of
/// sharedElementType), each element once (registers that repeat another
/// register of the thread are skipped), element `flat` (row-major in the
/// layout's shape) at slot(flat); `threadFlat` is threadFlatIndex.
void writeRegistersToShared(
    mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<mlir::Value> registers,
    const LinearLayout &layout, mlir::Value view, mlir::Value threadFlat,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::Value)>
        slot);
/// Bytes of shared memory a tile_dist.convert_layout of a tile of `element`
/// in `from` takes.
int64_t layoutConversionBytes(const LinearLayout &from, mlir::Type element);

/// The type a tile element takes in shared memory (i1 as i8, floats LLVM
/// has no type for as integers of their width), and the conversions to it
/// and back.
mlir::Type sharedElementType(mlir::Type element);
/// Bytes one element of shared type `shared` (a sharedElementType) takes.
int64_t sharedElementBytes(mlir::Type shared);
mlir::Value toShared(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                     mlir::Type shared);
mlir::Value fromShared(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       mlir::Type element);

/// Checks that every `tile_dist.layout` in `entry` fits its op's result, and
/// every `tile_dist.carried_layouts` its loop's carried values (their
/// shapes, `numWarps` warps); an error on the first that does not.
mlir::LogicalResult checkAssignedLayouts(mlir::Operation *entry,
                                         unsigned numWarps);
/// Checks the records on each mmaf and mmai of `entry`: that tile-lower
/// recorded an instruction that takes its mma on `target` over `numWarps`
/// warps (an edited record may not) and, on tensor cores, that tile-sched
/// recorded how its operands reach shared memory in a form the instruction
/// takes (whyNotMmaOperands) and a pipeline that can be built in the CTA's
/// shared memory (whyNotMmaPipeline); an error on the first that does not.
mlir::LogicalResult checkRecordedMmas(mlir::cuda_tile::EntryOp entry,
                                      const TargetInfo &target,
                                      unsigned numWarps);

/// The most elements of one tile a thread may hold in the parallel form,
/// where a thread's share is unrolled into registers: 4 times what the
/// corpus's largest tiles need (a 512x128 f32 tile over 256 threads), far
/// past what fits in registers; beyond it the kernel keeps the serial form,
/// whose loops stay small.
constexpr int64_t kMaxElementsPerThread = 1024;

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_TILELOWERING_H
