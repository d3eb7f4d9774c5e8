//===- TileKernelForm.cpp - tile kernels read what NVIDIA's read ----------===//
//
// tile-llc, before convert-gpu-to-nvvm: a kernel in the tile-kernel form
// (`tilechain.tile_kernel`) reads its tile block id where NVIDIA's tileiras
// 13.5 reads it: %clusterid on sm_90 and newer, %ctaid before. Without
// cluster directives every CTA is a cluster of its own, so the two agree
// under a plain launch; the grid size stays %nctaid, which is also what
// NVIDIA reads in kernels without cluster directives (it reads %nclusterid
// only where it declares a cluster shape, as a kernel whose tile blocks are
// clusters does here too). A module with tile kernels also
// defines the 64-byte `___NV_TILE_LAUNCH_META_DATA___` that every NVIDIA
// tile module defines (zero, and referenced by none of its kernels).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Emit/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

/// The first chip whose tile kernels read the block id from %clusterid.
constexpr unsigned kClusterIdMinSM = 90;

constexpr llvm::StringLiteral kLaunchMetadataName =
    "___NV_TILE_LAUNCH_META_DATA___";
constexpr int64_t kLaunchMetadataBytes = 64;
constexpr unsigned kGlobalAddressSpace = 1;

void defineLaunchMetadata(gpu::GPUModuleOp gpuModule) {
  OpBuilder builder = OpBuilder::atBlockBegin(gpuModule.getBody());
  Location loc = gpuModule.getLoc();
  auto type =
      LLVM::LLVMArrayType::get(builder.getI8Type(), kLaunchMetadataBytes);
  auto global = LLVM::GlobalOp::create(
      builder, loc, type, /*isConstant=*/false, LLVM::Linkage::External,
      kLaunchMetadataName, /*value=*/Attribute(), /*alignment=*/8,
      kGlobalAddressSpace);
  Block *init = builder.createBlock(&global.getInitializerRegion());
  builder.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(builder, loc,
                         LLVM::ZeroOp::create(builder, loc, type));
}

/// convert-gpu-to-nvvm drops parameter attributes: the descriptions of the
/// kernel's tensor-map parameters (tile_dist.tensor_map) move to the
/// kernel's kTensorMapsAttrName, each with its parameter's index.
void keepTensorMapParameters(gpu::GPUFuncOp kernel) {
  SmallVector<Attribute> maps;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    auto description = kernel.getArgAttrOfType<DictionaryAttr>(
        i, tilechain::tile_dist::kTensorMapAttrName);
    if (!description)
      continue;
    NamedAttrList fields(description);
    fields.append("param", IntegerAttr::get(
                               IntegerType::get(kernel.getContext(), 64), i));
    maps.push_back(fields.getDictionary(kernel.getContext()));
  }
  if (!maps.empty())
    kernel->setAttr(tilechain::kTensorMapsAttrName,
                    ArrayAttr::get(kernel.getContext(), maps));
}

/// Replaces every `From` index op of `kernel` (block id, grid size) by the
/// `To` op of the same dimension and bound.
template <typename From, typename To>
void readInstead(gpu::GPUFuncOp kernel) {
  kernel.walk([](From op) {
    OpBuilder builder(op);
    auto replacement = To::create(builder, op.getLoc(), op.getDimension(),
                                  op.getUpperBoundAttr());
    op.replaceAllUsesWith(replacement.getResult());
    op.erase();
  });
}

struct TileKernelFormPass
    : public PassWrapper<TileKernelFormPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TileKernelFormPass)

  StringRef getArgument() const override {
    return "tilechain-tile-kernel-form";
  }
  StringRef getDescription() const override {
    return "Read the tile block id of tile kernels as NVIDIA's tileiras does "
           "and define the tile launch metadata";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp gpuModule = getOperation();
    auto tileKernels = llvm::filter_to_vector(
        gpuModule.getOps<gpu::GPUFuncOp>(), [](gpu::GPUFuncOp func) {
          return func->hasAttr(tilechain::kTileKernelAttrName);
        });
    if (tileKernels.empty())
      return;
    ArrayAttr targets = gpuModule.getTargetsAttr();
    auto target = targets && targets.size() == 1
                      ? dyn_cast<NVVM::NVVMTargetAttr>(targets[0])
                      : NVVM::NVVMTargetAttr();
    std::optional<tilechain::TargetInfo> chip =
        target ? tilechain::parseTarget(target.getChip()) : std::nullopt;
    if (!chip) {
      gpuModule.emitError("expected an #nvvm.target with an sm_XY chip");
      return signalPassFailure();
    }

    for (gpu::GPUFuncOp kernel : tileKernels)
      keepTensorMapParameters(kernel);
    if (chip->smVersion >= kClusterIdMinSM) {
      for (gpu::GPUFuncOp kernel : tileKernels) {
        readInstead<gpu::BlockIdOp, gpu::ClusterIdOp>(kernel);
        // A kernel whose tile blocks are clusters counts them.
        if (kernel->hasAttr(NVVM::NVVMDialect::getBlocksAreClustersAttrName()))
          readInstead<gpu::GridDimOp, gpu::ClusterDimOp>(kernel);
      }
    }
    defineLaunchMetadata(gpuModule);
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createTileKernelFormPass() {
  return std::make_unique<TileKernelFormPass>();
}
