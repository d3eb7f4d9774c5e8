//===- HostKernels.cpp - tile-sched kernels as host (CPU) functions -------===//
//
// tile-llc --emit=host-obj runs the kernels of a gpu.module on the CPU, one
// block per call: kernel K becomes
//   void K__host(void **params, const uint32_t grid[6])
// where params is cuLaunchKernel's kernelParams (one pointer per flat
// parameter, pointing at its value) and grid holds the block id (x, y, z)
// and then the grid size (x, y, z). K__host runs all nvvm.reqntid threads of
// the block (HostBlock.h), so calling it for every block id runs the whole
// launch; a serial kernel is one thread. Where the blocks are clusters
// (nvvm.blocksareclusters), grid holds the cluster's id and the count of
// clusters, and K__host runs each of the cluster's CTAs.
//
// The kernels are cloned into func.funcs of the enclosing builtin.module, the
// gpu.module is dropped, global pointers (address space 1) and workgroup or
// private memrefs become plain ones, and the usual conversions take
// everything to the LLVM dialect; math ops without an LLVM intrinsic become
// libm calls. HostCoroutines then makes the threads that wait coroutines.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostIntrinsics.h"
#include "HostRaces.h"
#include "tilechain/Host/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
namespace host = tilechain::host;

namespace {

/// Where a cluster kernel's CTA finds its rank in its cluster: after the
/// block id and the grid size in the array K__thread reads them from.
constexpr int32_t kClusterRankSlot = 6;

/// `type` without its GPU address space: the host has one memory.
MemRefType hostMemRefType(MemRefType type) {
  if (!isa_and_nonnull<gpu::AddressSpaceAttr>(type.getMemorySpace()))
    return type;
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout());
}

/// Address spaces (global pointers, workgroup and private memrefs) have no
/// meaning on the host: every pointer, global and memref is a plain one.
void dropAddressSpaces(ModuleOp root) {
  for (auto global : root.getOps<LLVM::GlobalOp>())
    global.setAddrSpace(0);
  AttrTypeReplacer replacer;
  replacer.addReplacement([](LLVM::LLVMPointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
  replacer.addReplacement(
      [](MemRefType type) -> Type { return hostMemRefType(type); });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

/// Loads element `index` of type `type` from the array at `base`.
Value loadElement(OpBuilder &b, Location loc, Value base, Type type,
                  int32_t index) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value slot = LLVM::GEPOp::create(b, loc, ptrType, type, base,
                                   ArrayRef<LLVM::GEPArg>{index});
  return LLVM::LoadOp::create(b, loc, type, slot);
}

/// The op the host cannot run, if any; the message names it.
/// The NVVM ops K__thread lowers with the gpu ones: named barriers,
/// bar.arrive and exit (HostSync.cpp), and setmaxnreg, which moves
/// registers between warpgroups and changes nothing a host thread
/// computes.
bool isHostNVVMSync(Operation *op) {
  if (auto barrier = dyn_cast<NVVM::BarrierOp>(op))
    return host::isHostBarrier(barrier);
  return isa<NVVM::BarrierArriveOp, NVVM::SetMaxRegisterOp, NVVM::Exit>(op);
}

LogicalResult checkHostable(gpu::GPUFuncOp kernel) {
  WalkResult result = kernel.walk([&](Operation *op) {
    if (op == kernel.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    // A warp's mma.sync, block-scaled or not, runs on the host
    // (HostMma.cpp).
    // So do the mbarrier ops (HostMbarrier.cpp).
    bool nvvmOnly = dialect &&
                    isa<NVVM::NVVMDialect, nvgpu::NVGPUDialect>(dialect) &&
                    !host::matchMmaSync(op) && !host::isMbarrierOp(op) &&
                    !isHostNVVMSync(op);
    bool unknownGPU =
        dialect && isa<gpu::GPUDialect>(dialect) &&
        !isa<gpu::BlockIdOp, gpu::ClusterBlockIdOp, gpu::GridDimOp,
             gpu::ThreadIdOp, gpu::BlockDimOp, gpu::BarrierOp, gpu::ShuffleOp,
             gpu::ReturnOp>(op);
    // PTX inline assembly and NVVM intrinsics have no host meaning either,
    // but for the fp8 mma.sync's (HostMma.cpp).
    auto intrinsic = dyn_cast<LLVM::CallIntrinsicOp>(op);
    bool ptx = isa<LLVM::InlineAsmOp>(op) ||
               (intrinsic && intrinsic.getIntrin().starts_with("llvm.nvvm.") &&
                !host::matchMmaSync(op));
    if (!nvvmOnly && !unknownGPU && !ptx)
      return WalkResult::advance();
    op->emitError() << "the host backend cannot run '" << op->getName()
                    << "' (a GPU-only operation)";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// x86-64 keeps bf16 values in f32 registers, so the backend calls
/// __truncsfbf2 to store one; libgcc before GCC 13 does not have it. A weak
/// definition (round to nearest even, quiet NaN kept) makes the object
/// self-contained and yields to the runtime's own where there is one.
void defineBF16Truncation(ModuleOp root, OpBuilder &builder) {
  MLIRContext *context = root.getContext();
  Location loc = root.getLoc();
  Type f32 = Float32Type::get(context), bf16 = BFloat16Type::get(context);
  Type i32 = IntegerType::get(context, 32), i16 = IntegerType::get(context, 16);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(root.getBody());
  auto func = LLVM::LLVMFuncOp::create(
      builder, loc, "__truncsfbf2", LLVM::LLVMFunctionType::get(bf16, {f32}),
      LLVM::Linkage::Weak);
  OpBuilder b = OpBuilder::atBlockBegin(func.addEntryBlock(builder));
  auto constant = [&](int64_t value) {
    return LLVM::ConstantOp::create(b, loc, i32, value);
  };
  Value x = func.getArgument(0);
  Value bits = LLVM::BitcastOp::create(b, loc, i32, x);
  Value lsb = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, constant(16)), constant(1));
  Value bias = LLVM::AddOp::create(b, loc, constant(0x7FFF), lsb);
  Value rounded = LLVM::LShrOp::create(
      b, loc, LLVM::AddOp::create(b, loc, bits, bias), constant(16));
  Value quietNaN = LLVM::OrOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, constant(16)),
      constant(0x40));
  Value isNaN = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, x, x);
  Value chosen = LLVM::SelectOp::create(b, loc, isNaN, quietNaN, rounded);
  Value half = LLVM::TruncOp::create(b, loc, i16, chosen);
  LLVM::ReturnOp::create(b, loc, LLVM::BitcastOp::create(b, loc, bf16, half));
}

/// Threads per block: nvvm.reqntid's x (y and z must be 1); 1 without it.
FailureOr<int32_t> blockThreads(gpu::GPUFuncOp kernel) {
  auto reqntid = kernel->getAttrOfType<DenseI32ArrayAttr>("nvvm.reqntid");
  if (!reqntid)
    return 1;
  ArrayRef<int32_t> dims = reqntid.asArrayRef();
  auto isOne = [](int32_t d) { return d == 1; };
  if (dims.empty() || !llvm::all_of(dims.drop_front(), isOne) ||
      dims.front() < 1 || dims.front() > 1024)
    return kernel.emitError() << "the host backend runs blocks of (N, 1, 1) "
                                 "threads, 1 <= N <= 1024, not nvvm.reqntid = "
                              << reqntid;
  return dims.front();
}

/// A workgroup or private attribution the host can allocate: a static
/// shape of integers or floats.
LogicalResult checkAttribution(gpu::GPUFuncOp kernel, BlockArgument arg) {
  auto type = cast<MemRefType>(arg.getType());
  if (type.hasStaticShape() && type.getElementType().isIntOrFloat())
    return success();
  return kernel.emitError()
         << "the host backend allocates attributions of static shape and "
            "integer or float elements, not "
         << type;
}

/// The gpu ops of K__thread: block and grid ids from `grid`, the thread id
/// and block size of the block, barriers and shuffles (HostSync), returns;
/// and its mbarrier ops (HostMbarrier).
LogicalResult lowerThreadOps(func::FuncOp thread, StringRef kernel,
                             const host::ThreadContext &threadContext,
                             bool synchronises) {
  host::lowerMbarrierOps(thread, threadContext, kernel);
  Value grid = thread.getArgument(1);
  auto ptrType = LLVM::LLVMPointerType::get(thread.getContext());
  SmallVector<Operation *> gpuOps;
  thread.walk([&](Operation *op) {
    if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()) ||
        host::matchMmaSync(op) || host::isYield(op) || isHostNVVMSync(op))
      gpuOps.push_back(op);
  });
  for (Operation *op : gpuOps) {
    OpBuilder at(op);
    Location opLoc = op->getLoc();
    if (std::optional<host::MmaSync> mma = host::matchMmaSync(op)) {
      if (failed(host::lowerMmaSync(*mma, threadContext)))
        return failure();
      continue;
    }
    if (host::isYield(op)) {
      host::lowerYield(cast<LLVM::CallOp>(op), threadContext);
      continue;
    }
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op)) {
      host::lowerBarrier(barrier, threadContext);
      continue;
    }
    if (auto barrier = dyn_cast<NVVM::BarrierOp>(op)) {
      host::lowerNamedBarrier(barrier, threadContext, kernel);
      continue;
    }
    if (auto arrive = dyn_cast<NVVM::BarrierArriveOp>(op)) {
      host::lowerBarrierArrive(arrive, threadContext, kernel);
      continue;
    }
    if (isa<NVVM::SetMaxRegisterOp>(op)) {
      op->erase();
      continue;
    }
    if (auto exit = dyn_cast<NVVM::Exit>(op)) {
      host::lowerExit(exit, threadContext, synchronises);
      continue;
    }
    if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
      if (failed(host::lowerShuffle(shuffle, threadContext)))
        return failure();
      continue;
    }
    if (isa<gpu::ReturnOp>(op)) {
      if (synchronises) {
        host::emitThreadExit(at, opLoc, threadContext);
        // HostCoroutines replaces the returns of a coroutine.
        func::ReturnOp::create(
            at, opLoc, LLVM::ZeroOp::create(at, opLoc, ptrType).getResult());
      } else {
        func::ReturnOp::create(at, opLoc);
      }
      op->erase();
      continue;
    }
    Value replacement;
    if (auto id = dyn_cast<gpu::BlockIdOp>(op)) {
      replacement = loadElement(at, opLoc, grid, at.getI32Type(),
                                static_cast<int32_t>(id.getDimension()));
    } else if (auto size = dyn_cast<gpu::GridDimOp>(op)) {
      replacement = loadElement(at, opLoc, grid, at.getI32Type(),
                                3 + static_cast<int32_t>(size.getDimension()));
    } else if (auto rank = dyn_cast<gpu::ClusterBlockIdOp>(op)) {
      // Clusters are N x 1 x 1 (runClusterCTAs).
      replacement = rank.getDimension() == gpu::Dimension::x
                        ? loadElement(at, opLoc, grid, at.getI32Type(),
                                      kClusterRankSlot)
                        : arith::ConstantIntOp::create(at, opLoc, 0, 32);
    } else if (auto id = dyn_cast<gpu::ThreadIdOp>(op)) {
      replacement = id.getDimension() == gpu::Dimension::x
                        ? threadContext.tid
                        : arith::ConstantIntOp::create(at, opLoc, 0, 32);
    } else if (auto size = dyn_cast<gpu::BlockDimOp>(op)) {
      int32_t extent = size.getDimension() == gpu::Dimension::x
                           ? threadContext.layout.threads
                           : 1;
      replacement = arith::ConstantIntOp::create(at, opLoc, extent, 32);
    } else {
      continue; // checkHostable admits no other gpu op
    }
    Value asIndex = arith::IndexCastUIOp::create(at, opLoc, at.getIndexType(),
                                                 replacement);
    op->getResult(0).replaceAllUsesWith(asIndex);
    op->erase();
  }
  return success();
}

/// K__host(params, grid) of a kernel whose tile blocks are clusters of
/// `ctas` CTAs: runs each CTA of the cluster at `grid`'s block id with
/// `cta`, one after another, its rank in the cluster after the grid
/// (kClusterRankSlot). The CTAs of a tile program cut over a cluster
/// (tilechain-split-tiles-over-cluster) share nothing, so any order is the
/// hardware's.
void runClusterCTAs(StringRef kernel, func::FuncOp cta, int32_t ctas,
                    OpBuilder &builder) {
  Location loc = cta.getLoc();
  MLIRContext *context = cta.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto host = func::FuncOp::create(
      builder, loc, (kernel + "__host").str(),
      builder.getFunctionType({ptrType, ptrType}, {}));
  Block *entry = host.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  Type i32 = b.getI32Type();
  Value slots = LLVM::AllocaOp::create(
      b, loc, ptrType, i32,
      LLVM::ConstantOp::create(b, loc, b.getI64Type(), kClusterRankSlot + 1));
  auto slot = [&](OpBuilder &at, Value base, int32_t index) {
    return LLVM::GEPOp::create(at, loc, ptrType, i32, base,
                               ArrayRef<LLVM::GEPArg>{index});
  };
  for (int32_t i = 0; i < kClusterRankSlot; ++i)
    LLVM::StoreOp::create(b, loc,
                          loadElement(b, loc, entry->getArgument(1), i32, i),
                          slot(b, slots, i));
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, ctas);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange{},
      [&](OpBuilder &nested, Location at, Value rank, ValueRange) {
        Value rank32 = arith::IndexCastUIOp::create(nested, at, i32, rank);
        LLVM::StoreOp::create(nested, at, rank32,
                              slot(nested, slots, kClusterRankSlot));
        func::CallOp::create(nested, at, cta,
                             ValueRange{entry->getArgument(0), slots});
        scf::YieldOp::create(nested, at);
      });
  func::ReturnOp::create(b, loc);
}

/// K -> K__thread(params, grid, sync, tid, workgroup buffers...), the work
/// of one thread, and K__host(params, grid), which runs the block's threads
/// (HostBlock.h), in the builtin.module before the gpu.module.
LogicalResult cloneAsHostFunctions(gpu::GPUFuncOp kernel, OpBuilder &builder) {
  tilechain::emulateNVVMOnHost(kernel);
  host::checkTcgen05Fences(kernel);
  host::expandStoreMatrix(kernel);
  host::checkRaces(kernel);
  host::checkProxyFences(kernel);
  host::expandAsyncCopies(kernel);
  host::expandTensorCopies(kernel);
  host::expandTensorStores(kernel);
  host::checkAsyncReads(kernel);
  host::expandWarpgroupMma(kernel);
  host::expandTensorMma(kernel);
  if (failed(host::expandLdMatrix(kernel)) || failed(checkHostable(kernel)))
    return failure();
  FailureOr<int32_t> threads = blockThreads(kernel);
  if (failed(threads))
    return failure();
  for (BlockArgument arg : llvm::concat<const BlockArgument>(
           kernel.getWorkgroupAttributions(), kernel.getPrivateAttributions()))
    if (failed(checkAttribution(kernel, arg)))
      return failure();
  bool synchronises =
      kernel
          .walk([](Operation *op) {
            return isa<gpu::BarrierOp, gpu::ShuffleOp, NVVM::BarrierOp,
                       NVVM::BarrierArriveOp>(op) ||
                           host::matchMmaSync(op) ||
                           host::isMbarrierOp(op) || host::isYield(op)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
  bool warpCollectives = kernel
                             .walk([](Operation *op) {
                               return isa<gpu::ShuffleOp>(op) ||
                                              host::matchMmaSync(op)
                                          ? WalkResult::interrupt()
                                          : WalkResult::advance();
                             })
                             .wasInterrupted();
  if (warpCollectives && *threads % host::kWarpSize != 0)
    return kernel.emitError()
           << "the host backend runs shuffles and mma.sync within whole "
              "warps; nvvm.reqntid x = "
           << *threads << " is not a multiple of " << host::kWarpSize;

  if (synchronises)
    host::declareSyncFunctions(kernel->getParentOfType<ModuleOp>(), builder);

  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  SmallVector<MemRefType> workgroupTypes;
  for (BlockArgument arg : kernel.getWorkgroupAttributions())
    workgroupTypes.push_back(hostMemRefType(cast<MemRefType>(arg.getType())));
  SmallVector<Type> threadInputs = {ptrType, ptrType, ptrType,
                                    builder.getI32Type()};
  llvm::append_range(threadInputs, workgroupTypes);
  SmallVector<Type> threadResults;
  if (synchronises)
    threadResults.push_back(ptrType); // the coroutine handle
  auto thread = func::FuncOp::create(
      builder, loc, (kernel.getName() + "__thread").str(),
      builder.getFunctionType(threadInputs, threadResults));
  thread.setPrivate();
  thread->setAttr("llvm.linkage",
                  LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  Block *entry = thread.addEntryBlock();
  Value params = entry->getArgument(0);
  host::ThreadContext threadContext{host::SyncLayout{*threads},
                                    entry->getArgument(2),
                                    entry->getArgument(3)};

  // The kernel's blocks follow an entry block that loads the parameters,
  // allocates the private attributions, and branches to them.
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  SmallVector<Value> entryValues;
  for (auto [index, type] :
       llvm::enumerate(kernel.getFunctionType().getInputs())) {
    if (!LLVM::isCompatibleType(type))
      return kernel.emitError() << "the host backend cannot pass a parameter "
                                   "of type "
                                << type;
    // A tensor map is a hidden parameter, which the caller does not pass:
    // the host's tensor copies read the tensor without it.
    if (kernel.getArgAttr(index, tilechain::tile_dist::kTensorMapAttrName)) {
      entryValues.push_back(LLVM::ZeroOp::create(b, loc, type));
      continue;
    }
    Value valuePtr = loadElement(b, loc, params, ptrType, index);
    entryValues.push_back(LLVM::LoadOp::create(b, loc, type, valuePtr));
  }
  llvm::append_range(entryValues, entry->getArguments().drop_front(4));
  for (BlockArgument arg : kernel.getPrivateAttributions())
    entryValues.push_back(memref::AllocaOp::create(
        b, loc, hostMemRefType(cast<MemRefType>(arg.getType()))));
  IRMapping mapping;
  kernel.getBody().cloneInto(&thread.getBody(), mapping);
  cf::BranchOp::create(b, loc, mapping.lookup(&kernel.getBody().front()),
                       entryValues);

  if (failed(lowerThreadOps(thread, kernel.getName(), threadContext,
                            synchronises)))
    return failure();

  auto clusterDim = kernel->getAttrOfType<DenseI32ArrayAttr>(
      NVVM::NVVMDialect::getClusterDimAttrName());
  int32_t clusterCTAs = clusterDim ? clusterDim.asArrayRef().front() : 1;
  auto launch = func::FuncOp::create(
      builder, loc,
      (kernel.getName() + (clusterDim ? "__cta" : "__host")).str(),
      builder.getFunctionType({ptrType, ptrType}, {}));
  launch.addEntryBlock();
  host::buildBlockLaunch(launch, kernel.getName(), thread,
                         threadContext.layout, synchronises, workgroupTypes);
  if (clusterDim) {
    launch.setPrivate();
    launch->setAttr("llvm.linkage", LLVM::LinkageAttr::get(
                                        context, LLVM::Linkage::Internal));
    runClusterCTAs(kernel.getName(), launch, clusterCTAs, builder);
  }
  return success();
}

struct HostKernelsPass
    : public PassWrapper<HostKernelsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostKernelsPass)

  StringRef getArgument() const override { return "tilechain-host-kernels"; }
  StringRef getDescription() const override {
    return "Turn each gpu.func kernel into a host function K__host(params, "
           "grid)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
                    memref::MemRefDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    auto gpuModules = llvm::to_vector(top.getOps<gpu::GPUModuleOp>());
    if (gpuModules.size() != 1) {
      top.emitError() << "expected exactly one gpu.module, found "
                      << gpuModules.size();
      return signalPassFailure();
    }
    gpu::GPUModuleOp gpuModule = gpuModules.front();
    OpBuilder builder(gpuModule);
    bool allCloned = true;
    for (Operation &op : gpuModule.getBody()->without_terminator()) {
      if (auto kernel = dyn_cast<gpu::GPUFuncOp>(op))
        allCloned &= succeeded(cloneAsHostFunctions(kernel, builder));
      else
        builder.clone(op); // LLVM globals and the like
    }
    if (!allCloned)
      return signalPassFailure();
    gpuModule.erase();
    defineBF16Truncation(top, builder);
    top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
    dropAddressSpaces(top);
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createHostKernelsPass() {
  return std::make_unique<HostKernelsPass>();
}
