//===- HostStMatrix.cpp - a warp's stmatrix among the host threads --------===//
//
// stmatrix (tile_dist.store_matrix) is a warp collective: lane L names the
// start of row L % 8 of 8x8 matrix L / 8 of 16-bit elements, and its word j
// is elements 2 (L % 4) and 2 (L % 4) + 1 of row L / 4 of matrix j. On the
// host each lane takes the start of the row its word goes to from the lane
// that named it with a shuffle (HostSync.cpp runs it among the warp's
// threads) and stores its two elements there itself.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;

void tilechain::host::expandStoreMatrix(gpu::GPUFuncOp kernel) {
  SmallVector<tile_dist::StoreMatrixOp> stores;
  kernel.walk([&](tile_dist::StoreMatrixOp op) { stores.push_back(op); });
  for (tile_dist::StoreMatrixOp op : stores) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type element =
        cast<MemRefType>(op.getDestination().getType()).getElementType();
    Type i32 = b.getI32Type();
    auto i32Constant = [&](int32_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, v, 32);
    };
    auto asIndex = [&](Value v) -> Value {
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
    };
    Value lane = arith::AndIOp::create(
        b, loc,
        arith::IndexCastUIOp::create(
            b, loc, i32, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x)),
        i32Constant(kWarpSize - 1));
    Value named = arith::IndexCastUIOp::create(b, loc, i32, op.getIndex());
    Value row = arith::ShRUIOp::create(b, loc, lane, i32Constant(2));
    Value column = asIndex(arith::ShLIOp::create(
        b, loc, arith::AndIOp::create(b, loc, lane, i32Constant(3)),
        i32Constant(1)));
    auto pair = VectorType::get({2}, element);
    for (auto [matrix, word] : llvm::enumerate(op.getWords())) {
      Value owner = arith::AddIOp::create(b, loc, row,
                                          i32Constant(int32_t(8 * matrix)));
      Value start = gpu::ShuffleOp::create(b, loc, named, owner,
                                           i32Constant(kWarpSize),
                                           gpu::ShuffleMode::IDX)
                        .getShuffleResult();
      Value first = arith::AddIOp::create(b, loc, asIndex(start), column);
      Value elements = LLVM::BitcastOp::create(b, loc, pair, word);
      for (int64_t i = 0; i < 2; ++i)
        memref::StoreOp::create(
            b, loc, vector::ExtractOp::create(b, loc, elements, i),
            op.getDestination(),
            ValueRange{arith::AddIOp::create(
                b, loc, first, arith::ConstantIndexOp::create(b, loc, i))});
    }
    op.erase();
  }
}
