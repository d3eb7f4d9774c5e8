//===- MiscLowering.cpp - tokens, assumptions, grid queries, debugging ----===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace tilechain;

/// The three i32 coordinates of a gpu id op (block id, grid size).
template <typename GpuIdOp>
static void mapDimensions(TileLowering &lowering, Operation *op) {
  OpBuilder &b = lowering.b();
  Location loc = op->getLoc();
  const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                                 gpu::Dimension::z};
  for (auto [result, dim] : llvm::zip(op->getResults(), dims)) {
    Value id = GpuIdOp::create(b, loc, dim);
    lowering.map(result,
                 arith::IndexCastUIOp::create(b, loc, b.getI32Type(), id));
  }
}

namespace {

//===----------------------------------------------------------------------===//
// print_tko: the format's text, with each conversion applied to its operand.
// A tile prints as nested lists in row-major order, "[[0, 1], [2, 3]]", the
// conversion applied to every element, as cuTile prints tiles.
//===----------------------------------------------------------------------===//

/// One conversion of a print format, without its length modifier (which
/// tile-sched spells from the operand's type).
struct Conversion {
  std::string flags; // flags, width and precision, e.g. "-08.3"
  char kind;         // d, u, x, f, e, ...
};

/// Splits `format` into the text around its conversions: texts.size() is
/// conversions.size() + 1. "%%" is printf text and stays in the text.
LogicalResult parseFormat(Operation *op, StringRef format,
                          SmallVectorImpl<std::string> &texts,
                          SmallVectorImpl<Conversion> &conversions) {
  texts.emplace_back();
  for (size_t pos = 0; pos < format.size(); ++pos) {
    if (format[pos] != '%') {
      texts.back().push_back(format[pos]);
      continue;
    }
    if (format.substr(pos).starts_with("%%")) {
      texts.back() += "%%";
      ++pos;
      continue;
    }
    size_t end = format.find_first_of("diuoxXeEfFgGaAcspn", pos + 1);
    if (end == StringRef::npos)
      return op->emitError() << "tilechain cannot print the format '"
                             << format << "': a conversion never ends";
    char kind = format[end];
    if (kind == 's' || kind == 'n')
      return op->emitError() << "tilechain cannot print a tile element with '%"
                             << kind << "'";
    Conversion conversion{"", kind};
    for (char c : format.slice(pos + 1, end)) {
      if (StringRef("hlLqjzt").contains(c))
        continue;
      if (!StringRef("-+ #0123456789.").contains(c))
        return op->emitError() << "tilechain cannot print the conversion '"
                               << format.slice(pos, end + 1) << "'";
      conversion.flags.push_back(c);
    }
    conversions.push_back(std::move(conversion));
    texts.emplace_back();
    pos = end;
  }
  return success();
}

/// `element` as vprintf reads it (floats as double, integers as int or long
/// long) and the conversion spelled for it.
std::pair<Value, std::string> promote(OpBuilder &b, Location loc,
                                      Value element, const Conversion &c) {
  std::string spec = "%" + c.flags;
  if (auto floatType = dyn_cast<FloatType>(element.getType())) {
    if (!floatType.isF64())
      element = arith::ExtFOp::create(b, loc, b.getF64Type(), element);
    return {element, spec + c.kind};
  }
  unsigned width = element.getType().getIntOrFloatBitWidth();
  bool zeroExtend = width == 1 || StringRef("uoxXp").contains(c.kind);
  Type wide = width <= 32 ? b.getI32Type() : b.getI64Type();
  if (width != wide.getIntOrFloatBitWidth())
    element = zeroExtend ? Value(arith::ExtUIOp::create(b, loc, wide, element))
                         : Value(arith::ExtSIOp::create(b, loc, wide, element));
  if (width > 32 && StringRef("diouxX").contains(c.kind))
    spec += "ll";
  return {element, spec + c.kind};
}

void printf(OpBuilder &b, Location loc, StringRef format, ValueRange args) {
  if (!format.empty())
    gpu::PrintfOp::create(b, loc, format, args);
}

/// Prints `whenFirst` or `otherwise` depending on whether `iv` is 0.
void printFirstOrNot(OpBuilder &b, Location loc, Value iv, StringRef whenFirst,
                     StringRef otherwise, ValueRange args) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, iv, zero);
  scf::IfOp::create(
      b, loc, first,
      [&](OpBuilder &nested, Location l) {
        printf(nested, l, whenFirst, args);
        scf::YieldOp::create(nested, l);
      },
      [&](OpBuilder &nested, Location l) {
        printf(nested, l, otherwise, args);
        scf::YieldOp::create(nested, l);
      });
}

/// Prints the elements of `buffer` at `ivs` followed by every index of the
/// remaining dimensions; the caller has printed this level's "[".
void printLevel(OpBuilder &b, Location loc, Value buffer,
                const Conversion &conversion, SmallVectorImpl<Value> &ivs) {
  ArrayRef<int64_t> shape = cast<MemRefType>(buffer.getType()).getShape();
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, shape[ivs.size()]);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange(),
      [&](OpBuilder &nested, Location l, Value iv, ValueRange) {
        ivs.push_back(iv);
        if (ivs.size() == shape.size()) {
          Value element = memref::LoadOp::create(nested, l, buffer, ivs);
          auto [value, spec] = promote(nested, l, element, conversion);
          printFirstOrNot(nested, l, iv, spec, ", " + spec, value);
        } else {
          printFirstOrNot(nested, l, iv, "[", ", [", {});
          printLevel(nested, l, buffer, conversion, ivs);
          printf(nested, l, "]", {});
        }
        ivs.pop_back();
        scf::YieldOp::create(nested, l);
      });
}

LogicalResult lowerPrint(TileLowering &l, cuda_tile::PrintTkoOp op) {
  SmallVector<std::string> texts;
  SmallVector<Conversion> conversions;
  if (failed(parseFormat(op, op.getStr(), texts, conversions)))
    return failure();
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  // Text and scalar operands gather into one printf until a tile needs a
  // loop of its own.
  std::string pending = texts[0];
  SmallVector<Value> pendingArgs;
  for (auto [index, arg] : llvm::enumerate(op.getArgs())) {
    Value lowered = l.lookup(arg);
    if (isa<MemRefType>(lowered.getType())) {
      printf(b, loc, pending + "[", pendingArgs);
      pendingArgs.clear();
      SmallVector<Value> ivs;
      printLevel(b, loc, lowered, conversions[index], ivs);
      pending = "]";
    } else {
      auto [value, spec] = promote(b, loc, lowered, conversions[index]);
      pending += spec;
      pendingArgs.push_back(value);
    }
    pending += texts[index + 1];
  }
  printf(b, loc, pending, pendingArgs);
  return success();
}

//===----------------------------------------------------------------------===//
// assert: every false element is reported with its index, then the kernel
// fails the way CUDA's assert does (__assertfail: message, file, line,
// function, character size).
//===----------------------------------------------------------------------===//

/// `loc` for a symbol at module level: without call sites. The debug-info
/// scope pass (tile-llc --lineinfo) resolves a call site within the
/// llvm.func around it, which a global or a declaration has none of; an
/// assert in an inlined helper's body gave tile-llc a segfault.
static Location withoutCallSites(Location loc) {
  return cast<LocationAttr>(cast<LocationAttr>(loc).replace(
      [](CallSiteLoc site) -> LocationAttr {
        Location callee = site.getCallee();
        while (auto inner = dyn_cast<CallSiteLoc>(callee))
          callee = inner.getCallee();
        return callee;
      }));
}

/// The address of a fresh constant string in `module`.
Value stringAddress(OpBuilder &b, Location loc, gpu::GPUModuleOp module,
                    StringRef name, StringRef text) {
  std::string data = text.str();
  data.push_back('\0');
  OpBuilder detached(b.getContext());
  auto global = LLVM::GlobalOp::create(
      detached, withoutCallSites(loc),
      LLVM::LLVMArrayType::get(b.getI8Type(), data.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, name,
      b.getStringAttr(data));
  SymbolTable(module).insert(global, module.getBody()->begin());
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// Calls __assertfail for `message` from `func`.
void callAssertFail(OpBuilder &b, Location loc, gpu::GPUFuncOp func,
                    StringRef message) {
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  MLIRContext *context = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  constexpr StringLiteral name = "__assertfail";
  auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!callee) {
    OpBuilder atModule = OpBuilder::atBlockBegin(module.getBody());
    callee = LLVM::LLVMFuncOp::create(
        atModule, withoutCallSites(loc), name,
        LLVM::LLVMFunctionType::get(
            LLVM::LLVMVoidType::get(context),
            {ptr, ptr, b.getI32Type(), ptr, b.getI64Type()}));
  }
  auto position = loc->findInstanceOf<FileLineColLoc>();
  StringRef file = position ? position.getFilename().getValue() : "<unknown>";
  unsigned line = position ? position.getLine() : 0;
  SmallVector<Value> args = {
      stringAddress(b, loc, module, "assert_message", message),
      stringAddress(b, loc, module, "assert_file", file),
      arith::ConstantIntOp::create(b, loc, line, 32),
      stringAddress(b, loc, module, "assert_function", func.getName()),
      arith::ConstantIntOp::create(b, loc, 1, 64)};
  LLVM::CallOp::create(b, loc, callee, args);
}

/// Reports each false element of `buffer` under `ivs`; returns `anyFalse`
/// or'ed with whether one was false.
Value reportFalse(OpBuilder &b, Location loc, Value buffer,
                  StringRef format, SmallVectorImpl<Value> &ivs,
                  Value anyFalse) {
  ArrayRef<int64_t> shape = cast<MemRefType>(buffer.getType()).getShape();
  if (ivs.size() == shape.size()) {
    Value element = memref::LoadOp::create(b, loc, buffer, ivs);
    Value isFalse = arith::XOrIOp::create(
        b, loc, element, arith::ConstantIntOp::create(b, loc, 1, 1));
    scf::IfOp::create(b, loc, isFalse, [&](OpBuilder &nested, Location l) {
      SmallVector<Value> indices;
      for (Value iv : ivs)
        indices.push_back(
            arith::IndexCastOp::create(nested, l, nested.getI64Type(), iv));
      printf(nested, l, format, indices);
      scf::YieldOp::create(nested, l);
    });
    return arith::OrIOp::create(b, loc, anyFalse, isFalse);
  }
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, shape[ivs.size()]);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, anyFalse,
      [&](OpBuilder &nested, Location l, Value iv, ValueRange carried) {
        ivs.push_back(iv);
        Value result = reportFalse(nested, l, buffer, format, ivs, carried[0]);
        ivs.pop_back();
        scf::YieldOp::create(nested, l, result);
      });
  return loop.getResult(0);
}

/// The printf format of a false element's report: "<message> (tile index
/// 3, 1)", the message as printf text, one i64 per dim.
std::string falseElementFormat(StringRef message, int64_t rank) {
  std::string format;
  for (char c : message)
    format += c == '%' ? std::string("%%") : std::string(1, c);
  format += " (tile index ";
  for (int64_t d = 0; d < rank; ++d)
    format += d ? ", %lld" : "%lld";
  format += ")\n";
  return format;
}

/// The kernel being built at `b`'s insertion point. Looked up before an
/// scf.if is built: inside it, the insertion block has no parent yet.
gpu::GPUFuncOp enclosingKernel(OpBuilder &b) {
  Operation *parent = b.getInsertionBlock()->getParentOp();
  if (auto kernel = dyn_cast<gpu::GPUFuncOp>(parent))
    return kernel;
  return parent->getParentOfType<gpu::GPUFuncOp>();
}

LogicalResult lowerAssert(TileLowering &l, cuda_tile::AssertOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  StringRef message = op.getMessage();
  Value condition = l.lookup(op.getCondition());
  Value failed;
  if (auto type = dyn_cast<MemRefType>(condition.getType())) {
    SmallVector<Value> ivs;
    failed = reportFalse(b, loc, condition,
                         falseElementFormat(message, type.getRank()), ivs,
                         arith::ConstantIntOp::create(b, loc, 0, 1));
  } else {
    failed = arith::XOrIOp::create(b, loc, condition,
                                   arith::ConstantIntOp::create(b, loc, 1, 1));
  }
  gpu::GPUFuncOp kernel = enclosingKernel(b);
  scf::IfOp::create(b, loc, failed, [&](OpBuilder &nested, Location l) {
    callAssertFail(nested, l, kernel, message);
    scf::YieldOp::create(nested, l);
  });
  return success();
}

/// The parallel form of assert on a tile: each element is checked once, by
/// its owner, which reports it when false (with its tile index, as the
/// serial form does); the warps OR their threads' verdicts with shuffles and
/// meet in shared memory, and thread 0 fails the kernel once for the tile.
LogicalResult lowerAssertParallel(TileLowering &l, cuda_tile::AssertOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Value condition = op.getCondition();
  int64_t rank = tileShape(condition.getType()).size();
  gpu::GPUFuncOp kernel = enclosingKernel(b);
  if (rank == 0) {
    auto first = scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                                   /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(first.thenBlock()->getTerminator());
    return lowerAssert(l, op);
  }
  LinearLayout layout = l.layoutOf(condition);
  FailureOr<SmallVector<Value>> registers = l.registersIn(condition, layout);
  if (failed(registers))
    return failure();
  std::string format = falseElementFormat(op.getMessage(), rank);
  Value trueValue = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value anyFalse = arith::ConstantIntOp::create(b, loc, 0, 1);
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  for (auto [reg, element] : llvm::enumerate(*registers)) {
    if (reg & duplicates)
      continue;
    Value isFalse = arith::XOrIOp::create(b, loc, element, trueValue);
    if (Value owner = l.isOwner(b, loc, layout, reg))
      isFalse = arith::AndIOp::create(b, loc, isFalse, owner);
    scf::IfOp::create(b, loc, isFalse, [&](OpBuilder &nested, Location il) {
      SmallVector<Value> indices;
      for (Value coord : l.elementCoords(nested, il, layout, reg))
        indices.push_back(
            arith::IndexCastOp::create(nested, il, nested.getI64Type(), coord));
      printf(nested, il, format, indices);
      scf::YieldOp::create(nested, il);
    });
    anyFalse = arith::OrIOp::create(b, loc, anyFalse, isFalse);
  }
  Type i32 = b.getI32Type();
  Value verdict = arith::ExtUIOp::create(b, loc, i32, anyFalse);
  for (int32_t distance = 1; distance < 32; distance *= 2) {
    Value offset = arith::ConstantIntOp::create(b, loc, i32, distance);
    Value width = arith::ConstantIntOp::create(b, loc, i32, 32);
    Value other = gpu::ShuffleOp::create(b, loc, verdict, offset, width,
                                         gpu::ShuffleMode::XOR)
                      .getShuffleResult();
    verdict = arith::OrIOp::create(b, loc, verdict, other);
  }
  unsigned warps = l.getNumWarps();
  FailureOr<Value> verdicts = l.sharedBuffer(op, i32, warps);
  if (failed(verdicts))
    return failure();
  l.barrierBeforeSharedWrites(b, loc);
  Value zero = l.indexConstant(loc, 0);
  Value firstLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          l.getLaneId(), zero);
  scf::IfOp::create(b, loc, firstLane, [&](OpBuilder &nested, Location il) {
    memref::StoreOp::create(nested, il, verdict, *verdicts, l.getWarpId());
    scf::YieldOp::create(nested, il);
  });
  gpu::BarrierOp::create(b, loc);
  scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                    [&](OpBuilder &nested, Location il) {
                      Value any = arith::ConstantIntOp::create(nested, il, i32, 0);
                      for (unsigned warp = 0; warp < warps; ++warp)
                        any = arith::OrIOp::create(
                            nested, il, any,
                            memref::LoadOp::create(
                                nested, il, *verdicts,
                                ValueRange{arith::ConstantIndexOp::create(
                                    nested, il, warp)}));
                      Value failed = arith::CmpIOp::create(
                          nested, il, arith::CmpIPredicate::ne, any,
                          arith::ConstantIntOp::create(nested, il, i32, 0));
                      scf::IfOp::create(nested, il, failed,
                                        [&](OpBuilder &inner, Location fl) {
                                          callAssertFail(inner, fl, kernel,
                                                         op.getMessage());
                                          scf::YieldOp::create(inner, fl);
                                        });
                      scf::YieldOp::create(nested, il);
                    });
  return success();
}

/// Grid dependency control exists from sm_90; below, nothing depends on
/// the grid, so the op does nothing.
OpLowering gridDependencyControl(NVVM::GridDepActionKind kind) {
  return [kind](TileLowering &l, Operation *op) {
    if (l.getTarget().smVersion >= 90)
      NVVM::GriddepcontrolOp::create(l.b(), op->getLoc(), kind);
    return success();
  };
}

/// The parallel form of print: the tile operands are gathered into shared
/// memory and thread 0 runs the serial lowering over them, so that a tile
/// is printed once rather than once per thread.
OpLowering onFirstThread(OpLowering serial) {
  return [serial](TileLowering &l, Operation *op) -> LogicalResult {
    OpBuilder &b = l.b();
    Location loc = op->getLoc();
    SmallVector<std::pair<Value, Value>> replaced;
    for (Value operand : op->getOperands()) {
      auto tile = dyn_cast<cuda_tile::TileType>(operand.getType());
      if (!tile || tile.getShape().empty() ||
          llvm::is_contained(llvm::make_first_range(replaced), operand))
        continue;
      Type element = tileElementType(tile);
      Value lowered = l.lookup(operand);
      if (sharedElementType(element) != element ||
          l.getLayout(lowered).getShape() != tile.getShape())
        return l.declineParallel(op, "its tile operand has no parallel "
                                     "gathering yet");
      FailureOr<Value> flat = l.tileInShared(op, operand);
      if (failed(flat))
        return failure();
      // The serial lowering reads the tile by its coordinates: the same
      // bytes viewed with the tile's shape (a memref.view, which lowers to
      // LLVM directly, where a memref.expand_shape of rank 2 or more would
      // need expand-strided-metadata first).
      auto view = flat->getDefiningOp<memref::ViewOp>();
      auto shapedType = MemRefType::get(
          tile.getShape(), element, MemRefLayoutAttrInterface(),
          cast<MemRefType>(flat->getType()).getMemorySpace());
      Value shaped = memref::ViewOp::create(b, loc, shapedType,
                                            view.getSource(),
                                            view.getByteShift(), ValueRange());
      replaced.push_back({operand, lowered});
      l.map(operand, shaped);
    }
    auto ifOp = scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                                  /*withElseRegion=*/false);
    LogicalResult lowered = success();
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      lowered = serial(l, op);
    }
    for (auto [operand, value] : replaced)
      l.map(operand, value);
    return lowered;
  };
}

} // namespace

void tilechain::addMiscLowerings(LoweringTable &table, TileForm form) {
  // One thread runs the program in order, so tokens carry nothing. (In the
  // parallel form, a memory op ordered after another one by its token waits
  // at a barrier: see orderAfterToken.)
  table.add("cuda_tile.make_token",
            [](TileLowering &, Operation *) { return success(); });
  table.add("cuda_tile.join_tokens",
            [](TileLowering &, Operation *) { return success(); });
  // Facts pass their value through unchanged; a view's value is its
  // ViewInfo, which lives beside the tile map.
  table.add<cuda_tile::AssumeOp>([](TileLowering &l, cuda_tile::AssumeOp op) {
    Value value = op.getValue();
    if (isa<cuda_tile::TensorViewType>(value.getType())) {
      // div_by on a view: its base address is a multiple of the divisor,
      // which its facts (viewFacts) say.
      ViewInfo info = l.lookupView(value);
      static_cast<ViewFacts &>(info) = viewFacts(op.getResult());
      l.mapView(op.getResult(), std::move(info));
    } else
      l.mapAlias(op.getResult(), value);
    return success();
  });
  table.add("cuda_tile.get_tile_block_id", [](TileLowering &l, Operation *op) {
    mapDimensions<gpu::BlockIdOp>(l, op);
    return success();
  });
  table.add("tile_dist.cluster_cta_rank", [](TileLowering &l, Operation *op) {
    OpBuilder &b = l.b();
    Location loc = op->getLoc();
    Value rank = gpu::ClusterBlockIdOp::create(b, loc, gpu::Dimension::x);
    l.map(op->getResult(0),
          arith::IndexCastUIOp::create(b, loc, b.getI32Type(), rank));
    return success();
  });
  table.add("cuda_tile.get_num_tile_blocks",
            [](TileLowering &l, Operation *op) {
              mapDimensions<gpu::GridDimOp>(l, op);
              return success();
            });
  if (form == TileForm::Serial) {
    table.add<cuda_tile::PrintTkoOp>(lowerPrint);
    table.add<cuda_tile::AssertOp>(lowerAssert);
  } else {
    table.add(cuda_tile::PrintTkoOp::getOperationName(),
              onFirstThread([](TileLowering &l, Operation *op) {
                return lowerPrint(l, cast<cuda_tile::PrintTkoOp>(op));
              }));
    table.add<cuda_tile::AssertOp>(lowerAssertParallel);
  }
  table.add("cuda_tile.gdc_wait_tko",
            gridDependencyControl(NVVM::GridDepActionKind::wait));
  table.add("cuda_tile.gdc_launch_dependents_tko",
            gridDependencyControl(NVVM::GridDepActionKind::launch_dependents));
}
