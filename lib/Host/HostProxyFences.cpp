//===- HostProxyFences.cpp - generic writes the async proxy may not see ---===//
//
// Shared memory is reached through two proxies on the GPU: the generic one
// (st.shared, stmatrix, cp.async, the mbarrier ops) and the async one (TMA
// copies and stores, the shared-memory operands of wgmma and tcgen05.mma).
// The async proxy sees a thread's generic write only once that thread has
// run a fence.proxy.async after it; a barrier alone does not carry the
// write over (PTX ISA, the proxy memory model). The host has one memory, in
// which nothing would show a missing fence, so it checks the rule per byte:
//   - each workgroup buffer that an async op reads or writes gets a shadow
//     attribution of one i64 word per byte, the byte's last generic write:
//     the writing thread in the high half, the thread's count of fences at
//     the write in the low half; -1 (the fill K__host gives workgroup
//     memory at each block's start) where there is none;
//   - the counts are a block-wide attribution of one i32 per thread, which
//     each fence.proxy.async of the thread raises;
//   - an async op stops the block where a byte it reads (a TMA store's box,
//     an mma operand) or writes (a TMA copy's box) was last written by a
//     thread whose count has not moved since.
// A cp.async is a generic write, recorded at its issue, though it lands by
// its wait: a fence between the two is taken for one after it.
// A generic read followed by an async write (a stage read, then refilled by
// TMA once an mbarrier releases it) is not checked: CUTLASS's TMA
// pipelines and Triton's fence insertion order that by the release alone.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostSharedBytes.h"

#include "tilechain/Dialect/TileDist/IR/AsyncProxy.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;
using host::index;

namespace {

/// The shadows of the buffers async ops touch, and the fence counts.
struct ProxyState {
  llvm::DenseMap<Value, Value> shadows; // workgroup attribution -> shadow
  Value fences; // memref<kMaxThreads x i32>: each thread's fence count
  StringRef kernel;
};

/// The shadow of the buffer `buffer` is a view of, or null.
Value shadowOf(const ProxyState &state, Value buffer) {
  return state.shadows.lookup(host::workgroupRoot(buffer));
}

/// This thread and its fence count now, as a shadow word.
Value writerWord(OpBuilder &b, Location loc, const ProxyState &state) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value count = host::threadCount(b, loc, state.fences, tid);
  Value high = arith::ShLIOp::create(
      b, loc, arith::IndexCastUIOp::create(b, loc, b.getI64Type(), tid),
      arith::ConstantIntOp::create(b, loc, 32, 64));
  return arith::OrIOp::create(
      b, loc, high, arith::ExtUIOp::create(b, loc, b.getI64Type(), count));
}

/// Records the generic write of `bytes` bytes of `buffer` from its element
/// `indices`, after the op `b` is set after; nothing where `buffer` has no
/// shadow or is not row-major.
void recordWrite(OpBuilder &b, Location loc, const ProxyState &state,
                 Value buffer, ValueRange indices, int64_t bytes) {
  Value shadow = shadowOf(state, buffer);
  Value first = shadow ? host::firstByte(b, loc, buffer, indices) : Value();
  if (!first)
    return;
  Value begin = arith::AddIOp::create(
      b, loc, host::byteOffsetInRoot(b, loc, buffer), first);
  Value word = writerWord(b, loc, state);
  scf::ForOp::create(
      b, loc, begin, arith::AddIOp::create(b, loc, begin, index(b, loc, bytes)),
      index(b, loc, 1), ValueRange(),
      [&](OpBuilder &in, Location, Value at, ValueRange) {
        memref::StoreOp::create(in, loc, word, shadow, ValueRange{at});
        scf::YieldOp::create(in, loc);
      });
}

/// Stops the block at `op` where a byte of `buffer` in [first, last) (index
/// values, relative to it) was last written by a thread that has not fenced
/// to the async proxy since.
void checkBytes(OpBuilder &b, Operation *op, const ProxyState &state,
                Value buffer, Value first, Value last, StringRef what) {
  Value shadow = shadowOf(state, buffer);
  if (!shadow)
    return;
  Location loc = op->getLoc();
  Value shift = host::byteOffsetInRoot(b, loc, buffer);
  auto scan = scf::ForOp::create(
      b, loc, arith::AddIOp::create(b, loc, shift, first),
      arith::AddIOp::create(b, loc, shift, last), index(b, loc, 1),
      ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
      [&](OpBuilder &in, Location, Value at, ValueRange unfenced) {
        Value word = memref::LoadOp::create(in, loc, shadow, ValueRange{at});
        Value written = arith::CmpIOp::create(
            in, loc, arith::CmpIPredicate::ne, word,
            arith::ConstantIntOp::create(in, loc, -1, 64));
        Value writer = arith::SelectOp::create(
            in, loc, written,
            arith::IndexCastUIOp::create(
                in, loc, in.getIndexType(),
                arith::ShRUIOp::create(
                    in, loc, word,
                    arith::ConstantIntOp::create(in, loc, 32, 64))),
            index(in, loc, 0));
        Value now = host::threadCount(in, loc, state.fences, writer);
        Value then = arith::TruncIOp::create(in, loc, in.getI32Type(), word);
        Value stale = arith::AndIOp::create(
            in, loc, written,
            arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq, now,
                                  then));
        Value any = arith::OrIOp::create(in, loc, unfenced[0], stale);
        scf::YieldOp::create(in, loc, any);
      });
  host::abortIf(b, op, scan.getResult(0), state.kernel, what);
}

constexpr llvm::StringLiteral kUnfencedRead =
    "reads shared memory that a thread wrote with no fence.proxy.async after "
    "the write (the async proxy may not see it)";
constexpr llvm::StringLiteral kUnfencedOverwrite =
    "writes shared memory that a thread wrote with no fence.proxy.async after "
    "the write (the generic write may land over the copy)";

void checkAsyncOp(Operation *op, const ProxyState &state) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op)) {
    auto [first, last] = host::boxBytes(b, loc, copy.getDestination(),
                                        copy.getIndex(), copy.getBox());
    checkBytes(b, op, state, copy.getDestination(), first, last,
               kUnfencedOverwrite);
  } else if (auto store = dyn_cast<tile_dist::TensorStoreOp>(op)) {
    auto [first, last] = host::boxBytes(b, loc, store.getSource(),
                                        store.getIndex(), store.getBox());
    checkBytes(b, op, state, store.getSource(), first, last, kUnfencedRead);
  } else if (isa<tile_dist::WarpgroupMmaOp>(op)) {
    host::onWarpgroupLeader(b, loc, [&](OpBuilder &then) {
      for (const host::SharedSpan &span : host::mmaOperandSpans(then, loc, op))
        checkBytes(then, op, state, span.buffer, span.first, span.last,
                   kUnfencedRead);
    });
  } else if (isa<tile_dist::TensorMmaOp>(op)) {
    for (const host::SharedSpan &span : host::mmaOperandSpans(b, loc, op))
      checkBytes(b, op, state, span.buffer, span.first, span.last,
                 kUnfencedRead);
  }
}

/// Records a generic write of shared memory, or raises the thread's count
/// at a fence to the async proxy.
void recordGenericOp(Operation *op, const ProxyState &state) {
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Location loc = op->getLoc();
  if (auto fence = dyn_cast<NVVM::FenceProxyOp>(op)) {
    if (!host::fencesToAsyncProxy(fence))
      return;
    host::raiseThreadCount(b, loc, state.fences);
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    // (Only shadowed buffers, of integers or floats, have a byte size.)
    if (shadowOf(state, store.getMemref()))
      recordWrite(b, loc, state, store.getMemref(), store.getIndices(),
                  host::elementBytes(store.getValueToStore().getType()));
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    VectorType vector = store.getVectorType();
    if (shadowOf(state, store.getBase()) && vector.getRank() == 1)
      recordWrite(b, loc, state, store.getBase(), store.getIndices(),
                  vector.getNumElements() *
                      host::elementBytes(vector.getElementType()));
  } else if (auto copy = dyn_cast<tile_dist::AsyncCopyOp>(op)) {
    recordWrite(b, loc, state, copy.getDestination(), copy.getIndex(), 16);
  } else if (isa<tile_dist::MbarrierInitOp, tile_dist::MbarrierInvalOp>(op)) {
    // The mbarrier's 8 bytes.
    recordWrite(b, loc, state, op->getOperand(0), op->getOperand(1), 8);
  }
}

} // namespace

void host::checkProxyFences(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> asyncOps, genericOps;
  llvm::SetVector<Value> roots;
  kernel.walk([&](Operation *op) {
    if (tile_dist::accessesThroughAsyncProxy(op)) {
      // Its buffers' roots (with a TMA copy's mbarriers', which are
      // shadowed too and never async-read).
      asyncOps.push_back(op);
      for (Value operand : op->getOperands())
        if (BlockArgument root = workgroupRoot(operand))
          roots.insert(root);
    } else if (isa<NVVM::FenceProxyOp, memref::StoreOp, vector::StoreOp,
                   tile_dist::AsyncCopyOp, tile_dist::MbarrierInitOp,
                   tile_dist::MbarrierInvalOp>(op)) {
      genericOps.push_back(op);
    }
  });
  if (roots.empty())
    return;
  ProxyState state;
  state.kernel = kernel.getName();
  for (Value root : roots)
    state.shadows[root] = host::addShadow(kernel, root, /*wordsPerByte=*/1);
  state.fences = host::addThreadCounts(kernel);
  for (Operation *op : genericOps)
    recordGenericOp(op, state);
  for (Operation *op : asyncOps)
    checkAsyncOp(op, state);
}
