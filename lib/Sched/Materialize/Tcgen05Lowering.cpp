//===- Tcgen05Lowering.cpp - mmaf/mmai on sm_100's tensor cores -----------===//
//
// result = acc + lhs x rhs with tcgen05.mma.cta_group::1 (sm_100a), M = 128
// or, for a 64-row result, M = 64: the operands cross into shared memory as
// for wgmma (SharedOperands.h: swizzled chunks of k in a ring of stages, by
// TMA where the views allow), and one thread issues the products of a chunk,
// which accumulate in the CTA's tensor memory rather than in registers: row
// i of a 128-row block in lane i, the blocks side by side in the columns; a
// 64-row result in the lower 16 lanes of each warp's quarter (the hardware's
// M = 64 layout) (TensorMemory.h). Per run of the op:
//   - warp 0 allocates the columns (tile_dist.tmem_alloc), thread 0 sets up
//     an mbarrier, and a barrier publishes both;
//   - the threads write the accumulator into tensor memory (tcgen05.st,
//     the reads' converse), unless it is zero, where the first product of
//     each block overwrites instead of accumulating;
//   - per chunk (Tcgen05Chunk.h), after the chunk's barrier, thread 0
//     issues one tensor_mma per M x N block and k step (32 bytes of k) and
//     commits them to one of two mbarriers (commit n to mbarrier n mod 2),
//     and every thread waits for the previous chunk's commit, so that the
//     products of this one run while the threads wait for the next chunk's
//     copies, and the previous chunk's stage is free before the barrier
//     that lets copies into it
//     (the ring has a stage more for the chunk left running:
//     MmaPipeline.cpp; where it has none, the wait is for the chunk's own
//     commit); the last chunk's commit is waited for after the chunks;
//   - the threads read the result back (tcgen05.ld.16x256b: warp w reads
//     16-row halves of its quarter w % 4 of the lanes, in the mma.sync C/D
//     fragment: tensorMmaResultLayout), 128 columns a read, and warp 0
//     gives the columns back. Once the rest of the block is lowered, each
//     read moves down to the last barrier before its registers' first use
//     (a TMA store's slab: TensorMapCopy.cpp), so that a wide result is
//     never live in registers whole, and the columns are given back after
//     the last read (readBack).
// Smaller results stay on mma.sync, as NVIDIA's tileiras keeps them: M = 64
// is the least tcgen05.mma takes.
// An mmaf_scaled runs so too, on .kind::mxf8f6f4's block scaling: its e8m0
// scales, loaded into registers, are written into tensor memory after the
// accumulator's columns (BlockScales) before the run's products, each of
// which names its block's scales by column and byte.
// An accumulator that a `for` loop only carries from the mma back to it (a
// k loop's) stays in tensor memory through the loop instead: allocated and
// written before it, read back and given back after it
// (keepAccumulatorsInTensorMemory, which the loop's lowering calls), so the
// loop carries nothing and each run only issues, commits and waits; the
// commits are counted through the loop, and where the ring runs through it
// too, the last chunk's products run on into the next iteration.
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "MmaSync.h"
#include "SinkReads.h"
#include "Tcgen05Chunk.h"
#include "TensorMemory.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

namespace {

/// The most words one tcgen05.ld or .st moves per thread (16x256b.x32).
constexpr int64_t kMaxAccessWords = 128;

/// The most words one read of the result back moves per thread: 128
/// columns, so that a TMA store slab of a 256-column result (two 64-column
/// f16 boxes) needs only its own reads. (Reads of 64 columns gave no
/// corpus kernel fewer registers, and the decode fmha 4 more: mma-check.)
constexpr int64_t kReadbackWords = 64;

/// How `op`, recorded to run on tcgen05.mma, runs on it. The
/// materialization checks first that every recorded instruction takes its
/// mma (checkRecordedMmas), so the plan exists.
Tcgen05Plan plan(const TileLowering &l, Operation *op) {
  std::string why;
  FailureOr<Tcgen05Plan> p =
      planTcgen05(op, l.getTarget(), l.getNumWarps(), why);
  assert(succeeded(p) && "tcgen05 recorded for an mma it cannot take");
  return *p;
}

/// Whether `acc` (a cuda_tile value) is a constant zero, which the first
/// products overwrite (a sum with -0 differs from the product alone only in
/// the sign of a zero product, and +0 + -0 is +0 either way).
bool isZeroAccumulator(Value acc) {
  Attribute value;
  if (!matchPattern(acc, m_Constant(&value)))
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isZero();
  return dense.getSplatValue<APInt>().isZero();
}

} // namespace

namespace {

/// The running thread's accesses of an accumulator of `shape` in tensor
/// memory at `address`: per 128-row block, the 16-row halves of its warp's
/// quarter of the lanes that it reads (tensorMmaTiling), of a 64-row one
/// the quarter's lower half, in the columns of its warp's column block; each
/// one tcgen05.ld or .st of blockN / 2 words, or of `maxWords` at every
/// 2 maxWords columns of a wider block, registers in
/// tensorMmaResultLayout's order (whatever `maxWords`: a thread's words of
/// a 16x256b access run along the columns).
struct AccumulatorAccesses {
  Value threadAddress;
  int64_t count, words, pieces, halves, n;

  AccumulatorAccesses(TileLowering &l, Location loc, Value address,
                      const TensorMmaTiling &tiling, int64_t n,
                      int64_t maxWords)
      : words(std::min<int64_t>(tiling.blockN / 2, maxWords)),
        pieces(tiling.blockN / 2 / words), halves(tiling.halvesPerWarp),
        n(n) {
    count = tiling.rowBlocks * halves * pieces;
    OpBuilder &b = l.b();
    Type i32 = b.getI32Type();
    Value warp = l.getWarpId();
    auto index32 = [&](Value v) -> Value {
      return arith::IndexCastOp::create(b, loc, i32, v);
    };
    auto c = [&](int64_t v) { return indexConstant(b, loc, v); };
    auto c32 = [&](int64_t v) { return i32Constant(b, loc, v); };
    Value quarter = index32(arith::RemUIOp::create(b, loc, warp, c(4)));
    Value firstLane = arith::MulIOp::create(b, loc, quarter, c32(32));
    if (tiling.instructionM == kTensorMmaM && halves == 1) {
      Value half = index32(arith::RemUIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, warp, c(4)), c(2)));
      firstLane = arith::AddIOp::create(
          b, loc, firstLane, arith::MulIOp::create(b, loc, half, c32(16)));
    }
    Value columnBlock = index32(arith::DivUIOp::create(
        b, loc, warp, c(tiling.warpsPerColumnBlock())));
    threadAddress = arith::AddIOp::create(
        b, loc, address,
        arith::AddIOp::create(
            b, loc, arith::ShLIOp::create(b, loc, firstLane, c32(16)),
            arith::MulIOp::create(b, loc, columnBlock, c32(tiling.blockN))));
  }

  /// Access a: piece a % pieces (a thread's `words` words span 2 `words`
  /// columns) of the half (a / pieces) % halves further down, of row block
  /// a / (pieces * halves).
  Value address(OpBuilder &b, Location loc, int64_t a) const {
    int64_t piece = a % pieces, half = (a / pieces) % halves,
            block = a / (pieces * halves);
    return arith::AddIOp::create(
        b, loc, threadAddress,
        i32Constant(b, loc,
                    half * (16 << 16) + block * n + piece * 2 * words));
  }

  VectorType type(OpBuilder &b) const {
    return VectorType::get({words}, b.getI32Type());
  }

  /// Writes `sums` (f32 or i32, in the layout's order) into tensor memory;
  /// a fence orders the stores before the products issued after the next
  /// barrier.
  void store(OpBuilder &b, Location loc, ArrayRef<Value> sums) const {
    Type i32 = b.getI32Type();
    for (int64_t a = 0; a < count; ++a) {
      SmallVector<Value> bits;
      for (Value sum : sums.slice(a * words, words))
        bits.push_back(sum.getType() == i32
                           ? sum
                           : arith::BitcastOp::create(b, loc, i32, sum));
      tile_dist::TmemStoreOp::create(
          b, loc, address(b, loc, a),
          vector::FromElementsOp::create(b, loc, type(b), bits));
    }
    NVVM::Tcgen05FenceOp::create(b, loc,
                                 NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  }

  /// Reads the result back after every thread has waited for the last
  /// products, as `resultType` values (the accumulator's, f32 sums rounded
  /// where it is narrower); the reads are added to `reads`. The barrier
  /// before them orders nothing the waits have not: each thread waited on
  /// the commit's mbarrier itself (docs/sync-mutants.md). It stays until a
  /// GPU run checks the kernels without it.
  SmallVector<Value> load(OpBuilder &b, Location loc, Type sumType,
                          Type resultType,
                          SmallVectorImpl<Operation *> &reads) const {
    gpu::BarrierOp::create(b, loc);
    NVVM::Tcgen05FenceOp::create(b, loc,
                                 NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    SmallVector<Value> results;
    for (int64_t a = 0; a < count; ++a) {
      auto read =
          tile_dist::TmemLoadOp::create(b, loc, type(b), address(b, loc, a));
      reads.push_back(read);
      Value bits = read;
      for (int64_t i = 0; i < words; ++i) {
        Value word = vector::ExtractOp::create(b, loc, bits, i);
        Value sum = sumType.isInteger(32)
                        ? word
                        : arith::BitcastOp::create(b, loc, sumType, word);
        results.push_back(resultType != sumType
                              ? arith::TruncFOp::create(b, loc, resultType, sum)
                              : sum);
      }
    }
    return results;
  }
};

/// Reads an accumulator of `n` columns back from `memory` (as
/// AccumulatorAccesses::load) and gives the columns back once the rest of
/// the block has been lowered, the reads moved down to their uses first.
SmallVector<Value> readBack(TileLowering &l, Location loc,
                            const TensorMemory &memory,
                            const TensorMmaTiling &tiling, int64_t n,
                            Type sumType, Type resultType) {
  SmallVector<Operation *> reads;
  SmallVector<Value> results =
      AccumulatorAccesses(l, loc, memory.address, tiling, n, kReadbackWords)
          .load(l.b(), loc, sumType, resultType, reads);
  l.deferTensorMemoryRelease([&l, loc, memory, reads](OpBuilder &b) {
    Operation *lastRead =
        sinkReadsToUses(reads, b.getInsertionBlock(), b.getInsertionPoint());
    OpBuilder::InsertionGuard afterReads(b);
    b.setInsertionPointAfter(lastRead);
    releaseTensorMemory(l, loc, memory);
  });
  return results;
}

/// Writes scale tile `scale` (x along `xDim`, k blocks along `kDim`) into
/// its columns: warps 0-3 each write their quarter of the lanes, one
/// tcgen05.st.32x32b per group of 4 blocks, each word the 4 blocks' bytes
/// of one x.
LogicalResult writeBlockScales(TileLowering &l, Location loc, Value scale,
                               unsigned xDim, unsigned kDim,
                               const ScaleColumns &columns, bool rhs) {
  OpBuilder &b = l.b();
  ArrayRef<int64_t> shape = tileShape(scale.getType());
  LinearLayout layout = blockScaleLayout(shape, xDim, kDim, l.getNumWarps());
  FailureOr<SmallVector<Value>> registers = accumulatorRegisters(
      l, loc, scale, layout, tileElementType(scale.getType()));
  if (failed(registers))
    return failure();
  int64_t bytes = std::min<int64_t>(shape[kDim], 4);
  int64_t words = shape[xDim] / 32;
  // In a loop that keeps the accumulator, these columns were last read by
  // the products of two runs back, which every thread has waited for on
  // their commit's mbarrier, and the layout change above has barriers: the
  // stores come after the products only behind a fence (the host checks
  // it, HostTcgen05Fences.cpp).
  NVVM::Tcgen05FenceOp::create(b, loc,
                               NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  auto store = [&](OpBuilder &at) {
    Type i32 = at.getI32Type();
    Value quarter = arith::IndexCastOp::create(
        at, loc, i32,
        arith::RemUIOp::create(at, loc, l.getWarpId(),
                               indexConstant(at, loc, 4)));
    Value firstLane = arith::ShLIOp::create(
        at, loc,
        arith::MulIOp::create(at, loc, quarter, i32Constant(at, loc, 32)),
        i32Constant(at, loc, 16));
    for (int64_t g = 0, e = columns.scales.groups(); g < e; ++g) {
      SmallVector<Value> packed;
      for (int64_t c = 0; c < words; ++c) {
        Value word = i32Constant(at, loc, 0);
        for (int64_t i = 0; i < bytes; ++i) {
          Value bits = arith::BitcastOp::create(
              at, loc, at.getI8Type(),
              (*registers)[(g * words + c) * bytes + i]);
          word = arith::OrIOp::create(
              at, loc, word,
              arith::ShLIOp::create(
                  at, loc, arith::ExtUIOp::create(at, loc, i32, bits),
                  i32Constant(at, loc, 8 * i)));
        }
        packed.push_back(word);
      }
      Value address = arith::AddIOp::create(
          at, loc, firstLane,
          columns.group(at, loc, i32Constant(at, loc, g), rhs));
      tile_dist::TmemStoreLanesOp::create(
          at, loc, address,
          vector::FromElementsOp::create(
              at, loc, VectorType::get({words}, i32), packed));
    }
  };
  if (l.getNumWarps() <= 4) {
    store(b);
    return success();
  }
  Value lowQuarters =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, l.getWarpId(),
                            indexConstant(b, loc, 4));
  scf::IfOp::create(b, loc, lowQuarters, [&](OpBuilder &then, Location) {
    store(then);
    scf::YieldOp::create(then, loc);
  });
  return success();
}

/// The mma that keeps iter value `index` of `loop` in tensor memory through
/// it (loopAccumulator), on tcgen05.mma; null if none.
Operation *accumulatingMma(const TileLowering &l, cuda_tile::ForOp loop,
                           unsigned index) {
  BlockArgument carried = loop.getRegionIterValues()[index];
  if (!carried.hasOneUse())
    return nullptr;
  Operation *mma = carried.getUses().begin()->getOwner();
  if (!isMma(mma) || loopAccumulator(mma) != std::make_pair(loop, index) ||
      recordedMmaInstruction(mma) != tile_dist::MmaInstruction::Tcgen05)
    return nullptr;
  return mma;
}

} // namespace

FailureOr<SmallVector<unsigned>>
mma::keepAccumulatorsInTensorMemory(TileLowering &l, cuda_tile::ForOp loop) {
  SmallVector<unsigned> kept;
  if (!l.isParallel())
    return kept;
  for (unsigned index = 0, e = loop.getInitValues().size(); index < e;
       ++index) {
    Operation *mma = accumulatingMma(l, loop, index);
    if (!mma)
      continue;
    Tcgen05Plan p = plan(l, mma);
    Location loc = mma->getLoc();
    Value init = loop.getInitValues()[index];
    ArrayRef<int64_t> shape = tileShape(init.getType());
    LinearLayout layout = tensorMmaResultLayout(shape, l.getNumWarps());
    FailureOr<SmallVector<Value>> sums = accumulatorRegisters(
        l, loc, init, layout, p.kind.accumulatorType);
    if (failed(sums))
      return failure();
    FailureOr<TensorMemory> memory = allocateTensorMemory(l, mma, p.columns);
    if (failed(memory))
      return failure();
    AccumulatorAccesses(l, loc, memory->address, p.tiling, shape.back(),
                        kMaxAccessWords)
        .store(l.b(), loc, *sums);
    auto kernel = cast<gpu::GPUFuncOp>(l.getKernel());
    OpBuilder atEntry = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Value phases = memref::AllocaOp::create(
        atEntry, loc, MemRefType::get({1}, atEntry.getI32Type()));
    memref::StoreOp::create(l.b(), loc, i32Constant(l.b(), loc, 0), phases,
                            ValueRange{indexConstant(l.b(), loc, 0)});
    l.setTensorMemoryAccumulator(
        mma, {memory->address, memory->control, phases});
    kept.push_back(index);
  }
  return kept;
}

void mma::finishAccumulatorsInTensorMemory(TileLowering &l,
                                           cuda_tile::ForOp loop,
                                           ArrayRef<unsigned> kept) {
  for (unsigned index : kept) {
    Operation *mma =
        loop.getRegionIterValues()[index].getUses().begin()->getOwner();
    Tcgen05Plan p = plan(l, mma);
    const TileLowering::TensorMemoryAccumulator &where =
        *l.getTensorMemoryAccumulator(mma);
    Location loc = loop.getLoc();
    Value result = loop.getResult(index);
    ArrayRef<int64_t> shape = tileShape(result.getType());
    // The products of the last chunk may still be running: the wait for
    // its commit, the count's last, where the loop ran.
    OpBuilder &b = l.b();
    waitForCommitBefore(
        b, loc, where.control,
        memref::LoadOp::create(b, loc, where.phases,
                               ValueRange{indexConstant(b, loc, 0)}));
    SmallVector<Value> registers =
        readBack(l, loc, {where.control, where.address, p.columns}, p.tiling,
                 shape.back(), p.kind.accumulatorType,
                 tileElementType(result.getType()));
    l.map(result,
          l.makeDistributed(loc, registers,
                            tensorMmaResultLayout(shape, l.getNumWarps())));
  }
}

LogicalResult mma::lowerTcgen05(TileLowering &l, Operation *op) {
  Tcgen05Plan p = plan(l, op);
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = tileShape(acc.getType());
  unsigned rank = shape.size();
  int64_t n = shape[rank - 1];
  int64_t kc = p.staging.kc;

  // An instruction takes 32 bytes of k; one CTA (no cta_group::2 yet).
  remarkTensorCores(l, op, "Tensor-core SM100",
                    {p.tiling.instructionM, p.tiling.instructionN,
                     32 / p.kind.elementBytes})
      .note("NumCTAs", "1");
  std::array<OperandForm, 2> forms =
      recordedOperandForms(l, op, tile_dist::MmaInstruction::Tcgen05);
  FailureOr<std::array<StagedOperand, 2>> staged = stageOperands(
      l, op, lhs, rhs,
      mmaChunks(op, tile_dist::MmaInstruction::Tcgen05, l.getTarget(),
                l.getNumWarps()),
      forms, recordedMmaPipeline(op));
  if (failed(staged))
    return failure();
  bool leavesRunning = (*staged)[0].mmaGroupsInFlight != 0;

  LinearLayout layout = tensorMmaResultLayout(shape, l.getNumWarps());
  Type sumType = p.kind.accumulatorType;
  // Kept in tensor memory through the loop around it, or there for this
  // run only: then written there first, unless it is zero, where each
  // block's first product overwrites instead.
  const TileLowering::TensorMemoryAccumulator *kept =
      l.getTensorMemoryAccumulator(op);
  bool zeroStart = !kept && isZeroAccumulator(acc);
  TensorMemory memory;
  if (kept) {
    memory = {kept->control, kept->address, p.columns};
  } else {
    SmallVector<Value> sums;
    if (!zeroStart) {
      FailureOr<SmallVector<Value>> registers =
          accumulatorRegisters(l, loc, acc, layout, sumType);
      if (failed(registers))
        return failure();
      sums = std::move(*registers);
    }
    FailureOr<TensorMemory> allocated = allocateTensorMemory(l, op, p.columns);
    if (failed(allocated))
      return failure();
    memory = *allocated;
    if (!zeroStart)
      AccumulatorAccesses(l, loc, memory.address, p.tiling, n,
                          kMaxAccessWords)
          .store(b, loc, sums);
  }

  // This run's block scales, written where the products read them (the
  // copy of its parity where the accumulator stays in tensor memory through
  // the loop) and fenced like the accumulator's stores: the chunk's barrier
  // orders them before the products.
  std::optional<ScaleColumns> scaleColumns;
  if (p.scales) {
    Value base = arith::AddIOp::create(
        b, loc, memory.address, i32Constant(b, loc, p.accumulatorColumns));
    if (p.scales->copies == 2 && kept) {
      Value run = arith::DivUIOp::create(
          b, loc,
          memref::LoadOp::create(b, loc, kept->phases,
                                 ValueRange{indexConstant(b, loc, 0)}),
          i32Constant(b, loc, p.staging.chunks));
      base = arith::AddIOp::create(
          b, loc, base,
          arith::MulIOp::create(
              b, loc,
              arith::RemUIOp::create(b, loc, run, i32Constant(b, loc, 2)),
              i32Constant(b, loc, p.scales->columnsPerCopy())));
    }
    scaleColumns.emplace(ScaleColumns{base, *p.scales});
    auto scaled = cast<cuda_tile::MmaFScaledOp>(op);
    if (failed(writeBlockScales(l, loc, scaled.getLhsScale(), rank - 2,
                                rank - 1, *scaleColumns, /*rhs=*/false)) ||
        failed(writeBlockScales(l, loc, scaled.getRhsScale(), rank - 1,
                                rank - 2, *scaleColumns, /*rhs=*/true)))
      return failure();
    NVVM::Tcgen05FenceOp::create(b, loc,
                                 NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  }

  Tcgen05Chunks multiplier = Tcgen05Chunks::setUp(
      l, op, p, forms, *staged, memory, kept, zeroStart, scaleColumns);
  auto multiply = [&](OpBuilder &at, Value chunk, Value stage, ValueRange) {
    return multiplier.multiply(at, chunk, stage);
  };
  multiplyChunks(l, op, *staged, kc, p.staging.chunks, ValueRange(),
                 multiply);
  // The last chunk's products: waited for here, unless the ring runs on
  // through the loop that keeps the accumulator in tensor memory (its next
  // iteration waits for them, or the loop's end); a ring that starts again
  // in the next run would copy into a stage they may still read.
  if (leavesRunning && !(kept && (*staged)[0].ringLoop)) {
    Value last =
        kept ? arith::SubIOp::create(
                   b, loc,
                   memref::LoadOp::create(b, loc, kept->phases,
                                          ValueRange{indexConstant(b, loc, 0)}),
                   i32Constant(b, loc, 1))
             : i32Constant(b, loc, p.staging.chunks - 1);
    waitForCommit(b, loc, memory.control, last);
  }
  if (kept)
    return success(); // the loop's `continue` carries nothing
  SmallVector<Value> results =
      readBack(l, loc, memory, p.tiling, n, sumType,
               tileElementType(acc.getType()));
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}
