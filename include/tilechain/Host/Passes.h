//===- Passes.h - the host backend's passes -------------------------------===//
//
// tile-llc --emit=host-obj: tile-sched's output as a CPU object that runs
// each kernel's CTA with its threads as coroutines (docs/pipeline.md, "tile-llc").
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_HOST_PASSES_H
#define TILECHAIN_HOST_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// tile-llc --emit=host-obj: each gpu.func kernel K becomes a func.func
/// K__host(params, grid) in the builtin.module; the gpu.module goes away.
std::unique_ptr<mlir::Pass> createHostKernelsPass();

/// tile-llc --emit=host-obj, in the LLVM dialect: each thread function that
/// waits for other threads becomes an LLVM coroutine suspended at its start
/// and wherever it waits (HostBlock.h).
std::unique_ptr<mlir::Pass> createHostCoroutinesPass();

} // namespace tilechain

#endif // TILECHAIN_HOST_PASSES_H
