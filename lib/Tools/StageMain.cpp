//===- StageMain.cpp - shared main() of the MLIR-to-MLIR stages -----------===//
#include "tilechain/Tools/StageMain.h"

#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"
#include "tilechain/Tools/TextNesting.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;
using tilechain::StopPoint;

static llvm::cl::opt<std::string>
    stopBefore("stop-before",
               llvm::cl::desc("End the stage's pipeline before the named pass"),
               llvm::cl::value_desc("pass-name"));
static llvm::cl::opt<std::string>
    stopAfter("stop-after",
              llvm::cl::desc("End the stage's pipeline after the named pass"),
              llvm::cl::value_desc("pass-name"));

/// The stop point given on the command line, or a message on why it is
/// not one of `toolName`'s.
static std::string checkStopPoint(llvm::StringRef toolName,
                                  const tilechain::PipelineBuilder &pipeline,
                                  tilechain::StopPoint &stop) {
  stop.before = stopBefore;
  stop.after = stopAfter;
  if (!stop.before.empty() && !stop.after.empty())
    return "give --stop-before or --stop-after, not both";
  OpPassManager passes("builtin.module");
  if (succeeded(pipeline(passes, stop)))
    return "";
  // The pass arguments of the textual pipeline, without options or the
  // op names that nested pipelines anchor on (`gpu.module(`).
  std::string text;
  llvm::raw_string_ostream os(text);
  passes.printAsTextualPipeline(os);
  llvm::SmallVector<std::string> names;
  std::string word;
  unsigned braces = 0;
  for (char c : text) {
    braces += c == '{';
    braces -= c == '}' && braces;
    if (braces || c == '{' || c == '}')
      continue;
    if (c == '(' || c == ')' || c == ',') {
      if (c != '(' && !word.empty() && !llvm::is_contained(names, word))
        names.push_back(word);
      word.clear();
      continue;
    }
    word += c;
  }
  return ("--stop-" + llvm::Twine(stop.before.empty() ? "after" : "before") +
          "=" + (stop.before.empty() ? stop.after : stop.before) +
          " names no pass of " + toolName + "'s pipeline; its passes are " +
          llvm::join(names, ", "))
      .str();
}

int tilechain::runStageMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry,
                            const PipelineBuilder &defaultPipeline) {
  // LLVM's signal handlers: interrupts remove a partial output file.
  llvm::InitLLVM initLLVM(argc, argv);
  // Crash recovery is per thread (CrashGuard.h): the passes run on this one.
  static char singleThreaded[] = "--mlir-disable-threading";
  std::vector<char *> args(argv, argv + argc);
  if (!llvm::any_of(args, [](const char *arg) {
        return llvm::StringRef(arg).starts_with(singleThreaded);
      }))
    args.push_back(singleThreaded);
  auto [inputFile, outputFile] = registerAndParseCLIOptions(
      static_cast<int>(args.size()), args.data(), toolName, registry);
  StopPoint stop;
  std::string badStop = checkStopPoint(toolName, defaultPipeline, stop);
  if (!badStop.empty()) {
    llvm::errs() << toolName << ": " << badStop << "\n";
    return kExitConfiguration;
  }
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig userConfig = config;
  config.setPassPipelineSetupFn(
      [userConfig, defaultPipeline, stop,
       toolName = toolName.str()](PassManager &pm) -> LogicalResult {
        if (failed(userConfig.setupPassPipeline(pm)))
          return failure();
        if (pm.size() == 0) {
          (void)defaultPipeline(pm, stop);
        } else if (!stop.empty()) {
          llvm::errs() << toolName
                       << ": --stop-before and --stop-after end the default "
                          "pipeline, not passes named on the command line\n";
          return failure();
        }
        addCrashReportInstrumentation(pm);
        return success();
      });

  return runCrashGuarded(toolName, argc, argv, inputFile, [&]() -> int {
    std::string errorMessage;
    auto input = openInputFile(inputFile, &errorMessage);
    if (!input) {
      llvm::errs() << toolName << ": " << errorMessage << "\n";
      return kExitConfiguration;
    }
    if (inputFile == "-")
      keepStdinForCrashReport(input->getBuffer());
    {
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                           /*RequiresNullTerminator=*/false),
          llvm::SMLoc());
      if (failed(checkTextNesting(sourceMgr)))
        return kExitCompileFailure;
    }
    // Written whole after the pipeline succeeded, or not at all.
    std::string output;
    llvm::raw_string_ostream os(output);
    if (failed(MlirOptMain(os, std::move(input), registry, config)))
      return kExitCompileFailure;
    if (std::error_code ec = writeOutputFile(outputFile, output)) {
      llvm::errs() << toolName << ": cannot write '" << outputFile
                   << "': " << ec.message() << "\n";
      return kExitConfiguration;
    }
    return kExitSuccess;
  });
}
