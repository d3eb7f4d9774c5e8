//===- Pipeline.cpp - the MLIR pass pipelines of the stages ---------------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Pipeline/Passes.h"
#include "tilechain/Emit/Passes.h"
#include "tilechain/Host/Passes.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Sched/Passes.h"

#include "tilechain/Analysis/TestPasses.h"
#include "tilechain/Emit/TileDistToNVVM/TileDistToNVVM.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;


namespace {

/// Adds a stage's passes in order until its stop point.
class StagePasses {
public:
  explicit StagePasses(const tilechain::StopPoint &stop) : stop(stop) {}

  void add(OpPassManager &pm, std::unique_ptr<Pass> pass) {
    if (reached)
      return;
    StringRef name = pass->getArgument();
    if (name == stop.before) {
      reached = true;
      return;
    }
    pm.addPass(std::move(pass));
    reached = name == stop.after;
  }

  LogicalResult finish() const { return success(stop.empty() || reached); }

private:
  const tilechain::StopPoint &stop;
  bool reached = false;
};

} // namespace

LogicalResult tilechain::populateLowerPipeline(OpPassManager &pm,
                                               const LowerOptions &options,
                                               const StopPoint &stop) {
  StagePasses passes(stop);
  passes.add(pm, createExpectStagePass("tile-read"));
  // The target first: the passes after it plan for the chip it records.
  passes.add(pm, createRecordTargetPass(options));
  if (options.parallel) {
    // A cluster's CTAs each take a slice of the tiles before anything is
    // planned for a CTA's warps.
    passes.add(pm, createSplitTilesOverClusterPass());
    passes.add(pm, createHoistLoopInvariantsPass());
    // The CTA's warps next: the passes after it shape the program for
    // them (an accumulator's registers per thread, an instruction's tiling).
    passes.add(pm, createAssignWarpsPass());
    passes.add(pm, createSplitWideAccumulatorsPass());
    passes.add(pm, createExpandScaledMmaPass());
    passes.add(pm, createPrefetchBlockScalesPass());
    passes.add(pm, createChooseMmaInstructionsPass());
    passes.add(pm, createAssignLayoutsPass());
  }
  passes.add(pm, createMarkStagePass("tile-lower"));
  return passes.finish();
}

LogicalResult tilechain::populateSchedPipeline(OpPassManager &pm,
                                               const StopPoint &stop) {
  StagePasses passes(stop);
  passes.add(pm, createExpectStagePass("tile-lower"));
  passes.add(pm, createPlanMmaOperandsPass());
  passes.add(pm, createPlanMmaPipelinesPass());
  passes.add(pm, createPlanViewStoresPass());
  passes.add(pm, createAllocMmaRingsPass());
  passes.add(pm, createExpandMmaPipelinesPass());
  passes.add(pm, createSpecializeWarpsPass());
  passes.add(pm, createMaterializeThreadsPass());
  OpPassManager &perGPUModule = pm.nest<gpu::GPUModuleOp>();
  // The changes of layout the materialization asked for, fewer, then
  // carried out.
  passes.add(perGPUModule, createRemoveLayoutConversionsPass());
  passes.add(perGPUModule, createMaterializeLayoutConversionsPass());
  // Then, while every write-after-read barrier still precedes its
  // exchange's writes (the canonicalizer merges adjacent barriers).
  passes.add(perGPUModule, createPlanSharedMemoryPass());
  // Tile buffers nothing reads (a splat filled in by value instead of
  // copied) are dropped with their fill loops before they take space.
  passes.add(perGPUModule, createCanonicalizerPass());
  passes.add(perGPUModule, createAssignTileBuffersPass());
  passes.add(perGPUModule, createCanonicalizerPass());
  passes.add(perGPUModule, createCSEPass());
  passes.add(perGPUModule, createLoopInvariantCodeMotionPass());
  // Last, on the code as it stays, the synchronisation that orders nothing:
  // a thread's second fence over its mbarrier setups, barriers across which
  // no two threads' accesses conflict.
  passes.add(perGPUModule, createDropCoveredMbarrierFencesPass());
  passes.add(perGPUModule, createDropRedundantBarriersPass());
  // Last: the barriers the passes above placed and kept, after a
  // warp-specialized kernel's split, become its consumers' own.
  passes.add(perGPUModule, createNameConsumerBarriersPass());
  passes.add(pm, createMarkStagePass("tile-sched"));
  return passes.finish();
}

void tilechain::populateLLCPipeline(OpPassManager &pm, bool lineInfo) {
  pm.addPass(createExpectStagePass("tile-sched"));
  OpPassManager &perGPUModule = pm.nest<gpu::GPUModuleOp>();
  perGPUModule.addPass(createSCFToControlFlowPass());
  perGPUModule.addPass(createTileKernelFormPass());
  // nvgpu.ldmatrix (the mma.sync operands) to nvvm.ldmatrix, before the
  // memrefs it reads become LLVM descriptors.
  perGPUModule.addPass(createConvertNVGPUToNVVMPass());
  perGPUModule.addPass(createConvertGpuOpsToNVVMOps());
  // NVVM ops that are PTX text (wgmma.mma_async) to inline assembly.
  perGPUModule.addPass(createConvertNVVMToLLVMPass());
  perGPUModule.addPass(createLoopAnnotationsPass());

  pm.addPass(createReconcileUnrealizedCastsPass());
  if (lineInfo) {
    pm.addPass(createCallSiteLocationsPass());
    LLVM::DIScopeForLLVMFuncOpPassOptions scopes;
    scopes.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(scopes));
  }
}

void tilechain::populateHostLLCPipeline(OpPassManager &pm) {
  pm.addPass(createExpectStagePass("tile-sched"));
  pm.addPass(createHostKernelsPass());
  pm.addPass(createSCFToControlFlowPass());
  // Intrinsics first; what has none (tanh, erf, atan2, ...) calls libm.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createHostCoroutinesPass());
}

void tilechain::registerPipelineDialects(DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect, tile_dist::TileDistDialect,
                  gpu::GPUDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect>();
  // What tile-llc's convert-gpu-to-nvvm lowers besides gpu itself.
  registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, math::MathDialect,
                  memref::MemRefDialect, nvgpu::NVGPUDialect, scf::SCFDialect,
                  vector::VectorDialect>();
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  registerConvertTileDistToNVVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

namespace {

/// tile-lower's options, for its pipeline run by name (tilechain-lower).
struct LowerPipelineOptions
    : public PassPipelineOptions<LowerPipelineOptions> {
  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("The target chip, e.g. sm_120"),
                              llvm::cl::init("sm_100")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("Optimization level, 0-3"),
                            llvm::cl::init(3)};
  enum class Form { Serial, Parallel };
  Option<Form> tileForm{
      *this, "tile-form", llvm::cl::desc("How tiles are spread over threads"),
      llvm::cl::values(clEnumValN(Form::Serial, "serial", "one thread"),
                       clEnumValN(Form::Parallel, "parallel",
                                  "the CTA's threads, where possible")),
      llvm::cl::init(Form::Serial)};
};

} // namespace

void tilechain::registerPipelinePasses() {
  // The stages' default pipelines by name, so that one tool can run several
  // stages: a test of what tile-sched says about a cuda_tile source runs
  // `tile-sched --tilechain-lower=... --tilechain-sched` on it.
  PassPipelineRegistration<LowerPipelineOptions>(
      "tilechain-lower", "tile-lower's pipeline",
      [](OpPassManager &pm, const LowerPipelineOptions &given) {
        LowerOptions options;
        options.gpuName = given.gpuName;
        options.optLevel = given.optLevel;
        options.parallel =
            given.tileForm == LowerPipelineOptions::Form::Parallel;
        (void)populateLowerPipeline(pm, options);
      });
  PassPipelineRegistration<>("tilechain-sched", "tile-sched's pipeline",
                             [](OpPassManager &pm) {
                               (void)populateSchedPipeline(pm);
                             });
  registerPass([] { return createExpectStagePass("tile-read"); });
  registerPass([] { return createMarkStagePass("tile-lower"); });
  registerPass([] { return createSplitTilesOverClusterPass(); });
  registerPass([] { return createHoistLoopInvariantsPass(); });
  registerPass([] { return createSplitWideAccumulatorsPass(); });
  registerPass([] { return createExpandScaledMmaPass(); });
  registerPass([] { return createPrefetchBlockScalesPass(); });
  registerPass([] { return createAssignWarpsPass(); });
  registerPass([] { return createChooseMmaInstructionsPass(); });
  registerPass([] { return createAssignLayoutsPass(); });
  registerPass([] { return createRecordTargetPass(LowerOptions()); });
  registerPass([] { return createPlanMmaOperandsPass(); });
  registerPass([] { return createPlanMmaPipelinesPass(); });
  registerPass([] { return createPlanViewStoresPass(); });
  registerPass([] { return createAllocMmaRingsPass(); });
  registerPass([] { return createExpandMmaPipelinesPass(); });
  registerPass([] { return createSpecializeWarpsPass(); });
  registerPass([] { return createMaterializeThreadsPass(); });
  registerPass([] { return createAssignTileBuffersPass(); });
  registerPass([] { return createRemoveLayoutConversionsPass(); });
  registerPass([] { return createMaterializeLayoutConversionsPass(); });
  registerPass([] { return createPlanSharedMemoryPass(); });
  registerPass([] { return createDropCoveredMbarrierFencesPass(); });
  registerPass([] { return createDropRedundantBarriersPass(); });
  registerPass([] { return createNameConsumerBarriersPass(); });
  registerPass([] { return createTileKernelFormPass(); });
  registerPass([] { return createLoopAnnotationsPass(); });
  registerPass([] { return createCallSiteLocationsPass(); });
  registerPass([] { return createTestAxisInfoPass(); });
}
