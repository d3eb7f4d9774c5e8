//===- Driver.cpp - tileiras: the command line to a cubin -----------------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;

/// Seconds each stage may run before it is stopped: a pathological input
/// must not hang a front end's build.
static constexpr unsigned kDefaultStageTimeout = 600;

void tilechain::driver::reportError(const Twine &message) {
  errs() << "tileiras: " << message << "\n";
}

static bool holdsTools(StringRef directory, ArrayRef<StringRef> tools) {
  return llvm::all_of(tools, [&](StringRef tool) {
    SmallString<256> path(directory);
    sys::path::append(path, tool);
    return sys::fs::can_execute(path);
  });
}

/// Where tilechain's tools are and which mode they allow.
struct ToolDirectory {
  std::string path;
  bool staged; ///< only the stage tools are there (or a staged build was asked for)
};

/// Which mode the command line leaves open.
enum class ModeChoice { Either, Staged, InProcess };

/// The first directory that holds what a compile needs: the five stage
/// tools (the staged mode, the default) or, failing that or when
/// --in-process asks for it, tile-compile. Directories in order:
/// $TILECHAIN_BIN_DIR, the driver's own, then those of tile-compile and
/// tile-read on PATH.
static std::optional<ToolDirectory> findTools(ModeChoice mode) {
  SmallVector<std::string> candidates;
  if (std::optional<std::string> bin = sys::Process::GetEnv("TILECHAIN_BIN_DIR"))
    if (!bin->empty())
      candidates.push_back(*bin);
  std::string self = sys::fs::getMainExecutable(nullptr, nullptr);
  if (StringRef here = sys::path::parent_path(self); !here.empty())
    candidates.push_back(here.str());
  for (StringRef tool : {StringRef(kInProcessTool), StringRef(kStages[0])})
    if (ErrorOr<std::string> found = sys::findProgramByName(tool))
      candidates.push_back(sys::path::parent_path(*found).str());
  SmallVector<StringRef> stages(std::begin(kStages), std::end(kStages));
  for (const std::string &directory : candidates) {
    if (mode != ModeChoice::InProcess && holdsTools(directory, stages))
      return ToolDirectory{directory, true};
    if (mode != ModeChoice::Staged && holdsTools(directory, {kInProcessTool}))
      return ToolDirectory{directory, false};
  }
  return std::nullopt;
}

/// Seconds the compile may run: $TILECHAIN_STAGE_TIMEOUT, default 600, 0
/// for no limit. None, reported, when the variable is not a number.
static std::optional<unsigned> stageTimeout() {
  std::optional<std::string> value =
      sys::Process::GetEnv("TILECHAIN_STAGE_TIMEOUT");
  if (!value)
    return kDefaultStageTimeout;
  unsigned seconds;
  if (value->empty() || !llvm::all_of(*value, isDigit) ||
      StringRef(*value).getAsInteger(10, seconds)) {
    reportError("TILECHAIN_STAGE_TIMEOUT must be a number of seconds, not '" +
                *value + "'");
    return std::nullopt;
  }
  return seconds;
}

/// The cubin from the cache, written where -o says: the exit code, or none
/// on a miss.
static std::optional<int> deliverCachedCubin(const TileirasArgs &args,
                                             CompileCache &cache,
                                             const StageKeys &keys) {
  bool fromRemote = false;
  std::optional<std::string> cubin =
      cache.lookup(keys.back(), /*remote=*/true, &fromRemote);
  if (!cubin)
    return std::nullopt;
  cache.count(fromRemote ? CacheCounter::RemoteHit : CacheCounter::LocalHit);
  if (std::error_code ec = writeOutputFile(args.outputFile, *cubin)) {
    reportError("cannot write '" + args.outputFile + "': " + ec.message());
    return kExitConfiguration;
  }
  return kExitSuccess;
}

static int compileInWorkDirectory(const TileirasArgs &args,
                                  const CompileJob &job, StringRef tools) {
  bool keepWork;
  if (args.keepIntermediates) {
    StringRef work = *args.keepIntermediates;
    SmallString<256> absolute(work);
    std::error_code ec = sys::fs::create_directories(work);
    if (!ec && !sys::fs::is_directory(work))
      ec = std::make_error_code(std::errc::not_a_directory);
    if (!ec)
      ec = sys::fs::make_absolute(absolute);
    if (ec) {
      reportError("cannot use '" + work +
                  "' as the --keep-intermediates directory: " + ec.message());
      return kExitConfiguration;
    }
    return compileStaged(args, job, tools, absolute, keepWork);
  }
  SmallString<256> work;
  if (std::error_code ec = sys::fs::createUniqueDirectory("tileiras", work)) {
    reportError("cannot create a work directory: " + ec.message());
    return kExitConfiguration;
  }
  int code = compileStaged(args, job, tools, work, keepWork);
  if (!keepWork)
    sys::fs::remove_directories(work);
  return code;
}

int tilechain::driver::runTileiras(int argc, char **argv) {
  std::vector<StringRef> words(argv + 1, argv + argc);
  TileirasArgs args;
  std::string message;
  switch (parseCommandLine(words, args, message)) {
  case ParseResult::Ok:
    break;
  case ParseResult::UsageError:
    reportError(message);
    return kExitConfiguration;
  case ParseResult::MissingFeature:
    errs() << message << "\n";
    return kExitConfiguration;
  }
  if (args.help) {
    outs() << *args.help;
    return kExitSuccess;
  }
  if (args.listVersions) {
    for (StringRef version : kBytecodeVersions)
      outs() << version << "\n";
    return kExitSuccess;
  }
  if (args.cacheStats)
    return printCacheStats();
  if (args.cacheClear)
    return clearCache();
  // The staged build needs the five stage tools; the in-process mode,
  // asked for or where only tile-compile is installed (a GPU machine's
  // bundle, a wheel), needs tile-compile alone.
  ModeChoice mode = args.inProcess           ? ModeChoice::InProcess
                    : args.keepIntermediates ? ModeChoice::Staged
                                             : ModeChoice::Either;
  std::optional<ToolDirectory> tools = findTools(mode);
  if (args.version) {
    printVersion(tools ? std::optional<std::string>(tools->path) : std::nullopt);
    return kExitSuccess;
  }
  if (!tools) {
    std::string stages =
        "the stage tools (" + llvm::join(ArrayRef(kStages), ", ") + ")";
    reportError("cannot find " +
                (mode == ModeChoice::InProcess ? std::string(kInProcessTool)
                 : mode == ModeChoice::Staged
                     ? stages
                     : kInProcessTool + " or " + stages) +
                "; build tilechain or put its bin/ on PATH");
    return kExitConfiguration;
  }
  if (args.sanitize)
    reportError("warning: --sanitize=" + *args.sanitize +
                " is not implemented by tilechain; compiling without "
                "instrumentation");
  SmallString<256> input(*args.input);
  if (!sys::fs::is_regular_file(input) || sys::fs::make_absolute(input)) {
    reportError("cannot open input file '" + *args.input + "'");
    return kExitConfiguration;
  }
  std::optional<unsigned> seconds = stageTimeout();
  if (!seconds)
    return kExitConfiguration;
  CompileJob job{input.str().str(), *seconds};
  std::unique_ptr<CompileCache> cache;
  if (!CompileCache::fromEnvironment(cache))
    return kExitConfiguration;
  if (cache && args.remarksRequested()) {
    // The remarks are what such a run is for: the stage that writes them
    // runs.
    cache->count(CacheCounter::Uncacheable);
    cache.reset();
  }
  if (cache || tools->staged) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = MemoryBuffer::getFile(
        input, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!bytes) {
      reportError("cannot read '" + *args.input +
                  "': " + bytes.getError().message());
      return kExitConfiguration;
    }
    job.inputDigest = sha256Hex((*bytes)->getBuffer());
  }
  if (cache) {
    job.keys = stageKeys(args, job.inputDigest, toolchainDigest(tools->path));
    job.cache = cache.get();
    // --keep-intermediates asks for every stage's output: it builds them.
    if (!args.keepIntermediates)
      if (std::optional<int> code = deliverCachedCubin(args, *cache, job.keys))
        return *code;
  }
  if (tools->staged)
    return compileInWorkDirectory(args, job, tools->path);
  SmallString<256> compiler(tools->path);
  sys::path::append(compiler, kInProcessTool);
  return compileInProcess(args, job, compiler);
}
