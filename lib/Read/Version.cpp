//===- Version.cpp - Tile IR bytecode versions ----------------------------===//
#include "tilechain/Read/Version.h"

using namespace tilechain::bytecode;

std::string BytecodeVersion::str() const {
  std::string text = std::to_string(major) + "." + std::to_string(minor);
  if (tag)
    text += "." + std::to_string(tag);
  return text;
}

bool BytecodeVersion::isSupported() const {
  return packed() >= oldest().packed() && packed() <= newest().packed();
}

std::optional<BytecodeVersion> BytecodeVersion::parse(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, '.');
  if (parts.size() < 2 || parts.size() > 3)
    return std::nullopt;
  unsigned values[3] = {0, 0, 0};
  for (size_t i = 0; i < parts.size(); ++i)
    if (parts[i].getAsInteger(10, values[i]) || values[i] > (i == 2 ? 0xFFFF : 0xFF))
      return std::nullopt;
  BytecodeVersion version{static_cast<uint8_t>(values[0]),
                          static_cast<uint8_t>(values[1]),
                          static_cast<uint16_t>(values[2])};
  if (!version.isSupported())
    return std::nullopt;
  return version;
}
