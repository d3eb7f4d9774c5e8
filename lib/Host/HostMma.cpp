//===- HostMma.cpp - a warp's mma.sync among the host threads -------------===//
//
// mma.sync.m16n8kK (row-major A, column-major B; nvvm.mma.sync, or the
// intrinsic call of an fp8 one, Fp8MmaSync.h) is a warp collective:
// each lane holds part of A, B and C and receives part of D (the fragments
// of MmaLayouts.h). On the host each lane stores its A and B registers in
// its mma slots (HostBlock.h), waits for its warp, and computes each of its
// four D elements (row g or g + 8, column 2t or 2t + 1, with g = lane / 4
// and t = lane % 4) from the slots of the lanes holding that row of A and
// that column of B; a second wait keeps a lane's next mma from overwriting
// slots another lane is still reading. A block-scaled one
// (nvvm.mma.block_scale, .scale_vec::1X) also deposits each lane's two
// scale words, and multiplies each A and B element by the scale its row or
// column takes from the lane and byte the selectors name.
//
// What a D element is on the host: C, then each product added in k order,
// k = 0 first. Float inputs are widened exactly to f32 (f16, bf16, e4m3,
// e5m2, and the top 19 bits of a tf32), so each product is exact and each
// step one fused multiply-add, one rounding; integer products are summed in i32 with
// wraparound, as the lowering asks (.wrapped, not .satfinite). The tensor
// core sums the products of one instruction in its own order and
// precision (docs/semantics-from-nvidia.md); for floats the host's result
// is within the harness's tolerance of it, not bitwise equal.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostIntrinsics.h"

#include "tilechain/Sched/Materialize/Fp8MmaSync.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"


using namespace mlir;
using namespace tilechain::host;

namespace {

Value constantI32(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

unsigned elementBits(NVVM::MMATypes type) {
  switch (type) {
  case NVVM::MMATypes::f16:
  case NVVM::MMATypes::bf16:
    return 16;
  case NVVM::MMATypes::tf32:
    return 32;
  case NVVM::MMATypes::s8:
  case NVVM::MMATypes::u8:
  case NVVM::MMATypes::e4m3:
  case NVVM::MMATypes::e5m2:
    return 8;
  default:
    return 0;
  }
}

/// A fragment register as the i32 word the slots hold.
Value asWord(OpBuilder &b, Location loc, Value reg) {
  Type i32 = b.getI32Type();
  if (reg.getType() == i32)
    return reg;
  if (reg.getType().isF32())
    return arith::BitcastOp::create(b, loc, i32, reg);
  return LLVM::BitcastOp::create(b, loc, i32, reg); // vector<2xf16>
}

} // namespace

Value tilechain::host::decodeMmaElement(OpBuilder &b, Location loc, Value bits,
                                        NVVM::MMATypes type) {
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  switch (type) {
  case NVVM::MMATypes::f16:
  case NVVM::MMATypes::bf16: {
    Value half = arith::TruncIOp::create(b, loc, b.getI16Type(), bits);
    Type floatType = type == NVVM::MMATypes::f16 ? Type(b.getF16Type())
                                                 : Type(b.getBF16Type());
    Value value = arith::BitcastOp::create(b, loc, floatType, half);
    return arith::ExtFOp::create(b, loc, f32, value);
  }
  case NVVM::MMATypes::tf32:
    return arith::BitcastOp::create(
        b, loc, f32,
        arith::AndIOp::create(b, loc, bits, constantI32(b, loc, ~0x1fff)));
  case NVVM::MMATypes::s8:
  case NVVM::MMATypes::u8: {
    Value byte = arith::TruncIOp::create(b, loc, b.getI8Type(), bits);
    if (type == NVVM::MMATypes::s8)
      return arith::ExtSIOp::create(b, loc, i32, byte);
    return arith::ExtUIOp::create(b, loc, i32, byte);
  }
  case NVVM::MMATypes::e4m3:
    return tilechain::float8ToFloat(b, loc, bits, tilechain::kE4M3);
  case NVVM::MMATypes::e5m2:
    return tilechain::float8ToFloat(b, loc, bits, tilechain::kE5M2);
  default:
    llvm_unreachable("not a tensor-core input type");
  }
}

Value tilechain::host::decodeE8M0(OpBuilder &b, Location loc, Value scale) {
  // s << 23 is 2^(s - 127) for s from 1 to 254; 2^-127 is f32's subnormal.
  auto c = [&](int32_t v) { return constantI32(b, loc, v); };
  auto is = [&](int32_t v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, scale,
                                 c(v));
  };
  Value bits = arith::ShLIOp::create(b, loc, scale, c(23));
  bits = arith::SelectOp::create(b, loc, is(0), c(0x00400000), bits);
  bits = arith::SelectOp::create(b, loc, is(0xff), c(0x7fc00000), bits);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

Value tilechain::host::multiplyAdd(OpBuilder &b, Location loc, Value a,
                                   Value bv, Value sum) {
  if (sum.getType().isF32())
    return math::FmaOp::create(b, loc, a, bv, sum);
  return arith::AddIOp::create(b, loc, sum, arith::MulIOp::create(b, loc, a, bv));
}

std::optional<MmaSync> tilechain::host::matchMmaSync(Operation *op) {
  if (auto scaled = dyn_cast<NVVM::MmaBlockScaleOp>(op)) {
    NVVM::MMAShapeAttr shape = scaled.getShape();
    if (scaled.getScaleVecSize() != NVVM::ScaleVecSize::X1 ||
        scaled.getBlockScaleFormat() != NVVM::BlockScaleFormat::UE8M0)
      return std::nullopt;
    MmaSync mma{op,
                shape.getM(),
                shape.getN(),
                shape.getK(),
                scaled.getMultiplicandAPtxType(),
                scaled.getMultiplicandBPtxType(),
                /*rowMajorA=*/true,
                /*columnMajorB=*/true,
                scaled.getOperandA(),
                scaled.getOperandB(),
                scaled.getOperandC(),
                scaled.getRes()};
    mma.scaleA = scaled.getScaleAData();
    mma.byteIdA = scaled.getByteIdA();
    mma.threadIdA = scaled.getThreadIdA();
    mma.scaleB = scaled.getScaleBData();
    mma.byteIdB = scaled.getByteIdB();
    mma.threadIdB = scaled.getThreadIdB();
    return mma;
  }
  if (auto mma = dyn_cast<NVVM::MmaOp>(op)) {
    auto inferred = [&](std::optional<NVVM::MMATypes> type, ValueRange regs) {
      return type ? type
                  : NVVM::MmaOp::inferOperandMMAType(
                        getElementTypeOrSelf(regs.front()), false);
    };
    NVVM::MMAShapeAttr shape = mma.getShape();
    return MmaSync{op,
                   shape.getM(),
                   shape.getN(),
                   shape.getK(),
                   inferred(mma.getMultiplicandAPtxType(), mma.getOperandA()),
                   inferred(mma.getMultiplicandBPtxType(), mma.getOperandB()),
                   mma.getLayoutA() == NVVM::MMALayout::row,
                   mma.getLayoutB() == NVVM::MMALayout::col,
                   mma.getOperandA(),
                   mma.getOperandB(),
                   mma.getOperandC(),
                   mma.getRes()};
  }
  auto call = dyn_cast<LLVM::CallIntrinsicOp>(op);
  if (!call || call.getNumResults() != 1)
    return std::nullopt;
  std::optional<Fp8MmaSync> fp8 = parseFp8MmaSyncIntrinsic(call.getIntrin());
  if (!fp8)
    return std::nullopt;
  // A: 4 registers (k 32) or 2, B: half as many, then C: 4.
  int64_t aRegisters = fp8->k / 8;
  ValueRange args = call.getArgs();
  if (int64_t(args.size()) != aRegisters + aRegisters / 2 + 4)
    return std::nullopt;
  return MmaSync{op,
                 /*m=*/16,
                 /*n=*/8,
                 fp8->k,
                 fp8->lhs,
                 fp8->rhs,
                 /*rowMajorA=*/true,
                 /*columnMajorB=*/true,
                 args.take_front(aRegisters),
                 args.slice(aRegisters, aRegisters / 2),
                 args.take_back(4),
                 call.getResult(0)};
}

LogicalResult tilechain::host::lowerMmaSync(const MmaSync &mma,
                                            const ThreadContext &thread) {
  std::optional<NVVM::MMATypes> aType = mma.aType, bType = mma.bType;
  Type cType = mma.c.front().getType();
  // The k of a fragment register pair: 4 registers' worth of elements;
  // the instruction's k is one or two of them (B has that many registers,
  // A twice as many).
  unsigned bits = aType ? elementBits(*aType) : 0;
  int64_t kHalves = bits ? mma.k / (4 * (32 / bits)) : 0;
  if (mma.m != 16 || mma.n != 8 || !bits || !bType ||
      elementBits(*bType) != bits || !(kHalves == 1 || kHalves == 2) ||
      mma.k != kHalves * 4 * (32 / bits) || !mma.rowMajorA ||
      !mma.columnMajorB || int64_t(mma.a.size()) != 2 * kHalves ||
      int64_t(mma.b.size()) != kHalves || mma.c.size() != 4 ||
      !(cType.isF32() || cType.isInteger(32)))
    return mma.op->emitError()
           << "the host backend runs mma.sync.m16n8k{8,16,32} with row-major "
              "A, column-major B, f16/bf16/tf32/s8/u8/e4m3/e5m2 inputs and "
              "f32 or s32 accumulators, not this one";

  OpBuilder b(mma.op);
  Location loc = mma.op->getLoc();
  Type i32 = b.getI32Type();
  auto c = [&](int32_t v) { return constantI32(b, loc, v); };
  Value tid = thread.tid;
  Value lane = arith::AndIOp::create(b, loc, tid, c(kWarpSize - 1));
  Value firstOfWarp = arith::SubIOp::create(b, loc, tid, lane);
  Value group = arith::ShRUIOp::create(b, loc, lane, c(2));
  Value inGroup = arith::AndIOp::create(b, loc, lane, c(3));
  auto slotOf = [&](OpBuilder &at, Value ofThread, Value reg) -> Value {
    Value first = arith::AddIOp::create(
        at, loc, constantI32(at, loc, thread.layout.mmaSlot(0)),
        arith::MulIOp::create(at, loc, ofThread,
                              constantI32(at, loc, SyncLayout::kMmaWords)));
    return wordAddress(at, loc, thread.sync,
                       arith::AddIOp::create(at, loc, first, reg));
  };

  // Deposit A (words 0-3, or 0-1) and B (the next 2, or 1), then wait for
  // the warp.
  SmallVector<Value> registers(mma.a);
  llvm::append_range(registers, mma.b);
  for (auto [index, reg] : llvm::enumerate(registers))
    LLVM::StoreOp::create(b, loc, asWord(b, loc, reg),
                          slotOf(b, tid, c(index)));
  // Block scales: the data words in slots 6 and 7.
  int32_t scaleSlot = SyncLayout::kMmaWords - 2;
  if (mma.scaleA) {
    LLVM::StoreOp::create(b, loc, mma.scaleA, slotOf(b, tid, c(scaleSlot)));
    LLVM::StoreOp::create(b, loc, mma.scaleB,
                          slotOf(b, tid, c(scaleSlot + 1)));
  }
  emitWarpBarrier(b, loc, thread);

  // Lane (g', t') holds k in [t' e, t' e + e) and that plus 4e, e elements
  // per word; element k of a row (of A) or column (of B) is then at lane
  // 4 * (row mod 8) + (k mod 4e) / e, element k mod e of register
  // 2 (k / 4e) + row / 8 of A or register k / 4e of B.
  int32_t perWord = 32 / bits;
  int32_t firstB = mma.a.size();
  int32_t logPerWord = llvm::Log2_32(perWord);
  auto element = [&](OpBuilder &at, Value ofLane, Value word, Value k,
                     NVVM::MMATypes type) {
    Value loaded = LLVM::LoadOp::create(
        at, loc, i32,
        slotOf(at, arith::AddIOp::create(at, loc, firstOfWarp, ofLane), word));
    Value within = arith::AndIOp::create(at, loc, k,
                                         constantI32(at, loc, perWord - 1));
    Value shifted = arith::ShRUIOp::create(
        at, loc, loaded,
        arith::MulIOp::create(at, loc, within, constantI32(at, loc, bits)));
    return decodeMmaElement(at, loc, shifted, type);
  };
  // Block-scaled (.scale_vec::1X): row r's scale is byte byte-id-a of the
  // data of lane 4 (r mod 8) + r / 8 + 2 thread-id-a (the quad's pair that
  // thread-id-a names, its first lane for rows 0-7, its second for 8-15),
  // column j's byte byte-id-b of lane 4 j + thread-id-b.
  auto scaleOf = [&](OpBuilder &at, Value ofLane, int32_t word,
                     Value byteId) -> Value {
    auto cst = [&](int32_t v) { return constantI32(at, loc, v); };
    Value data = LLVM::LoadOp::create(
        at, loc, i32,
        slotOf(at, arith::AddIOp::create(at, loc, firstOfWarp, ofLane),
               cst(word)));
    Value s = arith::AndIOp::create(
        at, loc,
        arith::ShRUIOp::create(
            at, loc, data,
            arith::MulIOp::create(
                at, loc, arith::ExtUIOp::create(at, loc, i32, byteId),
                cst(8))),
        cst(0xff));
    return decodeE8M0(at, loc, s);
  };
  SmallVector<Value> results;
  for (auto [index, accumulator] : llvm::enumerate(mma.c)) {
    Value rowHalf = c(index >> 1); // rows g + 8 are A's words 1 and 3
    Value column = arith::AddIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, inGroup, c(1)), c(index & 1));
    Value rowScale, columnScale;
    if (mma.scaleA) {
      Value aLane = arith::AddIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc,
                                arith::ShLIOp::create(b, loc, group, c(2)),
                                rowHalf),
          arith::ShLIOp::create(
              b, loc, arith::ExtUIOp::create(b, loc, i32, mma.threadIdA),
              c(1)));
      Value bLane = arith::AddIOp::create(
          b, loc, arith::ShLIOp::create(b, loc, column, c(2)),
          arith::ExtUIOp::create(b, loc, i32, mma.threadIdB));
      rowScale = scaleOf(b, aLane, scaleSlot, mma.byteIdA);
      columnScale = scaleOf(b, bLane, scaleSlot + 1, mma.byteIdB);
    }
    auto loop = scf::ForOp::create(
        b, loc, c(0), c(mma.k), c(1), ValueRange{accumulator},
        [&](OpBuilder &at, Location, Value k, ValueRange sum) {
          auto cst = [&](int32_t v) { return constantI32(at, loc, v); };
          Value lanePart = arith::ShRUIOp::create(
              at, loc, arith::AndIOp::create(at, loc, k, cst(4 * perWord - 1)),
              cst(logPerWord));
          Value half = arith::ShRUIOp::create(at, loc, k, cst(2 + logPerWord));
          Value aLane = arith::AddIOp::create(
              at, loc, arith::ShLIOp::create(at, loc, group, cst(2)), lanePart);
          Value aWord = arith::AddIOp::create(
              at, loc, rowHalf, arith::ShLIOp::create(at, loc, half, cst(1)));
          Value bLane = arith::AddIOp::create(
              at, loc, arith::ShLIOp::create(at, loc, column, cst(2)), lanePart);
          Value bWord = arith::AddIOp::create(at, loc, half, cst(firstB));
          Value a = element(at, aLane, aWord, k, *aType);
          Value bv = element(at, bLane, bWord, k, *bType);
          if (rowScale) {
            a = arith::MulFOp::create(at, loc, a, rowScale);
            bv = arith::MulFOp::create(at, loc, bv, columnScale);
          }
          scf::YieldOp::create(at, loc, multiplyAdd(at, loc, a, bv, sum[0]));
        });
    results.push_back(loop.getResult(0));
  }
  // Every lane has read before any lane's next mma overwrites its slots.
  emitWarpBarrier(b, loc, thread);

  Value d = LLVM::PoisonOp::create(b, loc, mma.d.getType());
  for (auto [index, result] : llvm::enumerate(results))
    d = LLVM::InsertValueOp::create(b, loc, d, result,
                                    ArrayRef<int64_t>{int64_t(index)});
  Value result = mma.d;
  result.replaceAllUsesWith(d);
  mma.op->erase();
  return success();
}
