//===- Fp8MmaSync.h - mma.sync on fp8 inputs as an LLVM intrinsic call ----===//
//
// PTX's mma.sync.aligned.m16n8k{16,32}.row.col.f32.{e4m3,e5m2}.{e4m3,e5m2}.f32
// (sm_89 and newer, PTX 8.7) has an LLVM intrinsic but no nvvm.mma.sync
// form: MLIR 22's verifier of that op does not accept fp8 multiplicands. The
// tensor-core lowering calls the intrinsic by name (llvm.call_intrinsic),
// and the host backend recognizes the call by the same name.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_FP8MMASYNC_H
#define TILECHAIN_SCHED_MATERIALIZE_FP8MMASYNC_H

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tilechain {

/// One fp8 mma.sync: m16n8k`k`, A of `lhs` and B of `rhs` elements (e4m3 or
/// e5m2), f32 accumulators.
struct Fp8MmaSync {
  int64_t k;
  mlir::NVVM::MMATypes lhs, rhs;
};

/// "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e5m2.f32" and the like.
std::string fp8MmaSyncIntrinsic(const Fp8MmaSync &mma);

/// The mma an intrinsic name of fp8MmaSyncIntrinsic's stands for.
std::optional<Fp8MmaSync> parseFp8MmaSyncIntrinsic(llvm::StringRef name);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_FP8MMASYNC_H
