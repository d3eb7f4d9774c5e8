//===- TileDistTypes.cpp - !tile_dist.ring --------------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain::tile_dist;

#define GET_TYPEDEF_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistTypes.cpp.inc"

void TileDistDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilechain/Dialect/TileDist/IR/TileDistTypes.cpp.inc"
      >();
}

LogicalResult RingType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t stages, int64_t stageBytes,
                               int64_t alignment, bool mbarriers,
                               bool producer) {
  if (stages < 1)
    return emitError() << "a ring has at least one stage, got " << stages;
  if (stageBytes <= 0 || stageBytes % 16)
    return emitError() << "a stage takes a positive multiple of 16 bytes, got "
                       << stageBytes;
  if (alignment < 16 || !llvm::isPowerOf2_64(alignment))
    return emitError() << "a ring is aligned to a power of two of at least "
                          "16 bytes, got "
                       << alignment;
  if (producer && !mbarriers)
    return emitError() << "a producer warp fills a ring by TMA, whose "
                          "stages have mbarriers";
  return success();
}
