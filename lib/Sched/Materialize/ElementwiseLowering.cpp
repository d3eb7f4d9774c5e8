//===- ElementwiseLowering.cpp - Elementwise ops of cuda_tile -> loops ---------------===//
#include "ElementwiseLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilechain;
using cuda_tile::RoundingMode;

void tilechain::addElementwiseLowerings(LoweringTable &table) {
  addArithLowerings(table);
  addMathLowerings(table);
  addConversionLowerings(table);
}

Value tilechain::callIntrinsic(OpBuilder &b, Location loc, StringRef name,
                               Type result, ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, result, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// The inline-asm register class of a value of `type` and the type it
/// travels as (16-bit floats travel as i16 in "h" registers).
static std::pair<char, Type> ptxRegister(OpBuilder &b, Type type) {
  if (type.isF32())
    return {'f', type};
  if (type.isF64())
    return {'d', type};
  switch (type.getIntOrFloatBitWidth()) {
  case 16:
    return {'h', b.getI16Type()};
  case 32:
    return {'r', type};
  default:
    return {'l', type};
  }
}

Value tilechain::ptxInstruction(OpBuilder &b, Location loc, StringRef opcode,
                                Type result, ValueRange args) {
  std::string text = (opcode + " $0").str();
  auto [resultClass, resultCarrier] = ptxRegister(b, result);
  std::string constraints = std::string("=") + resultClass;
  SmallVector<Value> operands;
  for (auto [i, arg] : llvm::enumerate(args)) {
    auto [argClass, carrier] = ptxRegister(b, arg.getType());
    text += ", $" + std::to_string(i + 1);
    constraints += std::string(",") + argClass;
    operands.push_back(carrier == arg.getType()
                           ? arg
                           : arith::BitcastOp::create(b, loc, carrier, arg));
  }
  text += ";";
  Value value =
      LLVM::InlineAsmOp::create(
          b, loc, resultCarrier, operands, b.getStringAttr(text),
          b.getStringAttr(constraints), /*has_side_effects=*/nullptr,
          /*is_align_stack=*/nullptr, LLVM::TailCallKindAttr(),
          LLVM::AsmDialectAttr(), /*operand_attrs=*/nullptr)
          .getResult(0);
  if (resultCarrier == result)
    return value;
  return arith::BitcastOp::create(b, loc, result, value);
}

StringRef tilechain::ptxRounding(RoundingMode mode) {
  switch (mode) {
  case RoundingMode::ZERO:
    return "rz";
  case RoundingMode::NEGATIVE_INF:
    return "rm";
  case RoundingMode::POSITIVE_INF:
    return "rp";
  default:
    return "rn";
  }
}

std::string tilechain::ptxType(Type type, bool isSigned) {
  if (type.isBF16())
    return "bf16";
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    return "f" + std::to_string(width);
  return (isSigned ? "s" : "u") + std::to_string(width);
}

Value tilechain::truncateF32(OpBuilder &b, Location loc, Value value, Type to,
                             RoundingMode mode) {
  if (to.isF32())
    return value;
  if (mode == RoundingMode::NEAREST_EVEN)
    return arith::TruncFOp::create(b, loc, to, value);
  // Directed rounding of f32 to a 16-bit float is one cvt on every target.
  return ptxInstruction(b, loc,
                        ("cvt." + ptxRounding(mode) + "." + ptxType(to) + ".f32")
                            .str(),
                        to, value);
}

Value tilechain::widenToF32(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (!type.isF16() && !type.isBF16())
    return value;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), value);
}
