//===- LinearLayout.cpp - layouts as linear maps over GF(2) ---------------===//
#include "tilechain/Layout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace tilechain;

unsigned tilechain::log2Exact(uint64_t powerOfTwo) {
  assert(llvm::isPowerOf2_64(powerOfTwo) && "not a power of two");
  return llvm::Log2_64(powerOfTwo);
}

LinearLayout::LinearLayout(llvm::ArrayRef<int64_t> shape,
                           std::array<Bases, kNumInDims> bases)
    : shape(shape), bases(std::move(bases)) {
  for (int64_t size : shape)
    (void)log2Exact(size);
}

unsigned LinearLayout::getNumElementBits() const {
  unsigned bits = 0;
  for (int64_t size : shape)
    bits += log2Exact(size);
  return bits;
}

std::pair<unsigned, unsigned> LinearLayout::dimBits(unsigned dim) const {
  unsigned offset = 0;
  for (unsigned d = dim + 1; d < shape.size(); ++d)
    offset += log2Exact(shape[d]);
  return {offset, log2Exact(shape[dim])};
}

LinearLayout LinearLayout::blocked(llvm::ArrayRef<int64_t> shape,
                                   unsigned numWarps, int64_t contiguous,
                                   unsigned fastDim) {
  LinearLayout layout(shape, {});
  // The element bits, fastest first: fastDim's, then the other dims' from
  // the last dim to the first.
  llvm::SmallVector<uint64_t> order;
  auto appendDim = [&](unsigned dim) {
    auto [offset, width] = layout.dimBits(dim);
    for (unsigned bit = 0; bit < width; ++bit)
      order.push_back(uint64_t(1) << (offset + bit));
  };
  appendDim(fastDim);
  for (unsigned dim = shape.size(); dim-- > 0;)
    if (dim != fastDim)
      appendDim(dim);

  auto *next = order.begin();
  auto take = [&](In in, unsigned count, bool padWithBroadcast) {
    for (unsigned i = 0; i < count; ++i) {
      if (next != order.end())
        layout.bases[in].push_back(*next++);
      else if (padWithBroadcast)
        layout.bases[in].push_back(0);
    }
  };
  take(Register, log2Exact(contiguous), /*padWithBroadcast=*/false);
  take(Lane, 5, /*padWithBroadcast=*/true);
  take(Warp, log2Exact(numWarps), /*padWithBroadcast=*/true);
  take(Register, order.end() - next, /*padWithBroadcast=*/false);
  return layout;
}

uint64_t LinearLayout::applyOne(In in, uint64_t value) const {
  uint64_t flat = 0;
  for (auto [bit, basis] : llvm::enumerate(bases[in]))
    if (value & (uint64_t(1) << bit))
      flat ^= basis;
  return flat;
}

llvm::SmallVector<int64_t> LinearLayout::unflatten(uint64_t flat) const {
  llvm::SmallVector<int64_t> coords(shape.size());
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    auto [offset, width] = dimBits(dim);
    coords[dim] = (flat >> offset) & ((uint64_t(1) << width) - 1);
  }
  return coords;
}

/// The row-major flat index of `coords` in `shape`.
static uint64_t flatten(llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<int64_t> coords) {
  uint64_t flat = 0;
  for (auto [size, coord] : llvm::zip(shape, coords))
    flat = flat * size + coord;
  return flat;
}

uint64_t LinearLayout::getBroadcastMask(In in) const {
  uint64_t mask = 0;
  for (auto [bit, basis] : llvm::enumerate(bases[in]))
    if (basis == 0)
      mask |= uint64_t(1) << bit;
  return mask;
}

uint64_t LinearLayout::getRegisterOnlyBits() const {
  uint64_t threadBits = 0;
  for (In in : {Lane, Warp})
    for (uint64_t basis : bases[in])
      threadBits |= basis;
  uint64_t all = (uint64_t(1) << getNumElementBits()) - 1;
  return all & ~threadBits;
}

int64_t LinearLayout::getContiguousRegisters(unsigned dim) const {
  auto [offset, width] = dimBits(dim);
  llvm::ArrayRef<uint64_t> registers = getBases(Register);
  unsigned run = 0;
  while (run < registers.size() && run < width &&
         registers[run] == uint64_t(1) << (offset + run))
    ++run;
  // The run's elements are the first one's plus 0..2^run-1 only where no
  // other basis sets one of their bits.
  auto othersTouch = [&](unsigned run) {
    uint64_t low = ((uint64_t(1) << run) - 1) << offset;
    uint64_t others = 0;
    for (uint64_t basis : registers.drop_front(run))
      others |= basis;
    for (uint64_t basis : getBases(Lane))
      others |= basis;
    for (uint64_t basis : getBases(Warp))
      others |= basis;
    return (others & low) != 0;
  };
  while (run > 0 && othersTouch(run))
    --run;
  return int64_t(1) << run;
}

bool LinearLayout::hasDisjointParts() const {
  uint64_t seen = 0;
  for (const Bases &inputBases : bases)
    for (uint64_t basis : inputBases) {
      if (seen & basis)
        return false;
      seen |= basis;
    }
  return true;
}

/// `layout` with every basis mapped through `mapFlat` into `newShape`.
template <typename MapFlat>
static LinearLayout mapBases(const LinearLayout &layout,
                             llvm::ArrayRef<int64_t> newShape,
                             MapFlat mapFlat) {
  std::array<LinearLayout::Bases, LinearLayout::kNumInDims> bases;
  for (unsigned in = 0; in < LinearLayout::kNumInDims; ++in)
    for (uint64_t basis :
         layout.getBases(static_cast<LinearLayout::In>(in)))
      bases[in].push_back(mapFlat(basis));
  return LinearLayout(newShape, std::move(bases));
}

LinearLayout LinearLayout::permute(llvm::ArrayRef<int64_t> permutation) const {
  llvm::SmallVector<int64_t> newShape;
  for (int64_t from : permutation)
    newShape.push_back(shape[from]);
  return mapBases(*this, newShape, [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = unflatten(flat), moved;
    for (int64_t from : permutation)
      moved.push_back(coords[from]);
    return flatten(newShape, moved);
  });
}

LinearLayout LinearLayout::reshape(llvm::ArrayRef<int64_t> newShape) const {
  return mapBases(*this, newShape, [](uint64_t flat) { return flat; });
}

LinearLayout LinearLayout::dropDim(unsigned dim) const {
  llvm::SmallVector<int64_t> newShape(shape.begin(), shape.end());
  newShape.erase(newShape.begin() + dim);
  return mapBases(*this, newShape, [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = unflatten(flat);
    coords.erase(coords.begin() + dim);
    return flatten(newShape, coords);
  });
}

LinearLayout
LinearLayout::broadcastSource(llvm::ArrayRef<int64_t> sourceShape) const {
  return mapBases(*this, sourceShape, [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = unflatten(flat);
    for (auto [coord, size] : llvm::zip(coords, sourceShape))
      if (size == 1)
        coord = 0;
    return flatten(sourceShape, coords);
  });
}

LinearLayout
LinearLayout::compactRegisters(llvm::SmallVectorImpl<unsigned> &kept) const {
  LinearLayout result = *this;
  result.bases[Register].clear();
  kept.clear();
  for (auto [bit, basis] : llvm::enumerate(bases[Register]))
    if (basis != 0) {
      kept.push_back(bit);
      result.bases[Register].push_back(basis);
    }
  return result;
}

std::optional<llvm::SmallVector<int64_t>>
LinearLayout::registersFor(const LinearLayout &target) const {
  if (target.getRank() != getRank())
    return std::nullopt;
  for (auto [here, there] : llvm::zip(shape, target.shape))
    if (here != there && here != 1)
      return std::nullopt;
  // A target element, with the broadcast dims' coordinates dropped.
  auto project = [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = target.unflatten(flat);
    for (auto [coord, size] : llvm::zip(coords, shape))
      if (size == 1)
        coord = 0;
    return flatten(shape, coords);
  };
  for (In in : {Lane, Warp}) {
    if (bases[in].size() != target.bases[in].size())
      return std::nullopt;
    for (auto [mine, theirs] : llvm::zip(bases[in], target.bases[in]))
      if (mine != project(theirs))
        return std::nullopt;
  }
  // Gaussian elimination over GF(2): `pivots` holds reduced vectors of the
  // span of this layout's register bases, each with the register bits that
  // combine into it.
  struct Pivot {
    uint64_t vector;
    uint64_t registers;
  };
  llvm::SmallVector<Pivot> pivots;
  auto reduce = [&](Pivot p) {
    for (const Pivot &pivot : pivots)
      if (p.vector & (uint64_t(1) << llvm::Log2_64(pivot.vector)))
        p = {p.vector ^ pivot.vector, p.registers ^ pivot.registers};
    return p;
  };
  for (auto [bit, basis] : llvm::enumerate(bases[Register])) {
    Pivot p = reduce({basis, uint64_t(1) << bit});
    if (p.vector != 0)
      pivots.push_back(p);
  }
  llvm::SmallVector<uint64_t> perTargetBit;
  for (uint64_t basis : target.bases[Register]) {
    Pivot p = reduce({project(basis), 0});
    if (p.vector != 0)
      return std::nullopt;
    perTargetBit.push_back(p.registers);
  }
  llvm::SmallVector<int64_t> selection;
  for (uint64_t reg = 0, e = target.getSize(Register); reg < e; ++reg) {
    uint64_t source = 0;
    for (auto [bit, registers] : llvm::enumerate(perTargetBit))
      if (reg & (uint64_t(1) << bit))
        source ^= registers;
    selection.push_back(source);
  }
  return selection;
}

std::string LinearLayout::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto list = [&](auto values) {
    os << "[";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  os << "shape ";
  list(shape);
  os << " reg ";
  list(bases[Register]);
  os << " lane ";
  list(bases[Lane]);
  os << " warp ";
  list(bases[Warp]);
  return text;
}
