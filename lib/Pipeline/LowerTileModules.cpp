//===- LowerTileModules.cpp - cuda_tile.module -> gpu.module --------------===//
//
// A cuda_tile.module becomes a gpu.module of the same name whose #nvvm.target
// carries the chip and optimization level the rest of the pipeline reads.
// Contents not lowered yet are rejected one by one, naming each op, so that a
// module never loses an op silently.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

struct LowerTileModulesPass
    : public PassWrapper<LowerTileModulesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerTileModulesPass)

  LowerTileModulesPass() = default;
  LowerTileModulesPass(const LowerTileModulesPass &other)
      : PassWrapper(other) {}
  LowerTileModulesPass(StringRef chip, unsigned level) {
    gpuName = chip.str();
    optLevel = level;
  }

  StringRef getArgument() const override {
    return "tilechain-lower-tile-modules";
  }
  StringRef getDescription() const override {
    return "Turn each cuda_tile.module into a gpu.module for the target chip";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, NVVM::NVVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *context = top.getContext();
    if (!tilechain::isSupportedGPUName(gpuName)) {
      top.emitError() << "unsupported --gpu-name '" << gpuName.getValue() << "'";
      return signalPassFailure();
    }
    if (optLevel > 3) {
      top.emitError() << "unsupported --opt-level " << optLevel.getValue()
                      << " (expected 0-3)";
      return signalPassFailure();
    }
    auto target = NVVM::NVVMTargetAttr::get(
        context, optLevel, "nvptx64-nvidia-cuda", gpuName, /*features=*/"");

    bool allLowered = true;
    OpBuilder builder(context);
    for (auto tileModule :
         llvm::make_early_inc_range(top.getOps<cuda_tile::ModuleOp>())) {
      for (Operation &op : tileModule.getBody().front()) {
        op.emitError() << "tile-lower cannot lower '" << op.getName()
                       << "' yet";
        allLowered = false;
      }
      if (!allLowered)
        continue;
      builder.setInsertionPoint(tileModule);
      gpu::GPUModuleOp::create(builder, tileModule.getLoc(),
                               tileModule.getSymName(),
                               builder.getArrayAttr({target}));
      tileModule.erase();
    }
    if (!allLowered)
      signalPassFailure();
  }

  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("The target chip, e.g. sm_120"),
                              llvm::cl::init("sm_100")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("Optimization level, 0-3"),
                            llvm::cl::init(3)};
};

} // namespace

std::unique_ptr<Pass> tilechain::createLowerTileModulesPass(StringRef gpuName,
                                                            unsigned optLevel) {
  return std::make_unique<LowerTileModulesPass>(gpuName, optLevel);
}
