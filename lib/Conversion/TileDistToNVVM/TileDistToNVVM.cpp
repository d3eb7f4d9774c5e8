//===- TileDistToNVVM.cpp - tile_dist.async_copy -> cp.async --------------===//
#include "tilechain/Conversion/TileDistToNVVM/TileDistToNVVM.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// cp.async.cg.shared.global [element index of destination], [source], 16,
/// sourceBytes.
struct AsyncCopyLowering
    : public ConvertOpToLLVMPattern<tile_dist::AsyncCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(op.getDestination().getType());
    Value destination =
        getStridedElementPtr(rewriter, op.getLoc(), type,
                             adaptor.getDestination(), adaptor.getIndex());
    NVVM::CpAsyncOp::create(rewriter, op.getLoc(), destination,
                            adaptor.getSource(), 16,
                            NVVM::LoadCacheModifierKind::CG,
                            adaptor.getSourceBytes());
    rewriter.eraseOp(op);
    return success();
  }
};

struct TileDistToLLVMInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;

  void loadDependentDialects(MLIRContext *context) const override {
    context->loadDialect<NVVM::NVVMDialect>();
  }

  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const override {
    target.addIllegalOp<tile_dist::AsyncCopyOp>();
    patterns.add<AsyncCopyLowering>(converter);
  }
};

} // namespace

void tilechain::registerConvertTileDistToNVVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(
      +[](MLIRContext *, tile_dist::TileDistDialect *dialect) {
        dialect->addInterfaces<TileDistToLLVMInterface>();
      });
}
