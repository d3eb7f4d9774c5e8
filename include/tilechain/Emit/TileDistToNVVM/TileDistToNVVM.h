//===- TileDistToNVVM.h - tile_dist's lowered-form ops to NVVM --*- C++ -*-===//
//
// The tile_dist ops that stay in tile-sched's output (async_copy) become
// NVVM inside tile-llc's convert-gpu-to-nvvm, which takes the patterns of
// every loaded dialect that has a ConvertToLLVMPatternInterface.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_EMIT_TILEDISTTONVVM_TILEDISTTONVVM_H
#define TILECHAIN_EMIT_TILEDISTTONVVM_TILEDISTTONVVM_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilechain {

/// Gives the tile_dist dialect its ConvertToLLVMPatternInterface.
void registerConvertTileDistToNVVMInterface(mlir::DialectRegistry &registry);

} // namespace tilechain

#endif // TILECHAIN_EMIT_TILEDISTTONVVM_TILEDISTTONVVM_H
