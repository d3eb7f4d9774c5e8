//===- LoopAnnotations.cpp - loop metadata that reaches LLVM IR -----------===//
//
// tile-llc, after convert-gpu-to-nvvm. tile-sched gives some loops a
// discardable `llvm.loop_annotation` (the serial form's element loops, whose
// unrolling is disabled: TileLowering::forEachElement). SCFToControlFlow
// moves the attribute onto the loop's back edge and the conversion to the
// LLVM dialect keeps it there, still discardable, which the translation to
// LLVM IR ignores. This pass makes it the branch's own `loop_annotation`,
// which becomes its !llvm.loop metadata (and, for a disabled unroll, the
// `.pragma "nounroll"` that keeps ptxas from unrolling the loop as well).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Emit/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kDiscardableName = "llvm.loop_annotation";

struct LoopAnnotationsPass
    : public PassWrapper<LoopAnnotationsPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopAnnotationsPass)

  StringRef getArgument() const override {
    return "tilechain-loop-annotations";
  }
  StringRef getDescription() const override {
    return "Make the llvm.loop_annotation attributes carried over from scf.for "
           "the loop_annotation of their llvm.br/llvm.cond_br";
  }

  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      auto annotation =
          op->getAttrOfType<LLVM::LoopAnnotationAttr>(kDiscardableName);
      if (!annotation)
        return;
      op->removeAttr(kDiscardableName);
      if (auto branch = dyn_cast<LLVM::BrOp>(op))
        branch.setLoopAnnotationAttr(annotation);
      else if (auto branch = dyn_cast<LLVM::CondBrOp>(op))
        branch.setLoopAnnotationAttr(annotation);
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createLoopAnnotationsPass() {
  return std::make_unique<LoopAnnotationsPass>();
}
