//===- ShapeLayouts.cpp - layouts of slices, cats and packs ---------------===//
//
// The rules of ShapeLayouts.h: which registers of a tile hold a slice, and
// the layouts a cat and a pack leave.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/ShapeLayouts.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Lower/ScalarTiles.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tilechain;

using LL = LinearLayout;

namespace {

/// The row-major flat index of `coords` in `shape`.
uint64_t flatten(ArrayRef<int64_t> shape, ArrayRef<int64_t> coords) {
  uint64_t flat = 0;
  for (auto [size, coord] : llvm::zip_equal(shape, coords))
    flat = flat * size + coord;
  return flat;
}

/// The number of independent vectors among `vectors` over GF(2).
unsigned rankOverGF2(SmallVector<uint64_t> vectors) {
  unsigned rank = 0;
  for (size_t i = 0; i < vectors.size(); ++i) {
    uint64_t pivot = vectors[i];
    if (!pivot)
      continue;
    ++rank;
    uint64_t top = uint64_t(1) << llvm::Log2_64(pivot);
    for (size_t j = i + 1; j < vectors.size(); ++j)
      if (vectors[j] & top)
        vectors[j] ^= pivot;
  }
  return rank;
}

} // namespace

std::optional<SliceInRegisters>
tilechain::sliceInRegisters(const LL &layout, ArrayRef<int64_t> sliceShape,
                            ArrayRef<int64_t> indices) {
  ArrayRef<int64_t> shape = layout.getShape();
  SliceInRegisters slice;
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    auto [offset, width] = layout.dimBits(dim);
    uint64_t dimMask = ((uint64_t(1) << width) - 1) << offset;
    uint64_t inside = uint64_t(sliceShape[dim] - 1) << offset;
    slice.highMask |= dimMask & ~inside;
    slice.offset |= uint64_t(indices[dim] * sliceShape[dim]) << offset;
  }
  auto project = [&](uint64_t flat) {
    SmallVector<int64_t> coords = layout.unflatten(flat);
    for (auto [coord, size] : llvm::zip_equal(coords, sliceShape))
      coord %= size;
    return flatten(sliceShape, coords);
  };

  std::array<LL::Bases, LL::kNumInDims> bases;
  SmallVector<uint64_t> spanning;
  for (LL::In in : {LL::Lane, LL::Warp})
    for (uint64_t basis : layout.getBases(in)) {
      if (basis & slice.highMask)
        return std::nullopt;
      bases[in].push_back(project(basis));
      spanning.push_back(basis);
    }
  for (uint64_t basis : layout.getBases(LL::Register))
    if (!(basis & slice.highMask)) {
      bases[LL::Register].push_back(project(basis));
      spanning.push_back(basis);
    }
  int64_t sliceBits = 0;
  for (int64_t size : sliceShape)
    sliceBits += llvm::Log2_64(size);
  if (rankOverGF2(spanning) != sliceBits)
    return std::nullopt;
  slice.layout = LL(sliceShape, bases);

  // Register r of the slice holds, in each thread, the element of the tile
  // its bases select moved into the slice by `offset`: a tile register
  // whose basis combination is exactly that flat index holds it there too.
  auto embed = [&](uint64_t sliceFlat) {
    SmallVector<int64_t> coords(sliceShape.size());
    for (unsigned dim = sliceShape.size(); dim-- > 0;) {
      coords[dim] = sliceFlat % sliceShape[dim];
      sliceFlat /= sliceShape[dim];
    }
    return flatten(shape, coords);
  };
  DenseMap<uint64_t, int64_t> registerOf;
  for (int64_t reg = layout.getSize(LL::Register); reg-- > 0;)
    registerOf[layout.applyOne(LL::Register, reg)] = reg;
  for (int64_t reg = 0, e = slice.layout.getSize(LL::Register); reg < e;
       ++reg) {
    auto it = registerOf.find(
        embed(slice.layout.applyOne(LL::Register, reg)) ^ slice.offset);
    if (it == registerOf.end())
      return std::nullopt;
    slice.tileRegisters.push_back(it->second);
  }
  DenseMap<uint64_t, int64_t> sliceRegisterOf;
  for (int64_t reg = slice.layout.getSize(LL::Register); reg-- > 0;)
    sliceRegisterOf[embed(slice.layout.applyOne(LL::Register, reg))] = reg;
  for (int64_t reg = 0, e = layout.getSize(LL::Register); reg < e; ++reg) {
    uint64_t flat = layout.applyOne(LL::Register, reg);
    if ((flat & slice.highMask) != slice.offset) {
      slice.sliceRegisters.push_back(-1);
      continue;
    }
    auto it = sliceRegisterOf.find(flat ^ slice.offset);
    if (it == sliceRegisterOf.end())
      return std::nullopt;
    slice.sliceRegisters.push_back(it->second);
  }
  return slice;
}

std::optional<SmallVector<int64_t>>
tilechain::constantSliceIndices(ValueRange indices) {
  SmallVector<int64_t> values;
  for (Value index : indices) {
    std::optional<APInt> value = splatInt(index);
    if (!value)
      return std::nullopt;
    values.push_back(value->getSExtValue());
  }
  return values;
}

LL tilechain::concatenatedLayout(const LL &operand, ArrayRef<int64_t> joined,
                                 unsigned dim) {
  std::array<LL::Bases, LL::kNumInDims> bases;
  for (unsigned in = 0; in < LL::kNumInDims; ++in)
    for (uint64_t basis : operand.getBases(LL::In(in)))
      bases[in].push_back(flatten(joined, operand.unflatten(basis)));
  SmallVector<int64_t> second(joined.size(), 0);
  second[dim] = operand.getShape()[dim];
  bases[LL::Register].push_back(flatten(joined, second));
  return LL(joined, bases);
}

LL tilechain::splitLayout(const LL &layout, int64_t ratio) {
  unsigned partBits = llvm::Log2_64(ratio);
  std::array<LL::Bases, LL::kNumInDims> bases;
  for (unsigned bit = 0; bit < partBits; ++bit)
    bases[LL::Register].push_back(uint64_t(1) << bit);
  for (unsigned in = 0; in < LL::kNumInDims; ++in)
    for (uint64_t basis : layout.getBases(LL::In(in)))
      bases[in].push_back(basis << partBits);
  return LL({layout.getShape()[0] * ratio}, bases);
}
