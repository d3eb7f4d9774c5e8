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
/// The entries of one shard folder; stale temporary files are removed.
std::vector<CacheFile> shardFiles(llvm::StringRef shard);
/// Every entry of the cache at `root`.
std::vector<CacheFile> allEntries(llvm::StringRef root);

/// What --cache-stats calls each counter, in CacheCounter's order.
extern const llvm::StringLiteral kCounterNames[kCacheCounters];
/// The counters in <root>/stats (zeros when absent).
std::vector<uint64_t> readCounters(llvm::StringRef root);
void writeCounters(llvm::StringRef root, llvm::ArrayRef<uint64_t> values);

/// Holds an exclusive lock on <root>/stats.lock for a read-modify-write of
/// the counters (never across a compile).
class StatsLock {
public:
  explicit StatsLock(llvm::StringRef root);
  ~StatsLock();
  StatsLock(const StatsLock &) = delete;
  StatsLock &operator=(const StatsLock &) = delete;

private:
  int fd = -1;
};

} // namespace tilechain::driver::cache

#endif // TILECHAIN_DRIVER_CACHE_CACHEDIRECTORY_H
