//===- StageContract.cpp - the marker each stage leaves on its output -----===//
//
// Stages exchange files, so a stage can be handed a file from the wrong point
// of the pipeline. Each output names its producer in a module attribute, and
// each stage's pipeline starts by checking that name and the module's shape.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

StringRef producerOf(ModuleOp module) {
  if (auto stage = module->getAttrOfType<StringAttr>(tilechain::kStageAttrName))
    return stage.getValue();
  return "tile-read";
}

/// tile-read's and tile-lower's output: only cuda_tile.module ops at the
/// top level.
LogicalResult verifyTileModuleShape(ModuleOp module, StringRef stage) {
  bool sawTileModule = false;
  for (Operation &op : module.getBody()->getOperations()) {
    if (!isa<cuda_tile::ModuleOp>(op))
      return op.emitError() << "expected only cuda_tile.module at the top level "
                               "of "
                            << stage << "'s output, found '" << op.getName()
                            << "'";
    sawTileModule = true;
  }
  if (!sawTileModule)
    return module.emitError() << "expected a cuda_tile.module in " << stage
                              << "'s output";
  return success();
}

/// tile-lower's output: a tile program and the target it is lowered for.
LogicalResult verifyTileProgramShape(ModuleOp module) {
  if (failed(verifyTileModuleShape(module, "tile-lower")))
    return failure();
  if (!module->getAttrOfType<NVVM::NVVMTargetAttr>(tilechain::kTargetAttrName))
    return module.emitError() << "expected tile-lower's #nvvm.target in '"
                              << tilechain::kTargetAttrName << "'";
  if (!module->getAttrOfType<StringAttr>(tilechain::kTileFormAttrName))
    return module.emitError() << "expected tile-lower's tile form in '"
                              << tilechain::kTileFormAttrName << "'";
  return success();
}

/// tile-sched's output: gpu.module ops, each with one #nvvm.target.
LogicalResult verifyGPUModuleShape(ModuleOp module, StringRef stage) {
  for (Operation &op : module.getBody()->getOperations()) {
    auto gpuModule = dyn_cast<gpu::GPUModuleOp>(op);
    if (!gpuModule)
      return op.emitError() << "expected only gpu.module at the top level of "
                            << stage << "'s output, found '" << op.getName()
                            << "'";
    ArrayAttr targets = gpuModule.getTargetsAttr();
    if (!targets || targets.size() != 1 ||
        !isa<NVVM::NVVMTargetAttr>(targets[0]))
      return gpuModule.emitError("expected exactly one #nvvm.target");
  }
  return success();
}

struct ExpectStagePass
    : public PassWrapper<ExpectStagePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpectStagePass)

  ExpectStagePass() = default;
  ExpectStagePass(const ExpectStagePass &other) : PassWrapper(other) {}
  explicit ExpectStagePass(StringRef expected) { stage = expected.str(); }

  StringRef getArgument() const override { return "tilechain-expect-stage"; }
  StringRef getDescription() const override {
    return "Check that the input is the output of the given stage";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, NVVM::NVVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef producer = producerOf(module);
    if (producer != stage) {
      module.emitError() << "expected the output of " << stage
                         << ", but the input is the output of " << producer;
      return signalPassFailure();
    }
    LogicalResult shape = stage == "tile-read"
                              ? verifyTileModuleShape(module, stage)
                          : stage == "tile-lower"
                              ? verifyTileProgramShape(module)
                              : verifyGPUModuleShape(module, stage);
    if (failed(shape))
      signalPassFailure();
  }

  Option<std::string> stage{
      *this, "stage",
      llvm::cl::desc("The stage that must have produced the input"),
      llvm::cl::init("tile-read")};
};

struct MarkStagePass
    : public PassWrapper<MarkStagePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkStagePass)

  MarkStagePass() = default;
  MarkStagePass(const MarkStagePass &other) : PassWrapper(other) {}
  explicit MarkStagePass(StringRef producer) { stage = producer.str(); }

  StringRef getArgument() const override { return "tilechain-mark-stage"; }
  StringRef getDescription() const override {
    return "Record the stage that produced the module";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    module->setAttr(tilechain::kStageAttrName,
                    StringAttr::get(module.getContext(), stage));
  }

  Option<std::string> stage{*this, "stage",
                            llvm::cl::desc("The stage producing the module")};
};

} // namespace

std::unique_ptr<Pass> tilechain::createExpectStagePass(StringRef stage) {
  return std::make_unique<ExpectStagePass>(stage);
}

std::unique_ptr<Pass> tilechain::createMarkStagePass(StringRef stage) {
  return std::make_unique<MarkStagePass>(stage);
}
