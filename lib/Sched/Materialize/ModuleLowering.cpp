//===- ModuleLowering.cpp - globals and symbol references -----------------===//
//
// A cuda_tile.global becomes an LLVM global array in global memory (address
// space 1) inside the gpu.module, initialized from its dense value;
// get_global yields that array's address as an i64.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

static constexpr unsigned kGlobalAddressSpace = 1;

LogicalResult tilechain::lowerGlobal(Operation *op, OpBuilder &builder) {
  auto global = cast<ct::GlobalOp>(op);
  DenseElementsAttr value = global.getValue();
  Type element = value.getElementType();
  // The initializer must reach LLVM as is; i1 and narrow floats have no
  // byte-exact constant form there.
  if (element.isInteger(1) || !LLVM::isCompatibleType(element))
    return global.emitError()
           << "tilechain cannot lower a global of " << element
           << " elements yet";
  int64_t count = value.getNumElements();
  auto arrayType = LLVM::LLVMArrayType::get(element, count);
  // The initializer keeps its data but drops the cuda_tile tile type.
  DenseElementsAttr initializer =
      value.reshape(RankedTensorType::get({count}, element));
  // Private globals stay inside the cubin; public ones are visible to the
  // host (cuModuleGetGlobal) under their own name.
  LLVM::Linkage linkage =
      global.getSymbolVisibility() == ct::SymbolVisibility::Private
          ? LLVM::Linkage::Internal
          : LLVM::Linkage::External;
  uint64_t alignment = global.getAlignment();
  if (alignment == 0)
    alignment = std::max<uint64_t>(1, element.getIntOrFloatBitWidth() / 8);
  LLVM::GlobalOp::create(builder, global.getLoc(), arrayType,
                         global.getConstant(), linkage, global.getSymName(),
                         initializer, alignment, kGlobalAddressSpace);
  return success();
}

static LogicalResult lowerGetGlobal(TileLowering &l, ct::GetGlobalOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  auto pointerType = LLVM::LLVMPointerType::get(b.getContext(),
                                                kGlobalAddressSpace);
  Value address =
      LLVM::AddressOfOp::create(b, loc, pointerType, op.getNameAttr());
  l.map(op.getResult(),
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), address));
  return success();
}

void tilechain::addModuleLowerings(LoweringTable &table, TileForm) {
  table.add<ct::GetGlobalOp>(lowerGetGlobal);
}
