//===- TileRead.h - the tile-read tool ------------------------------------===//
#ifndef TILECHAIN_TOOLS_TILEREAD_H
#define TILECHAIN_TOOLS_TILEREAD_H

namespace tilechain {

/// Runs tile-read; returns the process exit code (ExitCodes.h).
int runTileRead(int argc, char **argv);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_TILEREAD_H
