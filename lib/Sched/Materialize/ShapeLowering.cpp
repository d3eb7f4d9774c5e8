//===- ShapeLowering.cpp - Shape ops of cuda_tile -> loops ---------------===//
//
// Shape ops only move elements: each result becomes a loop nest that reads
// the source element its index maps to. Constants become a scalar, a filled
// buffer (splat) or a read-only global (anything else). pack/unpack regroup
// the bits of a rank-1 tile, little-endian: element 0 owns the lowest bits.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "MmaSync.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Lower/ShapeLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Maps a result's induction variables to the source element it copies.
using IndexMap = llvm::function_ref<SmallVector<Value>(
    OpBuilder &, Location, ValueRange resultIvs)>;

/// Lowers `op` (result 0 of tile type) as result[ivs] = source[map(ivs)].
LogicalResult lowerReindex(TileLowering &l, Operation *op, Value source,
                           IndexMap map) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  Value from = l.lookup(source);
  ArrayRef<int64_t> shape = tileShape(resultType);
  if (shape.empty()) {
    l.map(op->getResult(0),
          l.readElement(l.b(), loc, from, map(l.b(), loc, ValueRange())));
    return success();
  }
  Value result = l.allocTileFor(loc, resultType);
  l.forEachElement(loc, shape, [&](OpBuilder &b, Location nl, ValueRange ivs) {
    Value element = l.readElement(b, nl, from, map(b, nl, ivs));
    l.writeElement(b, nl, element, result, ivs);
  });
  l.map(op->getResult(0), result);
  return success();
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

// --- constant -------------------------------------------------------------

/// The op directly inside the gpu.module that the builder is emitting into
/// (the kernel being built), or null outside a gpu.module.
Operation *enclosingKernel(OpBuilder &b) {
  Operation *op = b.getInsertionBlock()->getParentOp();
  while (op && !isa_and_nonnull<gpu::GPUModuleOp>(op->getParentOp()))
    op = op->getParentOp();
  return op;
}

/// The literal as a tensor of the lowered element type: tf32 elements live
/// as f32 (TileLowering::convertElementType), every other type as it is.
DenseElementsAttr lowerLiteral(DenseIntOrFPElementsAttr value,
                               ArrayRef<int64_t> shape) {
  Type from = value.getElementType();
  Type to = convertElementType(from);
  auto tensorType = RankedTensorType::get(shape, to);
  if (from == to)
    return DenseIntOrFPElementsAttr::getFromRawBuffer(tensorType,
                                                      value.getRawData());
  const llvm::fltSemantics &semantics = cast<FloatType>(to).getFloatSemantics();
  return value.mapValues(to, [&](const APFloat &element) {
    APFloat widened = element;
    bool lost = false;
    widened.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
    return widened.bitcastToAPInt();
  }).reshape(tensorType);
}

LogicalResult lowerConstant(TileLowering &l, cuda_tile::ConstantOp op) {
  Location loc = op.getLoc();
  OpBuilder &b = l.b();
  ArrayRef<int64_t> shape = tileShape(op.getType());
  DenseElementsAttr value = lowerLiteral(op.getValue(), shape);
  Type elementType = value.getElementType();
  if (value.isSplat()) {
    auto scalar = cast<TypedAttr>(value.getSplatValue<Attribute>());
    Value element = arith::ConstantOp::create(b, loc, scalar);
    if (shape.empty()) {
      l.map(op.getResult(), element);
      return success();
    }
    Value result = l.allocTileFor(loc, op.getType());
    l.fillTile(loc, element, result);
    l.map(op.getResult(), result);
    l.mapSplat(op.getResult(), element);
    return success();
  }
  // Tile buffers are never written after their defining op, so the kernel
  // reads a non-splat literal straight from a read-only global.
  Operation *kernel = enclosingKernel(b);
  if (!kernel)
    return op.emitError("tilechain needs a gpu.module to hold a constant");
  auto memrefType = MemRefType::get(shape, elementType);
  SymbolTable symbols(kernel->getParentOp());
  OpBuilder moduleBuilder(kernel);
  auto global = memref::GlobalOp::create(
      moduleBuilder, loc, "__tile_constant",
      moduleBuilder.getStringAttr("private"), memrefType, value,
      /*constant=*/true, /*alignment=*/IntegerAttr());
  symbols.insert(global, Block::iterator(kernel));
  l.map(op.getResult(), memref::GetGlobalOp::create(b, loc, memrefType,
                                                    global.getSymName()));
  return success();
}

// --- iota, broadcast, reshape, permute --------------------------------------

LogicalResult lowerIota(TileLowering &l, cuda_tile::IotaOp op) {
  Location loc = op.getLoc();
  Type elementType = tileElementType(op.getType());
  Value result = l.allocTileFor(loc, op.getType());
  l.forEachElement(loc, tileShape(op.getType()),
                   [&](OpBuilder &b, Location nl, ValueRange ivs) {
                     Value element = arith::IndexCastUIOp::create(
                         b, nl, elementType, ivs[0]);
                     l.writeElement(b, nl, element, result, ivs);
                   });
  l.map(op.getResult(), result);
  return success();
}

LogicalResult lowerBroadcast(TileLowering &l, cuda_tile::BroadcastOp op) {
  ArrayRef<int64_t> from = tileShape(op.getSource().getType());
  if (from == tileShape(op.getType())) {
    l.mapAlias(op.getResult(), op.getSource());
    return success();
  }
  return lowerReindex(l, op, op.getSource(),
                      [&](OpBuilder &b, Location loc, ValueRange ivs) {
                        SmallVector<Value> at;
                        for (auto [iv, size] : llvm::zip_equal(ivs, from))
                          at.push_back(size == 1 ? indexConst(b, loc, 0) : iv);
                        return at;
                      });
}

LogicalResult lowerReshape(TileLowering &l, cuda_tile::ReshapeOp op) {
  ArrayRef<int64_t> from = tileShape(op.getSource().getType());
  ArrayRef<int64_t> to = tileShape(op.getType());
  if (from == to) {
    l.mapAlias(op.getResult(), op.getSource());
    return success();
  }
  // Both shapes enumerate the same elements in row-major order: linearize
  // the result index, then split the position along the source shape.
  return lowerReindex(
      l, op, op.getSource(), [&](OpBuilder &b, Location loc, ValueRange ivs) {
        Value linear = ivs.empty() ? indexConst(b, loc, 0) : ivs[0];
        for (size_t d = 1; d < ivs.size(); ++d) {
          Value scaled = arith::MulIOp::create(b, loc, linear,
                                               indexConst(b, loc, to[d]));
          linear = arith::AddIOp::create(b, loc, scaled, ivs[d]);
        }
        SmallVector<Value> at(from.size());
        for (size_t d = from.size(); d-- > 0;) {
          Value size = indexConst(b, loc, from[d]);
          at[d] = arith::RemUIOp::create(b, loc, linear, size);
          linear = arith::DivUIOp::create(b, loc, linear, size);
        }
        return at;
      });
}

LogicalResult lowerPermute(TileLowering &l, cuda_tile::PermuteOp op) {
  // Result dimension i walks source dimension permutation[i].
  ArrayRef<int32_t> permutation = op.getPermutation();
  return lowerReindex(l, op, op.getSource(),
                      [&](OpBuilder &, Location, ValueRange ivs) {
                        SmallVector<Value> at(ivs.size());
                        for (auto [iv, dim] : llvm::zip_equal(ivs, permutation))
                          at[dim] = iv;
                        return at;
                      });
}

// --- offset ------------------------------------------------------------------

LogicalResult lowerOffset(TileLowering &l, cuda_tile::OffsetOp op) {
  auto tile = cast<cuda_tile::TileType>(op.getPtr().getType());
  Type pointee =
      cast<cuda_tile::PointerType>(tile.getElementType()).getPointeeType();
  int64_t bytes = tileElementBytes(pointee);
  if (bytes == 0)
    return op.emitError("tilechain cannot offset pointers to ")
           << pointee << ": its elements are not whole bytes";
  // The element count is signed; the address moves by count * size bytes.
  return l.lowerElementwise(
      op, [&](OpBuilder &b, Location loc, ValueRange operands) {
        Type i64 = b.getI64Type();
        Value count = operands[1];
        if (count.getType() != i64)
          count = arith::ExtSIOp::create(b, loc, i64, count);
        Value size = arith::ConstantIntOp::create(b, loc, i64, bytes);
        Value delta = arith::MulIOp::create(b, loc, count, size);
        return arith::AddIOp::create(b, loc, operands[0], delta);
      });
}

// --- the parallel form ---------------------------------------------------------
// A splat is one register that every layout reads (a broadcast from a tile
// of size-1 dims); broadcast leaves its source as it is; reshape and permute
// change only the layout; iota and other literals compute or load what each
// register holds.

/// The registers of `v` in a layout of its own shape, broadcasts included.
FailureOr<std::pair<SmallVector<Value>, LinearLayout>>
wholeRegisters(TileLowering &l, Value v) {
  LinearLayout layout = l.layoutOf(v);
  FailureOr<SmallVector<Value>> registers = l.registersIn(v, layout);
  if (failed(registers))
    return failure();
  return std::make_pair(std::move(*registers), std::move(layout));
}

/// The layout of one register that every thread holds, for a tile of
/// `rank` dims of size 1.
LinearLayout splatLayout(TileLowering &l, unsigned rank) {
  return LinearLayout(SmallVector<int64_t>(rank, 1),
                      {LinearLayout::Bases(), LinearLayout::Bases(5, 0),
                       LinearLayout::Bases(log2Exact(l.getNumWarps()), 0)});
}

LogicalResult lowerConstantParallel(TileLowering &l, cuda_tile::ConstantOp op) {
  Location loc = op.getLoc();
  OpBuilder &b = l.b();
  ArrayRef<int64_t> shape = tileShape(op.getType());
  DenseElementsAttr value = lowerLiteral(op.getValue(), shape);
  if (shape.empty())
    return lowerConstant(l, op);
  if (value.isSplat()) {
    Value element = arith::ConstantOp::create(
        b, loc, cast<TypedAttr>(value.getSplatValue<Attribute>()));
    l.map(op.getResult(),
          l.makeDistributed(loc, element, splatLayout(l, shape.size())));
    return success();
  }
  // Each thread reads its registers from the read-only global the serial
  // form keeps the literal in.
  if (failed(lowerConstant(l, op)))
    return failure();
  Value literal = l.lookup(op.getResult());
  LinearLayout layout = l.defaultLayout(op.getType());
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = layout.getSize(LinearLayout::Register); reg < e;
       ++reg)
    registers.push_back(memref::LoadOp::create(
        b, loc, literal, l.elementCoords(b, loc, layout, reg)));
  l.map(op.getResult(), l.makeDistributed(loc, registers, layout));
  return success();
}

LogicalResult lowerIotaParallel(TileLowering &l, cuda_tile::IotaOp op) {
  Location loc = op.getLoc();
  OpBuilder &b = l.b();
  Type elementType = tileElementType(op.getType());
  LinearLayout layout = l.layoutFor(op.getResult());
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = layout.getSize(LinearLayout::Register); reg < e;
       ++reg)
    registers.push_back(arith::IndexCastUIOp::create(
        b, loc, elementType, l.elementCoords(b, loc, layout, reg)[0]));
  l.map(op.getResult(), l.makeDistributed(loc, registers, layout));
  return success();
}

LogicalResult lowerReshapeParallel(TileLowering &l, cuda_tile::ReshapeOp op) {
  // The mma copies the loaded tile into shared memory itself.
  if (mma::copiedByMma(l, op.getSource()))
    return success();
  ArrayRef<int64_t> to = tileShape(op.getType());
  bool fromScalar = tileShape(op.getSource().getType()).empty();
  // Rank 0 to rank 0: the same scalar (there is no vector to extract from).
  if (to.empty() && fromScalar) {
    l.mapAlias(op.getResult(), op.getSource());
    return success();
  }
  // A tile of one element has a layout of no element bits: every register
  // of every thread holds it, and it is the scalar every thread holds.
  if (to.empty()) {
    l.map(op.getResult(), vector::ExtractOp::create(
                              l.b(), op.getLoc(), l.lookup(op.getSource()), 0));
    return success();
  }
  if (fromScalar) {
    l.map(op.getResult(), l.makeDistributed(op.getLoc(),
                                            l.lookup(op.getSource()),
                                            splatLayout(l, to.size())));
    return success();
  }
  auto whole = wholeRegisters(l, op.getSource());
  if (failed(whole))
    return failure();
  l.map(op.getResult(), l.makeDistributed(op.getLoc(), whole->first,
                                          whole->second.reshape(to)));
  return success();
}

LogicalResult lowerPermuteParallel(TileLowering &l, cuda_tile::PermuteOp op) {
  auto whole = wholeRegisters(l, op.getSource());
  if (failed(whole))
    return failure();
  SmallVector<int64_t> permutation(op.getPermutation());
  l.map(op.getResult(), l.makeDistributed(op.getLoc(), whole->first,
                                          whole->second.permute(permutation)));
  return success();
}

// --- pack, unpack ------------------------------------------------------------

/// The integer holding the bits of `element` (floats are bitcast).
Value asBits(OpBuilder &b, Location loc, Value element) {
  Type type = element.getType();
  if (isa<IntegerType>(type))
    return element;
  return arith::BitcastOp::create(
      b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), element);
}

Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return arith::BitcastOp::create(b, loc, type, bits);
}

/// result element j holds bits [j*w, (j+1)*w) of the bit stream formed by
/// the source elements, source element 0 lowest. One of the two widths
/// divides the other (both are powers of two or 8).
LogicalResult lowerRegroupBits(TileLowering &l, Operation *op) {
  Location loc = op->getLoc();
  Value source = op->getOperand(0);
  Type fromType = tileElementType(source.getType());
  Type toType = tileElementType(op->getResult(0).getType());
  unsigned fromWidth = fromType.getIntOrFloatBitWidth();
  unsigned toWidth = toType.getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return l.lowerElementwise(op, [&](OpBuilder &b, Location nl,
                                      ValueRange operands) {
      return fromBits(b, nl, asBits(b, nl, operands[0]), toType);
    });
  Value from = l.lookup(source);
  Value result = l.allocTileFor(loc, op->getResult(0).getType());
  Type toInt = l.b().getIntegerType(toWidth);
  l.forEachElement(
      loc, tileShape(op->getResult(0).getType()),
      [&](OpBuilder &b, Location nl, ValueRange ivs) {
        Value bits;
        if (toWidth < fromWidth) {
          // Split: a part of source element j / ratio.
          int64_t ratio = fromWidth / toWidth;
          Value at = arith::DivUIOp::create(b, nl, ivs[0],
                                            indexConst(b, nl, ratio));
          Value part = arith::RemUIOp::create(b, nl, ivs[0],
                                              indexConst(b, nl, ratio));
          Value whole = asBits(b, nl, l.readElement(b, nl, from, at));
          Type wholeType = whole.getType();
          Value partIndex =
              arith::IndexCastUIOp::create(b, nl, wholeType, part);
          Value width = arith::ConstantIntOp::create(b, nl, wholeType, toWidth);
          Value shift = arith::MulIOp::create(b, nl, partIndex, width);
          Value shifted = arith::ShRUIOp::create(b, nl, whole, shift);
          bits = arith::TruncIOp::create(b, nl, toInt, shifted);
        } else {
          // Join: source elements j*ratio .. j*ratio + ratio-1, lowest first.
          int64_t ratio = toWidth / fromWidth;
          Value first = arith::MulIOp::create(b, nl, ivs[0],
                                              indexConst(b, nl, ratio));
          bits = arith::ConstantIntOp::create(b, nl, toInt, 0);
          for (int64_t k = 0; k < ratio; ++k) {
            Value at =
                arith::AddIOp::create(b, nl, first, indexConst(b, nl, k));
            Value part = asBits(b, nl, l.readElement(b, nl, from, at));
            Value wide = arith::ExtUIOp::create(b, nl, toInt, part);
            Value shifted = arith::ShLIOp::create(
                b, nl, wide,
                arith::ConstantIntOp::create(b, nl, toInt, k * fromWidth));
            bits = arith::OrIOp::create(b, nl, bits, shifted);
          }
        }
        l.writeElement(b, nl, fromBits(b, nl, bits, toType), result, ivs);
      });
  l.map(op->getResult(0), result);
  return success();
}

/// pack and unpack in the parallel form: a thread splits each element it
/// holds into its parts, which it then holds; to join, it first takes the
/// parts of the elements it will hold (a reselection of its registers, or
/// an exchange through shared memory).
LogicalResult lowerRegroupBitsParallel(TileLowering &l, Operation *op) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Value source = op->getOperand(0);
  Type resultType = op->getResult(0).getType();
  Type fromType = tileElementType(source.getType());
  Type toType = tileElementType(resultType);
  unsigned fromWidth = fromType.getIntOrFloatBitWidth();
  unsigned toWidth = toType.getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return lowerRegroupBits(l, op);
  Type toInt = b.getIntegerType(toWidth);
  SmallVector<Value> results;
  LinearLayout resultLayout;
  if (toWidth < fromWidth) {
    int64_t ratio = fromWidth / toWidth;
    LinearLayout layout = l.layoutOf(source);
    FailureOr<SmallVector<Value>> registers = l.registersIn(source, layout);
    if (failed(registers))
      return failure();
    resultLayout = splitLayout(layout, ratio);
    for (Value element : *registers) {
      Value whole = asBits(b, loc, element);
      for (int64_t part = 0; part < ratio; ++part) {
        Value shifted = arith::ShRUIOp::create(
            b, loc, whole,
            arith::ConstantIntOp::create(b, loc, whole.getType(),
                                         part * toWidth));
        results.push_back(fromBits(
            b, loc, arith::TruncIOp::create(b, loc, toInt, shifted), toType));
      }
    }
  } else {
    int64_t ratio = toWidth / fromWidth;
    resultLayout = l.defaultLayout(resultType);
    FailureOr<SmallVector<Value>> parts =
        l.registersIn(source, splitLayout(resultLayout, ratio));
    if (failed(parts))
      return failure();
    for (size_t first = 0; first < parts->size(); first += ratio) {
      Value bits = arith::ConstantIntOp::create(b, loc, toInt, 0);
      for (int64_t k = 0; k < ratio; ++k) {
        Value wide = arith::ExtUIOp::create(
            b, loc, toInt, asBits(b, loc, (*parts)[first + k]));
        Value shifted = arith::ShLIOp::create(
            b, loc, wide,
            arith::ConstantIntOp::create(b, loc, toInt, k * fromWidth));
        bits = arith::OrIOp::create(b, loc, bits, shifted);
      }
      results.push_back(fromBits(b, loc, bits, toType));
    }
  }
  l.map(op->getResult(0), l.makeDistributed(loc, results, resultLayout));
  return success();
}

} // namespace

void tilechain::addShapeLowerings(LoweringTable &table, TileForm form) {
  table.add<cuda_tile::OffsetOp>(lowerOffset);
  if (form == TileForm::Parallel) {
    table.add<cuda_tile::ConstantOp>(lowerConstantParallel);
    table.add<cuda_tile::IotaOp>(lowerIotaParallel);
    table.add<cuda_tile::BroadcastOp>([](TileLowering &l,
                                         cuda_tile::BroadcastOp op) {
      l.mapAlias(op.getResult(), op.getSource());
      return success();
    });
    table.add<cuda_tile::ReshapeOp>(lowerReshapeParallel);
    table.add<cuda_tile::PermuteOp>(lowerPermuteParallel);
    table.add(cuda_tile::PackOp::getOperationName(), lowerRegroupBitsParallel);
    table.add(cuda_tile::UnpackOp::getOperationName(),
              lowerRegroupBitsParallel);
    return;
  }
  table.add<cuda_tile::ConstantOp>(lowerConstant);
  table.add<cuda_tile::IotaOp>(lowerIota);
  table.add<cuda_tile::BroadcastOp>(lowerBroadcast);
  table.add<cuda_tile::ReshapeOp>(lowerReshape);
  table.add<cuda_tile::PermuteOp>(lowerPermute);
  table.add(cuda_tile::PackOp::getOperationName(), lowerRegroupBits);
  table.add(cuda_tile::UnpackOp::getOperationName(), lowerRegroupBits);
}
