//===- CacheDirectory.cpp - the files of the local cache -------------------===//
#include "CacheDirectory.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;
using namespace tilechain::driver::cache;

static constexpr uint64_t kDefaultMaxBytes = 5ull << 30;
/// A temporary file older than this belongs to a process that died.
static constexpr auto kStaleTemporary = std::chrono::hours(1);

const StringLiteral cache::kCounterNames[kCacheCounters] = {
    "hits (local)",
    "hits (remote)",
    "misses (compiled)",
    "stages skipped",
    "corrupt entries dropped",
    "remote errors",
    "remote entries rejected",
    "uncacheable (remarks)",
    "waits for another machine"};

std::string cache::joinPath(StringRef directory, StringRef name) {
  SmallString<256> path(directory);
  sys::path::append(path, name);
  return path.str().str();
}

std::string cache::entryPath(StringRef root, StringRef key) {
  return joinPath(joinPath(joinPath(root, kEntriesFolder), key.take_front(1)),
                  key);
}

/// "5G", "500M", "64K" (powers of 1024) or bytes.
static std::optional<uint64_t> parseSize(StringRef text) {
  uint64_t scale = 1;
  if (!text.empty()) {
    switch (toUpper(text.back())) {
    case 'K': scale = 1ull << 10; break;
    case 'M': scale = 1ull << 20; break;
    case 'G': scale = 1ull << 30; break;
    case 'T': scale = 1ull << 40; break;
    default: break;
    }
  }
  if (scale != 1)
    text = text.drop_back();
  uint64_t value;
  if (text.empty() || !all_of(text, isDigit) || text.getAsInteger(10, value))
    return std::nullopt;
  return value * scale;
}

std::string cache::humanSize(uint64_t bytes) {
  std::string text;
  raw_string_ostream os(text);
  if (bytes >= (1ull << 30))
    os << format("%.1f GiB", bytes / double(1ull << 30));
  else if (bytes >= (1ull << 20))
    os << format("%.1f MiB", bytes / double(1ull << 20));
  else if (bytes >= (1ull << 10))
    os << format("%.1f KiB", bytes / double(1ull << 10));
  else
    os << bytes << " B";
  return text;
}

std::optional<uint64_t> cache::maxBytesFromEnvironment() {
  std::optional<std::string> text =
      sys::Process::GetEnv("TILECHAIN_CACHE_MAX_SIZE");
  if (!text)
    return kDefaultMaxBytes;
  std::optional<uint64_t> bytes = parseSize(*text);
  if (!bytes)
    reportError("TILECHAIN_CACHE_MAX_SIZE must be a size such as 5G, 500M or "
                "a number of bytes, not '" + *text + "'");
  return bytes;
}


/// The entries of one shard folder; stale temporary files are removed.
std::vector<CacheFile> cache::shardFiles(StringRef shard) {
  std::vector<CacheFile> files;
  std::error_code ec;
  auto now = std::chrono::system_clock::now();
  for (sys::fs::directory_iterator it(shard, ec), end; !ec && it != end;
       it.increment(ec)) {
    sys::fs::file_status status;
    if (sys::fs::status(it->path(), status) ||
        status.type() != sys::fs::file_type::regular_file)
      continue;
    StringRef name = sys::path::filename(it->path());
    if (name.starts_with(kTemporaryPrefix) &&
        now - status.getLastModificationTime() > kStaleTemporary)
      sys::fs::remove(it->path());
    if (name.starts_with("."))
      continue;
    files.push_back(
        {it->path(), status.getSize(), status.getLastModificationTime()});
  }
  return files;
}

/// Every entry of the cache at `root`.
std::vector<CacheFile> cache::allEntries(StringRef root) {
  std::vector<CacheFile> files;
  for (unsigned shard = 0; shard < kShards; ++shard) {
    std::vector<CacheFile> some = shardFiles(
        joinPath(joinPath(root, kEntriesFolder), Twine::utohexstr(shard).str()));
    llvm::append_range(files, some);
  }
  return files;
}

/// The counters in <cache>/stats, by name.
std::vector<uint64_t> cache::readCounters(StringRef root) {
  std::vector<uint64_t> values(kCacheCounters, 0);
  ErrorOr<std::unique_ptr<MemoryBuffer>> text =
      MemoryBuffer::getFile(joinPath(root, kStatsFile));
  if (!text)
    return values;
  SmallVector<StringRef> lines;
  (*text)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    auto [name, value] = line.rsplit('\t');
    for (size_t i = 0; i < kCacheCounters; ++i)
      if (name == kCounterNames[i])
        (void)value.getAsInteger(10, values[i]);
  }
  return values;
}

cache::FileLock::FileLock(StringRef path) {
  fd = ::open(path.str().c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
  if (fd >= 0)
    ::flock(fd, LOCK_EX);
}

cache::FileLock::~FileLock() {
  if (fd >= 0)
    ::close(fd);
}

void cache::writeCounters(StringRef root, ArrayRef<uint64_t> values) {
  std::string text;
  for (size_t i = 0; i < kCacheCounters; ++i)
    text += (kCounterNames[i] + "\t" + Twine(values[i]) + "\n").str();
  (void)writeOutputFile(joinPath(root, kStatsFile), text);
}

std::string tilechain::driver::cacheDirectory() {
  if (std::optional<std::string> dir =
          sys::Process::GetEnv("TILECHAIN_CACHE_DIR");
      dir && !dir->empty())
    return *dir;
  return userCacheDirectory();
}

std::string tilechain::driver::userCacheDirectory() {
  SmallString<256> base;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty())
    base = *xdg;
  else if (sys::path::home_directory(base))
    sys::path::append(base, ".cache");
  else
    return "";
  sys::path::append(base, "tilechain");
  return base.str().str();
}
