//===- ShapeLayouts.h - layouts of slices, cats and packs -------*- C++ -*-===//
//
// Shape ops that move no data between threads where the tile's layout
// allows. A slice of a tile starts at a multiple of its own (power-of-two)
// shape, so in the bits of an element's row-major flat index the low bits
// of each dim say where the element is inside the slice and the high bits
// say which slice it is in. When no lane or warp basis of the tile's layout
// touches a high bit, every thread holds its part of every slice in
// registers that differ only in register bits: extracting a slice at
// constant indices reselects those registers, and inserting one replaces
// them. cat joins two tiles in one layout by adding a register bit that
// selects the operand; pack splits each element a thread holds into its
// parts, which new low register bits walk. The materialization builds them
// so (SliceLowering.cpp, ShapeLowering.cpp) and the layout assignment
// records the layouts they leave (AssignLayouts.cpp), both from these
// rules.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_SHAPELAYOUTS_H
#define TILECHAIN_LOWER_SHAPELAYOUTS_H

#include "tilechain/Layout/LinearLayout.h"

#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tilechain {

/// Where a slice of shape `sliceShape` at tile-granular `indices` lies in the
/// bits of a tile's flat index, and the layout its elements have where they
/// already are.
struct SliceInRegisters {
  /// The flat-index bits that say which slice an element is in.
  uint64_t highMask = 0;
  /// Those bits of the slice's elements.
  uint64_t offset = 0;
  /// The slice's layout: the tile's lane and warp bases and its register
  /// bases inside a slice, as flat indices of the slice's shape.
  LinearLayout layout;
  /// For each register of `layout`, the tile's register holding it.
  llvm::SmallVector<int64_t> tileRegisters;
  /// For each register of the tile, the slice's register holding the same
  /// element, or -1 when its element is outside the slice.
  llvm::SmallVector<int64_t> sliceRegisters;
};

/// The slice's elements as registers of a tile in `layout`, or nullopt when
/// some thread does not hold its part of the slice.
std::optional<SliceInRegisters>
sliceInRegisters(const LinearLayout &layout, llvm::ArrayRef<int64_t> sliceShape,
                 llvm::ArrayRef<int64_t> indices);

/// The tile-granular indices of a slice (cuda_tile.extract's, insert's) where
/// constants give them all, through assumes; else nullopt.
std::optional<llvm::SmallVector<int64_t>>
constantSliceIndices(mlir::ValueRange indices);

/// The layout of the cat along `dim` of two tiles in `operand` into a tile
/// of shape `joined`: the operands' bases, and one more register basis that
/// walks from the left operand to the right one.
LinearLayout concatenatedLayout(const LinearLayout &operand,
                                llvm::ArrayRef<int64_t> joined, unsigned dim);

/// The layout of a rank-1 tile `ratio` times as long as one in `layout`,
/// whose element j * ratio + p is part p of element j there (pack's result):
/// new low register bits walk the parts of each element.
LinearLayout splitLayout(const LinearLayout &layout, int64_t ratio);

} // namespace tilechain

#endif // TILECHAIN_LOWER_SHAPELAYOUTS_H
