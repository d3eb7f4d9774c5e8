//===- TestPasses.h - passes that expose analyses to FileCheck ------------===//
#ifndef TILECHAIN_ANALYSIS_TESTPASSES_H
#define TILECHAIN_ANALYSIS_TESTPASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace tilechain {

/// `--tilechain-test-axis-info`: a remark on every integer or pointer tile
/// value of each cuda_tile.entry with its AxisInfo.
std::unique_ptr<mlir::Pass> createTestAxisInfoPass();

} // namespace tilechain

#endif // TILECHAIN_ANALYSIS_TESTPASSES_H
