//===- LowerCommandLine.h - tile-lower's options, shared by tools -*- C++ -*-===//
//
// The --gpu-name, --opt-level and --tile-form options, defined once for the
// tools that lower cuda_tile (tile-lower, and tile-compile in one process),
// so that both spell and document them alike.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_LOWERCOMMANDLINE_H
#define TILECHAIN_TOOLS_LOWERCOMMANDLINE_H

#include "tilechain/Pipeline/Pipeline.h"

namespace tilechain {

/// tile-lower's options as given on the command line (after
/// llvm::cl::ParseCommandLineOptions).
LowerOptions lowerOptionsFromCommandLine();

} // namespace tilechain

#endif // TILECHAIN_TOOLS_LOWERCOMMANDLINE_H
