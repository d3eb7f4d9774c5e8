//===- HostIntrinsics.h - NVVM intrinsics as host arithmetic ---*- C++ -*-===//
#ifndef TILECHAIN_PIPELINE_HOSTINTRINSICS_H
#define TILECHAIN_PIPELINE_HOSTINTRINSICS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <cstdint>

namespace tilechain {

/// An f8 format: PTX's e4m3 and e5m2.
struct Float8Format {
  unsigned mantissaBits;
  int bias;
  uint32_t largestFinite; // the code of the largest finite magnitude
};

inline constexpr Float8Format kE4M3{3, 7, 0x7E};  // 448; 0x7F is NaN, no infinity
inline constexpr Float8Format kE5M2{2, 15, 0x7B}; // 57344; 0x7C is infinity

/// The f32 value of the f8 code in the low byte of the i32 `code`, exactly:
/// (implicit bit + mantissa) * 2^(exponent - bias - mantissa bits), every
/// f8 value being an f32; NaN and infinity codes give NaN and infinity.
mlir::Value float8ToFloat(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value code, Float8Format f8);

/// Replaces the NVVM floating-point intrinsics and PTX instructions that the
/// tile lowering emits, and that have a host meaning, by the host's IEEE
/// arithmetic. What has none (directed rounding, f8 conversions, ...) is
/// left for the caller to refuse.
void emulateNVVMOnHost(mlir::Operation *root);

} // namespace tilechain

#endif
