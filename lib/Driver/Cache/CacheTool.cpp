//===- CacheTool.cpp - tileiras --cache-stats and --cache-clear ------------===//
#include "CacheDirectory.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Tools/ExitCodes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;
using namespace tilechain::driver::cache;

int tilechain::driver::printCacheStats() {
  std::string root = cacheDirectory();
  std::optional<uint64_t> maxBytes = maxBytesFromEnvironment();
  if (!maxBytes)
    return kExitConfiguration;
  std::vector<CacheFile> entries = allEntries(root);
  uint64_t size = 0;
  for (const CacheFile &entry : entries)
    size += entry.size;
  std::vector<uint64_t> values = readCounters(root);
  auto row = [](StringRef name, const Twine &value) {
    outs() << left_justify(name, 26) << value << "\n";
  };
  row("cache directory", root.empty() ? "(none: no home directory)" : root);
  row("enabled", sys::Process::GetEnv("TILECHAIN_CACHE") == std::string("0")
                     ? "no (TILECHAIN_CACHE=0)"
                     : "yes");
  row("entries", Twine(entries.size()));
  row("size", humanSize(size) + " of " + humanSize(*maxBytes));
  for (size_t i = 0; i < kCacheCounters; ++i)
    row(kCounterNames[i], Twine(values[i]));
  std::optional<std::string> url = sys::Process::GetEnv("TILECHAIN_REMOTE_CACHE");
  std::string remote = "none";
  if (url && !url->empty()) {
    std::string error;
    std::unique_ptr<RemoteStore> store = openRedis(*url, error);
    remote = store ? store->describe() : "malformed: " + error;
    if (!sys::Process::GetEnv("TILECHAIN_REMOTE_CACHE_KEY").value_or("").empty())
      remote += " (entries authenticated by TILECHAIN_REMOTE_CACHE_KEY)";
  }
  row("remote", remote);
  return kExitSuccess;
}

int tilechain::driver::clearCache() {
  std::string root = cacheDirectory();
  if (root.empty()) {
    reportError("no cache directory: set TILECHAIN_CACHE_DIR");
    return kExitConfiguration;
  }
  size_t count = allEntries(root).size();
  std::error_code ec =
      sys::fs::remove_directories(joinPath(root, kEntriesFolder));
  if (!ec) {
    FileLock lock(joinPath(root, "stats.lock"));
    ec = sys::fs::remove(joinPath(root, kStatsFile));
  }
  if (ec) {
    reportError("cannot clear " + root + ": " + ec.message());
    return kExitConfiguration;
  }
  outs() << "removed " << count << " entries from " << root << "\n";
  return kExitSuccess;
}
