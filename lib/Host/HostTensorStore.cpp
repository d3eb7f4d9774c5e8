//===- HostTensorStore.cpp - TMA stores on the host -----------------------===//
//
// A tile_dist.tensor_store reads its box of shared memory, and writes the
// elements inside the tensor to global memory, at some time after its issue
// and before the issuing thread's nvvm.cp.async.bulk.wait_group that covers
// its bulk group returns. The host makes both ends happen
// (TILECHAIN_HOST_SEED picks per store, as for TMA loads, HostTensorCopy.cpp):
//   early  at issue: the issuing thread's loop over the box;
//   late   at the wait: at issue the thread records, for each element inside
//          the tensor, the shared address it reads and the global address
//          it writes (not the bytes), as one store of its current bulk
//          group. cp.async.bulk.commit_group closes the group; a wait_group
//          N carries out the stores of every committed group but the N most
//          recent. A write to the staging between a store and its wait (the
//          wait deleted, or the barrier that keeps the other threads from
//          the staging until the wait) is then what the store reads.
// A thread that returns with a store it has not waited for aborts the run:
// its block's shared memory ends with the block, perhaps before the store
// has read it (CUTLASS's epilogues wait for every TMA store before their
// CTA exits for this reason).
// The list is the thread's own (an alloca of its K__thread, kept across its
// suspensions): only the issuing thread's waits cover a bulk group.
//
// The store reads through the async proxy, which sees a thread's generic
// writes of the staging only after that thread's fence.proxy.async:
// checkProxyFences (HostProxyFences.cpp) checks that.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostTensorBox.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using host::constantI64;
using host::wordAt;

namespace {

constexpr llvm::StringLiteral kLandFunction = "__tilechain_host_tma_store_land";
/// The thread's list: a count word, then records of kRecordWords words: the
/// store's element table, its elements, its bulk group.
constexpr int64_t kListCapacity = 1024;
constexpr int64_t kRecordWords = 3;
/// An element table: per box element, the shared address read, the global
/// address written, and the bytes (0: outside the tensor, not stored).
constexpr int64_t kElementWords = 3;

Value loadWord(OpBuilder &b, Location loc, Value base, Value index) {
  return LLVM::LoadOp::create(b, loc, b.getI64Type(), wordAt(b, loc, base, index));
}

void storeWord(OpBuilder &b, Location loc, Value value, Value base,
               Value index) {
  LLVM::StoreOp::create(b, loc, value, wordAt(b, loc, base, index));
}

/// `void __tilechain_host_tma_store_land(ptr list, i64 before)`: carries out
/// the stores of `list` (null: none) whose group is below `before`, in issue
/// order, and drops them from it.
void declareLandFunction(ModuleOp module) {
  if (module.lookupSymbol(kLandFunction))
    return;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  host::declareHeapFunctions(module);
  auto builder = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = builder.getI64Type();
  auto land = func::FuncOp::create(builder, loc, kLandFunction,
                                   builder.getFunctionType({ptrType, i64}, {}));
  land.setPrivate();
  land->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  Block *entry = land.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Value list = entry->getArgument(0), before = entry->getArgument(1);
  Value some = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, list,
                                    LLVM::ZeroOp::create(b, loc, ptrType));
  scf::IfOp::create(b, loc, some, [&](OpBuilder &then, Location) {
    Value count = loadWord(then, loc, list, constantI64(then, loc, 0));
    auto kept = scf::ForOp::create(
        then, loc, constantI64(then, loc, 0), count, constantI64(then, loc, 1),
        ValueRange{constantI64(then, loc, 0)},
        [&](OpBuilder &at, Location, Value i, ValueRange keptSoFar) {
          auto record = [&](Value r, int64_t k) {
            return arith::AddIOp::create(
                at, loc, constantI64(at, loc, 1 + k),
                arith::MulIOp::create(at, loc, r,
                                      constantI64(at, loc, kRecordWords)));
          };
          Value table = LLVM::IntToPtrOp::create(
              at, loc, ptrType, loadWord(at, loc, list, record(i, 0)));
          Value elements = loadWord(at, loc, list, record(i, 1));
          Value group = loadWord(at, loc, list, record(i, 2));
          Value due = arith::CmpIOp::create(at, loc, arith::CmpIPredicate::slt,
                                            group, before);
          auto next = scf::IfOp::create(
              at, loc, due,
              [&](OpBuilder &then, Location) {
                scf::ForOp::create(
                    then, loc, constantI64(then, loc, 0), elements,
                    constantI64(then, loc, 1), ValueRange(),
                    [&](OpBuilder &in, Location, Value e, ValueRange) {
                      auto field = [&](int64_t k) {
                        return loadWord(
                            in, loc, table,
                            arith::AddIOp::create(
                                in, loc,
                                arith::MulIOp::create(
                                    in, loc, e,
                                    constantI64(in, loc, kElementWords)),
                                constantI64(in, loc, k)));
                      };
                      Value bytes = field(2);
                      Value inside = arith::CmpIOp::create(
                          in, loc, arith::CmpIPredicate::ne, bytes,
                          constantI64(in, loc, 0));
                      scf::IfOp::create(
                          in, loc, inside, [&](OpBuilder &copy, Location) {
                            LLVM::MemcpyOp::create(
                                copy, loc,
                                LLVM::IntToPtrOp::create(copy, loc, ptrType,
                                                         field(1)),
                                LLVM::IntToPtrOp::create(copy, loc, ptrType,
                                                         field(0)),
                                bytes, /*isVolatile=*/false);
                            scf::YieldOp::create(copy, loc);
                          });
                      scf::YieldOp::create(in, loc);
                    });
                LLVM::CallOp::create(then, loc, TypeRange{}, "free",
                                     ValueRange{table});
                scf::YieldOp::create(then, loc, ValueRange{keptSoFar[0]});
              },
              [&](OpBuilder &otherwise, Location) {
                // Still in flight: moved down over the landed ones.
                for (int64_t k = 0; k < kRecordWords; ++k)
                  storeWord(otherwise, loc,
                            loadWord(otherwise, loc, list, record(i, k)), list,
                            record(keptSoFar[0], k));
                scf::YieldOp::create(
                    otherwise, loc,
                    ValueRange{arith::AddIOp::create(
                        otherwise, loc, keptSoFar[0],
                        constantI64(otherwise, loc, 1))});
              });
          scf::YieldOp::create(at, loc, next.getResults());
        });
    storeWord(then, loc, kept.getResult(0), list, constantI64(then, loc, 0));
    scf::YieldOp::create(then, loc);
  });
  func::ReturnOp::create(b, loc);
}

/// The issuing thread's state: its list (null until its first late store),
/// the bulk groups it has committed, and the stores it has issued.
struct ThreadStores {
  Value listAt, committedAt, issuedAt;
  Value seed, tid;
};

/// Records store `op` in the thread's list, for its wait to carry out.
void recordStore(OpBuilder &b, tile_dist::TensorStoreOp op,
                 const ThreadStores &thread, StringRef kernel) {
  Location loc = op.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  auto source = cast<MemRefType>(op.getSource().getType());
  Type element = source.getElementType();
  int64_t bytes = source.getElementTypeBitWidth() / 8;
  int64_t elements = 1;
  for (int64_t extent : op.getBox())
    elements *= extent;
  Value table =
      LLVM::CallOp::create(b, loc, TypeRange{ptrType}, "calloc",
                           ValueRange{constantI64(b, loc, elements * kElementWords),
                                      constantI64(b, loc, 8)})
          .getResult();
  host::forEachBoxElement(
      b, loc, op.getBox(), op.getCoordinates(), op.getSizes(), op.getStrides(),
      [&](OpBuilder &at, Value linear, Value inside, Value offset) {
        Value read = host::elementAddress(
            at, loc, op.getSource(),
            host::swizzledSlot(at, loc, op.getIndex(), linear, bytes,
                               op.getSwizzle()),
            bytes);
        Value written = LLVM::PtrToIntOp::create(
            at, loc, at.getI64Type(),
            LLVM::GEPOp::create(at, loc, op.getBase().getType(), element,
                                op.getBase(),
                                ArrayRef<LLVM::GEPArg>{
                                    host::toI64(at, loc, offset)}));
        Value first = arith::MulIOp::create(
            at, loc, host::toI64(at, loc, linear),
            constantI64(at, loc, kElementWords));
        auto word = [&](int64_t k) {
          return arith::AddIOp::create(at, loc, first, constantI64(at, loc, k));
        };
        storeWord(at, loc, read, table, word(0));
        storeWord(at, loc, written, table, word(1));
        storeWord(at, loc,
                  arith::SelectOp::create(at, loc, inside,
                                          constantI64(at, loc, bytes),
                                          constantI64(at, loc, 0)),
                  table, word(2));
      });
  Value list = host::allocateOnFirstUse(b, loc, thread.listAt,
                                       1 + kListCapacity * kRecordWords, 8);
  Value count = loadWord(b, loc, list, constantI64(b, loc, 0));
  host::abortIf(b, op,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, count,
                                      constantI64(b, loc, kListCapacity)),
                kernel,
                "has more than " + std::to_string(kListCapacity) +
                    " TMA stores of its thread in flight (the host's list)");
  Value first = arith::AddIOp::create(
      b, loc, constantI64(b, loc, 1),
      arith::MulIOp::create(b, loc, count, constantI64(b, loc, kRecordWords)));
  Value group = LLVM::LoadOp::create(b, loc, b.getI64Type(), thread.committedAt);
  SmallVector<Value, 3> fields = {
      LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), table),
      constantI64(b, loc, elements), group};
  for (auto [k, value] : llvm::enumerate(fields))
    storeWord(b, loc, value, list,
              arith::AddIOp::create(b, loc, first,
                                    constantI64(b, loc, int64_t(k))));
  storeWord(b, loc, arith::AddIOp::create(b, loc, count, constantI64(b, loc, 1)),
            list, constantI64(b, loc, 0));
}

/// Carries out store `op` now: the issuing thread's loop over the box.
void storeNow(OpBuilder &b, tile_dist::TensorStoreOp op) {
  Location loc = op.getLoc();
  auto source = cast<MemRefType>(op.getSource().getType());
  Type element = source.getElementType();
  int64_t bytes = source.getElementTypeBitWidth() / 8;
  host::forEachBoxElement(
      b, loc, op.getBox(), op.getCoordinates(), op.getSizes(), op.getStrides(),
      [&](OpBuilder &at, Value linear, Value inside, Value offset) {
        scf::IfOp::create(at, loc, inside, [&](OpBuilder &then, Location) {
          Value value = memref::LoadOp::create(
              then, loc, op.getSource(),
              ValueRange{host::swizzledSlot(then, loc, op.getIndex(), linear,
                                            bytes, op.getSwizzle())});
          Value address = LLVM::GEPOp::create(
              then, loc, op.getBase().getType(), element, op.getBase(),
              ArrayRef<LLVM::GEPArg>{host::toI64(then, loc, offset)});
          LLVM::StoreOp::create(then, loc, value, address);
          scf::YieldOp::create(then, loc);
        });
      });
}

void expandStore(tile_dist::TensorStoreOp op, const ThreadStores &thread,
                 StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value issued = LLVM::LoadOp::create(b, loc, b.getI32Type(), thread.issuedAt);
  LLVM::StoreOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, issued,
                            arith::ConstantIntOp::create(b, loc, 1, 32)),
      thread.issuedAt);
  scf::IfOp::create(
      b, loc, host::landsEarly(b, loc, thread.seed, thread.tid, issued),
      [&](OpBuilder &then, Location) {
        storeNow(then, op);
        scf::YieldOp::create(then, loc);
      },
      [&](OpBuilder &otherwise, Location) {
        recordStore(otherwise, op, thread, kernel);
        scf::YieldOp::create(otherwise, loc);
      });
  op.erase();
}

/// Carries out the thread's stores of the groups below `before`.
void land(OpBuilder &b, Location loc, const ThreadStores &thread,
          Value before) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  func::CallOp::create(
      b, loc, kLandFunction, TypeRange{},
      ValueRange{LLVM::LoadOp::create(b, loc, ptrType, thread.listAt), before});
}

} // namespace

void tilechain::host::expandTensorStores(gpu::GPUFuncOp kernel) {
  SmallVector<tile_dist::TensorStoreOp> stores;
  SmallVector<Operation *> groupOps;
  SmallVector<gpu::ReturnOp> returns;
  kernel.walk([&](Operation *op) {
    if (auto store = dyn_cast<tile_dist::TensorStoreOp>(op))
      stores.push_back(store);
    else if (isa<NVVM::CpAsyncBulkCommitGroupOp, NVVM::CpAsyncBulkWaitGroupOp>(
                 op))
      groupOps.push_back(op);
    else if (auto ret = dyn_cast<gpu::ReturnOp>(op))
      returns.push_back(ret);
  });
  if (stores.empty()) {
    // Bulk groups of nothing: TMA loads complete on mbarriers instead.
    for (Operation *op : groupOps)
      op->erase();
    return;
  }
  auto module = kernel->getParentOfType<ModuleOp>();
  declareLandFunction(module);
  Location loc = kernel.getLoc();
  MLIRContext *context = kernel.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  auto slot = [&](Type type, Value initial) {
    Value at = LLVM::AllocaOp::create(
        b, loc, ptrType, type, arith::ConstantIntOp::create(b, loc, 1, 32), 8);
    LLVM::StoreOp::create(b, loc, initial, at);
    return at;
  };
  ThreadStores thread;
  thread.listAt = slot(ptrType, LLVM::ZeroOp::create(b, loc, ptrType));
  thread.committedAt = slot(b.getI64Type(), constantI64(b, loc, 0));
  thread.issuedAt =
      slot(b.getI32Type(), arith::ConstantIntOp::create(b, loc, 0, 32));
  thread.seed = host::readHostSeed(b, loc, module);
  thread.tid = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  for (tile_dist::TensorStoreOp store : stores)
    expandStore(store, thread, kernel.getName());
  for (Operation *op : groupOps) {
    OpBuilder at(op);
    Value committed =
        LLVM::LoadOp::create(at, loc, at.getI64Type(), thread.committedAt);
    if (isa<NVVM::CpAsyncBulkCommitGroupOp>(op)) {
      LLVM::StoreOp::create(
          at, loc, arith::AddIOp::create(at, loc, committed, constantI64(at, loc, 1)),
          thread.committedAt);
    } else {
      // wait_group N: at most the N most recent committed groups in flight.
      int64_t pending = cast<NVVM::CpAsyncBulkWaitGroupOp>(op).getGroup();
      land(at, op->getLoc(), thread,
           arith::SubIOp::create(at, loc, committed,
                                 constantI64(at, loc, pending)));
    }
    op->erase();
  }
  for (gpu::ReturnOp ret : returns) {
    OpBuilder at(ret);
    Value list = LLVM::LoadOp::create(at, loc, ptrType, thread.listAt);
    Value some = LLVM::ICmpOp::create(at, loc, LLVM::ICmpPredicate::ne, list,
                                      LLVM::ZeroOp::create(at, loc, ptrType));
    scf::IfOp::create(at, loc, some, [&](OpBuilder &then, Location) {
      host::abortIf(
          then, ret,
          arith::CmpIOp::create(
              then, loc, arith::CmpIPredicate::ne,
              loadWord(then, loc, list, constantI64(then, loc, 0)),
              constantI64(then, loc, 0)),
          kernel.getName(),
          "leaves a TMA store its thread never waited for "
          "(cp.async.bulk.wait_group): the block's shared memory may end "
          "before the store reads it");
      LLVM::CallOp::create(then, loc, TypeRange{}, "free", ValueRange{list});
      scf::YieldOp::create(then, loc);
    });
  }
}
