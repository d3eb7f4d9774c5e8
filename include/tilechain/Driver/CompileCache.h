//===- CompileCache.h - cubins and stage outputs by content ---------------===//
//
// tileiras keeps what it compiled under a digest of everything that decides
// the output: the input's bytes, the options each stage runs with, and the
// toolchain digest (the bytes of the driver, the stage tools, tile-compile,
// the libraries they load, ptxas and libdevice). Stages are deterministic,
// so an entry is what a compile would write again.
//
// Two tiers. A local directory ($TILECHAIN_CACHE_DIR, else
// $XDG_CACHE_HOME/tilechain, else ~/.cache/tilechain) holds the cubins and,
// in the staged mode, every stage's output, so that a rerun with a changed
// late-stage option reruns only the late stages. A Redis server
// ($TILECHAIN_REMOTE_CACHE=redis://HOST:PORT) shares the cubins between
// machines: a hit fills the local directory. docs/compile-cache.md has the
// layout, the threat model and how machines sharing one server behave.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DRIVER_COMPILECACHE_H
#define TILECHAIN_DRIVER_COMPILECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tilechain::driver {

//===- Entries -----------------------------------------------------------===//

/// The bytes stored for `key`: a header line `tilechain-cache 1 <key>
/// <size> <sha256>[ <hmac>]` and the payload. The HMAC-SHA256, under
/// `secret` when one is given, covers the key and the payload's digest.
std::string encodeEntry(llvm::StringRef key, llvm::StringRef payload,
                        llvm::StringRef secret = "");

/// The payload of `bytes` when they are a whole entry for `key` whose payload
/// has the digest it names and, when `secret` is given, an HMAC made with it;
/// otherwise none, and `why` says what was wrong.
std::optional<std::string> decodeEntry(llvm::StringRef key,
                                       llvm::StringRef bytes,
                                       llvm::StringRef secret,
                                       std::string &why);

/// Lower-case hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::StringRef bytes);
/// Lower-case hex HMAC-SHA256 (RFC 2104) of `message` under `secret`.
std::string hmacSha256Hex(llvm::StringRef secret, llvm::StringRef message);

//===- Counters ----------------------------------------------------------===//

/// What --cache-stats reports, kept in <cache>/stats.
enum class CacheCounter {
  LocalHit,     ///< a cubin from the local directory
  RemoteHit,    ///< a cubin from the remote, copied to the local directory
  Miss,         ///< a compile that ran at least one stage
  StagesSkipped, ///< stages not run because a later output was cached
  Corrupt,      ///< local entries dropped because their digest did not match
  RemoteError,  ///< remote requests that failed (down, slow, refused)
  RemoteRejected, ///< remote entries refused (digest, HMAC or size)
  Uncacheable,  ///< compiles that bypassed the cache (remarks asked for)
  RemoteWait,   ///< misses that waited for another machine's compile
};
inline constexpr size_t kCacheCounters = 9;

//===- The cache ---------------------------------------------------------===//

class RemoteStore;

/// The local directory and, where configured, the remote; counters are
/// added to <cache>/stats when it is destroyed.
class CompileCache {
public:
  /// The cache the environment asks for: none when TILECHAIN_CACHE is 0.
  /// Returns false, reported, when a variable is malformed.
  static bool fromEnvironment(std::unique_ptr<CompileCache> &cache);
  ~CompileCache();

  /// The payload stored for `key`: local first, then (when `remote`) the
  /// remote, whose hit is copied to the local directory and sets
  /// `fromRemote`.
  std::optional<std::string> lookup(llvm::StringRef key, bool remote,
                                    bool *fromRemote = nullptr);
  /// Publishes `payload` under `key` locally and, when `remote`, remotely.
  void store(llvm::StringRef key, llvm::StringRef payload, bool remote);
  void count(CacheCounter counter, uint64_t by = 1);

  llvm::StringRef directory() const { return root; }

private:
  CompileCache(std::string root, uint64_t maxBytes,
               std::unique_ptr<RemoteStore> remote);
  std::optional<std::string> lookupLocal(llvm::StringRef key);
  /// The remote's entry for `key`, checked; none when absent or refused.
  std::optional<std::string> fetchRemote(llvm::StringRef key);
  /// After a remote miss: takes the key's compile lease, or waits for the
  /// machine that holds it to publish the entry.
  std::optional<std::string> leaseOrWait(llvm::StringRef key);
  void storeLocal(llvm::StringRef key, llvm::StringRef payload);
  /// Adds a store's `added` bytes to its shard's size, evicting the least
  /// recently used entries where the shard is over its share of the limit.
  void accountShard(llvm::StringRef shard, uint64_t added);

  std::string root;
  uint64_t maxBytes;
  std::unique_ptr<RemoteStore> remote;
  /// Remote keys whose entry this process refused: its own replaces them,
  /// so that a torn or forged value does not stay in place for good.
  llvm::StringSet<> refusedRemote;
  /// The remote lease this process holds (released when its entry is
  /// stored, or at the end), and the token that proves it is ours.
  std::string heldLease;
  std::string leaseToken;
  uint64_t counters[kCacheCounters] = {};
};

/// The local directory the environment names (it may not exist yet):
/// $TILECHAIN_CACHE_DIR, else userCacheDirectory().
std::string cacheDirectory();
/// $XDG_CACHE_HOME/tilechain, else ~/.cache/tilechain; "" without a home.
std::string userCacheDirectory();

/// tileiras --cache-stats: entries, size, limit, counters, the remote.
int printCacheStats();
/// tileiras --cache-clear: removes every entry and the counters.
int clearCache();

//===- The remote --------------------------------------------------------===//

/// A key-value server shared by machines. Every failure is reported once
/// per process and turns the remote off for the rest of it: a compile never
/// waits twice on a server that is down.
class RemoteStore {
public:
  virtual ~RemoteStore();
  /// The value of `key`; none when absent, once the remote is off, or on a
  /// failure (then `failed`).
  virtual std::optional<std::string> get(llvm::StringRef key,
                                         bool &failed) = 0;
  /// Sets `key` unless it exists (or, with `replace`, in any case); false
  /// on a failure. Once the remote is off it sends nothing.
  virtual bool put(llvm::StringRef key, llvm::StringRef value,
                   bool replace) = 0;
  /// Sets `key` to `token` for `milliseconds` unless it exists: true when
  /// this call set it.
  virtual bool acquireLease(llvm::StringRef key, llvm::StringRef token,
                            unsigned milliseconds) = 0;
  /// Whether `key` exists; false on a failure too.
  virtual bool exists(llvm::StringRef key) = 0;
  /// Deletes `key` if it still holds `token`.
  virtual void releaseLease(llvm::StringRef key, llvm::StringRef token) = 0;
  /// Off after a failure.
  virtual bool usable() const = 0;
  /// Where it is, for messages and --cache-stats.
  virtual std::string describe() const = 0;
};

/// A Redis server at `url` (redis://[:PASSWORD@]HOST[:PORT][/DB]); none,
/// with `error` set, when the address is malformed. Nothing is connected
/// until the first request.
std::unique_ptr<RemoteStore> openRedis(llvm::StringRef url,
                                       std::string &error);

/// The largest entry stored or accepted remotely.
inline constexpr uint64_t kRemoteEntryLimit = 64ull << 20;

} // namespace tilechain::driver

#endif // TILECHAIN_DRIVER_COMPILECACHE_H
