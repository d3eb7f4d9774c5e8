//===- MemoryLowering.cpp - pointer loads, stores, atomics, fences --------===//
//
// Every element of a pointer tile is an i64 global address. Each access
// becomes one LLVM access of the element through `inttoptr` to a global
// (address space 1) pointer; masked-off elements never touch memory.
// Orderings and scopes become LLVM atomic orderings and NVPTX syncscopes.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "GlobalMemory.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Orderings, scopes, addresses, element storage
//===----------------------------------------------------------------------===//

/// The lowered element type a pointer tile points to.
static Type pointeeOf(Value pointers) {
  auto tile = cast<ct::TileType>(pointers.getType());
  return convertElementType(
      cast<ct::PointerType>(tile.getElementType()).getPointeeType());
}

static Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
}

/// `access()` where `mask` holds (always when `mask` is null), else
/// `fallback()`: a masked-off element never touches memory.
static Value maskedValue(OpBuilder &b, Location loc, Value mask,
                         function_ref<Value(OpBuilder &, Location)> access,
                         function_ref<Value(OpBuilder &, Location)> fallback) {
  if (!mask)
    return access(b, loc);
  auto branch = scf::IfOp::create(
      b, loc, mask,
      [&](OpBuilder &then, Location l) {
        scf::YieldOp::create(then, l, access(then, l));
      },
      [&](OpBuilder &otherwise, Location l) {
        scf::YieldOp::create(otherwise, l, fallback(otherwise, l));
      });
  return branch.getResult(0);
}

/// Element `ivs` of an optional operand (null stays null).
static Value optionalElement(TileLowering &l, OpBuilder &b, Location loc,
                             Value operand, ValueRange ivs) {
  return operand ? l.readElement(b, loc, l.lookup(operand), ivs) : Value();
}

/// Emits `body` where `guard` holds (always when `guard` is null): stores
/// done only by an element's owner, or only where the mask is set.
static void whereSet(OpBuilder &b, Location loc, Value guard,
                     function_ref<void(OpBuilder &, Location)> body) {
  if (!guard) {
    body(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, guard, [&](OpBuilder &then, Location tl) {
    body(then, tl);
    scf::YieldOp::create(then, tl);
  });
}

/// Allocates the result of a per-element op (or nothing for rank 0), runs
/// `compute` for every element and maps `result` to the values.
static void lowerPerElement(
    TileLowering &l, Location loc, Value result,
    function_ref<Value(OpBuilder &, Location, ValueRange)> compute) {
  ArrayRef<int64_t> shape = tileShape(result.getType());
  if (shape.empty()) {
    l.map(result, compute(l.b(), loc, {}));
    return;
  }
  Value buffer = l.allocTileFor(loc, result.getType());
  l.forEachElement(loc, shape, [&](OpBuilder &b, Location el, ValueRange ivs) {
    l.writeElement(b, el, compute(b, el, ivs), buffer, ivs);
  });
  l.map(result, buffer);
}

/// The memory type of `op`'s pointee, or a diagnostic for types without
/// whole-byte storage.
static FailureOr<Type> accessType(Operation *op, Type pointee) {
  Type memType = memoryType(pointee);
  if (!memType)
    return op->emitError() << "tilechain cannot access " << pointee
                           << " in memory: its elements are not whole bytes";
  return memType;
}

/// One element loaded from the global address `address` (an i64), in its
/// memory type `memType` and back to `element`.
static Value loadGlobalElement(OpBuilder &b, Location loc, Value address,
                               Type element, Type memType,
                               LLVM::AtomicOrdering ordering,
                               StringRef syncscope) {
  Value loaded = LLVM::LoadOp::create(
      b, loc, memType, globalPointer(b, loc, address), byteSize(memType),
      /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, ordering, syncscope);
  return fromMemory(b, loc, loaded, element);
}

/// One element `value` stored at the global address `address` (an i64).
static void storeGlobalElement(OpBuilder &b, Location loc, Value value,
                               Value address, Type memType,
                               LLVM::AtomicOrdering ordering,
                               StringRef syncscope) {
  LLVM::StoreOp::create(b, loc, toMemory(b, loc, value, memType),
                        globalPointer(b, loc, address), byteSize(memType),
                        /*isVolatile=*/false, /*isNonTemporal=*/false,
                        /*isInvariantGroup=*/false, ordering, syncscope);
}

//===----------------------------------------------------------------------===//
// load_ptr_tko, store_ptr_tko
//===----------------------------------------------------------------------===//

// A masked-off element takes the padding value, or zero without one.
static LogicalResult lowerLoadPtr(TileLowering &l, ct::LoadPtrTkoOp op) {
  Type element = pointeeOf(op.getSource());
  FailureOr<Type> memType = accessType(op, element);
  if (failed(memType))
    return failure();
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  Value source = l.lookup(op.getSource());
  lowerPerElement(l, op.getLoc(), op.getResult(), [&](OpBuilder &b, Location loc,
                                                      ValueRange ivs) {
    Value address = l.readElement(b, loc, source, ivs);
    Value mask = optionalElement(l, b, loc, op.getMask(), ivs);
    return maskedValue(
        b, loc, mask,
        [&](OpBuilder &ib, Location il) {
          return loadGlobalElement(ib, il, address, element, *memType,
                                   ordering, syncscope);
        },
        [&](OpBuilder &ib, Location il) {
          if (Value padding = optionalElement(l, ib, il, op.getPaddingValue(), ivs))
            return padding;
          return zeroOf(ib, il, element);
        });
  });
  return success();
}

static LogicalResult lowerStorePtr(TileLowering &l, ct::StorePtrTkoOp op) {
  Type element = pointeeOf(op.getDestination());
  FailureOr<Type> memType = accessType(op, element);
  if (failed(memType))
    return failure();
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  Value destination = l.lookup(op.getDestination());
  Value value = l.lookup(op.getValue());
  l.forEachElement(
      op.getLoc(), tileShape(op.getValue().getType()),
      [&](OpBuilder &b, Location loc, ValueRange ivs) {
        auto store = [&](OpBuilder &sb, Location sl) {
          // Value, then address: the element reads in a fixed order.
          Value element = l.readElement(sb, sl, value, ivs);
          Value address = l.readElement(sb, sl, destination, ivs);
          storeGlobalElement(sb, sl, element, address, *memType, ordering,
                             syncscope);
        };
        whereSet(b, loc, optionalElement(l, b, loc, op.getMask(), ivs), store);
      });
  return success();
}

// The parallel form: each thread accesses the elements its registers hold;
// a store is done once per element, by its owner. A rank-0 load is done by
// every thread (each computes every scalar), a rank-0 store by thread 0 only:
// were every thread to store, one thread's store could overtake another's
// load of the same location (x = x + 10 would add 10 once per thread).

/// The tiles among `values`, skipping absent optional operands.
static SmallVector<Value> presentTiles(std::initializer_list<Value> values) {
  SmallVector<Value> tiles;
  for (Value v : values)
    if (v)
      tiles.push_back(v);
  return tiles;
}

/// Runs of consecutive pointers a pointer-tile access moves with one vector
/// access per run: the tile dim they run along, their registers in the
/// layout the access takes (the pointer tile's own, so that the addresses
/// need no exchange), and how many elements each run has.
struct PointerRuns {
  unsigned dim = 0;
  int64_t width = 1;
  LinearLayout layout;
};

/// The widest runs the kernel's index arithmetic proves for an access of
/// `memType` elements through `pointers` (AxisInfo): consecutive pointers,
/// the first aligned to the whole run (16 bytes at most), the mask (if any)
/// equal over the run, and consecutive registers of the pointer tile's
/// layout. Atomic accesses stay per element.
static PointerRuns pointerRuns(TileLowering &l, Operation *op, Value pointers,
                               Value mask, Type memType,
                               LLVM::AtomicOrdering ordering) {
  PointerRuns runs;
  int64_t bytes = byteSize(memType);
  if (ordering != LLVM::AtomicOrdering::not_atomic || bytes == 0 || bytes > 8)
    return runs;
  const AxisInfoAnalysis &facts = l.axisInfo(op);
  AxisInfo info = facts.getInfo(pointers);
  std::optional<AxisInfo> maskInfo;
  if (mask)
    maskInfo = facts.getInfo(mask);
  LinearLayout layout = l.layoutOf(pointers);
  for (unsigned d = info.getRank(); d-- > 0;) {
    int64_t width = std::min(
        provenRunLength(info, maskInfo ? &*maskInfo : nullptr, d, bytes),
        layout.getContiguousRegisters(d));
    if (width > runs.width) {
      runs.dim = d;
      runs.width = width;
    }
  }
  runs.layout = layout;
  return runs;
}

/// The registers of an optional operand in `layout` (none for null).
static FailureOr<SmallVector<Value>>
optionalRegisters(TileLowering &l, Value operand, const LinearLayout &layout) {
  if (!operand)
    return SmallVector<Value>();
  return l.registersIn(operand, layout);
}

/// load_ptr_tko with one vector load per run; a masked-off run takes the
/// padding (or zero) without touching memory.
static LogicalResult loadPointerRuns(TileLowering &l, ct::LoadPtrTkoOp op,
                                     const PointerRuns &runs, Type element,
                                     Type memType) {
  FailureOr<SmallVector<Value>> pointers =
      l.registersIn(op.getSource(), runs.layout);
  FailureOr<SmallVector<Value>> masks =
      optionalRegisters(l, op.getMask(), runs.layout);
  FailureOr<SmallVector<Value>> paddings =
      optionalRegisters(l, op.getPaddingValue(), runs.layout);
  if (failed(pointers) || failed(masks) || failed(paddings))
    return failure();
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  auto vectorType = VectorType::get({runs.width}, memType);
  SmallVector<Value> loaded;
  for (int64_t reg = 0, e = pointers->size(); reg < e; reg += runs.width) {
    auto load = [&](OpBuilder &ib, Location il) {
      Value run = LLVM::LoadOp::create(
          ib, il, vectorType, globalPointer(ib, il, (*pointers)[reg]),
          runs.width * byteSize(memType));
      SmallVector<Value> values;
      for (int64_t i = 0; i < runs.width; ++i)
        values.push_back(fromMemory(
            ib, il, vector::ExtractOp::create(ib, il, run, i), element));
      return values;
    };
    if (masks->empty()) {
      llvm::append_range(loaded, load(b, loc));
      continue;
    }
    auto ifOp = scf::IfOp::create(
        b, loc, (*masks)[reg],
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, load(tb, tl));
        },
        [&](OpBuilder &eb, Location el) {
          SmallVector<Value> values;
          for (int64_t i = 0; i < runs.width; ++i)
            values.push_back(paddings->empty() ? zeroOf(eb, el, element)
                                               : (*paddings)[reg + i]);
          scf::YieldOp::create(eb, el, values);
        });
    llvm::append_range(loaded, ifOp.getResults());
  }
  l.map(op.getResult(), l.makeDistributed(loc, loaded, runs.layout));
  return success();
}

/// store_ptr_tko with one vector store per run, by the run's owner, where
/// the mask (equal over the run) holds.
static LogicalResult storePointerRuns(TileLowering &l, ct::StorePtrTkoOp op,
                                      const PointerRuns &runs, Type memType) {
  FailureOr<SmallVector<Value>> pointers =
      l.registersIn(op.getDestination(), runs.layout);
  FailureOr<SmallVector<Value>> values =
      l.registersIn(op.getValue(), runs.layout);
  FailureOr<SmallVector<Value>> masks =
      optionalRegisters(l, op.getMask(), runs.layout);
  if (failed(pointers) || failed(values) || failed(masks))
    return failure();
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  auto vectorType = VectorType::get({runs.width}, memType);
  uint64_t duplicates = runs.layout.getBroadcastMask(LinearLayout::Register);
  for (int64_t reg = 0, e = pointers->size(); reg < e; reg += runs.width) {
    if (reg & duplicates)
      continue;
    Value guard = l.isOwner(b, loc, runs.layout, reg);
    if (!masks->empty())
      guard = guard ? arith::AndIOp::create(b, loc, guard, (*masks)[reg])
                    : (*masks)[reg];
    auto store = [&](OpBuilder &sb, Location sl) {
      SmallVector<Value> stored;
      for (int64_t i = 0; i < runs.width; ++i)
        stored.push_back(toMemory(sb, sl, (*values)[reg + i], memType));
      Value run = vector::FromElementsOp::create(sb, sl, vectorType, stored);
      LLVM::StoreOp::create(sb, sl, run,
                            globalPointer(sb, sl, (*pointers)[reg]),
                            runs.width * byteSize(memType));
    };
    whereSet(b, loc, guard, store);
  }
  return success();
}

static LogicalResult lowerLoadPtrParallel(TileLowering &l, ct::LoadPtrTkoOp op) {
  l.orderAfterToken(op.getLoc(), op.getToken());
  if (tileShape(op.getResult().getType()).empty())
    return lowerLoadPtr(l, op);
  Type element = pointeeOf(op.getSource());
  FailureOr<Type> memType = accessType(op, element);
  if (failed(memType))
    return failure();
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  PointerRuns runs = pointerRuns(l, op, op.getSource(), op.getMask(),
                                 *memType, ordering);
  if (runs.width > 1)
    return loadPointerRuns(l, op, runs, element, *memType);
  bool masked = bool(op.getMask());
  bool padded = bool(op.getPaddingValue());
  SmallVector<Value> loaded;
  FailureOr<LinearLayout> layout = l.forEachRegister(
      presentTiles({op.getSource(), op.getMask(), op.getPaddingValue()}),
      [&](OpBuilder &b, Location loc, int64_t, ValueRange elements) {
        Value mask = masked ? elements[1] : Value();
        loaded.push_back(maskedValue(
            b, loc, mask,
            [&](OpBuilder &ib, Location il) {
              return loadGlobalElement(ib, il, elements[0], element, *memType,
                                       ordering, syncscope);
            },
            [&](OpBuilder &ib, Location il) {
              return padded ? elements.back() : zeroOf(ib, il, element);
            }));
      });
  if (failed(layout))
    return failure();
  l.map(op.getResult(), l.makeDistributed(op.getLoc(), loaded, *layout));
  return success();
}

static LogicalResult lowerStorePtrParallel(TileLowering &l,
                                           ct::StorePtrTkoOp op) {
  l.orderAfterToken(op.getLoc(), op.getToken());
  if (tileShape(op.getValue().getType()).empty()) {
    OpBuilder &b = l.b();
    auto ifOp = scf::IfOp::create(b, op.getLoc(),
                                  l.isFirstThread(b, op.getLoc()),
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    return lowerStorePtr(l, op);
  }
  Type element = pointeeOf(op.getDestination());
  FailureOr<Type> memType = accessType(op, element);
  if (failed(memType))
    return failure();
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  PointerRuns runs = pointerRuns(l, op, op.getDestination(), op.getMask(),
                                 *memType, ordering);
  if (runs.width > 1)
    return storePointerRuns(l, op, runs, *memType);
  bool masked = bool(op.getMask());
  // Registers and lanes that only repeat an element store nothing; the
  // layout is known once the operands are in it, so the guards are built
  // per register afterwards.
  SmallVector<std::pair<int64_t, SmallVector<Value>>> perRegister;
  FailureOr<LinearLayout> layout = l.forEachRegister(
      presentTiles({op.getDestination(), op.getValue(), op.getMask()}),
      [&](OpBuilder &, Location, int64_t reg, ValueRange elements) {
        perRegister.push_back({reg, SmallVector<Value>(elements)});
      });
  if (failed(layout))
    return failure();
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  uint64_t duplicates = layout->getBroadcastMask(LinearLayout::Register);
  for (auto &[reg, elements] : perRegister) {
    if (reg & duplicates)
      continue;
    Value guard = l.isOwner(b, loc, *layout, reg);
    if (masked)
      guard = guard ? arith::AndIOp::create(b, loc, guard, elements[2])
                    : elements[2];
    auto store = [&](OpBuilder &sb, Location sl) {
      storeGlobalElement(sb, sl, elements[1], elements[0], *memType, ordering,
                         syncscope);
    };
    whereSet(b, loc, guard, store);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// atomic_rmw_tko, atomic_cas_tko
//===----------------------------------------------------------------------===//

// The result is the old value. A masked-off element reads as zero for
// atomic_rmw; for atomic_cas it reads as its `cmp` element, as with NVIDIA's
// tileiras (cutile-python's test_atomic_offset_cas_mask). Where
// NVPTX has no native form (bf16 fadd before sm_90), LLVM's atomic
// expansion emits a compare-and-swap loop.
static LogicalResult lowerAtomicRMW(TileLowering &l, ct::AtomicRMWTkoOp op) {
  Type element = pointeeOf(op.getPointers());
  LLVM::AtomicBinOp binOp = atomicBinOp(op.getMode());
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  Value pointers = l.lookup(op.getPointers());
  Value arg = l.lookup(op.getArg());
  lowerPerElement(l, op.getLoc(), op.getResult(), [&](OpBuilder &b, Location loc,
                                                      ValueRange ivs) {
    Value mask = optionalElement(l, b, loc, op.getMask(), ivs);
    return maskedValue(
        b, loc, mask,
        [&](OpBuilder &ib, Location il) -> Value {
          Value pointer =
              globalPointer(ib, il, l.readElement(ib, il, pointers, ivs));
          Value old = createAtomicRMW(ib, il, binOp, pointer,
                                      l.readElement(ib, il, arg, ivs), ordering,
                                      syncscope, byteSize(element));
          return old;
        },
        [&](OpBuilder &ib, Location il) { return zeroOf(ib, il, element); });
  });
  return success();
}

/// A failed compare-and-swap only reads: it keeps the acquire half.
static LLVM::AtomicOrdering failureOrderingOf(LLVM::AtomicOrdering success) {
  switch (success) {
  case LLVM::AtomicOrdering::acq_rel:
    return LLVM::AtomicOrdering::acquire;
  case LLVM::AtomicOrdering::release:
    return LLVM::AtomicOrdering::monotonic;
  default:
    return success;
  }
}

// LLVM compares integers only: float elements swap their bit patterns (so
// -0.0 and 0.0 differ, and a NaN matches itself bit for bit).
static Value compareAndSwap(OpBuilder &b, Location loc, Value address,
                            Value cmp, Value val, Type element,
                            LLVM::AtomicOrdering ordering,
                            StringRef syncscope) {
  Type bits = b.getIntegerType(element.getIntOrFloatBitWidth());
  Value pointer = globalPointer(b, loc, address);
  Value expected = toMemory(b, loc, cmp, bits);
  Value desired = toMemory(b, loc, val, bits);
  auto exchange = LLVM::AtomicCmpXchgOp::create(
      b, loc, pointer, expected, desired, ordering, failureOrderingOf(ordering),
      syncscope, byteSize(bits));
  Value old = LLVM::ExtractValueOp::create(b, loc, exchange, 0);
  return fromMemory(b, loc, old, element);
}

static LogicalResult lowerAtomicCAS(TileLowering &l, ct::AtomicCASTkoOp op) {
  Type element = pointeeOf(op.getPointers());
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  Value pointers = l.lookup(op.getPointers());
  Value cmp = l.lookup(op.getCmp());
  Value val = l.lookup(op.getVal());
  lowerPerElement(l, op.getLoc(), op.getResult(), [&](OpBuilder &b, Location loc,
                                                      ValueRange ivs) {
    Value mask = optionalElement(l, b, loc, op.getMask(), ivs);
    return maskedValue(
        b, loc, mask,
        [&](OpBuilder &ib, Location il) {
          return compareAndSwap(ib, il, l.readElement(ib, il, pointers, ivs),
                                l.readElement(ib, il, cmp, ivs),
                                l.readElement(ib, il, val, ivs), element,
                                ordering, syncscope);
        },
        [&](OpBuilder &ib, Location il) {
          return l.readElement(ib, il, cmp, ivs);
        });
  });
  return success();
}

// The parallel form: each element's atomic is issued once, by its owner, and
// the holders that only repeat the element take the old value from it
// (through shared memory) where the result is used. A rank-0 atomic is
// issued by thread 0, and its old value reaches every thread through shared
// memory. As for loads and stores, an atomic whose token orders it after
// another memory op waits at a barrier first: the other op may have been
// done by other threads.

/// An atomic of the element operands (the address first), returning the old
/// value; or the result of a masked-off element from its operands.
using ElementAtomic =
    function_ref<Value(OpBuilder &, Location, ValueRange operands)>;

static LogicalResult lowerAtomicParallel(TileLowering &l, Operation *op,
                                         ValueRange operands, Value mask,
                                         Value token, Value result,
                                         ElementAtomic atomic,
                                         ElementAtomic maskedOff) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Type element = tileElementType(result.getType());
  auto masked = [&](OpBuilder &mb, Location ml, Value guard,
                    ValueRange elements) {
    return maskedValue(
        mb, ml, guard,
        [&](OpBuilder &ib, Location il) { return atomic(ib, il, elements); },
        [&](OpBuilder &ib, Location il) { return maskedOff(ib, il, elements); });
  };
  bool used = !result.use_empty();
  if (tileShape(result.getType()).empty()) {
    SmallVector<Value> scalars;
    for (Value operand : operands)
      scalars.push_back(l.lookup(operand));
    Type shared = sharedElementType(element);
    Value slot;
    if (used) {
      FailureOr<Value> buffer = l.sharedBuffer(op, shared, 1);
      if (failed(buffer))
        return failure();
      slot = *buffer;
    }
    l.orderAfterToken(loc, token);
    // The token's barrier, if there is one, already keeps the write from
    // overtaking earlier reads of shared memory.
    Block::iterator point = b.getInsertionPoint();
    if (used && (point == b.getInsertionBlock()->begin() ||
                 !isa<gpu::BarrierOp>(*std::prev(point))))
      l.barrierBeforeSharedWrites(b, loc);
    auto first = scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                                   /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(first.thenBlock()->getTerminator());
      Value old = masked(b, loc, mask ? l.lookup(mask) : Value(), scalars);
      if (used) {
        Value stored = toShared(b, loc, old, shared);
        memref::StoreOp::create(b, loc, stored, slot,
                                ValueRange{l.indexConstant(loc, 0)});
      }
    }
    if (used) {
      gpu::BarrierOp::create(b, loc);
      Value old = memref::LoadOp::create(b, loc, slot,
                                         ValueRange{l.indexConstant(loc, 0)});
      l.map(result, fromShared(b, loc, old, element));
    }
    return success();
  }
  l.orderAfterToken(loc, token);
  SmallVector<Value> tiles(operands);
  if (mask)
    tiles.push_back(mask);
  SmallVector<SmallVector<Value>> perRegister;
  FailureOr<LinearLayout> layout = l.forEachRegister(
      tiles, [&](OpBuilder &, Location, int64_t, ValueRange elements) {
        perRegister.push_back(SmallVector<Value>(elements));
      });
  if (failed(layout))
    return failure();
  uint64_t duplicates = layout->getBroadcastMask(LinearLayout::Register);
  SmallVector<Value> old;
  for (auto [reg, elements] : llvm::enumerate(perRegister)) {
    if (reg & duplicates) {
      old.push_back(Value());
      continue;
    }
    Value guard = l.isOwner(b, loc, *layout, reg);
    if (mask)
      guard = guard ? arith::AndIOp::create(b, loc, guard, elements.back())
                    : elements.back();
    old.push_back(masked(b, loc, guard,
                         ArrayRef<Value>(elements).take_front(operands.size())));
  }
  if (!used)
    return success();
  FailureOr<SmallVector<Value>> registers = l.fromOwners(op, old, *layout);
  if (failed(registers))
    return failure();
  l.map(result, l.makeDistributed(loc, *registers, *layout));
  return success();
}

static LogicalResult lowerAtomicRMWParallel(TileLowering &l,
                                            ct::AtomicRMWTkoOp op) {
  Type element = pointeeOf(op.getPointers());
  LLVM::AtomicBinOp binOp = atomicBinOp(op.getMode());
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  return lowerAtomicParallel(
      l, op, {op.getPointers(), op.getArg()}, op.getMask(), op.getToken(),
      op.getResult(), [&](OpBuilder &b, Location loc, ValueRange elements) {
        return createAtomicRMW(b, loc, binOp, globalPointer(b, loc, elements[0]),
                               elements[1], ordering, syncscope,
                               byteSize(element));
      },
      [&](OpBuilder &b, Location loc, ValueRange) {
        return zeroOf(b, loc, element);
      });
}

static LogicalResult lowerAtomicCASParallel(TileLowering &l,
                                            ct::AtomicCASTkoOp op) {
  Type element = pointeeOf(op.getPointers());
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  return lowerAtomicParallel(
      l, op, {op.getPointers(), op.getCmp(), op.getVal()}, op.getMask(),
      op.getToken(), op.getResult(),
      [&](OpBuilder &b, Location loc, ValueRange elements) {
        return compareAndSwap(b, loc, elements[0], elements[1], elements[2],
                              element, ordering, syncscope);
      },
      [&](OpBuilder &, Location, ValueRange elements) { return elements[1]; });
}

//===----------------------------------------------------------------------===//
// Fences and stack buffers
//===----------------------------------------------------------------------===//

// One thread runs the program in order, and every access goes through an
// address computed as an integer, which LLVM cannot prove distinct from
// another: accesses that may alias already keep their order, so the fence
// emits nothing (NVPTX has no compiler-only fence to emit either).
static LogicalResult lowerFenceAlias(TileLowering &, ct::MemoryFenceAliasTkoOp) {
  return success();
}

// Pointers lower to global-memory accesses, which cannot reach a stack
// buffer, and a global scratch buffer would be shared by every tile block.
static LogicalResult lowerAlloca(TileLowering &, ct::AllocaOp op) {
  return op.emitError()
         << "tilechain cannot lower '" << op->getName()
         << "' yet: pointers are accessed as global memory, which reaches "
            "neither a stack buffer nor per-block global scratch";
}

void tilechain::addMemoryLowerings(LoweringTable &table, TileForm form) {
  if (form == TileForm::Parallel) {
    table.add<ct::LoadPtrTkoOp>(lowerLoadPtrParallel);
    table.add<ct::StorePtrTkoOp>(lowerStorePtrParallel);
    table.add<ct::AtomicRMWTkoOp>(lowerAtomicRMWParallel);
    table.add<ct::AtomicCASTkoOp>(lowerAtomicCASParallel);
    return;
  }
  table.add<ct::LoadPtrTkoOp>(lowerLoadPtr);
  table.add<ct::StorePtrTkoOp>(lowerStorePtr);
  table.add<ct::AtomicRMWTkoOp>(lowerAtomicRMW);
  table.add<ct::AtomicCASTkoOp>(lowerAtomicCAS);
  table.add<ct::MemoryFenceAliasTkoOp>(lowerFenceAlias);
  table.add<ct::AllocaOp>(lowerAlloca);
}
