//===- TileRemarks.h - optimization remarks of the stages -------*- C++ -*-===//
//
// What tile-lower and tile-sched chose for a kernel and why
// (docs/remarks.md), as MLIR optimization remarks (mlir/IR/Remarks.h) with
// NVIDIA tileiras's categories, names and arguments where the choice is one
// its remarks describe: a remark reaches the user only where the context has
// a remark engine whose filters take its category (the stages'
// --remarks-filter*, tile-compile's, set by tileiras from --remarks*).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_TILEREMARKS_H
#define TILECHAIN_LOWER_TILEREMARKS_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>

namespace tilechain {

/// The categories, as tileiras names them (its --remarks values memory and
/// tensorcore select the first two); tilechain's own kernel-form remarks
/// are shown with --remarks=all.
inline constexpr llvm::StringLiteral kMemoryRemarks = "Memory";
inline constexpr llvm::StringLiteral kTensorCoreRemarks = "Tensor-core";
inline constexpr llvm::StringLiteral kHintRemarks = "Hints";
inline constexpr llvm::StringLiteral kKernelRemarks = "Kernel";

enum class TileRemarkKind { Passed, Missed, Failure };

/// One remark: what was chosen (or missed) where, and the key-value notes
/// that say with what ("Instruction", "Shape") and why ("Reason").
struct TileRemark {
  TileRemarkKind kind;
  llvm::StringRef category;
  llvm::StringRef name;
  mlir::Location loc;
  std::string message;
  llvm::SmallVector<std::pair<std::string, std::string>, 2> notes;

  TileRemark &note(llvm::StringRef key, llvm::StringRef value) {
    notes.emplace_back(key.str(), value.str());
    return *this;
  }
  TileRemark &reason(llvm::StringRef why) { return note("Reason", why); }
};

/// "[a, b, c]", as remarks write shapes.
std::string remarkShape(llvm::ArrayRef<int64_t> shape);

/// Reports `remark`, a remark on kernel `function`, to its context's remark
/// engine; nothing where there is none or its filters leave the category
/// out.
void reportTileRemark(const TileRemark &remark, llvm::StringRef function);
/// Reports each of `remarks` once: ops that one source line wrote twice
/// (a loop body the front end copied, say) get the same remark.
void reportTileRemarks(llvm::ArrayRef<TileRemark> remarks,
                       llvm::StringRef function);

} // namespace tilechain

#endif // TILECHAIN_LOWER_TILEREMARKS_H
