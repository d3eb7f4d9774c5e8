//===- HostRaces.h - racing shared-memory accesses on the host -*- C++ -*-===//
#ifndef TILECHAIN_HOST_HOSTRACES_H
#define TILECHAIN_HOST_HOSTRACES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace tilechain::host {

/// Checks in `kernel` that no two threads touch a shared-memory byte with no
/// barrier between them, one of them writing: each access of a workgroup
/// attribution stops the block where another thread wrote the byte (or,
/// for a write, read it) since the running thread's last barrier
/// (HostRaces.cpp). Runs after expandStoreMatrix (whose stores it checks)
/// and before the other host checks and expansions add their own
/// attributions and accesses.
void checkRaces(mlir::gpu::GPUFuncOp kernel);

} // namespace tilechain::host

#endif
