//===- GlobalMemory.h - element accesses to global memory -----------------===//
//
// What the pointer and view lowerings share: how an element reaches global
// memory (its storage type, an address-space-1 pointer), how cuda_tile's
// orderings and scopes become LLVM atomic orderings and NVPTX syncscopes, and
// the one way an atomic read-modify-write is emitted.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_CONVERSION_TILETOLOOPS_GLOBALMEMORY_H
#define TILECHAIN_LIB_CONVERSION_TILETOLOOPS_GLOBALMEMORY_H

#include "tilechain/Analysis/AxisInfo.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace tilechain {

/// tl_blk -> "block", device -> "device", sys or none -> "" (system).
llvm::StringRef syncscopeOf(std::optional<mlir::cuda_tile::MemoryScope> scope);

/// The LLVM ordering of an access; weak is not atomic. For a plain load or
/// store (`isLoad` set), acq_rel keeps the half that applies to it.
mlir::LLVM::AtomicOrdering
orderingOf(mlir::cuda_tile::MemoryOrderingSemantics semantics,
           std::optional<bool> isLoad = std::nullopt);

/// An i64 address as a global (address space 1) pointer.
mlir::Value globalPointer(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value address);

mlir::Value toMemory(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                     mlir::Type memType);
mlir::Value fromMemory(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       mlir::Type element);

mlir::LLVM::AtomicBinOp atomicBinOp(mlir::cuda_tile::AtomicRMWMode mode);

/// An atomic read-modify-write of `value` at `pointer`, returning the old
/// value. NVPTX drops the ordering of an atomicrmw (it always emits a
/// relaxed atom), so the ordering becomes fences of the scope around a
/// relaxed atomicrmw.
mlir::Value createAtomicRMW(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::LLVM::AtomicBinOp binOp, mlir::Value pointer,
                            mlir::Value value,
                            mlir::LLVM::AtomicOrdering ordering,
                            llvm::StringRef syncscope, unsigned alignment);

} // namespace tilechain

#endif // TILECHAIN_LIB_CONVERSION_TILETOLOOPS_GLOBALMEMORY_H
