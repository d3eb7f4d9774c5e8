//===- HostAsyncReads.cpp - async mma operands kept until retired ---------===//
//
// On the GPU a wgmma or tcgen05.mma reads its shared-memory operands after
// it is issued, until the wait that retires it: a tile_dist.warpgroup_wait
// for its group, or an mbarrier_wait that sees the phase its
// tensor_mma_commit completes. A pipeline that refills a stage before then
// races: the products read the next chunk's bytes. The host runs each
// product at once (HostWgmma.cpp, HostTensorMma.cpp), so such a race would
// not show in its numbers. Instead the issuing thread keeps a ledger: per
// product, per shared operand, the span of bytes it reads and their hash;
// a commit tags the open entries (with the group's number, or the
// mbarrier), and the wait that retires them hashes the spans again and
// aborts, with the wait's location, where they changed. wgmma entries are
// kept by each warpgroup's first thread, which, as the seed draws, lets the
// other threads run before its wait: a refill or store that another warp
// makes before the products are retired (a missing barrier) shows as well
// as a wait not deep enough for the ring. Spans are
// byte offsets in the kernel's shared memory (tile-sched's one i8
// workgroup buffer, of which the operands are views); a kernel without one
// is not checked.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Ledger entries a thread may hold at once: each product's operands, for
/// the groups or commits in flight.
constexpr int64_t kLedgerEntries = 256;

/// Fields of a ledger entry (i64 each).
enum Field : int64_t { kBegin, kEnd, kHash, kTag, kFields };

/// The tag of entries no commit has closed yet; a tcgen05 commit's tag is
/// -2 - (its mbarrier's byte offset), a wgmma group's its number (>= 0).
constexpr int64_t kOpen = -1;

struct Ledger {
  Value root;    // the kernel's shared memory, memref<Nxi8>
  Value entries; // memref<kLedgerEntries x kFields x i64>, per thread
  Value count;   // memref<1xindex>
  Value groups;  // memref<1xi64>: wgmma groups committed
};

Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value i64Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 64);
}

/// FNV-1a of bytes [begin, end) of `root` (index values).
Value hashBytes(OpBuilder &b, Location loc, Value root, Value begin,
                Value end) {
  auto loop = scf::ForOp::create(
      b, loc, begin, end, index(b, loc, 1),
      ValueRange{i64Constant(b, loc, static_cast<int64_t>(0xcbf29ce484222325))},
      [&](OpBuilder &in, Location, Value at, ValueRange hash) {
        Value byte = arith::ExtUIOp::create(
            in, loc, in.getI64Type(),
            memref::LoadOp::create(in, loc, root, ValueRange{at}));
        Value mixed = arith::MulIOp::create(
            in, loc, arith::XOrIOp::create(in, loc, hash[0], byte),
            i64Constant(in, loc, 0x100000001b3));
        scf::YieldOp::create(in, loc, mixed);
      });
  return loop.getResult(0);
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
}

Value toIndex(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// Adds an open entry for `span`, which a product reads.
void record(OpBuilder &b, Location loc, const Ledger &ledger, Operation *mma,
            StringRef name, const host::SharedSpan &span) {
  if (host::workgroupRoot(span.buffer) != ledger.root)
    return;
  Value shift = host::byteOffsetInRoot(b, loc, span.buffer);
  Value begin = arith::AddIOp::create(b, loc, shift, span.first);
  Value end = arith::AddIOp::create(b, loc, shift, span.last);
  Value count = memref::LoadOp::create(b, loc, ledger.count,
                                       ValueRange{index(b, loc, 0)});
  host::abortIf(b, mma,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count,
                                      index(b, loc, kLedgerEntries)),
                name,
                "leaves more than " + std::to_string(kLedgerEntries) +
                    " shared-memory operands in flight");
  Value fields[kFields] = {toI64(b, loc, begin), toI64(b, loc, end),
                           hashBytes(b, loc, ledger.root, begin, end),
                           i64Constant(b, loc, kOpen)};
  for (int64_t f = 0; f < kFields; ++f)
    memref::StoreOp::create(b, loc, fields[f], ledger.entries,
                            ValueRange{count, index(b, loc, f)});
  memref::StoreOp::create(
      b, loc, arith::AddIOp::create(b, loc, count, index(b, loc, 1)),
      ledger.count, ValueRange{index(b, loc, 0)});
}

/// Tags the open entries `tag` (an i64 value).
void close(OpBuilder &b, Location loc, const Ledger &ledger, Value tag) {
  Value count = memref::LoadOp::create(b, loc, ledger.count,
                                       ValueRange{index(b, loc, 0)});
  scf::ForOp::create(
      b, loc, index(b, loc, 0), count, index(b, loc, 1), ValueRange(),
      [&](OpBuilder &in, Location, Value i, ValueRange) {
        Value old = memref::LoadOp::create(
            in, loc, ledger.entries, ValueRange{i, index(in, loc, kTag)});
        Value open = arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq,
                                           old, i64Constant(in, loc, kOpen));
        memref::StoreOp::create(in, loc,
                                arith::SelectOp::create(in, loc, open, tag,
                                                        old),
                                ledger.entries,
                                ValueRange{i, index(in, loc, kTag)});
        scf::YieldOp::create(in, loc);
      });
}

/// Checks and drops the entries whose tag `retires` (given the tag, an i1):
/// their bytes must hash as when they were recorded.
void retire(OpBuilder &b, Location loc, const Ledger &ledger, StringRef name,
            Operation *wait, function_ref<Value(OpBuilder &, Value)> retires) {
  Value count = memref::LoadOp::create(b, loc, ledger.count,
                                       ValueRange{index(b, loc, 0)});
  auto kept = scf::ForOp::create(
      b, loc, index(b, loc, 0), count, index(b, loc, 1),
      ValueRange{index(b, loc, 0)},
      [&](OpBuilder &in, Location, Value i, ValueRange next) {
        auto field = [&](OpBuilder &at, int64_t f) -> Value {
          return memref::LoadOp::create(at, loc, ledger.entries,
                                        ValueRange{i, index(at, loc, f)});
        };
        Value done = retires(in, field(in, kTag));
        auto keep = scf::IfOp::create(
            in, loc, in.getIndexType(), done,
            /*addThenBlock=*/true, /*addElseBlock=*/true);
        {
          OpBuilder then = OpBuilder::atBlockBegin(keep.thenBlock());
          Value hash = hashBytes(then, loc, ledger.root,
                                 toIndex(then, loc, field(then, kBegin)),
                                 toIndex(then, loc, field(then, kEnd)));
          host::abortIf(then, wait,
                        arith::CmpIOp::create(then, loc,
                                              arith::CmpIPredicate::ne, hash,
                                              field(then, kHash)),
                        name,
                        "retires an asynchronous mma whose shared-memory "
                        "operand was written after the mma was issued");
          scf::YieldOp::create(then, loc, next[0]);
        }
        {
          OpBuilder other = OpBuilder::atBlockBegin(keep.elseBlock());
          for (int64_t f = 0; f < kFields; ++f)
            memref::StoreOp::create(other, loc, field(other, f),
                                    ledger.entries,
                                    ValueRange{next[0], index(other, loc, f)});
          scf::YieldOp::create(
              other, loc,
              arith::AddIOp::create(other, loc, next[0], index(other, loc, 1))
                  .getResult());
        }
        scf::YieldOp::create(in, loc, keep.getResult(0));
      });
  memref::StoreOp::create(b, loc, kept.getResult(0), ledger.count,
                          ValueRange{index(b, loc, 0)});
}

/// Before a warpgroup_wait: where products are in flight, the warpgroup's
/// first thread lets the block's other threads run first, under seeds 0
/// and 1 always (1 lands copies at issue: refills are then as early, and
/// reads as late, as they can be), else as the seed draws (landsEarly).
/// On the GPU the products read their operands until this wait; a thread
/// that writes a stage in that window, its barrier missing, then changes
/// the bytes the wait checks.
void yieldWhileInFlight(OpBuilder &b, Location loc, const Ledger &ledger,
                        ModuleOp module) {
  host::onWarpgroupLeader(b, loc, [&](OpBuilder &then) {
    Value count = memref::LoadOp::create(then, loc, ledger.count,
                                         ValueRange{index(then, loc, 0)});
    Value groups = memref::LoadOp::create(then, loc, ledger.groups,
                                          ValueRange{index(then, loc, 0)});
    Value tid = arith::IndexCastUIOp::create(
        then, loc, then.getI32Type(),
        gpu::ThreadIdOp::create(then, loc, gpu::Dimension::x));
    Value seed = host::readHostSeed(then, loc, module);
    Value early = host::landsEarly(
        then, loc, seed, tid,
        arith::TruncIOp::create(then, loc, then.getI32Type(), groups));
    Value late = arith::OrIOp::create(
        then, loc,
        arith::CmpIOp::create(then, loc, arith::CmpIPredicate::eq, seed,
                              arith::ConstantIntOp::create(then, loc, 1, 32)),
        arith::XOrIOp::create(then, loc, early,
                              arith::ConstantIntOp::create(then, loc, 1, 1)));
    Value yields = arith::AndIOp::create(
        then, loc,
        arith::CmpIOp::create(then, loc, arith::CmpIPredicate::ne, count,
                              index(then, loc, 0)),
        late);
    scf::IfOp::create(then, loc, yields, [&](OpBuilder &inner, Location) {
      host::emitYield(inner, loc, module);
      scf::YieldOp::create(inner, loc);
    });
  });
}

/// The tag of a tcgen05 commit on mbarrier `barrier` of `barriers`; null
/// where the mbarriers are not in the kernel's shared memory.
Value commitTag(OpBuilder &b, Location loc, const Ledger &ledger,
                Value barriers, Value barrier) {
  if (host::workgroupRoot(barriers) != ledger.root)
    return Value();
  Value shift = host::byteOffsetInRoot(b, loc, barriers);
  Value offset = arith::AddIOp::create(
      b, loc, shift, arith::MulIOp::create(b, loc, barrier, index(b, loc, 8)));
  return arith::SubIOp::create(b, loc, i64Constant(b, loc, -2),
                               toI64(b, loc, offset));
}

} // namespace

BlockArgument host::workgroupRoot(Value buffer) {
  while (auto view = buffer.getDefiningOp<memref::ViewOp>())
    buffer = view.getSource();
  auto root = dyn_cast<BlockArgument>(buffer);
  if (!root)
    return {};
  auto kernel = dyn_cast<gpu::GPUFuncOp>(root.getOwner()->getParentOp());
  if (!kernel || !llvm::is_contained(kernel.getWorkgroupAttributions(), root))
    return {};
  return root;
}

Value host::byteOffsetInRoot(OpBuilder &b, Location loc, Value buffer) {
  Value offset = index(b, loc, 0);
  while (auto view = buffer.getDefiningOp<memref::ViewOp>()) {
    offset = arith::AddIOp::create(b, loc, offset, view.getByteShift());
    buffer = view.getSource();
  }
  return offset;
}

namespace {

/// The bytes [first, last) that the `extent` x `k` elements of a
/// tensor-core operand laid out as `matrix` from byte `start` of `buffer`
/// cover.
host::SharedSpan sharedMatrixSpan(OpBuilder &b, Location loc, Value buffer,
                                  Value start,
                                  tile_dist::SharedMatrixAttr matrix,
                                  int64_t elementBytes, int64_t extent,
                                  int64_t k) {
  // The swizzle moves the elements within their rows, so their first and
  // last bytes are found by walking them all.
  auto span = scf::ForOp::create(
      b, loc, index(b, loc, 0), index(b, loc, extent * k), index(b, loc, 1),
      ValueRange{index(b, loc, -1), index(b, loc, 0)},
      [&](OpBuilder &in, Location, Value i, ValueRange range) {
        Value x = arith::DivUIOp::create(in, loc, i, index(in, loc, k));
        Value kk = arith::RemUIOp::create(in, loc, i, index(in, loc, k));
        Value at = host::sharedMatrixElementAddress(in, loc, start, matrix,
                                                    elementBytes, x, kk);
        Value after = arith::AddIOp::create(in, loc, at,
                                            index(in, loc, elementBytes));
        scf::YieldOp::create(
            in, loc,
            ValueRange{arith::MinUIOp::create(in, loc, range[0], at),
                       arith::MaxUIOp::create(in, loc, range[1], after)});
      });
  return {buffer, span.getResult(0), span.getResult(1)};
}

} // namespace

SmallVector<host::SharedSpan, 2>
host::mmaOperandSpans(OpBuilder &b, Location loc, Operation *mma) {
  SmallVector<SharedSpan, 2> spans;
  if (auto wgmma = dyn_cast<tile_dist::WarpgroupMmaOp>(mma)) {
    // A is 64 x k; B, N x k, where each of the 128 threads holds N / 2
    // accumulator elements.
    int64_t k = wgmma.getK();
    if (wgmma.getLhs())
      spans.push_back(sharedMatrixSpan(
          b, loc, wgmma.getLhs(), wgmma.getLhsOffset(), *wgmma.getLhsMatrix(),
          wgmma.getElementBytes(), 64, k));
    spans.push_back(sharedMatrixSpan(
        b, loc, wgmma.getRhs(), wgmma.getRhsOffset(), wgmma.getRhsMatrix(),
        wgmma.getElementBytes(),
        2 * wgmma.getAccumulator().getType().getNumElements(), k));
  } else if (auto tcgen05 = dyn_cast<tile_dist::TensorMmaOp>(mma)) {
    spans.push_back(sharedMatrixSpan(
        b, loc, tcgen05.getLhs(), tcgen05.getLhsOffset(),
        tcgen05.getLhsMatrix(), tcgen05.getElementBytes(), tcgen05.getM(),
        tcgen05.getK()));
    spans.push_back(sharedMatrixSpan(
        b, loc, tcgen05.getRhs(), tcgen05.getRhsOffset(),
        tcgen05.getRhsMatrix(), tcgen05.getElementBytes(), tcgen05.getN(),
        tcgen05.getK()));
  }
  return spans;
}

void host::onWarpgroupLeader(OpBuilder &b, Location loc,
                             function_ref<void(OpBuilder &)> body) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value leader = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, tid, index(b, loc, 128)),
      index(b, loc, 0));
  scf::IfOp::create(b, loc, leader, [&](OpBuilder &then, Location) {
    body(then);
    scf::YieldOp::create(then, loc);
  });
}

void host::checkAsyncReads(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> ops;
  kernel.walk([&](Operation *op) {
    if (isa<tile_dist::WarpgroupMmaOp, NVVM::WgmmaGroupSyncAlignedOp,
            tile_dist::WarpgroupWaitOp, tile_dist::TensorMmaOp,
            tile_dist::TensorMmaCommitOp, tile_dist::MbarrierWaitOp>(op))
      ops.push_back(op);
  });
  if (!llvm::any_of(ops, [](Operation *op) {
        return isa<tile_dist::WarpgroupMmaOp, tile_dist::TensorMmaOp>(op);
      }))
    return;
  // Only tcgen05 commits tag entries with an mbarrier: elsewhere (a wgmma
  // kernel's TMA waits) an mbarrier_wait retires nothing.
  bool commits = llvm::any_of(
      ops, [](Operation *op) { return isa<tile_dist::TensorMmaCommitOp>(op); });
  Value root;
  for (BlockArgument arg : kernel.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(arg.getType());
    if (type.getRank() != 1 || !type.getElementType().isInteger(8))
      continue;
    if (root)
      return; // more than one: not tile-sched's plan
    root = arg;
  }
  if (!root)
    return;
  StringRef name = kernel.getName();
  Location loc = kernel.getLoc();
  OpBuilder atEntry = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Ledger ledger{root,
                memref::AllocaOp::create(
                    atEntry, loc,
                    MemRefType::get({kLedgerEntries, kFields},
                                    atEntry.getI64Type())),
                memref::AllocaOp::create(
                    atEntry, loc, MemRefType::get({1}, atEntry.getIndexType())),
                memref::AllocaOp::create(
                    atEntry, loc, MemRefType::get({1}, atEntry.getI64Type()))};
  memref::StoreOp::create(atEntry, loc, index(atEntry, loc, 0), ledger.count,
                          ValueRange{index(atEntry, loc, 0)});
  memref::StoreOp::create(atEntry, loc, i64Constant(atEntry, loc, 0),
                          ledger.groups, ValueRange{index(atEntry, loc, 0)});

  for (Operation *op : ops) {
    OpBuilder b(op);
    Location at = op->getLoc();
    if (isa<tile_dist::WarpgroupMmaOp>(op)) {
      host::onWarpgroupLeader(b, at, [&](OpBuilder &then) {
        for (const host::SharedSpan &span : host::mmaOperandSpans(then, at, op))
          record(then, at, ledger, op, name, span);
      });
    } else if (isa<tile_dist::TensorMmaOp>(op)) {
      for (const host::SharedSpan &span : host::mmaOperandSpans(b, at, op))
        record(b, at, ledger, op, name, span);
    } else if (isa<NVVM::WgmmaGroupSyncAlignedOp>(op)) {
      b.setInsertionPointAfter(op);
      Value groups = memref::LoadOp::create(b, at, ledger.groups,
                                            ValueRange{index(b, at, 0)});
      close(b, at, ledger, groups);
      memref::StoreOp::create(
          b, at, arith::AddIOp::create(b, at, groups, i64Constant(b, at, 1)),
          ledger.groups, ValueRange{index(b, at, 0)});
    } else if (auto wait = dyn_cast<tile_dist::WarpgroupWaitOp>(op)) {
      yieldWhileInFlight(b, at, ledger, kernel->getParentOfType<ModuleOp>());
      // Groups older than the `pending` newest are complete.
      b.setInsertionPointAfter(op);
      Value groups = memref::LoadOp::create(b, at, ledger.groups,
                                            ValueRange{index(b, at, 0)});
      Value oldest = arith::SubIOp::create(
          b, at, groups, i64Constant(b, at, wait.getPending()));
      retire(b, at, ledger, name, op,
             [&](OpBuilder &in, Value tag) -> Value {
               return arith::AndIOp::create(
                   in, at,
                   arith::CmpIOp::create(in, at, arith::CmpIPredicate::sge,
                                         tag, i64Constant(in, at, 0)),
                   arith::CmpIOp::create(in, at, arith::CmpIPredicate::slt,
                                         tag, oldest));
             });
    } else if (auto commit = dyn_cast<tile_dist::TensorMmaCommitOp>(op)) {
      b.setInsertionPointAfter(op);
      if (Value tag = commitTag(b, at, ledger, commit.getBarriers(),
                                commit.getBarrier()))
        close(b, at, ledger, tag);
    } else if (auto wait = dyn_cast<tile_dist::MbarrierWaitOp>(op)) {
      if (!commits)
        continue;
      b.setInsertionPointAfter(op);
      Value tag = commitTag(b, at, ledger, wait.getBarriers(),
                            wait.getBarrier());
      if (!tag)
        continue;
      retire(b, at, ledger, name, op,
             [&](OpBuilder &in, Value entry) -> Value {
               return arith::CmpIOp::create(in, at, arith::CmpIPredicate::eq,
                                            entry, tag);
             });
    }
  }
}
