//===- MaterializeThreads.cpp - tile program -> per-thread gpu.module -----===//
//
// tile-sched's last step: the tile-level program tile-lower wrote, for the
// target it recorded (RecordTarget.cpp), becomes per-thread code. A
// cuda_tile.module becomes a gpu.module of the same name whose #nvvm.target
// carries the chip and optimization level the rest of the pipeline reads.
// Each cuda_tile.entry becomes a gpu.func kernel of the same name and the
// same flattened parameters, its body lowered by TileLowering; globals become
// LLVM globals. Ops nothing can lower yet are rejected one by one, naming the
// op, so that a module never loses an op silently.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "tilechain/Lower/Occupancy.h"
#include "tilechain/Lower/Warps.h"
#include "tilechain/Target/PTXIdentifier.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "tilechain/Sched/Materialize/Fp8MmaSync.h"
#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

/// Kernels and globals keep their names in the PTX (PTXIdentifier.h).
LogicalResult checkPTXName(Operation *op, StringRef kind, StringRef name) {
  std::string why = tilechain::whyNotPTXIdentifier(name);
  if (why.empty())
    return success();
  std::string escaped;
  llvm::raw_string_ostream os(escaped);
  llvm::printEscapedString(name, os);
  return op->emitError() << kind << " name \"" << escaped
                         << "\" is not a PTX identifier: " << why
                         << " (PTX identifiers are [A-Za-z][A-Za-z0-9_$]* or "
                            "[_$][A-Za-z0-9_$]+; names are kept as written, "
                            "since front ends look kernels up by name)";
}

/// Whether a kernel of `module` runs mma.sync on fp8 inputs (Fp8MmaSync.h).
bool usesFp8MmaSync(gpu::GPUModuleOp module) {
  return module
      .walk([](LLVM::CallIntrinsicOp call) {
        return tilechain::parseFp8MmaSyncIntrinsic(call.getIntrin())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether a kernel of `module` has an `OpT`.
template <typename OpT> bool uses(gpu::GPUModuleOp module) {
  return module.walk([](OpT) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// fp8 mma.sync needs PTX 8.7. The chips whose minimum PTX ISA is older
/// (the others' is 8.7 or newer already) are raised to it for modules that
/// use it, and only for those, so that other PTX keeps its version.
bool needsPtx87ForFp8Mma(StringRef gpuName) {
  return llvm::is_contained({"sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a"},
                            gpuName);
}

/// A gpu.func kernel with `entry`'s name and flattened parameters, or null
/// after a diagnostic.
gpu::GPUFuncOp createKernel(cuda_tile::EntryOp entry, OpBuilder &builder) {
  SmallVector<Type> argTypes;
  for (Type t : entry.getArgumentTypes()) {
    Type converted = tilechain::TileLowering::convertType(t);
    if (!converted || isa<MemRefType>(converted)) {
      entry.emitError() << "tilechain cannot lower kernel parameter of type "
                        << t;
      return {};
    }
    argTypes.push_back(converted);
  }
  auto func = gpu::GPUFuncOp::create(builder, entry.getLoc(),
                                     entry.getSymName(),
                                     builder.getFunctionType(argTypes, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  // Each tile block a cluster of N x 1 x 1 CTAs, the launch's grid
  // counting clusters (tilechain-split-tiles-over-cluster).
  if (auto ctas = entry->getAttrOfType<IntegerAttr>(
          tilechain::tile_dist::TileDistDialect::kClusterCTAsAttrName)) {
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  builder.getDenseI32ArrayAttr(
                      {static_cast<int32_t>(ctas.getInt())}));
    func->setAttr(NVVM::NVVMDialect::getBlocksAreClustersAttrName(),
                  builder.getUnitAttr());
  }
  return func;
}

/// Lowers `entry`'s body into `func` with `lowering`.
LogicalResult lowerBody(cuda_tile::EntryOp entry, gpu::GPUFuncOp func,
                        tilechain::TileLowering &lowering,
                        OpBuilder &bodyBuilder) {
  Block &source = entry.getBody().front();
  for (auto [from, to] :
       llvm::zip(source.getArguments(), func.getBody().getArguments()))
    lowering.map(from, to);
  if (failed(lowering.lowerBlock(source)))
    return failure();
  gpu::ReturnOp::create(bodyBuilder, source.getTerminator()->getLoc());
  return success();
}

LogicalResult lowerSerialEntry(cuda_tile::EntryOp entry, OpBuilder &builder,
                               const tilechain::TargetInfo &target) {
  gpu::GPUFuncOp func = createKernel(entry, builder);
  if (!func)
    return failure();
  // The serial layout runs the whole tile program on one thread; the PTX
  // says so (.reqntid 1, 1, 1), so a launch with more threads fails instead
  // of racing. (known_block_size would add a .maxntid, which ptxas refuses
  // beside .reqntid.)
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                builder.getDenseI32ArrayAttr({1, 1, 1}));
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&func.getBody().front());
  tilechain::TileLowering lowering(bodyBuilder, target);
  return lowerBody(entry, func, lowering, bodyBuilder);
}

/// The ring each mma stages its operands in (tile_dist.in_ring, whose
/// verifier keeps an mma's operands in one ring), with the in_ring ops
/// taken out of `entry`: the materialization reads an mma's operands where
/// they are defined (a copied view load, a recorded layout), as the plans
/// it checks read them before the rings were allocated.
llvm::DenseMap<Operation *, Value> takeMmaRings(cuda_tile::EntryOp entry) {
  llvm::DenseMap<Operation *, Value> rings;
  SmallVector<tilechain::tile_dist::InRingOp> staged;
  entry.walk([&](tilechain::tile_dist::InRingOp op) { staged.push_back(op); });
  for (tilechain::tile_dist::InRingOp op : staged) {
    for (Operation *mma : op->getUsers())
      rings[mma] = op.getRing();
    op.replaceAllUsesWith(op.getTile());
    op.erase();
  }
  return rings;
}

/// Reports that `entry` runs in the serial form, and why.
void remarkSerialForm(cuda_tile::EntryOp entry, const Twine &why) {
  tilechain::TileRemark remark{tilechain::TileRemarkKind::Missed,
                               tilechain::kKernelRemarks,
                               "RemarkKernelSerialForm",
                               entry.getLoc(),
                               "Kernel runs in the serial form: one thread "
                               "computes every tile",
                               {}};
  tilechain::reportTileRemark(remark.reason(why.str()), entry.getSymName());
}

/// The remark on `hint` (RemarkHint, or RemarkHintNotFollowed with why).
void remarkOccupancyHint(tilechain::TileLowering &lowering,
                         cuda_tile::EntryOp entry,
                         const tilechain::OccupancyHint &hint,
                         int64_t threads) {
  std::string occupancy = std::to_string(*hint.occupancy);
  if (!tilechain::isValidOccupancy(*hint.occupancy)) {
    lowering
        .remark(tilechain::TileRemarkKind::Missed, tilechain::kHintRemarks,
                "RemarkHintNotFollowed", entry.getLoc(),
                "OptimizationHint occupancy not followed")
        .note("Occupancy", occupancy)
        .reason(*hint.occupancy < 1
                    ? "an occupancy hint asks for at least 1 CTA per SM; the "
                      "kernel is compiled as if it had none"
                    : "an occupancy hint asks for at most " +
                          std::to_string(cuda_tile::OptimizationHintsAttr::
                                             kMaxOccupancy) +
                          " CTAs per SM; the kernel is compiled as if it "
                          "had none");
    return;
  }
  if (!hint.followed) {
    lowering
        .remark(tilechain::TileRemarkKind::Missed, tilechain::kHintRemarks,
                "RemarkHintNotFollowed", entry.getLoc(),
                "OptimizationHint occupancy not followed")
        .note("Occupancy", occupancy)
        .reason(occupancy + " CTAs of " + std::to_string(threads) +
                " threads per SM would cap a thread at " +
                std::to_string(hint.registers) +
                " registers; every warp of the kernel computes (no warp "
                "specialization), and its tiles would spill");
    return;
  }
  lowering
      .remark(tilechain::TileRemarkKind::Passed, tilechain::kHintRemarks,
              "RemarkHint", entry.getLoc(), "OptimizationHint used occupancy")
      .note("Occupancy", occupancy)
      .note("Registers",
            std::to_string(
                std::min(hint.registers, tilechain::kMaxThreadRegisters)))
      .note("SharedBytes",
            std::to_string(lowering.getTarget().sharedBytesPerBlock));
}

/// Says, as a remark on each op of `entry` with tile results, where the
/// layout of each result that `lowering` distributed over the threads came
/// from: `recorded` (recordedLayout), `default` (none recorded,
/// the default layout), `chosen` (none recorded: the materialization chose
/// another) or `not the recorded one`; and `broadcast` (held as a smaller
/// tile's registers), `splat`, `not distributed` or `not lowered` for the
/// others. Issue 41 wants every layout recorded on the
/// tile program (docs/tile-async.md): this measures how far it is.
void reportLayouts(cuda_tile::EntryOp entry,
                   const tilechain::TileLowering &lowering) {
  entry.walk([&](Operation *op) {
    if (op == entry.getOperation())
      return;
    for (OpResult result : op->getResults()) {
      auto type = dyn_cast<cuda_tile::TileType>(result.getType());
      if (!type || type.getShape().empty())
        continue;
      tilechain::tile_dist::LinearLayoutAttr recorded =
          tilechain::recordedLayout(result);
      InFlightDiagnostic remark = op->emitRemark()
                                  << op->getName() << " result "
                                  << result.getResultNumber() << " layout: ";
      if (!lowering.isLowered(result)) {
        remark << "not lowered";
        continue;
      }
      if (lowering.lookupSplat(result)) {
        remark << "splat";
        continue;
      }
      Value lowered = lowering.lookup(result);
      if (!lowering.hasLayout(lowered)) {
        remark << "not distributed";
        continue;
      }
      const tilechain::LinearLayout &layout = lowering.getLayout(lowered);
      if (layout.getShape() != type.getShape())
        remark << "broadcast";
      else if (recorded)
        remark << (recorded.getLayout() == layout ? "recorded"
                                                   : "not the recorded one");
      else if (layout == lowering.defaultLayout(type))
        remark << "default";
      else
        remark << "chosen " << layout.str();
    }
  });
}

/// The warp-specialized kernel `func`, whose producer warpgroup leaves the
/// `numWarps` consumer warps (tile_dist.ring_producer): the CTA gets that
/// warpgroup, and the kernel the count of its consumers, whose barriers
/// after the split tilechain-name-consumer-barriers names for them once
/// the passes that place and drop barriers have run.
void specializeWarps(gpu::GPUFuncOp func, unsigned numWarps,
                     OpBuilder &builder) {
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                builder.getDenseI32ArrayAttr(
                    {static_cast<int32_t>((numWarps + 4) * 32), 1, 1}));
  func->setAttr(tilechain::kConsumerWarpsAttrName,
                builder.getI32IntegerAttr(numWarps));
}

/// A try at the parallel form over `numWarps` warps: the kernel, or null
/// with `declineReason` set when an op keeps it from the parallel form (and
/// failure on errors). With `layoutReport`, the kernel's layouts are
/// reported (reportLayouts).
FailureOr<gpu::GPUFuncOp>
tryParallelEntry(cuda_tile::EntryOp entry, unsigned numWarps,
                 const llvm::DenseMap<Operation *, Value> &rings,
                 OpBuilder &builder, const tilechain::TargetInfo &target,
                 std::optional<std::string> &declineReason,
                 bool layoutReport) {
  gpu::GPUFuncOp func = createKernel(entry, builder);
  if (!func)
    return failure();
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                builder.getDenseI32ArrayAttr(
                    {static_cast<int32_t>(numWarps * 32), 1, 1}));
  int64_t threads = int64_t(numWarps) * 32;
  tilechain::OccupancyHint occupancy =
      tilechain::occupancyHint(entry, target, threads);
  func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                builder.getI32IntegerAttr(
                    occupancy.followed ? *occupancy.occupancy : 1));
  func->setAttr(tilechain::kTileKernelAttrName, builder.getUnitAttr());
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&func.getBody().front());
  Location loc = entry.getLoc();
  auto [lane, warp] = tilechain::laneAndWarp(bodyBuilder, loc);
  tilechain::TargetInfo ctaTarget =
      tilechain::kernelTarget(entry, target, numWarps);
  tilechain::TileLowering lowering(bodyBuilder, ctaTarget);
  if (occupancy.occupancy)
    remarkOccupancyHint(lowering, entry, occupancy, threads);
  lowering.startParallel(numWarps, lane, warp, func,
                         ctaTarget.sharedBytesPerBlock);
  lowering.setMmaRings(rings);
  bool lowered = succeeded(lowerBody(entry, func, lowering, bodyBuilder));
  declineReason = lowering.getDeclineReason();
  if (lowered && !declineReason && lowering.getConsumersStart())
    specializeWarps(func, numWarps, builder);
  if (lowered && !declineReason) {
    tilechain::reportTileRemarks(lowering.getRemarks(), entry.getSymName());
    if (layoutReport)
      reportLayouts(entry, lowering);
    return func;
  }
  func.erase();
  if (!declineReason)
    return failure();
  return gpu::GPUFuncOp();
}

/// The parallel form: the kernel's tiles spread over the CTA's threads, in
/// NVIDIA's tile-kernel form (docs/tile-kernel-contract.md). When an op has
/// no parallel lowering yet, the kernel is lowered serially and a remark
/// says which op kept it there. Each mma runs on the instruction tile-lower
/// recorded for it; the materialization does not revisit that choice.
LogicalResult lowerParallelEntry(cuda_tile::EntryOp entry, OpBuilder &builder,
                                 const tilechain::TargetInfo &target,
                                 bool layoutReport) {
  llvm::DenseMap<Operation *, Value> rings = takeMmaRings(entry);
  unsigned numWarps = tilechain::recordedNumWarps(entry);
  if (!numWarps ||
      failed(tilechain::checkAssignedLayouts(entry, numWarps)) ||
      failed(tilechain::checkRecordedMmas(entry, target, numWarps)))
    return failure();
  int64_t largest = tilechain::largestTileElements(entry);
  int64_t threads = int64_t(numWarps) * 32;
  if (largest > tilechain::kMaxElementsPerThread * threads) {
    remarkSerialForm(entry, "its largest tile has " + Twine(largest) +
                                " elements, more than " +
                                Twine(tilechain::kMaxElementsPerThread) +
                                " per thread over " + Twine(threads) +
                                " threads");
    return lowerSerialEntry(entry, builder, target);
  }
  std::optional<std::string> declineReason;
  FailureOr<gpu::GPUFuncOp> func = tryParallelEntry(
      entry, numWarps, rings, builder, target, declineReason, layoutReport);
  if (failed(func))
    return failure();
  if (*func)
    return success();
  remarkSerialForm(entry, *declineReason);
  return lowerSerialEntry(entry, builder, target);
}

struct MaterializeThreadsPass
    : public PassWrapper<MaterializeThreadsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MaterializeThreadsPass)

  MaterializeThreadsPass() = default;
  MaterializeThreadsPass(const MaterializeThreadsPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override {
    return "tilechain-materialize-threads";
  }
  StringRef getDescription() const override {
    return "Turn each cuda_tile.module of the tile-level program into a "
           "gpu.module of per-thread code for the recorded target";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                    math::MathDialect, memref::MemRefDialect,
                    nvgpu::NVGPUDialect, NVVM::NVVMDialect, scf::SCFDialect,
                    tilechain::tile_dist::TileDistDialect,
                    vector::VectorDialect>();
  }

  /// For tests and measurements: a remark on each op with tile results
  /// saying where their layouts came from (reportLayouts).
  Option<bool> layoutReport{
      *this, "report-layouts",
      llvm::cl::desc("remark where each tile result's layout came from")};

  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *context = top.getContext();
    auto recorded =
        top->getAttrOfType<NVVM::NVVMTargetAttr>(tilechain::kTargetAttrName);
    auto form = top->getAttrOfType<StringAttr>(tilechain::kTileFormAttrName);
    if (!recorded || !form ||
        !llvm::is_contained({"serial", "parallel"}, form.getValue())) {
      top.emitError() << "expected the target and tile form tile-lower "
                         "records (" << tilechain::kTargetAttrName << ", "
                      << tilechain::kTileFormAttrName << ")";
      return signalPassFailure();
    }
    StringRef gpuName = recorded.getChip();
    unsigned optLevel = recorded.getO();
    bool parallel = form.getValue() == "parallel";
    // The chip whose code is generated (sm_100's for sm_107: RetargetPTX.h).
    StringRef chip = tilechain::loweringChip(gpuName);
    std::optional<tilechain::TargetInfo> target = tilechain::parseTarget(chip);
    if (!target || !tilechain::isSupportedGPUName(gpuName) || optLevel > 3) {
      top.emitError() << "unsupported target " << recorded;
      return signalPassFailure();
    }
    // The gpu.modules' #nvvm.target records it from here on.
    top->removeAttr(tilechain::kTargetAttrName);
    top->removeAttr(tilechain::kTileFormAttrName);
    // sm_89's minimum PTX ISA (7.8) has no f8 conversions (cvt ... e4m3x2);
    // they arrived for it in PTX 8.1, which every ptxas we accept reads.
    auto targetWith = [&](StringRef features, StringRef nvptxChip = {}) {
      return NVVM::NVVMTargetAttr::get(context, optLevel, "nvptx64-nvidia-cuda",
                                       nvptxChip.empty() ? chip : nvptxChip,
                                       features);
    };
    auto targetAttr = targetWith(chip == "sm_89" ? "+ptx81" : "");

    // The builtin module is the compile unit of tile-llc's --lineinfo debug
    // scopes, whose file is the module's. It takes the location of the tile
    // module, not that of the file the stage was parsed from (which a staged
    // build names after its intermediate file): staged and in-process
    // compiles give the same PTX.
    top->setLoc(UnknownLoc::get(context));
    bool allLowered = true;
    OpBuilder builder(context);
    for (auto tileModule :
         llvm::make_early_inc_range(top.getOps<cuda_tile::ModuleOp>())) {
      // Below cuda_tile, a source position is a plain file:line:col; the
      // debug scopes are rebuilt from it by tile-llc for --lineinfo.
      AttrTypeReplacer plainLocations;
      plainLocations.addReplacement(
          [](cuda_tile::DILocAttr loc) -> Attribute { return loc.getSourceLoc(); });
      plainLocations.recursivelyReplaceElementsIn(
          tileModule, /*replaceAttrs=*/false, /*replaceLocs=*/true,
          /*replaceTypes=*/false);

      top->setLoc(tileModule.getLoc());
      builder.setInsertionPoint(tileModule);
      auto gpuModule = gpu::GPUModuleOp::create(
          builder, tileModule.getLoc(), tileModule.getSymName(),
          builder.getArrayAttr({targetAttr}));
      if (chip != gpuName)
        gpuModule->setAttr(tilechain::kPTXChipAttrName,
                           builder.getStringAttr(gpuName));
      builder.setInsertionPointToStart(gpuModule.getBody());
      for (Operation &op : tileModule.getBody().front()) {
        LogicalResult lowered = failure();
        if (auto entry = dyn_cast<cuda_tile::EntryOp>(op))
          lowered = failed(checkPTXName(entry, "kernel", entry.getSymName()))
                        ? failure()
                    : parallel ? lowerParallelEntry(entry, builder, *target,
                                                    layoutReport)
                               : lowerSerialEntry(entry, builder, *target);
        else if (auto global = dyn_cast<cuda_tile::GlobalOp>(op))
          lowered = succeeded(checkPTXName(global, "global",
                                           global.getSymName()))
                        ? tilechain::lowerGlobal(global.getOperation(), builder)
                        : failure();
        else
          op.emitError() << "tilechain cannot lower '" << op.getName()
                         << "' yet";
        allLowered &= succeeded(lowered);
      }
      tileModule.erase();
      bool fp8 =
          needsPtx87ForFp8Mma(chip) && usesFp8MmaSync(gpuModule);
      // wgmma and tcgen05.mma exist only on the arch-specific targets
      // sm_90a and sm_100a, which NVIDIA's tileiras always uses; TMA copies
      // as PTX 8.6 writes them (`.shared::cta` destinations) need it on
      // sm_90, whose minimum PTX is 7.8 (sm_100's is 8.6), and so do TMA
      // stores (their `fence.proxy.async` is PTX 8.0).
      bool wgmma = chip == "sm_90" &&
                   uses<tilechain::tile_dist::WarpgroupMmaOp>(gpuModule);
      bool tma = chip == "sm_90" &&
                 (uses<tilechain::tile_dist::TensorCopyOp>(gpuModule) ||
                  uses<tilechain::tile_dist::TensorStoreOp>(gpuModule));
      bool tcgen05 = chip == "sm_100" &&
                     uses<tilechain::tile_dist::TensorMmaOp>(gpuModule);
      // Block-scaled mma.sync is sm_120a's and sm_121a's (as NVIDIA's
      // tileiras, which targets them for every sm_120 and sm_121 kernel).
      bool blockScaled = (chip == "sm_120" || chip == "sm_121") &&
                         uses<NVVM::MmaBlockScaleOp>(gpuModule);
      std::string archSpecific = wgmma         ? "sm_90a"
                                 : tcgen05     ? "sm_100a"
                                 : blockScaled ? (chip + "a").str()
                                               : "";
      // A kernel whose tile blocks are clusters says so in PTX 9.0
      // (`.blocksareclusters`).
      bool clusters = llvm::any_of(
          gpuModule.getOps<gpu::GPUFuncOp>(), [](gpu::GPUFuncOp func) {
            return func->hasAttr(
                NVVM::NVVMDialect::getBlocksAreClustersAttrName());
          });
      if (fp8 || wgmma || tma || tcgen05 || blockScaled || clusters)
        gpuModule.setTargetsAttr(builder.getArrayAttr({targetWith(
            clusters ? "+ptx90"
            : fp8    ? "+ptx87"
            : tma    ? "+ptx86"
                     : "",
            archSpecific)}));
    }
    if (!allLowered)
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createMaterializeThreadsPass() {
  return std::make_unique<MaterializeThreadsPass>();
}
