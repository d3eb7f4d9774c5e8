//===- OutputFile.h - writing a tool's output whole or not at all ---------===//
#ifndef TILECHAIN_TOOLS_OUTPUTFILE_H
#define TILECHAIN_TOOLS_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include <system_error>

namespace tilechain {

/// Writes `data` to `path`: `-` is stdout; a regular file is written through
/// a temporary file in the same directory and renamed into place, so readers
/// see the whole output or none; a device or pipe (/dev/null, a fifo) is
/// written in place, since a rename would replace it with a regular file.
std::error_code writeOutputFile(llvm::StringRef path, llvm::StringRef data);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_OUTPUTFILE_H
