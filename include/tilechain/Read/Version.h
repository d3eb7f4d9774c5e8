//===- Version.h - Tile IR bytecode versions ------------------------------===//
#ifndef TILECHAIN_READ_VERSION_H
#define TILECHAIN_READ_VERSION_H

#include "tilechain/Read/OpTable.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace tilechain::bytecode {

/// The header's version: u8 major, u8 minor, u16 tag.
struct BytecodeVersion {
  uint8_t major = 13;
  uint8_t minor = 1;
  uint16_t tag = 0;

  PackedVersion packed() const { return major * 100 + minor; }
  /// "13.2", with ".tag" only when the tag is not zero.
  std::string str() const;
  bool isSupported() const;

  static BytecodeVersion oldest() { return {13, 1, 0}; }
  static BytecodeVersion newest() { return {13, 5, 0}; }
  /// Parses "13.N" (or "13.N.T") naming a supported version.
  static std::optional<BytecodeVersion> parse(llvm::StringRef text);
};

} // namespace tilechain::bytecode

#endif // TILECHAIN_READ_VERSION_H
