//===- Encoding.h - primitive Tile IR bytecode values ---------------------===//
//
// LEB128 varints (7 bits per byte, low group first), zigzag signed varints,
// fixed-width little-endian integers and alignment padding. The reader never
// reads past its slice: every read reports failure instead.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_READ_ENCODING_H
#define TILECHAIN_READ_ENCODING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace tilechain::bytecode {

/// The byte written into alignment padding.
constexpr uint8_t kPaddingByte = 0xCB;

/// A bounds-checked cursor over a byte slice. Offsets are relative to the
/// start of the slice (the reference reader reports them that way too).
class ByteReader {
public:
  explicit ByteReader(llvm::ArrayRef<uint8_t> bytes) : bytes(bytes) {}

  size_t offset() const { return pos; }
  size_t remaining() const { return bytes.size() - pos; }
  bool atEnd() const { return pos == bytes.size(); }
  llvm::ArrayRef<uint8_t> data() const { return bytes; }

  bool readByte(uint8_t &value);
  /// Fails on truncation and on encodings longer than 10 bytes or with bits
  /// beyond 64.
  bool readVarInt(uint64_t &value);
  bool readSignedVarInt(int64_t &value);
  bool readU16(uint16_t &value) { return readLE(value, 2); }
  bool readU32(uint32_t &value);
  bool readU64(uint64_t &value) { return readLE(value, 8); }
  bool readBytes(size_t count, llvm::ArrayRef<uint8_t> &out);
  bool skip(size_t count);
  /// Skips padding so that the offset (relative to the slice) becomes a
  /// multiple of `alignment`.
  bool skipPadding(uint64_t alignment);

private:
  bool readLE(uint64_t &value, unsigned width);
  bool readLE(uint16_t &value, unsigned width);

  llvm::ArrayRef<uint8_t> bytes;
  size_t pos = 0;
};

/// Appends encoded values to a growable buffer.
class ByteWriter {
public:
  llvm::SmallVectorImpl<char> &buffer() { return buf; }
  size_t size() const { return buf.size(); }

  void writeByte(uint8_t value) { buf.push_back(static_cast<char>(value)); }
  void writeVarInt(uint64_t value);
  void writeSignedVarInt(int64_t value);
  void writeLE(uint64_t value, unsigned width);
  void writeBytes(llvm::ArrayRef<uint8_t> bytes);
  void writeBytes(llvm::StringRef bytes) { buf.append(bytes.begin(), bytes.end()); }
  /// Pads with kPaddingByte until size() + base is a multiple of alignment.
  void alignTo(uint64_t alignment, uint64_t base = 0);

private:
  llvm::SmallVector<char, 256> buf;
};

uint64_t zigzagEncode(int64_t value);
int64_t zigzagDecode(uint64_t value);

} // namespace tilechain::bytecode

#endif // TILECHAIN_READ_ENCODING_H
