//===- HostIntrinsics.h - NVVM intrinsics as host arithmetic ---*- C++ -*-===//
#ifndef TILECHAIN_PIPELINE_HOSTINTRINSICS_H
#define TILECHAIN_PIPELINE_HOSTINTRINSICS_H

#include "mlir/IR/Operation.h"

namespace tilechain {

/// Replaces the NVVM floating-point intrinsics and PTX instructions that the
/// tile lowering emits, and that have a host meaning, by the host's IEEE
/// arithmetic. What has none (directed rounding, f8 conversions, ...) is
/// left for the caller to refuse.
void emulateNVVMOnHost(mlir::Operation *root);

} // namespace tilechain

#endif
