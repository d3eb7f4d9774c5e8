//===- TileRemarks.cpp - optimization remarks of the stages ---------------===//
#include "tilechain/Lower/TileRemarks.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::string tilechain::remarkShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

/// Remark records carry a file, line and column: those of the first source
/// position `loc` holds (a call site's callee, a fused location's first
/// part).
static Location sourcePosition(Location loc) {
  if (auto position = loc->findInstanceOf<FileLineColLoc>())
    return position;
  return loc;
}

void tilechain::reportTileRemark(const TileRemark &remark,
                                 llvm::StringRef function) {
  Location loc = sourcePosition(remark.loc);
  auto opts = remark::RemarkOpts::name(remark.name)
                  .category(remark.category)
                  .function(function);
  remark::detail::InFlightRemark reported = [&] {
    switch (remark.kind) {
    case TileRemarkKind::Passed:
      return remark::passed(loc, opts);
    case TileRemarkKind::Missed:
      return remark::missed(loc, opts);
    case TileRemarkKind::Failure:
      return remark::failed(loc, opts);
    }
    llvm_unreachable("unknown remark kind");
  }();
  if (!reported)
    return;
  reported << remark::detail::Remark::Arg("Remark", remark.message);
  for (const auto &[key, value] : remark.notes)
    reported << remark::detail::Remark::Arg(key, value);
}

void tilechain::reportTileRemarks(llvm::ArrayRef<TileRemark> remarks,
                                  llvm::StringRef function) {
  auto same = [](const TileRemark &a, const TileRemark &b) {
    return a.kind == b.kind && a.category == b.category && a.name == b.name &&
           sourcePosition(a.loc) == sourcePosition(b.loc) &&
           a.message == b.message && a.notes == b.notes;
  };
  for (auto [i, remark] : llvm::enumerate(remarks))
    if (llvm::none_of(remarks.take_front(i), [&](const TileRemark &earlier) {
          return same(earlier, remark);
        }))
      reportTileRemark(remark, function);
}
