//===- StagedBuild.cpp - the staged mode: ninja over the five stages ------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Driver/Process.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;

namespace {

/// Records the input's SHA-256. tile-read depends on it as well as on the
/// input: ninja compares modification times, so an input replaced by an
/// older file at the same path would otherwise leave a reused work
/// directory's cubin in place.
constexpr StringLiteral kInputStamp = "input.sha256";

/// The side outputs of tile-lower and tile-sched: the remarks asked for, in
/// YAML (Remarks.cpp).
constexpr StringLiteral kLowerRemarksFile = "lower-remarks.yaml";
constexpr StringLiteral kSchedRemarksFile = "sched-remarks.yaml";
constexpr StringLiteral kStageOutputs[] = {"read.mlirbc", "lower.mlirbc",
                                           "sched.mlirbc", "module.ptx",
                                           "module.cubin"};

std::string ninjaEscapePath(StringRef path) {
  std::string escaped;
  for (char c : path) {
    if (c == '$' || c == ' ' || c == ':')
      escaped += '$';
    escaped += c;
  }
  return escaped;
}

/// A word of a shell command, quoted as Python's shlex.quote does, with
/// ninja's `$` escaped; $in and $out stay ninja variables.
std::string shellWord(StringRef word) {
  if (word == "$in" || word == "$out")
    return word.str();
  bool plain = !word.empty() && llvm::all_of(word, [](char c) {
    return isAlnum(c) || StringRef("@%+=:,./-_").contains(c);
  });
  std::string quoted;
  if (plain) {
    quoted = word.str();
  } else {
    quoted = "'";
    for (char c : word)
      quoted += c == '\'' ? std::string("'\"'\"'") : std::string(1, c);
    quoted += "'";
  }
  std::string escaped;
  for (char c : quoted)
    escaped += c == '$' ? std::string("$$") : std::string(1, c);
  return escaped;
}

std::string commandLine(ArrayRef<std::string> words) {
  std::string line;
  for (const std::string &word : words)
    line += (line.empty() ? "" : " ") + shellWord(word);
  return line;
}

/// Writes the input's digest to the stamp unless it holds it already.
std::error_code stampInput(StringRef work, StringRef inputDigest) {
  std::string digest = (inputDigest + "\n").str();
  SmallString<256> stamp(work);
  sys::path::append(stamp, kInputStamp);
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> old = MemoryBuffer::getFile(stamp))
    if ((*old)->getBuffer() == digest)
      return {};
  return writeOutputFile(stamp, digest);
}

} // namespace

std::vector<std::vector<std::string>>
tilechain::driver::stageCommands(const TileirasArgs &args, StringRef tools) {
  auto tool = [&](StringRef stage) {
    SmallString<256> path(tools);
    sys::path::append(path, stage);
    return path.str().str();
  };
  std::string gpu = "--gpu-name=" + args.gpuName;
  std::string level = "--opt-level=" + std::to_string(args.optLevel);
  std::string quiet = kQuietDiagnostics.str();
  std::vector<std::vector<std::string>> commands = {
      {tool("tile-read"), "--input=bytecode", "$in", "--emit=mlirbc", "-o",
       "$out"},
      {tool("tile-lower"), "$in", gpu, level, "--tile-form=" + args.tileForm,
       "--emit-bytecode", quiet, "-o", "$out"},
      {tool("tile-sched"), "$in", "--emit-bytecode", quiet, "-o", "$out"},
      {tool("tile-llc"), "$in", "--emit=ptx", quiet, "-o", "$out"},
      {tool("tile-link"), "$in", "-o", "$out", level},
  };
  llvm::append_range(commands[1], remarkStageOptions(args, kLowerRemarksFile));
  llvm::append_range(commands[2], remarkStageOptions(args, kSchedRemarksFile));
  if (args.lineInfo) {
    commands[3].push_back("--lineinfo");
    commands[4].push_back("--lineinfo");
  }
  if (args.deviceDebug)
    commands[4].push_back("-g");
  return commands;
}

namespace {

/// build.ninja: one edge per stage from `first` on; an earlier stage's
/// output, taken from the cache, is then a plain input. Each command logs
/// its stderr to <stage>.log and, when it fails, its exit status to
/// <stage>.rc.
std::error_code writeBuildFile(const TileirasArgs &args, StringRef tools,
                               StringRef work, StringRef input, size_t first) {
  std::vector<std::vector<std::string>> commands = stageCommands(args, tools);
  bool remarks = args.remarksRequested();
  std::string text;
  raw_string_ostream os(text);
  os << "# Written by tileiras; rerun with: ninja -C " << work << "\n"
     << "ninja_required_version = 1.10\n\n";
  std::string previous =
      first == 0 ? ninjaEscapePath(input) : kStageOutputs[first - 1].str();
  for (size_t i = first; i < std::size(kStages); ++i) {
    StringRef stage = kStages[i];
    std::string rule = stage.str();
    std::replace(rule.begin(), rule.end(), '-', '_');
    const std::vector<std::string> &words = commands[i];
    // The tool is an input too: a rebuilt tool reruns its stage.
    std::string implicit = ninjaEscapePath(words.front());
    if (i == 0)
      implicit += " " + kInputStamp.str();
    os << "rule " << rule << "\n"
       << "  command = " << commandLine(words) << " 2> " << stage
       << ".log || { echo $$? > " << stage << ".rc; exit 1; }\n"
       << "  description = " << stage << " $out\n"
       << "build " << kStageOutputs[i]
       << (stage == "tile-lower" && remarks ? " | " + kLowerRemarksFile.str()
           : stage == "tile-sched" && remarks
               ? " | " + kSchedRemarksFile.str()
               : std::string())
       << ": " << rule << " " << previous << " | " << implicit << "\n\n";
    previous = kStageOutputs[i].str();
  }
  SmallString<256> path(work);
  sys::path::append(path, "build.ninja");
  return writeOutputFile(path, text);
}

struct FailedStage {
  StringRef stage;
  int code = kExitCompileFailure;
  std::string errors;
};

/// <work>/<stage><suffix>: the stage's stderr (.log) and, when it failed,
/// its exit status (.rc).
std::string stageFile(StringRef work, StringRef stage, StringRef suffix) {
  SmallString<256> path(work);
  sys::path::append(path, stage + suffix);
  return path.str().str();
}

/// The stage a stopped build was running: the last one that started, which
/// its command shows by creating its log.
StringRef runningStage(StringRef work) {
  StringRef running = kStages[0];
  for (StringRef stage : kStages)
    if (sys::fs::exists(stageFile(work, stage, ".log")))
      running = stage;
  return running;
}

/// Forwards each stage's stderr; returns the stage that failed, if any.
std::optional<FailedStage> reportStages(StringRef work) {
  for (StringRef stage : kStages) {
    std::string text;
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
            MemoryBuffer::getFile(stageFile(work, stage, ".log")))
      text = (*bytes)->getBuffer().str();
    errs() << text;
    ErrorOr<std::unique_ptr<MemoryBuffer>> status =
        MemoryBuffer::getFile(stageFile(work, stage, ".rc"));
    if (!status)
      continue;
    FailedStage failed{stage, kExitCompileFailure, text};
    unsigned code;
    if (!(*status)->getBuffer().trim().getAsInteger(10, code))
      failed.code = code;
    return failed;
  }
  return std::nullopt;
}

/// Copies the latest stage output the cache holds (not the cubin, which the
/// driver looked up already) into `work`; returns the first stage to run.
size_t restoreCachedStage(CompileCache &cache, const StageKeys &keys,
                          StringRef work) {
  for (size_t i = keys.size() - 1; i-- > 0;) {
    std::optional<std::string> bytes = cache.lookup(keys[i], /*remote=*/false);
    if (!bytes)
      continue;
    SmallString<256> path(work);
    sys::path::append(path, kStageOutputs[i]);
    if (writeOutputFile(path, *bytes))
      return 0;
    cache.count(CacheCounter::StagesSkipped, i + 1);
    return i + 1;
  }
  return 0;
}

/// Publishes the outputs of the stages that ran; only the cubin goes to the
/// remote too (docs/compile-cache.md says why).
void storeStageOutputs(CompileCache &cache, const StageKeys &keys,
                       StringRef work, size_t first) {
  cache.count(CacheCounter::Miss);
  for (size_t i = first; i < keys.size(); ++i) {
    SmallString<256> path(work);
    sys::path::append(path, kStageOutputs[i]);
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = MemoryBuffer::getFile(
            path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
      cache.store(keys[i], (*bytes)->getBuffer(),
                  /*remote=*/i + 1 == keys.size());
  }
}

int tileirasExitCode(StringRef stage, int code) {
  if (stage == "tile-read" && code == kExitNotTileIR)
    return kExitNotTileIR;
  if (code == kExitAllocation || code == kExitConfiguration)
    return code;
  return kExitCompileFailure;
}

} // namespace

int tilechain::driver::compileStaged(const TileirasArgs &args,
                                     const CompileJob &job, StringRef tools,
                                     StringRef work, bool &keepWork) {
  keepWork = false;
  StringRef input = job.input;
  size_t first = job.cache && !args.keepIntermediates
                     ? restoreCachedStage(*job.cache, job.keys, work)
                     : 0;
  if (std::error_code ec = stampInput(work, job.inputDigest)) {
    reportError("cannot write the input's stamp in '" + work +
                "': " + ec.message());
    return kExitConfiguration;
  }
  // The logs and statuses of an earlier run in the same directory would be
  // taken for this one's.
  for (StringRef stage : kStages) {
    sys::fs::remove(stageFile(work, stage, ".log"));
    sys::fs::remove(stageFile(work, stage, ".rc"));
  }
  if (std::error_code ec = writeBuildFile(args, tools, work, input, first)) {
    reportError("cannot write build.ninja in '" + work + "': " + ec.message());
    return kExitConfiguration;
  }
  ErrorOr<std::string> ninja = sys::findProgramByName("ninja");
  if (!ninja)
    ninja = sys::findProgramByName("ninja-build");
  if (!ninja) {
    reportError("ninja not found on PATH");
    return kExitConfiguration;
  }
  // The limit is the whole build's, as the in-process mode's is the whole
  // compile's: the driver stops ninja, which stops the running stage.
  ChildOptions options;
  options.captureStdout = true;
  options.timeoutSeconds = job.timeoutSeconds;
  ChildResult build =
      runChild(*ninja, {*ninja, "-C", work.str(), "-k", "1"}, options);
  if (build.notStarted) {
    reportError("cannot run " + *ninja + ": " + build.output);
    return kExitConfiguration;
  }
  if (build.interruptedBy) {
    reportError("interrupted by " + signalName(build.interruptedBy));
    return 128 + build.interruptedBy;
  }
  std::optional<FailedStage> failed = reportStages(work);
  if (build.timedOut) {
    reportError(runningStage(work) + " did not finish in " +
                Twine(job.timeoutSeconds) +
                " s and was stopped (TILECHAIN_STAGE_TIMEOUT sets the limit)");
    return kExitCompileFailure;
  }
  if (build.exitCode != 0) {
    if (!failed) {
      errs() << build.output;
      return kExitCompileFailure;
    }
    int exitCode = tileirasExitCode(failed->stage, failed->code);
    bool crashed = StringRef(failed->errors).contains(kReproduceMark);
    // The shell reports a stage ended by signal N as 128+N.
    int signal = failed->code > 128 ? failed->code - 128 : 0;
    if (crashed && !args.keepIntermediates) {
      reportError("the input of " + failed->stage + " is kept in " + work);
    } else if (signal) {
      // Killed from outside (the OOM killer, say): not a diagnosed compile
      // error.
      reportError(failed->stage + " was killed by signal " +
                  signalName(signal));
    } else if (!args.keepIntermediates && exitCode == kExitCompileFailure) {
      reportError(failed->stage + " failed; --keep-intermediates DIR keeps "
                                  "the stage outputs");
    }
    if (exitCode == kExitNotTileIR &&
        !StringRef(failed->errors).contains(kNotTileIR))
      reportError(kNotTileIR);
    keepWork = crashed;
    return exitCode;
  }

  SmallString<256> cubin(work);
  sys::path::append(cubin, kStageOutputs[std::size(kStageOutputs) - 1]);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = MemoryBuffer::getFile(cubin);
  if (!bytes) {
    reportError("cannot read '" + cubin + "': " + bytes.getError().message());
    return kExitCompileFailure;
  }
  if (job.cache)
    storeStageOutputs(*job.cache, job.keys, work, first);
  // Like every stage: "-" is standard output.
  if (std::error_code ec =
          writeOutputFile(args.outputFile, (*bytes)->getBuffer())) {
    reportError("cannot write '" + args.outputFile + "': " + ec.message());
    return kExitConfiguration;
  }
  std::vector<std::string> remarks;
  for (StringRef file : {kLowerRemarksFile, kSchedRemarksFile}) {
    SmallString<256> path(work);
    sys::path::append(path, file);
    remarks.push_back(path.str().str());
  }
  return deliverRemarks(args, remarks) ? kExitSuccess : kExitConfiguration;
}
