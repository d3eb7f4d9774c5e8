//===- AssignTileBuffers.cpp - pack every tile buffer into one frame ------===//
//
// tile-sched creates each tile buffer (a static memref.alloca) where its value
// is defined, possibly inside loops. tile-sched owns placement: the buffers of
// a kernel are packed into one byte arena allocated once in the entry block,
// and buffers whose lifetimes do not overlap share bytes. Without sharing, a
// kernel with many large tiles would exceed the per-thread frame.
//
// A buffer's lifetime runs, in program order, from its alloca to its last
// use; a use inside a loop that does not contain the alloca keeps the buffer
// alive for the whole of that loop (every iteration reads it). A buffer
// defined inside a loop is dead before the next iteration redefines it:
// tile-sched never carries a buffer around a loop except through dedicated
// buffers allocated before the loop (TileLowering.h).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "tilechain/Pipeline/Pipeline.h"

#include "BufferLifetimes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// Every buffer starts at a multiple of this, enough for vector accesses.
constexpr int64_t kBufferAlignment = 16;

/// The most local memory a thread can have (every target since sm_20). The
/// arena lives there: a kernel needing more would compile and then fail to
/// launch, so it is refused here.
constexpr int64_t kLocalMemoryPerThread = 512 * 1024;

struct Lifetime {
  memref::AllocaOp alloca;
  int64_t begin, end, bytes, offset = 0;
};

std::optional<int64_t> staticBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::nullopt;
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return std::nullopt;
  int64_t elementBytes = llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  return type.getNumElements() * elementBytes;
}

LogicalResult packBuffers(gpu::GPUFuncOp func) {
  tilechain::ProgramOrder order(func);

  Block &entry = func.getBody().front();
  SmallVector<Lifetime> lifetimes;
  func.walk([&](memref::AllocaOp alloca) {
    if (!alloca.getDynamicSizes().empty() ||
        !alloca.getSymbolOperands().empty())
      return;
    std::optional<int64_t> bytes = staticBytes(alloca.getType());
    if (!bytes) {
      // Not packable (e.g. index elements): still allocated once.
      if (alloca->getBlock() != &entry)
        alloca->moveBefore(&entry, entry.begin());
      return;
    }
    SmallVector<Operation *> users;
    tilechain::collectMemRefUsers(alloca.getResult(), users);
    int64_t begin = order[alloca], end = begin;
    for (Operation *user : users)
      end = std::max(end, tilechain::useEnd(user, alloca, order));
    int64_t padded = static_cast<int64_t>(
        llvm::alignTo(std::max<int64_t>(*bytes, 1), kBufferAlignment));
    lifetimes.push_back({alloca, begin, end, padded});
  });
  if (lifetimes.empty())
    return success();

  // First fit in order of birth: each buffer takes the lowest offset that
  // overlaps no buffer whose lifetime overlaps its own.
  llvm::stable_sort(lifetimes, [](const Lifetime &a, const Lifetime &b) {
    return a.begin < b.begin;
  });
  int64_t arenaBytes = 0;
  for (size_t i = 0; i < lifetimes.size(); ++i) {
    Lifetime &current = lifetimes[i];
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (size_t j = 0; j < i; ++j) {
      const Lifetime &other = lifetimes[j];
      if (other.end >= current.begin && other.begin <= current.end)
        taken.push_back({other.offset, other.offset + other.bytes});
    }
    int64_t offset = tilechain::lowestFreeOffset(current.bytes, 1, taken);
    current.offset = offset;
    arenaBytes = std::max(arenaBytes, offset + current.bytes);
  }

  if (arenaBytes > kLocalMemoryPerThread) {
    Lifetime &largest = *llvm::max_element(
        lifetimes, [](const Lifetime &a, const Lifetime &b) {
          return a.bytes < b.bytes;
        });
    InFlightDiagnostic error = func.emitError()
        << "the tiles of kernel '" << func.getName() << "' need "
        << arenaBytes << " bytes of local memory per thread at their peak; "
        << "a thread has at most " << kLocalMemoryPerThread;
    error.attachNote(largest.alloca.getLoc())
        << "the largest is this " << largest.alloca.getType() << " ("
        << largest.bytes << " bytes)";
    return failure();
  }

  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  auto arenaType = MemRefType::get({arenaBytes}, builder.getI8Type());
  Value arena = memref::AllocaOp::create(builder, loc, arenaType,
                                         builder.getI64IntegerAttr(
                                             kBufferAlignment));
  for (Lifetime &lifetime : lifetimes) {
    Value offset =
        arith::ConstantIndexOp::create(builder, loc, lifetime.offset);
    Value view = memref::ViewOp::create(builder, lifetime.alloca.getLoc(),
                                        lifetime.alloca.getType(), arena,
                                        offset, ValueRange());
    lifetime.alloca.replaceAllUsesWith(view);
  }
  // Erased only now: the builder inserts before the block's first op, which
  // may be one of these allocas.
  for (Lifetime &lifetime : lifetimes)
    lifetime.alloca.erase();
  return success();
}

struct AssignTileBuffersPass
    : public PassWrapper<AssignTileBuffersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignTileBuffersPass)

  StringRef getArgument() const override {
    return "tilechain-assign-tile-buffers";
  }
  StringRef getDescription() const override {
    return "Pack the tile buffers of each kernel into one frame arena, "
           "sharing bytes between buffers whose lifetimes do not overlap";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    bool packed = true;
    // A parallel kernel's allocas are small register arrays (the tiles a
    // thread carries across control flow), which LLVM keeps in registers;
    // packing them into an arena would hide that.
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (!func->hasAttr(tilechain::kTileKernelAttrName))
        packed &= succeeded(packBuffers(func));
    if (!packed)
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignTileBuffersPass() {
  return std::make_unique<AssignTileBuffersPass>();
}
