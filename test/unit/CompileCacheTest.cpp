#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"

#include <catch2/catch.hpp>

using namespace tilechain::driver;

namespace {

const std::string kKey(64, 'a');

std::optional<std::string> decode(const std::string &bytes,
                                  const std::string &secret,
                                  std::string &why) {
  return decodeEntry(kKey, bytes, secret, why);
}

} // namespace

TEST_CASE("a cache entry decodes to its payload", "[cache]") {
  std::string payload("\x7f" "ELF\0\n\nbinary", 13);
  std::string why;
  REQUIRE(decode(encodeEntry(kKey, payload), "", why) == payload);
  REQUIRE(decode(encodeEntry(kKey, ""), "", why) == std::string());
  // An authenticated entry is readable without the secret too (its digest
  // still holds) and with it.
  std::string signed_ = encodeEntry(kKey, payload, "secret");
  REQUIRE(decode(signed_, "", why) == payload);
  REQUIRE(decode(signed_, "secret", why) == payload);
}

TEST_CASE("a damaged cache entry is refused with the reason", "[cache]") {
  std::string entry = encodeEntry(kKey, "payload bytes");
  std::string why;
  SECTION("another key") {
    REQUIRE(!decodeEntry(std::string(64, 'b'), entry, "", why));
    REQUIRE(why == "made for another key");
  }
  SECTION("cut short") {
    REQUIRE(!decode(entry.substr(0, entry.size() - 1), "", why));
    REQUIRE(why == "size 12, header says 13");
  }
  SECTION("a flipped payload byte") {
    entry.back() ^= 1;
    REQUIRE(!decode(entry, "", why));
    REQUIRE(why == "payload digest does not match");
  }
  SECTION("not an entry") {
    REQUIRE(!decode("\x7f" "ELF", "", why));
    REQUIRE(why == "not a tilechain cache entry");
  }
  SECTION("a malformed header") {
    REQUIRE(!decode("tilechain-cache 1 " + kKey + " many\npayload", "", why));
    REQUIRE(why == "malformed header");
  }
}

TEST_CASE("a shared secret refuses entries made without it", "[cache]") {
  std::string why;
  REQUIRE(!decode(encodeEntry(kKey, "cubin"), "secret", why));
  REQUIRE(why == "not authenticated (no HMAC)");
  REQUIRE(!decode(encodeEntry(kKey, "cubin", "other"), "secret", why));
  REQUIRE(why == "HMAC does not match this machine's secret");
  // The HMAC covers the key: an entry moved to another key is refused even
  // with a header rewritten to name it.
  std::string moved = encodeEntry(kKey, "cubin", "secret");
  std::string other(64, 'c');
  moved.replace(moved.find(kKey), kKey.size(), other);
  REQUIRE(!decodeEntry(other, moved, "secret", why));
  REQUIRE(why == "HMAC does not match this machine's secret");
}

TEST_CASE("redis addresses", "[cache]") {
  std::string error;
  REQUIRE(openRedis("redis://cache.example:6380", error)->describe() ==
          "redis://cache.example:6380");
  REQUIRE(openRedis("redis://cache", error)->describe() ==
          "redis://cache:6379");
  // The password is used, never shown.
  REQUIRE(openRedis("redis://:hunter2@10.0.0.1:7000/3", error)->describe() ==
          "redis://10.0.0.1:7000/3");
  for (const char *bad : {"cache:6379", "redis://", "redis://host:port",
                          "redis://host:70000", "redis://host:1/db"}) {
    INFO(bad);
    REQUIRE(!openRedis(bad, error));
    REQUIRE(!error.empty());
  }
}

TEST_CASE("stage keys follow each stage's options and no more", "[cache]") {
  TileirasArgs args;
  args.gpuName = "sm_90";
  StageKeys base = stageKeys(args, "input", "toolchain");
  // -g changes tile-link's command alone; --lineinfo tile-llc's and
  // tile-link's; the target everything from tile-lower on.
  TileirasArgs debug = args;
  debug.deviceDebug = true;
  debug.optLevel = 0;
  TileirasArgs target = args;
  target.gpuName = "sm_100";
  TileirasArgs lines = args;
  lines.lineInfo = true;
  auto sameUntil = [&](const TileirasArgs &changed) {
    StageKeys keys = stageKeys(changed, "input", "toolchain");
    size_t i = 0;
    while (i < keys.size() && keys[i] == base[i])
      ++i;
    for (size_t j = i; j < keys.size(); ++j)
      REQUIRE(keys[j] != base[j]);
    return i;
  };
  REQUIRE(sameUntil(target) == 1);
  REQUIRE(sameUntil(lines) == 3);
  REQUIRE(sameUntil(debug) == 1); // -O0 is tile-lower's too
  // Another input or toolchain changes every key.
  StageKeys input = stageKeys(args, "other input", "toolchain");
  StageKeys tools = stageKeys(args, "input", "other toolchain");
  for (size_t i = 0; i < base.size(); ++i) {
    REQUIRE(input[i] != base[i]);
    REQUIRE(tools[i] != base[i]);
  }
}

TEST_CASE("HMAC-SHA256 gives RFC 4231's test vectors", "[cache]") {
  // Test case 1: a 20-byte key.
  REQUIRE(hmacSha256Hex(std::string(20, '\x0b'), "Hi There") ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  // Test case 2: a key shorter than the block.
  REQUIRE(hmacSha256Hex("Jefe", "what do ya want for nothing?") ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  // Test case 6: a key longer than the block, hashed first.
  REQUIRE(hmacSha256Hex(std::string(131, '\xaa'),
                        "Test Using Larger Than Block-Size Key - Hash Key "
                        "First") ==
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}
