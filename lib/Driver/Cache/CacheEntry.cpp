//===- CacheEntry.cpp - the bytes of one cache entry ----------------------===//
//
// An entry carries its own proof: a reader checks the key it asked for, the
// size and the SHA-256 of the payload, so a torn, truncated or bit-flipped
// file or value is refused rather than loaded as a cubin. A digest proves
// nothing against a writer who recomputes it; against those the remote
// entries carry an HMAC under a secret the machines share.
//
// HMAC-SHA256 is RFC 2104's construction over LLVM's SHA-256 (checked
// against RFC 4231's test vectors in test/unit/CompileCacheTest.cpp) rather
// than OpenSSL's: libcrypto would add about a millisecond of dynamic loading
// to every start of the driver, which a cache hit is meant to spend whole.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/CompileCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SHA256.h"

#include <array>


using namespace llvm;
using namespace tilechain::driver;

static constexpr StringLiteral kMagic = "tilechain-cache 1";

std::string tilechain::driver::sha256Hex(StringRef bytes) {
  return toHex(SHA256::hash(arrayRefFromStringRef(bytes)), /*LowerCase=*/true);
}

std::string tilechain::driver::hmacSha256Hex(StringRef secret,
                                             StringRef message) {
  constexpr size_t kBlock = 64;
  std::array<uint8_t, kBlock> key = {};
  if (secret.size() > kBlock) {
    std::array<uint8_t, 32> digest = SHA256::hash(arrayRefFromStringRef(secret));
    std::copy(digest.begin(), digest.end(), key.begin());
  } else {
    std::copy(secret.bytes_begin(), secret.bytes_end(), key.begin());
  }
  auto pad = [&](uint8_t with) {
    std::array<uint8_t, kBlock> padded;
    for (size_t i = 0; i < kBlock; ++i)
      padded[i] = key[i] ^ with;
    return padded;
  };
  SHA256 inner;
  inner.update(pad(0x36));
  inner.update(message);
  std::array<uint8_t, 32> innerDigest = inner.final();
  SHA256 outer;
  outer.update(pad(0x5c));
  outer.update(innerDigest);
  return toHex(outer.final(), /*LowerCase=*/true);
}

/// The HMAC of an entry: under `secret`, of the key and the payload's digest.
static std::string entryMac(StringRef secret, StringRef key,
                            StringRef payloadDigest) {
  return hmacSha256Hex(secret, (key + "\n" + payloadDigest).str());
}

/// Equal, in a time that does not depend on where they differ.
static bool sameDigest(StringRef a, StringRef b) {
  if (a.size() != b.size())
    return false;
  unsigned char difference = 0;
  for (size_t i = 0; i < a.size(); ++i)
    difference |= static_cast<unsigned char>(a[i] ^ b[i]);
  return difference == 0;
}

std::string tilechain::driver::encodeEntry(StringRef key, StringRef payload,
                                           StringRef secret) {
  std::string digest = sha256Hex(payload);
  std::string header = (kMagic + " " + key + " " + Twine(payload.size()) +
                        " " + digest)
                           .str();
  if (!secret.empty())
    header += " " + entryMac(secret, key, digest);
  return header + "\n" + payload.str();
}

std::optional<std::string>
tilechain::driver::decodeEntry(StringRef key, StringRef bytes,
                               StringRef secret, std::string &why) {
  auto [header, payload] = bytes.split('\n');
  if (!header.consume_front(kMagic) || !header.consume_front(" ")) {
    why = "not a tilechain cache entry";
    return std::nullopt;
  }
  SmallVector<StringRef> fields;
  header.split(fields, ' ');
  uint64_t size;
  if (fields.size() < 3 || fields.size() > 4 ||
      fields[1].getAsInteger(10, size)) {
    why = "malformed header";
    return std::nullopt;
  }
  if (fields[0] != key) {
    why = "made for another key";
    return std::nullopt;
  }
  if (payload.size() != size) {
    why = ("size " + Twine(payload.size()) + ", header says " + Twine(size))
              .str();
    return std::nullopt;
  }
  if (sha256Hex(payload) != fields[2]) {
    why = "payload digest does not match";
    return std::nullopt;
  }
  if (!secret.empty()) {
    if (fields.size() < 4) {
      why = "not authenticated (no HMAC)";
      return std::nullopt;
    }
    if (!sameDigest(entryMac(secret, key, fields[2]), fields[3])) {
      why = "HMAC does not match this machine's secret";
      return std::nullopt;
    }
  }
  return payload.str();
}
