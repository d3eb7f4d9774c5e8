//===- BytecodeReaderTest.cpp - section framing and the string table ------===//
#include "tilechain/Read/Reader.h"
#include "tilechain/Read/Writer.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace mlir;
using namespace tilechain::bytecode;

namespace {
const std::string kHeader131("\x7fTileIR\0\x0d\x01\x00\x00", 12);

/// A section: id (with the alignment flag), length, alignment, padding.
std::string section(uint8_t id, const std::string &payload, size_t fileOffset,
                    unsigned alignment) {
  std::string out;
  out += static_cast<char>(alignment > 1 ? (id | 0x80) : id);
  out += static_cast<char>(payload.size());
  if (alignment > 1) {
    out += static_cast<char>(alignment);
    while ((fileOffset + out.size()) % alignment)
      out += '\xCB';
  }
  return out + payload;
}

/// Decodes `bytes`, returning the diagnostics joined by newlines.
std::string decode(const std::string &bytes, bool &ok) {
  MLIRContext ctx;
  ctx.loadDialect<cuda_tile::CudaTileDialect>();
  std::string messages;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    return success();
  });
  ok = static_cast<bool>(readTileIRBytecode(bytes, &ctx));
  return messages;
}

/// An empty module with the given string section payload.
std::string withStrings(const std::string &strings) {
  std::string file = kHeader131;
  file += section(2, std::string("\x00", 1), file.size(), 8);
  file += section(1, strings, file.size(), 4);
  file += '\0';
  return file;
}
} // namespace

TEST_CASE("the magic and version are checked first", "[bytecode]") {
  bool ok;
  CHECK(decode("\x7fTileIX", ok).find("invalid magic number at position 6, got 88 expected 82") !=
        std::string::npos);
  CHECK_FALSE(ok);
  std::string v18("\x7fTileIR\0\x12\x00\x00\x00", 12);
  CHECK(decode(v18, ok) ==
        "error at offset 12: unsupported Tile version 18.0.0, this reader "
        "supports versions [13.1, 13.5]\nerror at offset 12: failed to parse "
        "bytecode header\n");
  CHECK(decode(kHeader131.substr(0, 10), ok).find("failed to read the bytecode version") !=
        std::string::npos);
}

TEST_CASE("section framing errors are reported with their offset", "[bytecode]") {
  bool ok;
  CHECK(decode(kHeader131 + "\x7f", ok) ==
        "error at offset 13: unknown section ID: 127\n"
        "error at offset 13: failed to parse section header\n");
  CHECK(decode(kHeader131 + "\x02\x40", ok).find(
            "section length 64 exceeds remaining data size 0") != std::string::npos);
  CHECK(decode(kHeader131 + "\x80", ok).find(
            "end section should not have alignment flag set") != std::string::npos);
  CHECK(decode(kHeader131 + std::string("\0\0", 2), ok) ==
        "error at offset 13: end section is not the last section\n");
  CHECK(decode(kHeader131, ok).find("unexpected end of data") != std::string::npos);
  // Sections that need alignment must declare it.
  CHECK(decode(kHeader131 + std::string("\x01\x01\x00\x00", 4), ok).find(
            "section 1 must have alignment that is a multiple of 4 bytes, but "
            "has no alignment flag set") != std::string::npos);
  CHECK(decode(kHeader131 + std::string("\x81\x01\x03", 3), ok).find(
            "invalid alignment value: 3") != std::string::npos);
}

TEST_CASE("string and function sections are mandatory", "[bytecode]") {
  bool ok;
  CHECK(decode(kHeader131 + std::string("\0", 1), ok).find(
            "string section is mandatory") != std::string::npos);
  std::string noFunctions = kHeader131 +
                            section(1, std::string("\x00", 1), 12, 4) + '\0';
  CHECK(decode(noFunctions, ok).find("function section is mandatory") !=
        std::string::npos);
}

TEST_CASE("the string table bounds its count and offsets", "[bytecode]") {
  bool ok;
  // Two strings "ab" and "c": count, padding, offsets 0 and 2, then data.
  std::string good("\x02\xCB\xCB\xCB\x00\x00\x00\x00\x02\x00\x00\x00" "abc", 15);
  CHECK(decode(withStrings(good), ok).empty());
  CHECK(ok);
  std::string tooMany("\x09\xCB\xCB\xCB\x00\x00\x00\x00", 8);
  CHECK(decode(withStrings(tooMany), ok).find(
            "number of strings (9) exceeds the maximum of 1") != std::string::npos);
  CHECK_FALSE(ok);
}

TEST_CASE("the writer lays out an empty module like NVIDIA's", "[bytecode]") {
  MLIRContext ctx;
  ctx.loadDialect<cuda_tile::CudaTileDialect>();
  OpBuilder builder(&ctx);
  auto module = builder.create<cuda_tile::ModuleOp>(UnknownLoc::get(&ctx), "kernels");
  llvm::SmallVector<char> bytes;
  REQUIRE(succeeded(writeTileIRBytecode(module, {13, 3, 0}, bytes)));
  std::string expected("\x7fTileIR\0\x0d\x03\x00\x00"
                       "\x82\x08\x08\xcb\x00\xcb\xcb\xcb\xcb\xcb\xcb\xcb"
                       "\x85\x04\x04\xcb\x00\xcb\xcb\xcb"
                       "\x81\x04\x04\xcb\x00\xcb\xcb\xcb\x00",
                       41);
  CHECK(std::string(bytes.begin(), bytes.end()) == expected);
  module->erase();
}
