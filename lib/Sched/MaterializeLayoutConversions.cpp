//===- MaterializeLayoutConversions.cpp - changes of layout carried out ---===//
//
// tile-sched, before the shared-memory plan: each tile_dist.convert_layout
// left by tilechain-remove-layout-conversions becomes a selection of
// registers or a round trip through a shared-memory buffer of its own
// (LayoutConversion.cpp), which tilechain-plan-shared-memory then places
// and whose leading barrier it drops where that orders nothing. A tile
// larger than the target's shared memory per CTA goes in rounds.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/LayoutConversion.h"
#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Sched/Passes.h"

#include "ModuleTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <limits>

using namespace mlir;
using namespace tilechain;
using tile_dist::ConvertLayoutOp;

namespace {

struct MaterializeLayoutConversionsPass
    : public PassWrapper<MaterializeLayoutConversionsPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MaterializeLayoutConversionsPass)

  StringRef getArgument() const override {
    return "tilechain-materialize-layout-conversions";
  }
  StringRef getDescription() const override {
    return "Carry out each tile_dist.convert_layout: a selection of "
           "registers, or a round trip through shared memory between barriers";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect,
                    vector::VectorDialect>();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      SmallVector<ConvertLayoutOp> conversions;
      func.walk([&](ConvertLayoutOp op) { conversions.push_back(op); });
      if (conversions.empty())
        continue;
      // As tile-sched computes them (CSE merges the two).
      auto b = OpBuilder::atBlockBegin(&func.getBody().front());
      auto [lane, warp] = laneAndWarp(b, func.getLoc());
      // A CTA's share of the SM where the kernel asks for several
      // (nvvm.minctasm, from an occupancy hint), as the materialization
      // checked; no limit where the module names no target (a test's).
      std::optional<TargetInfo> target = moduleTarget(func);
      auto ctas = func->getAttrOfType<IntegerAttr>(
          NVVM::NVVMDialect::getMinctasmAttrName());
      int64_t limit =
          target ? sharedBytesPerCTA(*target, ctas ? ctas.getInt() : 1)
                 : std::numeric_limits<int64_t>::max();
      for (ConvertLayoutOp op : conversions)
        materializeLayoutConversion(op, lane, warp, limit);
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createMaterializeLayoutConversionsPass() {
  return std::make_unique<MaterializeLayoutConversionsPass>();
}
