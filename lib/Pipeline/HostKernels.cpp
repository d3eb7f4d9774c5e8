//===- HostKernels.cpp - tile-sched kernels as host (CPU) functions -------===//
//
// tile-llc --emit=host-obj runs the kernels of a gpu.module on the CPU, one
// block per call: kernel K becomes
//   void K__host(void **params, const uint32_t grid[6])
// where params is cuLaunchKernel's kernelParams (one pointer per flat
// parameter, pointing at its value) and grid holds the block id (x, y, z)
// and then the grid size (x, y, z). Each serial kernel is the work of one
// thread, so calling K__host for every block id runs the whole launch.
//
// The kernels are cloned into func.funcs of the enclosing builtin.module, the
// gpu.module is dropped, global pointers (address space 1) become plain ones,
// and the usual conversions take everything to the LLVM dialect; math ops
// without an LLVM intrinsic become libm calls.
//
//===----------------------------------------------------------------------===//
#include "HostIntrinsics.h"
#include "tilechain/Pipeline/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// Address space 1 (global) has no meaning on the host: every pointer and
/// every global is a plain one.
void dropGlobalAddressSpace(ModuleOp root) {
  for (auto global : root.getOps<LLVM::GlobalOp>())
    global.setAddrSpace(0);
  AttrTypeReplacer replacer;
  replacer.addReplacement([](LLVM::LLVMPointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
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
LogicalResult checkHostable(gpu::GPUFuncOp kernel) {
  WalkResult result = kernel.walk([&](Operation *op) {
    if (op == kernel.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    bool nvvmOnly = dialect && isa<NVVM::NVVMDialect>(dialect);
    bool unknownGPU = dialect && isa<gpu::GPUDialect>(dialect) &&
                      !isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::ReturnOp>(op);
    // PTX inline assembly and NVVM intrinsics have no host meaning either.
    auto intrinsic = dyn_cast<LLVM::CallIntrinsicOp>(op);
    bool ptx = isa<LLVM::InlineAsmOp>(op) ||
               (intrinsic && intrinsic.getIntrin().starts_with("llvm.nvvm."));
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

/// K -> K__host(params, grid) in the builtin.module, before `gpuModule`.
LogicalResult cloneAsHostFunction(gpu::GPUFuncOp kernel, OpBuilder &builder) {
  tilechain::emulateNVVMOnHost(kernel);
  if (failed(checkHostable(kernel)))
    return failure();
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto func = func::FuncOp::create(
      builder, loc, (kernel.getName() + "__host").str(),
      builder.getFunctionType({ptrType, ptrType}, {}));
  Block *entry = func.addEntryBlock();
  Value params = entry->getArgument(0);
  Value grid = entry->getArgument(1);

  // The kernel's blocks follow an entry block that loads the parameters and
  // branches to them.
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  SmallVector<Value> loaded;
  for (auto [index, arg] : llvm::enumerate(kernel.getArguments())) {
    if (!LLVM::isCompatibleType(arg.getType()))
      return kernel.emitError() << "the host backend cannot pass a parameter "
                                   "of type "
                                << arg.getType();
    Value valuePtr = loadElement(b, loc, params, ptrType, index);
    loaded.push_back(LLVM::LoadOp::create(b, loc, arg.getType(), valuePtr));
  }
  IRMapping mapping;
  kernel.getBody().cloneInto(&func.getBody(), mapping);
  cf::BranchOp::create(b, loc, mapping.lookup(&kernel.getBody().front()),
                       loaded);

  func.walk([&](Operation *op) {
    OpBuilder at(op);
    int32_t offset;
    gpu::Dimension dim;
    if (auto id = dyn_cast<gpu::BlockIdOp>(op)) {
      offset = 0;
      dim = id.getDimension();
    } else if (auto size = dyn_cast<gpu::GridDimOp>(op)) {
      offset = 3;
      dim = size.getDimension();
    } else if (isa<gpu::ReturnOp>(op)) {
      func::ReturnOp::create(at, op->getLoc());
      op->erase();
      return;
    } else {
      return;
    }
    Value word = loadElement(at, op->getLoc(), grid, at.getI32Type(),
                             offset + static_cast<int32_t>(dim));
    Value asIndex = arith::IndexCastUIOp::create(at, op->getLoc(),
                                                 at.getIndexType(), word);
    op->getResult(0).replaceAllUsesWith(asIndex);
    op->erase();
  });
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
                    func::FuncDialect, LLVM::LLVMDialect, math::MathDialect>();
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
        allCloned &= succeeded(cloneAsHostFunction(kernel, builder));
      else
        builder.clone(op); // LLVM globals and the like
    }
    if (!allCloned)
      return signalPassFailure();
    gpuModule.erase();
    defineBF16Truncation(top, builder);
    top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
    dropGlobalAddressSpace(top);
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createHostKernelsPass() {
  return std::make_unique<HostKernelsPass>();
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
}
