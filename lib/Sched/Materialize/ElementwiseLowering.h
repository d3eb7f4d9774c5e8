//===- ElementwiseLowering.h - scalar builders shared by the elementwise files
//
// The elementwise families (arith, math, conversions) lower every op through
// TileLowering::lowerElementwise; what differs is the per-element scalar
// code. These helpers emit the scalar pieces that MLIR's arith and math
// dialects cannot say: NVVM intrinsics with an explicit rounding mode and
// single PTX instructions.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_CONVERSION_TILETOLOOPS_ELEMENTWISELOWERING_H
#define TILECHAIN_LIB_CONVERSION_TILETOLOOPS_ELEMENTWISELOWERING_H

#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

namespace tilechain {

void addArithLowerings(LoweringTable &table);
void addMathLowerings(LoweringTable &table);
void addConversionLowerings(LoweringTable &table);

/// A call of the LLVM intrinsic `name` (e.g. "llvm.nvvm.add.rz.f").
mlir::Value callIntrinsic(mlir::OpBuilder &b, mlir::Location loc,
                          llvm::StringRef name, mlir::Type result,
                          mlir::ValueRange args);

/// One PTX instruction `opcode $0, $1, ...;` as inline assembly. Operands
/// and result travel in registers of their own width (16/32/64 bits).
mlir::Value ptxInstruction(mlir::OpBuilder &b, mlir::Location loc,
                           llvm::StringRef opcode, mlir::Type result,
                           mlir::ValueRange args);

/// The PTX rounding modifier of an IEEE rounding mode: rn, rz, rm or rp.
llvm::StringRef ptxRounding(mlir::cuda_tile::RoundingMode mode);

/// The PTX type suffix of a scalar type: f16, bf16, f32, f64, s32, u64, ...
std::string ptxType(mlir::Type type, bool isSigned = true);

/// Rounds an f32 `value` to f16 or bf16 (or returns it for f32) with the
/// given IEEE rounding mode.
mlir::Value truncateF32(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value, mlir::Type to,
                        mlir::cuda_tile::RoundingMode mode);

/// Widens an f16/bf16 value to f32 (exactly); f32 and f64 pass through.
mlir::Value widenToF32(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value value);

/// Decodes a small float (f8E4M3FN, f8E5M2, f4E2M1FN, f8E8M0FNU) to f32
/// exactly from its bits: magnitude = significand * 2^(exponent - bias -
/// mantissa bits), with the implicit leading one for normal numbers.
mlir::Value decodeSmallFloat(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value x);

} // namespace tilechain

#endif // TILECHAIN_LIB_CONVERSION_TILETOLOOPS_ELEMENTWISELOWERING_H
