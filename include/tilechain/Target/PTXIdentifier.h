//===- PTXIdentifier.h - names PTX can hold -------------------------------===//
//
// Kernel and global names reach the PTX unchanged: a front end launches a
// kernel by the name it wrote into the bytecode (cuModuleGetFunction), so a
// name PTX cannot hold is refused, never renamed. LLVM's NVPTX printer would
// otherwise abort on it ("Symbol name with unsupported characters") or write
// PTX that ptxas rejects.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TARGET_PTXIDENTIFIER_H
#define TILECHAIN_TARGET_PTXIDENTIFIER_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace tilechain {

/// Why `name` is not a PTX identifier ([A-Za-z][A-Za-z0-9_$]* or
/// [_$][A-Za-z0-9_$]+), or empty when it is one.
std::string whyNotPTXIdentifier(llvm::StringRef name);

} // namespace tilechain

#endif // TILECHAIN_TARGET_PTXIDENTIFIER_H
