//===- Version.cpp - the toolchain digest and tileiras --version ----------===//
//
// Front ends key their kernel caches on `tileiras --version`, and tilechain
// keys its own compile cache (CompileCache.h) on the same digest: it must
// change whenever the output could. It covers the bytes of the driver, the
// stage tools and tile-compile, of each shared library they load (LLVM and
// MLIR included), and of the ptxas and libdevice they use. It names no path
// or time, so two machines with the same install at different places share
// cache entries.
//
// Reading the tools (hundreds of MB when linked statically) and asking ldd
// and two tools each time would make --version, which front ends run at
// start-up, and every compile take longer than a compile: the digest is kept
// in the user's cache with the identity (path, size, modification time) of
// each file it read, and used only while every one is unchanged and the
// environment that picks ptxas, libdevice and the libraries is the same.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Driver/Process.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <sys/stat.h>

using namespace llvm;
using namespace tilechain::driver;

namespace {

constexpr StringLiteral kDigestEnvironment[] = {
    "TILECHAIN_PTXAS", "TILECHAIN_LIBDEVICE", "LD_LIBRARY_PATH", "LD_PRELOAD"};

std::string joinPath(StringRef directory, StringRef name) {
  SmallString<256> path(directory);
  sys::path::append(path, name);
  return path.str().str();
}

/// What the memo records of a file to tell that it is unchanged: its real
/// path, size and modification time.
std::string fileIdentity(StringRef path) {
  SmallString<256> real;
  struct stat status;
  if (sys::fs::real_path(path, real) || ::stat(real.c_str(), &status) != 0)
    return (path + " missing").str();
  return (real + " " + Twine(static_cast<uint64_t>(status.st_size)) + " " +
          Twine(static_cast<uint64_t>(status.st_mtim.tv_sec) * 1000000000ull +
                status.st_mtim.tv_nsec))
      .str();
}

/// The shared libraries the dynamic loader gives `program` (ldd).
std::vector<std::string> sharedLibraries(StringRef program) {
  ErrorOr<std::string> ldd = sys::findProgramByName("ldd");
  if (!ldd)
    return {};
  std::vector<std::string> libraries;
  SmallVector<StringRef> lines;
  std::string listing = queryOutput(*ldd, {*ldd, program.str()});
  StringRef(listing).split(lines, '\n');
  for (StringRef line : lines) {
    if (!line.contains("=>"))
      continue;
    StringRef path = line.split("=>").second.split('(').first.trim();
    if (path.starts_with("/"))
      libraries.push_back(path.str());
  }
  return libraries;
}

/// The file a stage tool says it would use (tile-link --print-ptxas,
/// tile-llc --print-libdevice) under this environment.
std::string configuredPath(StringRef tool, StringRef flag) {
  return StringRef(queryOutput(tool, {tool.str(), flag.str()})).trim().str();
}

/// The digest and the files it identifies by fileIdentity.
std::pair<std::string, std::vector<std::string>>
computeDigest(ArrayRef<std::string> programs, StringRef tools) {
  SHA256 hash;
  for (const std::string &program : programs)
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
            MemoryBuffer::getFile(program, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false))
      hash.update((*bytes)->getBuffer());
  std::set<std::string> used;
  for (const std::string &program : programs)
    for (std::string &library : sharedLibraries(program))
      used.insert(std::move(library));
  for (auto [tool, flag] : {std::pair<StringRef, StringRef>{"tile-link",
                                                            "--print-ptxas"},
                            {"tile-llc", "--print-libdevice"}}) {
    std::string path = configuredPath(joinPath(tools, tool), flag);
    if (!path.empty())
      used.insert(path);
  }
  for (const std::string &path : used) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = MemoryBuffer::getFile(
        path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    hash.update(bytes ? sha256Hex((*bytes)->getBuffer()) : "missing");
    hash.update("\n");
  }
  std::string digest = toHex(hash.final(), /*LowerCase=*/true);
  return {digest, std::vector<std::string>(used.begin(), used.end())};
}

/// The memo of the digest for the tools in `tools`: in the user's cache
/// directory, not $TILECHAIN_CACHE_DIR, so that every compile cache a user
/// points to shares it.
std::string cachePath(StringRef tools) {
  SmallString<256> base(userCacheDirectory());
  if (base.empty())
    return "";
  SmallString<256> real;
  if (sys::fs::real_path(tools, real))
    real = tools;
  std::string name;
  for (char c : real)
    name += isAlnum(c) ? c : '_';
  if (name.size() > 180)
    name = name.substr(name.size() - 180);
  sys::path::append(base, "toolchain-" + name);
  return base.str().str();
}

std::string buildDigest(ArrayRef<std::string> programs, StringRef tools) {
  std::vector<std::string> key;
  for (const std::string &program : programs)
    key.push_back("program " + fileIdentity(program));
  for (StringRef name : kDigestEnvironment)
    key.push_back(("env " + name + "=" +
                   sys::Process::GetEnv(name).value_or(""))
                      .str());
  std::string cache = cachePath(tools);
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> text =
          cache.empty() ? std::make_error_code(std::errc::invalid_argument)
                        : MemoryBuffer::getFile(cache)) {
    SmallVector<StringRef> lines;
    (*text)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
    bool valid = lines.size() >= 1 + key.size();
    for (size_t i = 0; valid && i < key.size(); ++i)
      valid = lines[1 + i] == key[i];
    for (size_t i = 1 + key.size(); valid && i < lines.size(); ++i) {
      auto [path, identity] = lines[i].split('\t');
      valid = identity == fileIdentity(path);
    }
    if (valid)
      return lines[0].str();
  }
  auto [digest, used] = computeDigest(programs, tools);
  std::string text = digest + "\n";
  for (const std::string &line : key)
    text += line + "\n";
  for (const std::string &path : used)
    text += path + "\t" + fileIdentity(path) + "\n";
  // An unwritable cache costs time, not correctness.
  if (!cache.empty() &&
      !sys::fs::create_directories(sys::path::parent_path(cache)))
    (void)tilechain::writeOutputFile(cache, text);
  return digest;
}

} // namespace

std::string tilechain::driver::toolchainDigest(StringRef tools) {
  std::vector<std::string> programs;
  std::string self = sys::fs::getMainExecutable(nullptr, nullptr);
  if (!self.empty())
    programs.push_back(self);
  // The programs this install has: the stages, tile-compile, or both.
  for (StringRef tool : kStages)
    if (std::string path = joinPath(tools, tool); sys::fs::can_execute(path))
      programs.push_back(path);
  std::string compiler = joinPath(tools, kInProcessTool);
  if (sys::fs::can_execute(compiler))
    programs.push_back(compiler);
  return buildDigest(programs, tools);
}

void tilechain::driver::printVersion(std::optional<std::string> tools) {
  outs() << "tileiras: tilechain Tile IR optimizing assembler (a "
            "tileiras-compatible driver)\n"
         << "Stages: " << llvm::join(ArrayRef(kStages), " -> ")
         << ", over LLVM/MLIR 22\n";
  if (!tools) {
    outs() << "Build: tile-compile and the stage tools not found\n";
    return;
  }
  outs() << "Build: " << StringRef(toolchainDigest(*tools)).take_front(16)
         << "\n";
}
