//===- ExitCodes.h - the tileiras exit-code contract ----------------------===//
//
// Every tool and the tileiras wrapper exit with these codes, so a front-end
// sees the same classes whichever stage failed.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_EXITCODES_H
#define TILECHAIN_TOOLS_EXITCODES_H

namespace tilechain {

enum ExitCode : int {
  kExitSuccess = 0,
  /// Out of memory.
  kExitAllocation = 1,
  /// Bad command line, unreadable input, unwritable output.
  kExitConfiguration = 2,
  /// The input is not Tile IR bytecode (or is malformed bytecode).
  kExitNotTileIR = 3,
  /// Misuse of the C API handle.
  kExitHandleMisuse = 4,
  /// The program failed to compile: verification, lowering, ptxas.
  kExitCompileFailure = 5,
};

} // namespace tilechain

#endif // TILECHAIN_TOOLS_EXITCODES_H
