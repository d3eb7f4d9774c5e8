//===- StageRing.cpp - what can be done to an mma's ring of stages --------===//
#include "StageRing.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

StageRing::StageRing(TileLowering &l, Operation *op,
                     ArrayRef<StagedOperand> staged, int64_t kc)
    : l(l), loc(op->getLoc()), staged(staged), kc(kc),
      stageCount(staged[0].stages), phases(staged[0].phases) {
  for (const StagedOperand &operand : staged) {
    anyCopied |= bool(operand.form.copiedFrom);
    anyThreadCopies |= operand.form.copiedFrom && !operand.form.byTensorMap;
    anyThreadWrites |= !operand.form.byTensorMap && !operand.form.inRegisters;
    if (operand.form.byTensorMap) {
      anyTensorCopies = true;
      tensorBytes += tensorChunkBytes(operand, kc);
    }
  }
  assert(!anyTensorCopies == !phases &&
         "a ring that TMA fills has its word of phases (lowerRingAlloc)");
}

SmallVector<StageRing::Source, 2> StageRing::sources(OriginOf originOf) {
  SmallVector<Source, 2> built;
  for (auto [i, operand] : llvm::enumerate(staged)) {
    cuda_tile::LoadViewTkoOp load = operand.form.copiedFrom;
    Source source;
    if (load && operand.form.byTensorMap)
      source.tensor = tensorChunkCopy(l, operand, i, kc, originOf(load));
    else if (load)
      source.threads = asyncRunCopy(l, load, operand.form.leadingUnitDims,
                                    originOf(load));
    built.push_back(std::move(source));
  }
  return built;
}

Value StageRing::stageOf(OpBuilder &at, Value chunk) const {
  return chunkStage(at, loc, staged[0], chunk);
}

Value StageRing::barriersAt(OpBuilder &at) const {
  return sharedView(at, staged[0].arrays, at.getI64Type(), stageCount,
                    staged[0].barriersOffset);
}

void StageRing::setUpBarriers(TileLowering &l, OpBuilder &at, Location loc,
                              Value arrays, Value phases,
                              tile_dist::RingType ring) {
  int64_t stages = ring.getStages();
  TileLowering::fenceBeforeAsyncWrites(at, loc);
  Value zero32 = arith::ConstantIntOp::create(at, loc, 0, 32);
  Value zero = arith::ConstantIndexOp::create(at, loc, 0);
  memref::StoreOp::create(at, loc, zero32, phases, zero);
  Value barriers = sharedView(at, arrays, at.getI64Type(), stages,
                              ringBarriersOffset(ring));
  Value empty = ring.getProducer()
                    ? sharedView(at, arrays, at.getI64Type(), stages,
                                 ringBarriersOffset(ring) + stages * 8)
                    : Value();
  int64_t consumers = int64_t(l.getNumWarps()) * 32;
  scf::IfOp::create(
      at, loc, l.isFirstThread(at, loc), [&](OpBuilder &then, Location) {
        Value one32 = arith::ConstantIntOp::create(then, loc, 1, 32);
        for (int64_t s = 0; s < stages; ++s) {
          Value stage = arith::ConstantIndexOp::create(then, loc, s);
          tile_dist::MbarrierInitOp::create(then, loc, barriers, stage,
                                            one32);
          if (empty)
            tile_dist::MbarrierInitOp::create(
                then, loc, empty, stage,
                arith::ConstantIntOp::create(then, loc, consumers, 32));
        }
        NVVM::FenceMbarrierInitOp::create(then, loc);
        scf::YieldOp::create(then, loc);
      });
  gpu::BarrierOp::create(at, loc);
}

void StageRing::releaseBarriers(TileLowering &l, OpBuilder &at, Location loc,
                                Value arrays, tile_dist::RingType ring) {
  int64_t count = ring.getMbarrierCount();
  Value barriers = sharedView(at, arrays, at.getI64Type(), count,
                              ringBarriersOffset(ring));
  if (ring.getProducer())
    gpu::BarrierOp::create(at, loc);
  scf::IfOp::create(at, loc, l.isFirstThread(at, loc),
                    [&](OpBuilder &then, Location) {
                      for (int64_t s = 0; s < count; ++s)
                        tile_dist::MbarrierInvalOp::create(
                            then, loc, barriers,
                            arith::ConstantIndexOp::create(then, loc, s));
                      scf::YieldOp::create(then, loc);
                    });
}

void StageRing::waitForTensorCopies(OpBuilder &at, Value stage) const {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  Value stage32 = arith::IndexCastOp::create(at, loc, at.getI32Type(), stage);
  Value counted = memref::LoadOp::create(at, loc, phases, constant(0));
  Value one32 = arith::ConstantIntOp::create(at, loc, 1, 32);
  Value parity = arith::AndIOp::create(
      at, loc, arith::ShRUIOp::create(at, loc, counted, stage32), one32);
  tile_dist::MbarrierWaitOp::create(at, loc, barriersAt(at), stage, parity);
  memref::StoreOp::create(
      at, loc,
      arith::XOrIOp::create(at, loc, counted,
                            arith::ShLIOp::create(at, loc, one32, stage32)),
      phases, constant(0));
}

void StageRing::fill(OpBuilder &at, Value chunk, Value stage,
                     ArrayRef<StagedOperand> operands,
                     ArrayRef<Source> from) const {
  for (auto [operand, source] : llvm::zip(operands, from)) {
    if (operand.form.byTensorMap)
      continue;
    if (operand.form.copiedFrom)
      copyChunk(l, at, loc, operand, source.threads, chunk, stage, kc);
    else if (!operand.form.inRegisters)
      writeChunk(l, at, loc, operand, chunk, stage, kc);
  }
  if (!anyTensorCopies)
    return;
  Value barriers = barriersAt(at);
  scf::IfOp::create(
      at, loc, l.isFirstThread(at, loc), [&](OpBuilder &then, Location) {
        tile_dist::MbarrierExpectTxOp::create(
            then, loc, barriers, stage,
            arith::ConstantIntOp::create(then, loc, tensorBytes, 32));
        for (auto [operand, source] : llvm::zip(operands, from))
          if (operand.form.byTensorMap)
            source.tensor(then, loc, chunk, operands, barriers, stage);
        scf::YieldOp::create(then, loc);
      });
}

void StageRing::closeGroup(OpBuilder &at) const {
  if (anyThreadCopies)
    NVVM::CpAsyncCommitGroupOp::create(at, loc);
}

void StageRing::waitForCopies(OpBuilder &at, Value stage,
                              int64_t newerGroups) const {
  if (anyThreadCopies)
    NVVM::CpAsyncWaitGroupOp::create(at, loc, newerGroups);
  if (anyTensorCopies)
    waitForTensorCopies(at, stage);
}

Value StageRing::emptyBarriersAt(OpBuilder &at) const {
  return sharedView(at, staged[0].arrays, at.getI64Type(), stageCount,
                    staged[0].barriersOffset + stageCount * 8);
}

void StageRing::freeStage(OpBuilder &at, Value stage) const {
  tile_dist::MbarrierArriveOp::create(at, loc, emptyBarriersAt(at), stage);
}

void StageRing::waitForFreeStage(OpBuilder &at, Value stage,
                                 Value round) const {
  Value bit = arith::AndIOp::create(
      at, loc, arith::IndexCastOp::create(at, loc, at.getI32Type(), round),
      arith::ConstantIntOp::create(at, loc, 1, 32));
  Value parity = arith::XOrIOp::create(
      at, loc, bit, arith::ConstantIntOp::create(at, loc, 1, 32));
  tile_dist::MbarrierWaitOp::create(at, loc, emptyBarriersAt(at), stage,
                                    parity);
}

void StageRing::fenceWritesForAsyncReads(OpBuilder &at) const {
  if (anyThreadWrites)
    NVVM::FenceProxyOp::create(
        at, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(at.getContext(),
                                   NVVM::SharedSpace::shared_cta));
}
