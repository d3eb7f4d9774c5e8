//===- TestAxisInfoPass.cpp - AxisInfo as remarks, for lit tests ----------===//
#include "tilechain/Analysis/AxisInfo.h"
#include "tilechain/Analysis/TestPasses.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilechain;

namespace {

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const override {
    return "tilechain-test-axis-info";
  }
  StringRef getDescription() const override {
    return "Print the contiguity, divisibility and constancy of every "
           "integer and pointer tile as remarks";
  }

  void runOnOperation() override {
    getOperation()->walk([](cuda_tile::EntryOp entry) {
      AxisInfoAnalysis analysis(entry);
      entry.walk([&](Operation *op) {
        if (op == entry.getOperation() || op->getNumResults() != 1)
          return;
        auto tile = dyn_cast<cuda_tile::TileType>(op->getResult(0).getType());
        if (!tile || isa<FloatType>(tile.getElementType()))
          return;
        AxisInfo info = analysis.getInfo(op->getResult(0));
        auto list = [](ArrayRef<int64_t> values) {
          std::string text;
          llvm::raw_string_ostream os(text);
          os << "[";
          llvm::interleaveComma(values, os);
          os << "]";
          return text;
        };
        op->emitRemark() << "contiguity = " << list(info.contiguity)
                         << ", divisibility = " << list(info.divisibility)
                         << ", constancy = " << list(info.constancy);
      });
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createTestAxisInfoPass() {
  return std::make_unique<TestAxisInfoPass>();
}
