//===- TextNesting.h - refuse MLIR text nested past the parser's stack ----===//
//
// MLIR's parser recurses once per nested region, block list, attribute or
// type, so text nested some thousands of levels deep overflows its stack.
// The stages check the bracket depth of MLIR text first and refuse such
// input with a located diagnostic, as the Tile IR bytecode reader refuses
// regions nested more than 64 deep.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_TEXTNESTING_H
#define TILECHAIN_TOOLS_TEXTNESTING_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/SourceMgr.h"

namespace tilechain {

/// The deepest nesting of `{`, `(` and `[` MLIR text may have: far past
/// any real program, well short of the parser's stack.
constexpr unsigned kMaxTextNesting = 256;

/// Fails, with an error at the first bracket past kMaxTextNesting printed
/// through `sourceMgr`, when the main buffer is MLIR text nested deeper.
/// MLIR bytecode passes unchecked (the stages' own output, from input whose
/// nesting was checked); so must Tile IR bytecode, whose reader limits it.
mlir::LogicalResult checkTextNesting(llvm::SourceMgr &sourceMgr);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_TEXTNESTING_H
