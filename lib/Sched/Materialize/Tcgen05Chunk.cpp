//===- Tcgen05Chunk.cpp - one chunk of k on tcgen05.mma -------------------===//
//
// A chunk's products: after the chunk's barrier, thread 0 fences, issues
// one tensor_mma per M x N block and k step (32 bytes of k), each reading
// its operands' rows from the chunk's stage and, where block-scaled, its
// blocks' scales from tensor memory, and commits them to mbarrier n mod 2
// (commit n counted through the loop that keeps the accumulator in tensor
// memory, else from the run's first chunk).
//
//===----------------------------------------------------------------------===//
#include "Tcgen05Chunk.h"
#include "SharedOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

Tcgen05Chunks Tcgen05Chunks::setUp(
    TileLowering &l, Operation *op, const Tcgen05Plan &p,
    const std::array<OperandForm, 2> &forms,
    const std::array<StagedOperand, 2> &staged, const TensorMemory &memory,
    const TileLowering::TensorMemoryAccumulator *kept, bool zeroStart,
    const std::optional<ScaleColumns> &scaleColumns) {
  Tcgen05Chunks chunks(l, op->getLoc(), p, forms, staged, memory, kept,
                       zeroStart, scaleColumns);
  chunks.n = tileShape(op->getOperand(2).getType()).back();
  MLIRContext *context = op->getContext();
  chunks.lhsMatrix = sharedMatrix(context, forms[0], p.staging.kc);
  chunks.rhsMatrix = sharedMatrix(context, forms[1], p.staging.kc);
  return chunks;
}

SmallVector<Value> Tcgen05Chunks::multiply(OpBuilder &at, Value chunk,
                                           Value stage) const {
  int64_t kc = plan.staging.kc;
  int64_t e = plan.kind.elementBytes;
  int64_t instructionM = plan.tiling.instructionM;
  int64_t instructionN = plan.tiling.instructionN;
  int64_t instructionK = 32 / e;
  auto c = [&](int64_t v) { return indexConstant(at, loc, v); };
  Value lhsChunk =
      arith::AddIOp::create(at, loc, c(staged[0].offset),
                            stageOffset(at, loc, staged[0], stage, 1));
  Value rhsChunk =
      arith::AddIOp::create(at, loc, c(staged[1].offset),
                            stageOffset(at, loc, staged[1], stage, 1));
  Value notFirstChunk =
      arith::CmpIOp::create(at, loc, arith::CmpIPredicate::ne, chunk, c(0));
  // This chunk's commit, counted through the loop where the accumulator
  // stays in tensor memory there, else from the run's first chunk.
  Value commit;
  if (kept) {
    commit = memref::LoadOp::create(at, loc, kept->phases, ValueRange{c(0)});
    memref::StoreOp::create(
        at, loc,
        arith::AddIOp::create(at, loc, commit, i32Constant(at, loc, 1)),
        kept->phases, ValueRange{c(0)});
  } else {
    commit = arith::IndexCastOp::create(at, loc, at.getI32Type(), chunk);
  }
  scf::IfOp::create(at, loc, l.isFirstThread(at, loc), [&](OpBuilder &then,
                                                           Location) {
    NVVM::Tcgen05FenceOp::create(then, loc,
                                 NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    for (int64_t kStep = 0; kStep < kc; kStep += instructionK) {
      Value accumulate = !zeroStart || kStep > 0
                             ? arith::ConstantIntOp::create(then, loc, 1, 1)
                             : notFirstChunk;
      for (int64_t block = 0; block < plan.tiling.rowBlocks; ++block)
        for (int64_t n0 = 0; n0 < n; n0 += instructionN) {
          Value lhsStart = arith::AddIOp::create(
              then, loc, lhsChunk,
              indexConstant(then, loc,
                            operandStart(forms[0], kc, e,
                                         block * instructionM, kStep)));
          Value rhsStart = arith::AddIOp::create(
              then, loc, rhsChunk,
              indexConstant(then, loc,
                            operandStart(forms[1], kc, e, n0, kStep)));
          Value lhsScale, rhsScale;
          if (scaleColumns) {
            // Block kBlock of the op's k: this chunk's first, plus the
            // step's.
            Value kBlock = arith::AddIOp::create(
                then, loc,
                arith::MulIOp::create(
                    then, loc,
                    arith::IndexCastOp::create(then, loc, then.getI32Type(),
                                               chunk),
                    i32Constant(then, loc, kc / 32)),
                i32Constant(then, loc, kStep / 32));
            lhsScale = scaleColumns->address(then, loc, kBlock, false,
                                             block * instructionM);
            rhsScale = scaleColumns->address(then, loc, kBlock, true, n0);
          }
          tile_dist::TensorMmaOp::create(
              then, loc,
              arith::AddIOp::create(then, loc, memory.address,
                                    i32Constant(then, loc, block * n + n0)),
              staged[0].arrays, lhsStart, staged[1].arrays, rhsStart,
              accumulate, lhsScale, rhsScale, TypeAttr::get(plan.kind.lhsType),
              TypeAttr::get(plan.kind.rhsType),
              then.getI64IntegerAttr(instructionM),
              then.getI64IntegerAttr(instructionN), lhsMatrix, rhsMatrix);
        }
    }
    tile_dist::TensorMmaCommitOp::create(then, loc,
                                         barriersOf(then, memory.control),
                                         commitBarrier(then, loc, commit));
    scf::YieldOp::create(then, loc);
  });
  if (!staged[0].mmaGroupsInFlight) {
    waitForCommit(at, loc, memory.control, commit);
    return {};
  }
  // The previous chunk's products, so that this chunk's keep the tensor
  // cores busy while the threads wait for the next chunk's copies; its
  // stage is then free before the barrier that lets copies into it.
  waitForCommitBefore(at, loc, memory.control, commit);
  return {};
}
