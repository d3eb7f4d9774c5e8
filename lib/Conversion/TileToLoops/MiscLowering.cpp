//===- MiscLowering.cpp - tokens, assumptions, grid queries ---------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace tilechain;

/// The three i32 coordinates of a gpu id op (block id, grid size).
template <typename GpuIdOp>
static void mapDimensions(TileLowering &lowering, Operation *op) {
  OpBuilder &b = lowering.b();
  Location loc = op->getLoc();
  const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                                 gpu::Dimension::z};
  for (auto [result, dim] : llvm::zip(op->getResults(), dims)) {
    Value id = GpuIdOp::create(b, loc, dim);
    lowering.map(result,
                 arith::IndexCastUIOp::create(b, loc, b.getI32Type(), id));
  }
}

void tilechain::addMiscLowerings(LoweringTable &table) {
  // One thread runs the program in order, so tokens carry nothing.
  table.add("cuda_tile.make_token",
            [](TileLowering &, Operation *) { return success(); });
  table.add("cuda_tile.join_tokens",
            [](TileLowering &, Operation *) { return success(); });
  // Facts pass their value through unchanged.
  table.add<cuda_tile::AssumeOp>([](TileLowering &l, cuda_tile::AssumeOp op) {
    l.map(op.getResult(), l.lookup(op.getValue()));
    return success();
  });
  table.add("cuda_tile.get_tile_block_id", [](TileLowering &l, Operation *op) {
    mapDimensions<gpu::BlockIdOp>(l, op);
    return success();
  });
  table.add("cuda_tile.get_num_tile_blocks",
            [](TileLowering &l, Operation *op) {
              mapDimensions<gpu::GridDimOp>(l, op);
              return success();
            });
}
