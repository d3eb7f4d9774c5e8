//===- Fp8MmaSync.cpp - fp8 mma.sync intrinsic names ----------------------===//
#include "tilechain/Sched/Materialize/Fp8MmaSync.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilechain;
using mlir::NVVM::MMATypes;

std::string tilechain::fp8MmaSyncIntrinsic(const Fp8MmaSync &mma) {
  return ("llvm.nvvm.mma.m16n8k" + llvm::Twine(mma.k) + ".row.col.f32." +
          mlir::NVVM::stringifyMMATypes(mma.lhs) + "." +
          mlir::NVVM::stringifyMMATypes(mma.rhs) + ".f32")
      .str();
}

std::optional<Fp8MmaSync>
tilechain::parseFp8MmaSyncIntrinsic(llvm::StringRef name) {
  llvm::SmallVector<llvm::StringRef> parts;
  name.split(parts, '.');
  // llvm nvvm mma m16n8kK row col f32 A B f32
  if (parts.size() != 10 || parts[0] != "llvm" || parts[1] != "nvvm" ||
      parts[2] != "mma" || parts[4] != "row" || parts[5] != "col" ||
      parts[6] != "f32" || parts[9] != "f32" ||
      !parts[3].consume_front("m16n8k"))
    return std::nullopt;
  Fp8MmaSync mma;
  if (!llvm::to_integer(parts[3], mma.k) || (mma.k != 16 && mma.k != 32))
    return std::nullopt;
  auto fp8 = [](llvm::StringRef text) -> std::optional<MMATypes> {
    std::optional<MMATypes> type = mlir::NVVM::symbolizeMMATypes(text);
    if (type != MMATypes::e4m3 && type != MMATypes::e5m2)
      return std::nullopt;
    return type;
  };
  std::optional<MMATypes> lhs = fp8(parts[7]), rhs = fp8(parts[8]);
  if (!lhs || !rhs)
    return std::nullopt;
  mma.lhs = *lhs;
  mma.rhs = *rhs;
  return mma;
}
