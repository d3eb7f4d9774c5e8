//===- HostSharedBytes.h - bytes a shared-memory access touches -*- C++ -*-===//
//
// The host's checks of shared memory (HostProxyFences, HostRaces) keep a
// shadow per byte of each workgroup attribution; these find the bytes an
// element access touches.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_HOST_HOSTSHAREDBYTES_H
#define TILECHAIN_HOST_HOSTSHAREDBYTES_H

#include "mlir/IR/Builders.h"

namespace tilechain::host {

/// Bytes of an integer or float `element`.
int64_t elementBytes(mlir::Type element);

/// The first byte (an index value) of element `indices` of `memref`, a
/// static row-major memref, relative to the memref; null for any other
/// layout.
mlir::Value firstByte(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value memref, mlir::ValueRange indices);

} // namespace tilechain::host

#endif
