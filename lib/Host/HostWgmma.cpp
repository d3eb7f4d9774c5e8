//===- HostWgmma.cpp - a warpgroup's wgmma on the host --------------------===//
//
// tile_dist.warpgroup_mma reads both operands from shared memory, so on the
// host each thread computes its own accumulator elements alone: element i
// of a thread of warp w (in its warpgroup) and lane l is row 16 w + l / 4 +
// 8 ((i / 2) % 2), column 8 (i / 4) + 2 (l % 4) + i % 2, and its value is C,
// then each product added in k order, k = 0 first (as HostMma.cpp sums an
// mma.sync). Each operand element is read where the op's shared_matrix
// says: the canonical offset from the operand's start, then the swizzle of
// the resulting byte address (relative to the buffer, which the device
// aligns to the swizzle pattern). An lhs in registers is each lane's four
// words of A: the thread gathers the 16 words of its lane group (the four
// lanes holding its rows) with warp shuffles. The product runs at once, so
// the wgmma commit and waits (a tile_dist.warpgroup_wait hands its values
// on as they are) and the async-proxy fence have nothing left to order and
// go.
//
// The wgmma fence stays as a check. A wgmma reads its accumulator and A
// fragment registers after its issue, so PTX asks for a wgmma.fence before
// the warpgroup's first wgmma and between other instructions' accesses of
// those registers and the wgmma that accesses them. Each thread keeps a
// flag, clear at its start and at each tile_dist.warpgroup_wait (whose
// values go on to other instructions) and set by its wgmma.fence; a
// warpgroup_mma issued with the flag clear stops the block. (This is
// stricter than PTX where a wait's values go straight on to the next wgmma
// of the same shape, which needs no fence; the lowering fences every chunk's
// wgmma anyway.)
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

/// The tensor-core type of a warpgroup_mma element type.
NVVM::MMATypes mmaType(Type type) {
  return *NVVM::symbolizeMMATypes(
      tile_dist::WarpgroupMmaOp::ptxTypeName(type));
}

/// Element k of row g (`rowHalf` 0) or g + 8 (1) of A from the lane
/// group's words (gatherFragments): register 2 (k / 8) + rowHalf of lane
/// (k % 8) / 2, its half k % 2.
Value readFragment(OpBuilder &b, Location loc, Value words, Type type,
                   Value rowHalf, Value k) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value reg = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, k, c(8)), c(2)),
      rowHalf);
  Value lane = arith::DivUIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, k, c(8)), c(2));
  Value position = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, reg, c(4)), lane);
  Value word = vector::ExtractOp::create(b, loc, words,
                                         ArrayRef<OpFoldResult>{position});
  Value shift = arith::IndexCastOp::create(
      b, loc, b.getI32Type(),
      arith::MulIOp::create(b, loc, arith::RemUIOp::create(b, loc, k, c(2)),
                            c(16)));
  return host::decodeMmaElement(
      b, loc, arith::ShRUIOp::create(b, loc, word, shift), mmaType(type));
}

/// The 16 words of A the four lanes of the running thread's lane group
/// hold (word 4 r + t is register r of lane t of the group), gathered with
/// warp shuffles, as a vector<16xi32>.
Value gatherFragments(OpBuilder &b, Location loc, Value fragment,
                      Value lane) {
  Type i32 = b.getI32Type();
  Value firstOfGroup = arith::IndexCastOp::create(
      b, loc, i32,
      arith::AndIOp::create(b, loc, lane,
                            arith::ConstantIndexOp::create(b, loc, ~3)));
  Value width = arith::ConstantIntOp::create(b, loc, host::kWarpSize, 32);
  SmallVector<Value> words;
  for (int64_t reg = 0; reg < 4; ++reg) {
    Value word = vector::ExtractOp::create(b, loc, fragment, reg);
    for (int64_t t = 0; t < 4; ++t) {
      Value source = arith::AddIOp::create(
          b, loc, firstOfGroup, arith::ConstantIntOp::create(b, loc, t, 32));
      words.push_back(gpu::ShuffleOp::create(b, loc, word, source, width,
                                             gpu::ShuffleMode::IDX)
                          .getShuffleResult());
    }
  }
  return vector::FromElementsOp::create(b, loc, VectorType::get({16}, i32),
                                        words);
}

} // namespace

Value host::sharedMatrixElementAddress(OpBuilder &b, Location loc,
                                       Value start,
                                       tile_dist::SharedMatrixAttr matrix,
                                       int64_t elementBytes, Value x,
                                       Value k) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto mul = [&](Value v, int64_t f) -> Value {
    return arith::MulIOp::create(b, loc, v, c(f));
  };
  auto add = [&](Value u, Value v) -> Value {
    return arith::AddIOp::create(b, loc, u, v);
  };
  auto div = [&](Value v, int64_t d) -> Value {
    return arith::DivUIOp::create(b, loc, v, c(d));
  };
  auto rem = [&](Value v, int64_t d) -> Value {
    return arith::RemUIOp::create(b, loc, v, c(d));
  };
  int64_t swizzle = matrix.getSwizzle();
  Value canonical;
  if (matrix.getMnMajor()) {
    int64_t perRow = swizzle / elementBytes;
    canonical = add(add(mul(div(x, perRow), matrix.getLbo()),
                        mul(div(k, 8), matrix.getSbo())),
                    add(mul(rem(k, 8), swizzle),
                        mul(rem(x, perRow), elementBytes)));
  } else {
    canonical = add(add(mul(div(x, 8), matrix.getSbo()), mul(rem(x, 8), swizzle)),
                    mul(k, elementBytes));
  }
  Value address = add(start, canonical);
  Value rowBits = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, address, c(7)), c(swizzle / 16 - 1));
  return arith::XOrIOp::create(
      b, loc, address, arith::ShLIOp::create(b, loc, rowBits, c(4)));
}

Value host::readSharedMatrixElement(OpBuilder &b, Location loc, Value buffer,
                                    Value start,
                                    tile_dist::SharedMatrixAttr matrix,
                                    Type type, int64_t elementBytes, Value x,
                                    Value k) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value u, Value v) -> Value {
    return arith::AddIOp::create(b, loc, u, v);
  };
  Value address =
      sharedMatrixElementAddress(b, loc, start, matrix, elementBytes, x, k);
  // The element's bytes, little-endian, as an i32.
  Type i32 = b.getI32Type();
  Value bits = arith::ConstantIntOp::create(b, loc, 0, 32);
  for (int64_t byte = 0; byte < elementBytes; ++byte) {
    Value loaded = memref::LoadOp::create(b, loc, buffer,
                                          ValueRange{add(address, c(byte))});
    Value widened = arith::ExtUIOp::create(b, loc, i32, loaded);
    bits = arith::OrIOp::create(
        b, loc, bits,
        arith::ShLIOp::create(b, loc, widened,
                              arith::ConstantIntOp::create(b, loc, 8 * byte, 32)));
  }
  return host::decodeMmaElement(b, loc, bits, mmaType(type));
}

void host::expandWarpgroupMma(gpu::GPUFuncOp kernel) {
  SmallVector<tile_dist::WarpgroupMmaOp> mmas;
  kernel.walk([&](tile_dist::WarpgroupMmaOp op) { mmas.push_back(op); });
  // The thread's flag: a wgmma.fence since its start or its last wait.
  Value fenced;
  auto setFenced = [&](OpBuilder &b, Location loc, bool value) {
    LLVM::StoreOp::create(b, loc,
                          arith::ConstantIntOp::create(b, loc, value, 8),
                          fenced);
  };
  if (!mmas.empty()) {
    OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Location loc = kernel.getLoc();
    fenced = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), b.getI8Type(),
        arith::ConstantIntOp::create(b, loc, 1, 32), 1);
    setFenced(b, loc, false);
  }
  SmallVector<Operation *> orderingOps;
  kernel.walk([&](Operation *op) {
    if (isa<NVVM::WgmmaFenceAlignedOp, NVVM::WgmmaGroupSyncAlignedOp,
            NVVM::WgmmaWaitGroupSyncOp, NVVM::FenceProxyOp>(op))
      orderingOps.push_back(op);
  });
  for (Operation *op : orderingOps) {
    if (fenced && isa<NVVM::WgmmaFenceAlignedOp>(op)) {
      OpBuilder b(op);
      setFenced(b, op->getLoc(), true);
    }
    op->erase();
  }
  SmallVector<tile_dist::WarpgroupWaitOp> waits;
  kernel.walk([&](tile_dist::WarpgroupWaitOp op) { waits.push_back(op); });
  for (tile_dist::WarpgroupWaitOp wait : waits) {
    if (fenced) {
      OpBuilder b(wait);
      setFenced(b, wait.getLoc(), false);
    }
    wait.replaceAllUsesWith(wait.getValues());
    wait.erase();
  }
  for (tile_dist::WarpgroupMmaOp op : mmas) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    abortIf(b, op,
            arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::eq,
                LLVM::LoadOp::create(b, loc, b.getI8Type(), fenced),
                arith::ConstantIntOp::create(b, loc, 0, 8)),
            kernel.getName(),
            "issues a wgmma with no wgmma.fence since the thread's start or "
            "its last warpgroup_wait (other instructions may still access "
            "the registers it reads)");
    auto c = [&](OpBuilder &at, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value lane = arith::RemUIOp::create(b, loc, tid, c(b, kWarpSize));
    Value warp = arith::RemUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, tid, c(b, kWarpSize)), c(b, 4));
    Value rowBase = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, warp, c(b, 16)),
        arith::DivUIOp::create(b, loc, lane, c(b, 4)));
    Value columnBase = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, lane, c(b, 4)), c(b, 2));
    Value lhsWords = op.getLhsFragment()
                         ? gatherFragments(b, loc, op.getLhsFragment(), lane)
                         : Value();
    VectorType vectorType = op.getAccumulator().getType();
    int64_t elementBytes = op.getElementBytes();
    auto elements = scf::ForOp::create(
        b, loc, c(b, 0), c(b, vectorType.getNumElements()), c(b, 1),
        ValueRange{op.getAccumulator()},
        [&](OpBuilder &at, Location, Value i, ValueRange carried) {
          auto ci = [&](int64_t v) { return c(at, v); };
          Value rowHalf = arith::RemUIOp::create(
              at, loc, arith::DivUIOp::create(at, loc, i, ci(2)), ci(2));
          Value row = arith::AddIOp::create(
              at, loc, rowBase, arith::MulIOp::create(at, loc, rowHalf, ci(8)));
          Value column = arith::AddIOp::create(
              at, loc,
              arith::AddIOp::create(
                  at, loc,
                  arith::MulIOp::create(
                      at, loc, arith::DivUIOp::create(at, loc, i, ci(4)),
                      ci(8)),
                  columnBase),
              arith::RemUIOp::create(at, loc, i, ci(2)));
          Value start = vector::ExtractOp::create(at, loc, carried[0],
                                                  ArrayRef<OpFoldResult>{i});
          auto products = scf::ForOp::create(
              at, loc, ci(0), ci(op.getK()), ci(1), ValueRange{start},
              [&](OpBuilder &in, Location, Value k, ValueRange sum) {
                Value a =
                    lhsWords ? readFragment(in, loc, lhsWords, op.getLhsType(),
                                            rowHalf, k)
                             : host::readSharedMatrixElement(
                                   in, loc, op.getLhs(), op.getLhsOffset(),
                                   *op.getLhsMatrix(), op.getLhsType(),
                                   elementBytes, row, k);
                Value bv = host::readSharedMatrixElement(
                    in, loc, op.getRhs(), op.getRhsOffset(), op.getRhsMatrix(),
                    op.getRhsType(), elementBytes, column, k);
                scf::YieldOp::create(
                    in, loc, host::multiplyAdd(in, loc, a, bv, sum[0]));
              });
          Value updated = vector::InsertOp::create(
              at, loc, products.getResult(0), carried[0],
              ArrayRef<OpFoldResult>{i});
          scf::YieldOp::create(at, loc, updated);
        });
    op.getResult().replaceAllUsesWith(elements.getResult(0));
    op.erase();
  }
}
