//===- GlobalMemory.cpp - element accesses to global memory ---------------===//
#include "GlobalMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

#include <algorithm>

using namespace mlir;
namespace ct = mlir::cuda_tile;

StringRef tilechain::syncscopeOf(std::optional<ct::MemoryScope> scope) {
  if (!scope)
    return "";
  switch (*scope) {
  case ct::MemoryScope::TL_BLK:
    return "block";
  case ct::MemoryScope::DEVICE:
    return "device";
  case ct::MemoryScope::SYS:
    return "";
  }
  llvm_unreachable("unknown memory scope");
}

LLVM::AtomicOrdering
tilechain::orderingOf(ct::MemoryOrderingSemantics semantics,
                      std::optional<bool> isLoad) {
  switch (semantics) {
  case ct::MemoryOrderingSemantics::WEAK:
    return LLVM::AtomicOrdering::not_atomic;
  case ct::MemoryOrderingSemantics::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case ct::MemoryOrderingSemantics::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case ct::MemoryOrderingSemantics::RELEASE:
    return LLVM::AtomicOrdering::release;
  case ct::MemoryOrderingSemantics::ACQ_REL:
    if (isLoad)
      return *isLoad ? LLVM::AtomicOrdering::acquire
                     : LLVM::AtomicOrdering::release;
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory ordering");
}

Value tilechain::globalPointer(OpBuilder &b, Location loc, Value address) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), address);
}

Value tilechain::toMemory(OpBuilder &b, Location loc, Value v, Type memType) {
  if (v.getType() == memType)
    return v;
  if (v.getType().isInteger(1))
    return arith::ExtUIOp::create(b, loc, memType, v);
  return arith::BitcastOp::create(b, loc, memType, v);
}

Value tilechain::fromMemory(OpBuilder &b, Location loc, Value v, Type element) {
  if (v.getType() == element)
    return v;
  // A bool byte is true when it is not zero, as NVIDIA's tileiras loads it
  // (`setp.ne.b16`; docs/semantics-from-nvidia.md), not by its low bit.
  if (element.isInteger(1)) {
    Value zero = arith::ConstantIntOp::create(b, loc, v.getType(), 0);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
  }
  return arith::BitcastOp::create(b, loc, element, v);
}

LLVM::AtomicBinOp tilechain::atomicBinOp(ct::AtomicRMWMode mode) {
  switch (mode) {
  case ct::AtomicRMWMode::AND:
    return LLVM::AtomicBinOp::_and;
  case ct::AtomicRMWMode::OR:
    return LLVM::AtomicBinOp::_or;
  case ct::AtomicRMWMode::XOR:
    return LLVM::AtomicBinOp::_xor;
  case ct::AtomicRMWMode::ADD:
    return LLVM::AtomicBinOp::add;
  case ct::AtomicRMWMode::ADDF:
    return LLVM::AtomicBinOp::fadd;
  case ct::AtomicRMWMode::MAX:
    return LLVM::AtomicBinOp::max;
  case ct::AtomicRMWMode::MIN:
    return LLVM::AtomicBinOp::min;
  case ct::AtomicRMWMode::UMAX:
    return LLVM::AtomicBinOp::umax;
  case ct::AtomicRMWMode::UMIN:
    return LLVM::AtomicBinOp::umin;
  case ct::AtomicRMWMode::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  llvm_unreachable("unknown atomic mode");
}

Value tilechain::createAtomicRMW(OpBuilder &b, Location loc,
                                 LLVM::AtomicBinOp binOp, Value pointer,
                                 Value value, LLVM::AtomicOrdering ordering,
                                 StringRef syncscope, unsigned alignment) {
  bool releases = ordering == LLVM::AtomicOrdering::release ||
                  ordering == LLVM::AtomicOrdering::acq_rel;
  bool acquires = ordering == LLVM::AtomicOrdering::acquire ||
                  ordering == LLVM::AtomicOrdering::acq_rel;
  if (releases)
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, syncscope);
  Value old = LLVM::AtomicRMWOp::create(b, loc, binOp, pointer, value,
                                        LLVM::AtomicOrdering::monotonic,
                                        syncscope, alignment);
  if (acquires)
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, syncscope);
  return old;
}
