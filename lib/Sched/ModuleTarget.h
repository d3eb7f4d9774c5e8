//===- ModuleTarget.h - the target a kernel's gpu.module records ----------===//
//
// tile-sched's passes after the materialization read the target from the
// gpu.module's #nvvm.target: the shared-memory plan checks the kernel's
// array against it, and changes of layout size their rounds by it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MODULETARGET_H
#define TILECHAIN_SCHED_MODULETARGET_H

#include "tilechain/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace tilechain {

/// The target of `func`'s gpu.module, if the module names one.
std::optional<TargetInfo> moduleTarget(mlir::gpu::GPUFuncOp func);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MODULETARGET_H
