//===- CompileCache.cpp - the two tiers: lookups, stores, leases ----------===//
//
// Entries are files <cache>/v1/<first hex digit of the key>/<key>, written
// to a temporary file in the same directory and renamed into place, so
// concurrent compiles never see a torn entry and never wait on each other:
// two processes publishing the same key write the same bytes. A read checks
// the entry (CacheEntry.cpp) and sets its modification time, which eviction
// takes as the last use. Each of the 16 shards keeps within a sixteenth of
// the size limit: a store adds its bytes to its shard's count (.size) and
// lists the folder, evicting the least recently used entries, only when the
// count passes the shard's share, so a compile never scans the cache.
//
//===----------------------------------------------------------------------===//
#include "CacheDirectory.h"
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;
using namespace tilechain::driver::cache;

static constexpr StringLiteral kRemotePrefix = "tilechain:1:";
static constexpr StringLiteral kLeasePrefix = "tilechain:1:lease:";
/// How long a compile lease lasts, and so how long a machine waits for the
/// one that holds it: longer than every corpus kernel's compile (4.4 s at
/// most, bench/compile_time_sweep.tsv) by far; a holder that dies without
/// releasing it delays the others by at most this.
static constexpr unsigned kLeaseMilliseconds = 60000;
static constexpr auto kLeasePoll = std::chrono::milliseconds(20);

RemoteStore::~RemoteStore() = default;

bool CompileCache::fromEnvironment(std::unique_ptr<CompileCache> &cache) {
  cache.reset();
  if (sys::Process::GetEnv("TILECHAIN_CACHE") == std::string("0"))
    return true;
  std::optional<uint64_t> maxBytes = maxBytesFromEnvironment();
  if (!maxBytes)
    return false;
  std::unique_ptr<RemoteStore> remote;
  if (std::optional<std::string> url =
          sys::Process::GetEnv("TILECHAIN_REMOTE_CACHE");
      url && !url->empty()) {
    std::string error;
    remote = openRedis(*url, error);
    if (!remote) {
      reportError("TILECHAIN_REMOTE_CACHE: " + error);
      return false;
    }
  }
  std::string root = cacheDirectory();
  if (root.empty())
    return true;
  cache.reset(new CompileCache(root, *maxBytes, std::move(remote)));
  return true;
}

CompileCache::CompileCache(std::string root, uint64_t maxBytes,
                           std::unique_ptr<RemoteStore> remote)
    : root(std::move(root)), maxBytes(maxBytes), remote(std::move(remote)) {}

CompileCache::~CompileCache() {
  // A compile that failed or was interrupted leaves its key to the others.
  if (!heldLease.empty())
    remote->releaseLease(heldLease, leaseToken);
  if (llvm::all_of(counters, [](uint64_t c) { return c == 0; }) ||
      sys::fs::create_directories(root))
    return;
  FileLock lock(joinPath(root, "stats.lock"));
  std::vector<uint64_t> values = readCounters(root);
  for (size_t i = 0; i < kCacheCounters; ++i)
    values[i] += counters[i];
  writeCounters(root, values);
}

void CompileCache::count(CacheCounter counter, uint64_t by) {
  counters[static_cast<size_t>(counter)] += by;
}

static std::string remoteSecret() {
  return sys::Process::GetEnv("TILECHAIN_REMOTE_CACHE_KEY").value_or("");
}

std::optional<std::string> CompileCache::lookup(StringRef key, bool useRemote,
                                                bool *fromRemote) {
  if (std::optional<std::string> payload = lookupLocal(key))
    return payload;
  if (!useRemote || !remote)
    return std::nullopt;
  std::optional<std::string> payload = fetchRemote(key);
  if (!payload && !refusedRemote.contains(key))
    payload = leaseOrWait(key);
  if (!payload)
    return std::nullopt;
  storeLocal(key, *payload);
  if (fromRemote)
    *fromRemote = true;
  return payload;
}

std::optional<std::string> CompileCache::fetchRemote(StringRef key) {
  bool failed = false;
  std::optional<std::string> value =
      remote->get((kRemotePrefix + key).str(), failed);
  if (failed)
    count(CacheCounter::RemoteError);
  if (!value)
    return std::nullopt;
  std::string why;
  std::optional<std::string> payload =
      value->size() > kRemoteEntryLimit
          ? (why = "larger than " + humanSize(kRemoteEntryLimit), std::nullopt)
          : decodeEntry(key, *value, remoteSecret(), why);
  if (!payload) {
    count(CacheCounter::RemoteRejected);
    refusedRemote.insert(key);
    reportError("remark: refused the entry of " + remote->describe() +
                " for " + key.take_front(16) + "...: " + why + "; compiling");
  }
  return payload;
}

std::optional<std::string> CompileCache::leaseOrWait(StringRef key) {
  // Machines starting together on the same kernels would each compile them:
  // the first to miss takes a lease and compiles, the others wait for its
  // entry, and compile themselves only if the lease goes without one (the
  // holder failed, died or outlived the lease).
  std::string lease = (kLeasePrefix + key).str();
  if (leaseToken.empty())
    leaseToken = (sys::Process::GetEnv("HOSTNAME").value_or("host") + ":" +
                  Twine(::getpid()) + ":" +
                  Twine::utohexstr(sys::Process::GetRandomNumber()))
                     .str();
  if (remote->acquireLease(lease, leaseToken, kLeaseMilliseconds)) {
    heldLease = lease;
    return std::nullopt;
  }
  if (!remote->usable())
    return std::nullopt;
  count(CacheCounter::RemoteWait);
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(kLeaseMilliseconds);
  while (std::chrono::steady_clock::now() < deadline && remote->usable()) {
    std::this_thread::sleep_for(kLeasePoll);
    bool leaseHeld = remote->exists(lease);
    // Read after the lease: an entry published just before its release is
    // found.
    if (std::optional<std::string> payload = fetchRemote(key))
      return payload;
    if (!leaseHeld || refusedRemote.contains(key))
      break;
  }
  return std::nullopt;
}

std::optional<std::string> CompileCache::lookupLocal(StringRef key) {
  std::string path = entryPath(root, key);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!bytes)
    return std::nullopt;
  std::string why;
  std::optional<std::string> payload =
      decodeEntry(key, (*bytes)->getBuffer(), "", why);
  if (!payload) {
    count(CacheCounter::Corrupt);
    reportError("remark: dropped the corrupt cache entry " + path + " (" +
                why + "); compiling");
    sys::fs::remove(path);
    return std::nullopt;
  }
  // The last use, for eviction; a read-only cache still serves.
  (void)::utimensat(AT_FDCWD, path.c_str(), /*times=now*/ nullptr, 0);
  return payload;
}

void CompileCache::store(StringRef key, StringRef payload, bool useRemote) {
  storeLocal(key, payload);
  if (!useRemote || !remote)
    return;
  std::string value = encodeEntry(key, payload, remoteSecret());
  if (value.size() > kRemoteEntryLimit)
    return;
  if (!remote->put((kRemotePrefix + key).str(), value,
                   /*replace=*/refusedRemote.contains(key)))
    count(CacheCounter::RemoteError);
  if (heldLease == kLeasePrefix.str() + key.str()) {
    remote->releaseLease(heldLease, leaseToken);
    heldLease.clear();
  }
}

void CompileCache::storeLocal(StringRef key, StringRef payload) {
  std::string path = entryPath(root, key);
  StringRef shard = sys::path::parent_path(path);
  // A cache that cannot be written costs time, not the compile.
  if (sys::fs::create_directories(shard))
    return;
  SmallString<256> temporary;
  int fd;
  if (sys::fs::createUniqueFile(joinPath(shard, (kTemporaryPrefix + "%%%%%%%%").str()),
                                fd, temporary))
    return;
  bool written;
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << encodeEntry(key, payload);
    os.close();
    written = !os.has_error();
    if (!written)
      os.clear_error();
  }
  uint64_t replaced = 0;
  (void)sys::fs::file_size(path, replaced);
  if (!written || sys::fs::rename(temporary, path)) {
    sys::fs::remove(temporary);
    return;
  }
  uint64_t stored = 0;
  (void)sys::fs::file_size(path, stored);
  accountShard(shard, stored - std::min(stored, replaced));
}

/// The shard's size as counted, 0 where unknown.
static uint64_t readShardSize(StringRef shard) {
  uint64_t size = 0;
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> text =
          MemoryBuffer::getFile(joinPath(shard, kShardSizeFile)))
    (void)(*text)->getBuffer().trim().getAsInteger(10, size);
  return size;
}

void CompileCache::accountShard(StringRef shard, uint64_t added) {
  // A store adds to the shard's counted size, under its lock; only a count
  // over the limit lists the folder, then writes what it found. A count
  // that drifts (entries removed by hand, two writers of one key) costs at
  // most an early listing.
  FileLock lock(joinPath(shard, kShardLockFile));
  uint64_t limit = maxBytes / kShards;
  uint64_t total = readShardSize(shard) + added;
  if (total > limit) {
    std::vector<CacheFile> files = shardFiles(shard);
    total = 0;
    for (const CacheFile &file : files)
      total += file.size;
    // Oldest last use first; down to 90% so that the next stores do not
    // each evict again.
    llvm::sort(files, [](const CacheFile &a, const CacheFile &b) {
      return a.lastUse < b.lastUse;
    });
    for (const CacheFile &file : files) {
      if (total <= limit / 10 * 9)
        break;
      if (!sys::fs::remove(file.path))
        total -= file.size;
    }
  }
  (void)writeOutputFile(joinPath(shard, kShardSizeFile),
                        std::to_string(total) + "\n");
}
