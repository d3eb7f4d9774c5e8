//===- BytecodeEncodingTest.cpp - varints, zigzag, padding ----------------===//
#include "tilechain/Read/Encoding.h"
#include "tilechain/Read/Version.h"

#include <catch2/catch.hpp>
#include <vector>

using namespace tilechain::bytecode;

namespace {
std::vector<uint8_t> encodeVarInt(uint64_t value) {
  ByteWriter writer;
  writer.writeVarInt(value);
  return std::vector<uint8_t>(writer.buffer().begin(), writer.buffer().end());
}

bool decodeVarInt(std::vector<uint8_t> bytes, uint64_t &value, size_t &used) {
  ByteReader reader(bytes);
  bool ok = reader.readVarInt(value);
  used = reader.offset();
  return ok;
}
} // namespace

TEST_CASE("varints use 7 bits per byte, low group first", "[bytecode]") {
  CHECK(encodeVarInt(0) == std::vector<uint8_t>{0x00});
  CHECK(encodeVarInt(127) == std::vector<uint8_t>{0x7F});
  CHECK(encodeVarInt(128) == std::vector<uint8_t>{0x80, 0x01});
  CHECK(encodeVarInt(300) == std::vector<uint8_t>{0xAC, 0x02});
  CHECK(encodeVarInt(UINT64_MAX).size() == 10);
  CHECK(encodeVarInt(UINT64_MAX).back() == 0x01);
}

TEST_CASE("varints round-trip at every width boundary", "[bytecode]") {
  for (unsigned bits = 0; bits < 64; ++bits) {
    for (uint64_t value : {(uint64_t(1) << bits) - 1, uint64_t(1) << bits,
                           (uint64_t(1) << bits) + 1}) {
      uint64_t decoded = ~value;
      size_t used = 0;
      REQUIRE(decodeVarInt(encodeVarInt(value), decoded, used));
      CHECK(decoded == value);
      CHECK(used == encodeVarInt(value).size());
    }
  }
  uint64_t decoded;
  size_t used;
  REQUIRE(decodeVarInt(encodeVarInt(UINT64_MAX), decoded, used));
  CHECK(decoded == UINT64_MAX);
}

TEST_CASE("truncated and oversized varints are rejected", "[bytecode]") {
  uint64_t value;
  size_t used;
  CHECK_FALSE(decodeVarInt({}, value, used));
  CHECK_FALSE(decodeVarInt({0x80}, value, used));
  CHECK_FALSE(decodeVarInt({0xFF, 0xFF}, value, used));
  // An 11-byte encoding and a tenth byte with bits beyond 64 do not fit.
  CHECK_FALSE(decodeVarInt(std::vector<uint8_t>(10, 0x80), value, used));
  std::vector<uint8_t> tooWide(9, 0xFF);
  tooWide.push_back(0x02);
  CHECK_FALSE(decodeVarInt(tooWide, value, used));
}

TEST_CASE("overlong varints decode to their value", "[bytecode]") {
  // The reference reader accepts non-minimal encodings; so do we.
  uint64_t value = 1;
  size_t used;
  REQUIRE(decodeVarInt({0x80, 0x00}, value, used));
  CHECK(value == 0);
  CHECK(used == 2);
  REQUIRE(decodeVarInt({0x81, 0x80, 0x00}, value, used));
  CHECK(value == 1);
}

TEST_CASE("zigzag maps small magnitudes to small codes", "[bytecode]") {
  CHECK(zigzagEncode(0) == 0);
  CHECK(zigzagEncode(-1) == 1);
  CHECK(zigzagEncode(1) == 2);
  CHECK(zigzagEncode(-2) == 3);
  CHECK(zigzagEncode(INT64_MAX) == UINT64_MAX - 1);
  CHECK(zigzagEncode(INT64_MIN) == UINT64_MAX);
  for (int64_t value : {int64_t(0), int64_t(-1), int64_t(63), int64_t(-64),
                        INT64_MAX, INT64_MIN, int64_t(-123456789)})
    CHECK(zigzagDecode(zigzagEncode(value)) == value);
}

TEST_CASE("fixed-width values are little-endian and bounds-checked", "[bytecode]") {
  ByteWriter writer;
  writer.writeLE(0x11223344, 4);
  writer.writeLE(0x0102, 2);
  std::vector<uint8_t> bytes(writer.buffer().begin(), writer.buffer().end());
  CHECK(bytes == std::vector<uint8_t>{0x44, 0x33, 0x22, 0x11, 0x02, 0x01});
  ByteReader reader(bytes);
  uint32_t word;
  uint16_t half;
  uint64_t wide;
  REQUIRE(reader.readU32(word));
  CHECK(word == 0x11223344);
  REQUIRE(reader.readU16(half));
  CHECK(half == 0x0102);
  CHECK(reader.atEnd());
  CHECK_FALSE(reader.readU64(wide));
  CHECK_FALSE(reader.skip(1));
}

TEST_CASE("padding aligns to the slice start with 0xCB", "[bytecode]") {
  ByteWriter writer;
  writer.writeByte(0x01);
  writer.alignTo(4);
  CHECK(writer.size() == 4);
  CHECK(static_cast<uint8_t>(writer.buffer()[3]) == kPaddingByte);
  writer.alignTo(4);
  CHECK(writer.size() == 4);
  // Relative to a base offset, as a section header is aligned in the file.
  ByteWriter header;
  header.writeByte(0x02);
  header.alignTo(8, /*base=*/13);
  CHECK(header.size() == 3);

  std::vector<uint8_t> bytes = {0x01, 0xCB, 0xCB, 0xCB, 0x07};
  ByteReader reader(bytes);
  uint8_t byte;
  REQUIRE(reader.readByte(byte));
  REQUIRE(reader.skipPadding(4));
  CHECK(reader.offset() == 4);
  REQUIRE(reader.readByte(byte));
  CHECK(byte == 0x07);
  CHECK_FALSE(reader.skipPadding(8));
}

TEST_CASE("bytecode versions 13.1 to 13.5 are accepted", "[bytecode]") {
  CHECK(BytecodeVersion::parse("13.1")->packed() == 1301);
  CHECK(BytecodeVersion::parse("13.4")->str() == "13.4");
  CHECK(BytecodeVersion::parse("13.2.5")->str() == "13.2.5");
  CHECK_FALSE(BytecodeVersion::parse("13.0"));
  CHECK(BytecodeVersion::parse("13.5")->str() == "13.5");
  CHECK_FALSE(BytecodeVersion::parse("13.6"));
  CHECK_FALSE(BytecodeVersion::parse("18.0"));
  CHECK_FALSE(BytecodeVersion::parse("13"));
  CHECK_FALSE(BytecodeVersion::parse("13.x"));
}
