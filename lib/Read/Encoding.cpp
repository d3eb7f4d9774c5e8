//===- Encoding.cpp - primitive Tile IR bytecode values -------------------===//
#include "tilechain/Read/Encoding.h"

using namespace tilechain::bytecode;

bool ByteReader::readByte(uint8_t &value) {
  if (pos >= bytes.size())
    return false;
  value = bytes[pos++];
  return true;
}

bool ByteReader::readVarInt(uint64_t &value) {
  value = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    uint8_t byte;
    if (!readByte(byte))
      return false;
    uint64_t group = byte & 0x7F;
    // The tenth byte may only contribute the single remaining bit.
    if (shift == 63 && group > 1)
      return false;
    value |= group << shift;
    if (!(byte & 0x80))
      return true;
  }
  return false;
}

bool ByteReader::readSignedVarInt(int64_t &value) {
  uint64_t raw;
  if (!readVarInt(raw))
    return false;
  value = zigzagDecode(raw);
  return true;
}

bool ByteReader::readLE(uint64_t &value, unsigned width) {
  if (remaining() < width)
    return false;
  value = 0;
  for (unsigned i = 0; i < width; ++i)
    value |= static_cast<uint64_t>(bytes[pos + i]) << (8 * i);
  pos += width;
  return true;
}

bool ByteReader::readLE(uint16_t &value, unsigned width) {
  uint64_t wide;
  if (!readLE(wide, width))
    return false;
  value = static_cast<uint16_t>(wide);
  return true;
}

bool ByteReader::readU32(uint32_t &value) {
  uint64_t wide;
  if (!readLE(wide, 4))
    return false;
  value = static_cast<uint32_t>(wide);
  return true;
}

bool ByteReader::readBytes(size_t count, llvm::ArrayRef<uint8_t> &out) {
  if (count > remaining())
    return false;
  out = bytes.slice(pos, count);
  pos += count;
  return true;
}

bool ByteReader::skip(size_t count) {
  if (count > remaining())
    return false;
  pos += count;
  return true;
}

bool ByteReader::skipPadding(uint64_t alignment) {
  if (alignment < 2)
    return true;
  return skip((alignment - pos % alignment) % alignment);
}

void ByteWriter::writeVarInt(uint64_t value) {
  do {
    uint8_t byte = value & 0x7F;
    value >>= 7;
    writeByte(value ? (byte | 0x80) : byte);
  } while (value);
}

void ByteWriter::writeSignedVarInt(int64_t value) {
  writeVarInt(zigzagEncode(value));
}

void ByteWriter::writeLE(uint64_t value, unsigned width) {
  for (unsigned i = 0; i < width; ++i)
    writeByte(static_cast<uint8_t>(value >> (8 * i)));
}

void ByteWriter::writeBytes(llvm::ArrayRef<uint8_t> bytes) {
  buf.append(bytes.begin(), bytes.end());
}

void ByteWriter::alignTo(uint64_t alignment, uint64_t base) {
  if (alignment < 2)
    return;
  while ((base + buf.size()) % alignment)
    writeByte(kPaddingByte);
}

uint64_t tilechain::bytecode::zigzagEncode(int64_t value) {
  return (static_cast<uint64_t>(value) << 1) ^
         static_cast<uint64_t>(value >> 63);
}

int64_t tilechain::bytecode::zigzagDecode(uint64_t value) {
  return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
}
