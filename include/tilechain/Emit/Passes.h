//===- Passes.h - tile-llc's MLIR passes ----------------------------------===//
#ifndef TILECHAIN_EMIT_PASSES_H
#define TILECHAIN_EMIT_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// tile-llc: tile kernels (`tilechain.tile_kernel`) read their tile block id
/// from %clusterid on sm_90 and newer, and a module with tile kernels defines
/// NVIDIA's tile launch metadata. Runs before convert-gpu-to-nvvm.
std::unique_ptr<mlir::Pass> createTileKernelFormPass();

/// tile-llc, after convert-gpu-to-nvvm: the `llvm.loop_annotation` that
/// scf.for loops carried (discardable, now on their back-edge branch) becomes
/// the branch's loop_annotation, so that it reaches LLVM IR.
std::unique_ptr<mlir::Pass> createLoopAnnotationsPass();

/// tile-llc, with --lineinfo: call-site locations whose callee has no file
/// position become their caller (MLIR 22's debug-scope pass needs one).
std::unique_ptr<mlir::Pass> createCallSiteLocationsPass();

} // namespace tilechain

#endif // TILECHAIN_EMIT_PASSES_H
