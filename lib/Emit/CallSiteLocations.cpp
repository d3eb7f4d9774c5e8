//===- CallSiteLocations.cpp - tile-llc: call sites debug info can take ---===//
//
// MLIR 22's ensure-debug-info-scope-on-llvm-func (run for --lineinfo) takes
// the file position of every call-site location's callee and dereferences
// it without a check: a callsite(unknown at "f.py":3:4), which any front end
// (or a damaged bytecode file) may write, crashed tile-llc. Such a location
// says no more than its caller, so it becomes the caller, before that pass.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Emit/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

using namespace mlir;

namespace {

struct CallSiteLocationsPass
    : public PassWrapper<CallSiteLocationsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CallSiteLocationsPass)

  StringRef getArgument() const override {
    return "tilechain-call-site-locations";
  }
  StringRef getDescription() const override {
    return "Replace call-site locations whose callee has no file position by "
           "their caller, as debug scopes need";
  }

  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](CallSiteLoc site) -> std::optional<Location> {
      if (site.getCallee()->findInstanceOf<FileLineColLoc>())
        return std::nullopt;
      return site.getCaller();
    });
    replacer.recursivelyReplaceElementsIn(getOperation(), /*replaceAttrs=*/false,
                                          /*replaceLocs=*/true,
                                          /*replaceTypes=*/false);
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createCallSiteLocationsPass() {
  return std::make_unique<CallSiteLocationsPass>();
}
