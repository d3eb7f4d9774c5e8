//===- RecordTarget.cpp - tile-lower: the target the tile program is for --===//
//
// tile-lower's output is a tile-level program; tile-sched materializes it
// into per-thread code for a chip. The chip, the optimization level and the
// tile form are options of tile-lower only: it checks them first and records
// them on the module (kTargetAttrName, kTileFormAttrName), so that the passes
// after it, tile-sched's too, take no target options (Target.h) and a file
// says what it was lowered for.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

std::optional<tilechain::TargetInfo>
tilechain::recordedTarget(ModuleOp module) {
  auto recorded = module->getAttrOfType<NVVM::NVVMTargetAttr>(kTargetAttrName);
  std::optional<TargetInfo> target =
      recorded ? parseTarget(loweringChip(recorded.getChip())) : std::nullopt;
  if (!target)
    module.emitError() << "expected the target tile-lower records ("
                       << kTargetAttrName << ", tilechain-record-target)";
  return target;
}

namespace {

struct RecordTargetPass
    : public PassWrapper<RecordTargetPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RecordTargetPass)

  RecordTargetPass() = default;
  RecordTargetPass(const RecordTargetPass &other) : PassWrapper(other) {}
  explicit RecordTargetPass(const tilechain::LowerOptions &options) {
    gpuName = options.gpuName;
    optLevel = options.optLevel;
    tileForm = options.parallel ? "parallel" : "serial";
  }

  StringRef getArgument() const override { return "tilechain-record-target"; }
  StringRef getDescription() const override {
    return "Check the target chip, optimization level and tile form and "
           "record them on the module for tile-sched";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<NVVM::NVVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!tilechain::isSupportedGPUName(gpuName)) {
      module.emitError() << "unsupported --gpu-name '" << gpuName.getValue()
                         << "'";
      return signalPassFailure();
    }
    if (optLevel > 3) {
      module.emitError() << "unsupported --opt-level " << optLevel.getValue()
                         << " (expected 0-3)";
      return signalPassFailure();
    }
    if (tileForm != "serial" && tileForm != "parallel") {
      module.emitError() << "unsupported tile form '" << tileForm.getValue()
                         << "' (expected serial or parallel)";
      return signalPassFailure();
    }
    MLIRContext *context = module.getContext();
    module->setAttr(tilechain::kTargetAttrName,
                    NVVM::NVVMTargetAttr::get(context, optLevel,
                                              "nvptx64-nvidia-cuda", gpuName));
    module->setAttr(tilechain::kTileFormAttrName,
                    StringAttr::get(context, tileForm));
  }

  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("The target chip, e.g. sm_120"),
                              llvm::cl::init("sm_100")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("Optimization level, 0-3"),
                            llvm::cl::init(3)};
  Option<std::string> tileForm{
      *this, "tile-form",
      llvm::cl::desc("serial, or parallel: tiles spread over a CTA's "
                     "threads where every op of a kernel allows it"),
      llvm::cl::init("serial")};
};

} // namespace

std::unique_ptr<Pass>
tilechain::createRecordTargetPass(const LowerOptions &options) {
  return std::make_unique<RecordTargetPass>(options);
}
