//===- CacheDirectory.h - the files of the local cache ---------------------===//
//
// What CompileCache.cpp and CacheTool.cpp (--cache-stats, --cache-clear)
// share about the local directory: where entries and counters live, how
// shards are listed, and the counters' file.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DRIVER_CACHE_CACHEDIRECTORY_H
#define TILECHAIN_DRIVER_CACHE_CACHEDIRECTORY_H

#include "tilechain/Driver/CompileCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"

#include <optional>
#include <string>
#include <vector>

namespace tilechain::driver::cache {

inline constexpr llvm::StringLiteral kEntriesFolder = "v1";
inline constexpr llvm::StringLiteral kStatsFile = "stats";
inline constexpr llvm::StringLiteral kTemporaryPrefix = ".tmp-";
/// In each shard folder: the bytes of its entries as the stores counted
/// them, and the lock under which they update it.
inline constexpr llvm::StringLiteral kShardSizeFile = ".size";
inline constexpr llvm::StringLiteral kShardLockFile = ".lock";
inline constexpr unsigned kShards = 16;

std::string joinPath(llvm::StringRef directory, llvm::StringRef name);
/// <root>/v1/<first hex digit of the key>/<key>.
std::string entryPath(llvm::StringRef root, llvm::StringRef key);

/// The limit $TILECHAIN_CACHE_MAX_SIZE sets (default 5 GiB); none,
/// reported, when it is malformed.
std::optional<uint64_t> maxBytesFromEnvironment();
/// "1.5 MiB".
std::string humanSize(uint64_t bytes);

struct CacheFile {
  std::string path;
  uint64_t size;
  llvm::sys::TimePoint<> lastUse;
};
/// The entries of one shard folder (files whose names start with a dot are
/// its bookkeeping); stale temporary files are removed.
std::vector<CacheFile> shardFiles(llvm::StringRef shard);
/// Every entry of the cache at `root`.
std::vector<CacheFile> allEntries(llvm::StringRef root);

/// What --cache-stats calls each counter, in CacheCounter's order.
extern const llvm::StringLiteral kCounterNames[kCacheCounters];
/// The counters in <root>/stats (zeros when absent).
std::vector<uint64_t> readCounters(llvm::StringRef root);
void writeCounters(llvm::StringRef root, llvm::ArrayRef<uint64_t> values);

/// Holds an exclusive lock on the file `path` (created if absent) for a
/// read-modify-write of a counter file; never across a compile.
class FileLock {
public:
  explicit FileLock(llvm::StringRef path);
  ~FileLock();
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;

private:
  int fd = -1;
};

} // namespace tilechain::driver::cache

#endif // TILECHAIN_DRIVER_CACHE_CACHEDIRECTORY_H
