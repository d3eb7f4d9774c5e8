//===- HostTensorBox.h - a TMA box's elements on the host -------*- C++ -*-===//
//
// What the host's TMA loads (HostTensorCopy.cpp) and stores
// (HostTensorStore.cpp) share: the walk over a box's elements, where each
// sits in swizzled shared memory, and their i64 word arrays.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_HOSTTENSORBOX_H
#define TILECHAIN_PIPELINE_HOSTTENSORBOX_H

#include "mlir/IR/Builders.h"

namespace tilechain::host {

/// Calls `body` for each element of a box of extents `box` at tensor
/// coordinates `coordinates` of a tensor of extents `sizes` and element
/// strides `strides` (dims after the first), dim 0 fastest, with the
/// element's position in the box, whether it is inside the tensor, and its
/// element offset from the tensor's base.
void forEachBoxElement(
    mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> box,
    mlir::ValueRange coordinates, mlir::ValueRange sizes,
    mlir::ValueRange strides,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Value linear,
                            mlir::Value inside, mlir::Value offset)>
        body);

/// The element of a shared buffer that box element `linear` (after element
/// `index`) is at: its byte, swizzled as the hardware does (`swizzle`
/// bytes; 0: none), over the elements' `bytes`.
mlir::Value swizzledSlot(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value index, mlir::Value linear, int64_t bytes,
                         int64_t swizzle);

/// An index as i64.
mlir::Value toI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value index);

/// The bookkeeping of late copies and stores is arrays of i64 words.
mlir::Value constantI64(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
/// &words[index] of the i64 array at `base`.
mlir::Value wordAt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                   mlir::Value index);

} // namespace tilechain::host

#endif // TILECHAIN_PIPELINE_HOSTTENSORBOX_H
