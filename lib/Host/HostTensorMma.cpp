//===- HostTensorMma.cpp - tcgen05 and tensor memory on the host ----------===//
//
// The host has no tensor memory: workgroup arrays of 512 columns of 128
// lanes of i32 words (a column's words contiguous) stand for it, added to
// the kernel, and an address is what the hardware's is (lane << 16 |
// column), the allocation's always 0. There are two arrays, because a
// product appears to the threads only once its commit's mbarrier phase
// completes:
//   `issued`  the tensor cores' view, in issue order: a
//             tile_dist.tensor_mma runs whole in the thread that issues
//             it, at once, into it (its rows in lanes as the hardware's
//             M = 128 and M = 64 layouts put them): each element of D is
//             its old value (or zero), then each product added in k order,
//             k = 0 first, as HostWgmma.cpp sums a wgmma;
//   `tmem`    what the threads' tcgen05.ld reads. A tensor_mma_commit
//             takes an image of the columns the thread's products since
//             its last commit wrote in `issued`, then lands it over `tmem`
//             and arrives on its mbarrier: at once, or (TILECHAIN_HOST_SEED
//             picks per commit, as for TMA copies) queued to land as late
//             as the block allows (HostAsyncLandings.cpp). A read of the
//             accumulator that no wait orders after its commit reads what
//             was there before, even where a later commit has landed.
// The threads' stores (tcgen05.st) and the poison write both arrays. The
// tcgen05 fences go. Columns hold a poison word (kPoison) from their
// tmem_alloc until something writes them, and again from their
// tmem_dealloc: the hardware's contents are undefined there, so a read of
// columns never written, or given back before every thread has read them
// (a barrier missing before the dealloc), shows in the result instead of
// reading zeros or the old values. tmem_load and tmem_store
// move each word between a thread and the lane and column of the 16x256b
// fragment (tile_dist.tmem_load), tmem_store_lanes between lane t of a warp
// and lane first + t. A block-scaled product multiplies each A and B
// element by its e8m0 scale, both read in the quarter of the lanes that
// holds the D row they feed, so a scale missing from any quarter shows.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;

namespace {

constexpr int64_t kLanes = 128, kColumns = 512;

/// The word tensor memory holds where it is not allocated or not yet
/// written: an f32 NaN, and as an i32 sum a value far from any test's.
constexpr int32_t kPoison = 0x7FF0DEAD;

/// The two arrays that stand for tensor memory.
struct TensorMemoryViews {
  Value threads; // what tcgen05.ld reads
  Value issued;  // what the products issued so far make
  SmallVector<Value, 2> both() const { return {threads, issued}; }
};

/// Fills `columns` columns of every lane of both views from `column0` (an
/// index value) with kPoison, in the first thread of the running warp
/// (the other threads of the warp that allocates or deallocates run the
/// same op).
void poisonColumns(OpBuilder &b, Location loc, const TensorMemoryViews &tmem,
                   Value column0, int64_t columns) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value lane = arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      c(host::kWarpSize));
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, c(0));
  Value poison = arith::ConstantIntOp::create(b, loc, kPoison, 32);
  scf::IfOp::create(b, loc, first, [&](OpBuilder &inFirst, Location) {
    scf::ForOp::create(
        inFirst, loc, c(0), c(kLanes), c(1), ValueRange(),
        [&](OpBuilder &inLanes, Location, Value row, ValueRange) {
          Value end = arith::AddIOp::create(inLanes, loc, column0, c(columns));
          scf::ForOp::create(
              inLanes, loc, column0, end, c(1), ValueRange(),
              [&](OpBuilder &inColumns, Location, Value column, ValueRange) {
                for (Value view : tmem.both())
                  memref::StoreOp::create(inColumns, loc, poison, view,
                                          ValueRange{column, row});
                scf::YieldOp::create(inColumns, loc);
              });
          scf::YieldOp::create(inLanes, loc);
        });
    scf::YieldOp::create(inFirst, loc);
  });
}

/// The lane and column (index values) of tensor-memory address `address`.
std::pair<Value, Value> laneAndColumn(OpBuilder &b, Location loc,
                                      Value address) {
  Type index = b.getIndexType();
  Value lane = arith::ShRUIOp::create(
      b, loc, address, arith::ConstantIntOp::create(b, loc, 16, 32));
  Value column = arith::AndIOp::create(
      b, loc, address, arith::ConstantIntOp::create(b, loc, 0xffff, 32));
  return {arith::IndexCastUIOp::create(b, loc, index, lane),
          arith::IndexCastUIOp::create(b, loc, index, column)};
}

/// The lane and column (index values) of word `r` (an index value) of the
/// running thread's part of a 16x256b access at `lane0`, `column0`.
std::pair<Value, Value> fragmentCell(OpBuilder &b, Location loc, Value lane0,
                                     Value column0, Value r) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value t = arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      c(host::kWarpSize));
  Value lane = arith::AddIOp::create(
      b, loc, lane0,
      arith::AddIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, t, c(4)),
          arith::MulIOp::create(
              b, loc,
              arith::RemUIOp::create(
                  b, loc, arith::DivUIOp::create(b, loc, r, c(2)), c(2)),
              c(8))));
  Value column = arith::AddIOp::create(
      b, loc, column0,
      arith::AddIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc,
                                    arith::RemUIOp::create(b, loc, t, c(4)),
                                    c(2)),
              arith::RemUIOp::create(b, loc, r, c(2))),
          arith::MulIOp::create(b, loc,
                                arith::DivUIOp::create(b, loc, r, c(4)),
                                c(8))));
  return {lane, column};
}

/// The column (an index value) and the byte (an i32 value, 0 to 3) a block
/// scale's address names (tile_dist.tensor_mma).
std::pair<Value, Value> scaleColumnAndByte(OpBuilder &b, Location loc,
                                           Value address) {
  Value column = arith::AndIOp::create(
      b, loc, address, arith::ConstantIntOp::create(b, loc, 0xffff, 32));
  Value byte = arith::ShRUIOp::create(
      b, loc, address, arith::ConstantIntOp::create(b, loc, 30, 32));
  return {arith::IndexCastUIOp::create(b, loc, b.getIndexType(), column),
          byte};
}

/// The e8m0 scale in byte `byte` of the word at `lane`, `column` of `tmem`,
/// as an f32 (decodeE8M0).
Value readScale(OpBuilder &b, Location loc, Value tmem, Value lane,
                Value column, Value byte) {
  auto c32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  };
  Value word = memref::LoadOp::create(b, loc, tmem, ValueRange{column, lane});
  Value s = arith::AndIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, word,
                             arith::MulIOp::create(b, loc, byte, c32(8))),
      c32(0xff));
  return host::decodeE8M0(b, loc, s);
}

void expandMma(tile_dist::TensorMmaOp op, Value tmem) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto c = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  auto [lane0, column0] = laneAndColumn(b, loc, op.getAddress());
  bool integers = op.isInteger();
  Type sumType = integers ? Type(b.getI32Type()) : Type(b.getF32Type());
  int64_t elementBytes = op.getElementBytes();
  scf::ForOp::create(
      b, loc, c(b, 0), c(b, op.getM() * op.getN()), c(b, 1), ValueRange(),
      [&](OpBuilder &at, Location, Value i, ValueRange) {
        Value row = arith::DivUIOp::create(at, loc, i, c(at, op.getN()));
        Value column = arith::RemUIOp::create(at, loc, i, c(at, op.getN()));
        // M = 64 puts rows 16 q .. 16 q + 15 in the lower half of quarter q.
        Value lane =
            op.getM() == 64
                ? Value(arith::AddIOp::create(
                      at, loc,
                      arith::MulIOp::create(
                          at, loc,
                          arith::DivUIOp::create(at, loc, row, c(at, 16)),
                          c(at, 32)),
                      arith::RemUIOp::create(at, loc, row, c(at, 16))))
                : row;
        lane = arith::AddIOp::create(at, loc, lane0, lane);
        Value slot = arith::AddIOp::create(at, loc, column0, column);
        Value word =
            memref::LoadOp::create(at, loc, tmem, ValueRange{slot, lane});
        Value old = integers ? word
                             : arith::BitcastOp::create(at, loc, sumType, word);
        Value zero =
            arith::ConstantOp::create(at, loc, at.getZeroAttr(sumType));
        Value start =
            arith::SelectOp::create(at, loc, op.getAccumulate(), old, zero);
        // A block-scaled product's scales (M = 128: row i in lane i): row
        // i's in lane i, column j's in lane j % 32 of the same quarter.
        Value lhsScale, rhsScale;
        if (op.isBlockScaled()) {
          auto [lhsColumn, lhsByte] =
              scaleColumnAndByte(at, loc, op.getLhsScale());
          auto [rhsColumn, rhsByte] =
              scaleColumnAndByte(at, loc, op.getRhsScale());
          Value quarterStart = arith::MulIOp::create(
              at, loc, arith::DivUIOp::create(at, loc, row, c(at, 32)),
              c(at, 32));
          lhsScale = readScale(
              at, loc, tmem, row,
              arith::AddIOp::create(
                  at, loc, lhsColumn,
                  arith::DivUIOp::create(at, loc, row, c(at, 32))),
              lhsByte);
          rhsScale = readScale(
              at, loc, tmem,
              arith::AddIOp::create(
                  at, loc, quarterStart,
                  arith::RemUIOp::create(at, loc, column, c(at, 32))),
              arith::AddIOp::create(
                  at, loc, rhsColumn,
                  arith::DivUIOp::create(at, loc, column, c(at, 32))),
              rhsByte);
        }
        auto products = scf::ForOp::create(
            at, loc, c(at, 0), c(at, op.getK()), c(at, 1), ValueRange{start},
            [&](OpBuilder &in, Location, Value k, ValueRange sum) {
              Value a = host::readSharedMatrixElement(
                  in, loc, op.getLhs(), op.getLhsOffset(), op.getLhsMatrix(),
                  op.getLhsType(), elementBytes, row, k);
              Value bv = host::readSharedMatrixElement(
                  in, loc, op.getRhs(), op.getRhsOffset(), op.getRhsMatrix(),
                  op.getRhsType(), elementBytes, column, k);
              if (lhsScale) {
                a = arith::MulFOp::create(in, loc, a, lhsScale);
                bv = arith::MulFOp::create(in, loc, bv, rhsScale);
              }
              scf::YieldOp::create(in, loc,
                                   host::multiplyAdd(in, loc, a, bv, sum[0]));
            });
        Value sum = products.getResult(0);
        Value bits = integers ? sum
                              : arith::BitcastOp::create(at, loc,
                                                         at.getI32Type(), sum);
        memref::StoreOp::create(at, loc, bits, tmem, ValueRange{slot, lane});
        scf::YieldOp::create(at, loc);
      });
  op.erase();
}

void expandLoad(tile_dist::TmemLoadOp op, Value tmem) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto [lane0, column0] = laneAndColumn(b, loc, op.getAddress());
  VectorType type = op.getResult().getType();
  Value words = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  auto loop = scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(b, loc, type.getNumElements()),
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange{words},
      [&](OpBuilder &at, Location, Value i, ValueRange carried) {
        auto [lane, column] = fragmentCell(at, loc, lane0, column0, i);
        Value word =
            memref::LoadOp::create(at, loc, tmem, ValueRange{column, lane});
        scf::YieldOp::create(
            at, loc,
            Value(vector::InsertOp::create(at, loc, word, carried[0],
                                           ArrayRef<OpFoldResult>{i})));
      });
  op.getResult().replaceAllUsesWith(loop.getResult(0));
  op.erase();
}

void expandStoreLanes(tile_dist::TmemStoreLanesOp op,
                      const TensorMemoryViews &tmem) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto [lane0, column0] = laneAndColumn(b, loc, op.getAddress());
  Value lane = arith::AddIOp::create(
      b, loc, lane0,
      arith::RemUIOp::create(
          b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
          arith::ConstantIndexOp::create(b, loc, host::kWarpSize)));
  for (int64_t r = 0, e = op.getValues().getType().getNumElements(); r < e;
       ++r) {
    Value word = vector::ExtractOp::create(b, loc, op.getValues(),
                                           ArrayRef<int64_t>{r});
    Value column = arith::AddIOp::create(
        b, loc, column0, arith::ConstantIndexOp::create(b, loc, r));
    for (Value view : tmem.both())
      memref::StoreOp::create(b, loc, word, view, ValueRange{column, lane});
  }
  op.erase();
}

void expandStore(tile_dist::TmemStoreOp op, const TensorMemoryViews &tmem) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto [lane0, column0] = laneAndColumn(b, loc, op.getAddress());
  scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(
          b, loc, op.getValues().getType().getNumElements()),
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange(),
      [&](OpBuilder &at, Location, Value i, ValueRange) {
        Value word = vector::ExtractOp::create(at, loc, op.getValues(),
                                               ArrayRef<OpFoldResult>{i});
        auto [lane, column] = fragmentCell(at, loc, lane0, column0, i);
        for (Value view : tmem.both())
          memref::StoreOp::create(at, loc, word, view, ValueRange{column, lane});
        scf::YieldOp::create(at, loc);
      });
  op.erase();
}

/// The columns [first, end) (i32 values in allocas) that the thread's
/// products since its last commit wrote.
struct CommitSpan {
  Value first, end;
};

/// After `mma`: its columns added to the thread's span.
void widenSpan(tile_dist::TensorMmaOp mma, const CommitSpan &span) {
  OpBuilder b(mma->getContext());
  b.setInsertionPointAfter(mma);
  Location loc = mma.getLoc();
  Type i32 = b.getI32Type();
  Value first = arith::AndIOp::create(
      b, loc, mma.getAddress(), arith::ConstantIntOp::create(b, loc, 0xffff, 32));
  Value end = arith::AddIOp::create(
      b, loc, first, arith::ConstantIntOp::create(b, loc, mma.getN(), 32));
  LLVM::StoreOp::create(
      b, loc,
      arith::MinUIOp::create(b, loc, LLVM::LoadOp::create(b, loc, i32, span.first),
                             first),
      span.first);
  LLVM::StoreOp::create(
      b, loc,
      arith::MaxUIOp::create(b, loc, LLVM::LoadOp::create(b, loc, i32, span.end),
                             end),
      span.end);
}

/// The address (an i64) of column `column` (an i32 value) of `view`.
Value columnAddress(OpBuilder &b, Location loc, Value view, Value column) {
  Type i64 = b.getI64Type();
  Value base = arith::IndexCastUIOp::create(
      b, loc, i64, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, view));
  return arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, column),
                            arith::ConstantIntOp::create(b, loc, kLanes * 4, 64)));
}

/// Commit `op` -> the thread's span of `issued` (the products since its
/// last commit) shown to the threads (copied over `tmem`) and an arrival on
/// the commit's mbarrier: at once where the seed (landsEarly) says so and
/// nothing is queued before it, else imaged now and queued to land as late
/// as the block allows. `number` counts the thread's commits; the span
/// starts empty again.
void landAtCommit(tile_dist::TensorMmaCommitOp op,
                  const TensorMemoryViews &tmem, const CommitSpan &span,
                  Value seed, Value tid, Value number, StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value committed = LLVM::LoadOp::create(b, loc, i32, number);
  LLVM::StoreOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, committed,
                            arith::ConstantIntOp::create(b, loc, 1, 32)),
      number);
  Value first = LLVM::LoadOp::create(b, loc, i32, span.first);
  Value end = arith::MaxUIOp::create(
      b, loc, LLVM::LoadOp::create(b, loc, i32, span.end), first);
  Value bytes = arith::MulIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, arith::SubIOp::create(b, loc, end, first)),
      arith::ConstantIntOp::create(b, loc, kLanes * 4, 64));
  Value source = columnAddress(b, loc, tmem.issued, first);
  Value destination = columnAddress(b, loc, tmem.threads, first);
  LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, kColumns, 32),
                        span.first);
  LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 32),
                        span.end);
  // Commits complete in order: one lands at once only where none waits in
  // the queue before it.
  Value early = arith::AndIOp::create(
      b, loc, host::landsEarly(b, loc, seed, tid, committed),
      arith::XOrIOp::create(b, loc, host::anyLandingQueued(b, loc),
                            arith::ConstantIntOp::create(b, loc, 1, 1)));
  scf::IfOp::create(
      b, loc, early,
      [&](OpBuilder &then, Location) {
        LLVM::MemcpyOp::create(
            then, loc, LLVM::IntToPtrOp::create(then, loc, ptrType, destination),
            LLVM::IntToPtrOp::create(then, loc, ptrType, source), bytes,
            /*isVolatile=*/false);
        then.clone(*op); // the arrival (lowerMbarrierOps)
        scf::YieldOp::create(then, loc);
      },
      [&](OpBuilder &otherwise, Location) {
        // The image, calloc'd with at least one byte so that it is never
        // null.
        Value image =
            LLVM::CallOp::create(
                otherwise, loc, TypeRange{ptrType}, "calloc",
                ValueRange{arith::MaxUIOp::create(
                               otherwise, loc, bytes,
                               arith::ConstantIntOp::create(otherwise, loc, 1, 64)),
                           arith::ConstantIntOp::create(otherwise, loc, 1, 64)})
                .getResult();
        LLVM::MemcpyOp::create(
            otherwise, loc, image,
            LLVM::IntToPtrOp::create(otherwise, loc, ptrType, source), bytes,
            /*isVolatile=*/false);
        host::queueLanding(
            otherwise, op, kernel, host::LateLanding::TensorMmaCommit,
            destination, image, bytes,
            host::mbarrierAddress(otherwise, loc, op.getBarriers(),
                                  op.getBarrier()));
        scf::YieldOp::create(otherwise, loc);
      });
  op.erase();
}

} // namespace

void host::expandTensorMma(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> ops;
  kernel.walk([&](Operation *op) {
    if (isa<tile_dist::TmemAllocOp, tile_dist::TmemDeallocOp,
            tile_dist::TmemLoadOp, tile_dist::TmemStoreOp,
            tile_dist::TmemStoreLanesOp, tile_dist::TensorMmaOp,
            tile_dist::TensorMmaCommitOp, NVVM::Tcgen05FenceOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  auto workgroup = gpu::AddressSpaceAttr::get(context,
                                              gpu::AddressSpace::Workgroup);
  auto tmemType =
      MemRefType::get({kColumns, kLanes}, IntegerType::get(context, 32),
                      MemRefLayoutAttrInterface(), workgroup);
  TensorMemoryViews tmem{kernel.addWorkgroupAttribution(tmemType, loc),
                         kernel.addWorkgroupAttribution(tmemType, loc)};
  // What the commits' landings need: the seed, the thread, its count of
  // commits and the span of columns its products wrote since the last.
  Value seed, tid, commits;
  CommitSpan span;
  if (llvm::any_of(ops, llvm::IsaPred<tile_dist::TensorMmaCommitOp>)) {
    auto module = kernel->getParentOfType<ModuleOp>();
    host::declareLandings(module);
    OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
    auto counter = [&](int64_t initial) -> Value {
      Value at = LLVM::AllocaOp::create(
          b, loc, LLVM::LLVMPointerType::get(context), b.getI32Type(),
          arith::ConstantIntOp::create(b, loc, 1, 32), 4);
      LLVM::StoreOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, initial, 32), at);
      return at;
    };
    commits = counter(0);
    span = {counter(kColumns), counter(0)};
    seed = host::readHostSeed(b, loc, module);
    tid = arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(),
        gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  }
  for (Operation *op : ops) {
    if (auto alloc = dyn_cast<tile_dist::TmemAllocOp>(op)) {
      OpBuilder b(alloc);
      Location loc = alloc.getLoc();
      // The host's allocation is always at lane 0, column 0.
      poisonColumns(b, loc, tmem, arith::ConstantIndexOp::create(b, loc, 0),
                    alloc.getColumns());
      memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 32),
                              alloc.getSlots(), ValueRange{alloc.getSlot()});
      alloc.erase();
    } else if (auto dealloc = dyn_cast<tile_dist::TmemDeallocOp>(op)) {
      OpBuilder b(dealloc);
      Location loc = dealloc.getLoc();
      poisonColumns(b, loc, tmem,
                    laneAndColumn(b, loc, dealloc.getAddress()).second,
                    dealloc.getColumns());
      dealloc.erase();
    } else if (auto mma = dyn_cast<tile_dist::TensorMmaOp>(op)) {
      if (span.first)
        widenSpan(mma, span);
      expandMma(mma, tmem.issued);
    } else if (auto commit = dyn_cast<tile_dist::TensorMmaCommitOp>(op)) {
      landAtCommit(commit, tmem, span, seed, tid, commits, kernel.getName());
    } else if (auto load = dyn_cast<tile_dist::TmemLoadOp>(op)) {
      expandLoad(load, tmem.threads);
    } else if (auto store = dyn_cast<tile_dist::TmemStoreOp>(op)) {
      expandStore(store, tmem);
    } else if (auto store = dyn_cast<tile_dist::TmemStoreLanesOp>(op)) {
      expandStoreLanes(store, tmem);
    } else {
      op->erase();
    }
  }
}
