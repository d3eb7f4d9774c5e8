//===- HostSharedBytes.h - bytes a shared-memory access touches -*- C++ -*-===//
//
// The host's checks of shared memory (HostProxyFences, HostRaces) keep a
// shadow per byte of workgroup attributions and a count per thread; these
// add them and find the bytes an access touches.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_HOST_HOSTSHAREDBYTES_H
#define TILECHAIN_HOST_HOSTSHAREDBYTES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace tilechain::host {

/// The index constant `v`.
mlir::Value index(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// Bytes of an integer or float `element`.
int64_t elementBytes(mlir::Type element);

/// The first byte (an index value) of element `indices` of `memref`, a
/// static row-major memref, relative to the memref; null for any other
/// layout.
mlir::Value firstByte(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value memref, mlir::ValueRange indices);

/// Bytes [first, last) (index values, relative to `buffer`) of a TMA box:
/// `box` elements of `buffer` from element `at`.
std::pair<mlir::Value, mlir::Value> boxBytes(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             mlir::Value buffer, mlir::Value at,
                                             llvm::ArrayRef<int64_t> box);

/// Adds to `kernel` a workgroup attribution of `wordsPerByte` i64 words
/// per byte of `root` (a static memref of integers or floats): its shadow.
mlir::Value addShadow(mlir::gpu::GPUFuncOp kernel, mlir::Value root,
                      int64_t wordsPerByte);

/// Adds to `kernel` a workgroup attribution of `words` integers of `bits`
/// bits (all ones at the block's start, as every attribution).
mlir::Value addWords(mlir::gpu::GPUFuncOp kernel, int64_t words,
                     unsigned bits);

/// Adds to `kernel` a workgroup attribution of one i32 per thread
/// (kMaxThreads), which each thread indexes by its id.
mlir::Value addThreadCounts(mlir::gpu::GPUFuncOp kernel);

/// Thread `tid`'s count (an i32) in `counts` (addThreadCounts).
mlir::Value threadCount(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value counts, mlir::Value tid);

/// Raises the running thread's count in `counts` by one.
void raiseThreadCount(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value counts);

} // namespace tilechain::host

#endif
