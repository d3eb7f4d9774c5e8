//===- HostLdMatrix.cpp - a warp's ldmatrix among the host threads --------===//
//
// ldmatrix (nvgpu.ldmatrix, PTX ISA "ldmatrix") is a warp collective: lane
// L names the start of row L % 8 of 8x8 matrix L / 8 of 16-bit values, and
// receives, of each matrix j, the 32-bit word L % 4 of its row L / 4, or
// transposed, its column L / 4's elements in rows 2 (L % 4) and
// 2 (L % 4) + 1. On the host each lane takes the starts it needs (of row
// L / 4, or of those two rows) from the lanes that named them with a
// shuffle (HostSync.cpp runs it among the warp's threads) and loads its
// elements from there itself.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

LogicalResult tilechain::host::expandLdMatrix(gpu::GPUFuncOp kernel) {
  SmallVector<nvgpu::LdMatrixOp> loads;
  kernel.walk([&](nvgpu::LdMatrixOp op) { loads.push_back(op); });
  for (nvgpu::LdMatrixOp op : loads) {
    auto source = cast<MemRefType>(op.getSrcMemref().getType());
    auto result = cast<VectorType>(op.getRes().getType());
    if (source.getRank() != 1)
      return op.emitError() << "the host backend runs ldmatrix of a 1-D "
                               "memref";
    bool transposed = op.getTranspose();
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Type i32 = b.getI32Type();
    auto i32Constant = [&](int32_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, v, 32);
    };
    Value lane = arith::AndIOp::create(
        b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
        index(kWarpSize - 1));
    Value laneI32 = arith::IndexCastUIOp::create(b, loc, i32, lane);
    Value named =
        arith::IndexCastUIOp::create(b, loc, i32, op.getIndices().front());
    int64_t perWord = result.getShape()[1];
    Value inGroup = arith::AndIOp::create(b, loc, laneI32, i32Constant(3));
    Value group = arith::ShRUIOp::create(b, loc, laneI32, i32Constant(2));
    // Where the lane's elements are: of row `group`, from word `inGroup` on;
    // transposed, of rows perWord * inGroup + i, at column `group`.
    auto rowStart = [&](Value matrixBase, Value row) {
      Value start = gpu::ShuffleOp::create(
                        b, loc, named,
                        arith::AddIOp::create(b, loc, matrixBase, row),
                        i32Constant(kWarpSize), gpu::ShuffleMode::IDX)
                        .getShuffleResult();
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), start);
    };
    auto asIndex = [&](Value v) {
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
    };
    // Built row by row (the host's vector lowering takes 1-D vectors).
    auto rowType = VectorType::get({perWord}, result.getElementType());
    Value matrices = arith::ConstantOp::create(b, loc, result,
                                               b.getZeroAttr(result));
    for (int64_t matrix = 0; matrix < result.getShape()[0]; ++matrix) {
      Value base = i32Constant(int32_t(8 * matrix));
      SmallVector<Value> elements;
      if (!transposed) {
        Value first = arith::AddIOp::create(
            b, loc, rowStart(base, group),
            asIndex(arith::MulIOp::create(b, loc, inGroup,
                                          i32Constant(int32_t(perWord)))));
        for (int64_t i = 0; i < perWord; ++i)
          elements.push_back(memref::LoadOp::create(
              b, loc, op.getSrcMemref(),
              ValueRange{arith::AddIOp::create(b, loc, first, index(i))}));
      } else {
        for (int64_t i = 0; i < perWord; ++i) {
          Value row = arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, inGroup,
                                    i32Constant(int32_t(perWord))),
              i32Constant(int32_t(i)));
          elements.push_back(memref::LoadOp::create(
              b, loc, op.getSrcMemref(),
              ValueRange{arith::AddIOp::create(b, loc, rowStart(base, row),
                                               asIndex(group))}));
        }
      }
      matrices = vector::InsertOp::create(
          b, loc, vector::FromElementsOp::create(b, loc, rowType, elements),
          matrices, matrix);
    }
    op.getRes().replaceAllUsesWith(matrices);
    op.erase();
  }
  return success();
}
