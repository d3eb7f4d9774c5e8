//===- PipelineFuzzer.cpp - fuzz target: bytecode to PTX in one process ---===//
//
// Every input goes through what tile-compile does before ptxas
// (compileToPTX): Tile IR bytecode decoded and verified, then tile-lower,
// tile-sched and tile-llc in one pass manager, and the NVPTX back end
// writing PTX. Most mutants stop at the reader or the verifier; those that
// verify must become PTX or be refused with a diagnostic, never crash, hit
// an LLVM fatal error ("Cannot select"), hang, leak or read out of bounds.
// The target and the tile form come from a hash of the whole input, so that
// mutations of one program reach sm_80, sm_90, sm_100 and sm_120 in both
// forms. Diagnostics are dropped; a context serves a hundred inputs
// (FuzzContext.h, docs/fuzzing.md). With TILECHAIN_FUZZ_REPORT set, each
// input's target, form and outcome go to stderr, so that a replay shows what
// was compiled, not only that nothing crashed.
//
//===----------------------------------------------------------------------===//
#include "FuzzContext.h"

#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/Compile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#ifndef TILECHAIN_LIBDEVICE_DEFAULT
#error "the build defines TILECHAIN_LIBDEVICE_DEFAULT (tools/tile-fuzz)"
#endif

namespace {

constexpr const char *kTargets[] = {"sm_80", "sm_90", "sm_100", "sm_120"};

tilechain::CompileOptions optionsFor(llvm::StringRef input) {
  // xxh3 is the same in every build and run (llvm::hash_value may be seeded
  // per process), so a finding replays with the options it was found with.
  uint64_t hash = llvm::xxh3_64bits(input);
  tilechain::CompileOptions options;
  options.lower.gpuName = kTargets[hash % std::size(kTargets)];
  options.lower.parallel = (hash >> 8) & 1;
  options.lineInfo = (hash >> 9) & 1;
  options.llc.libdevicePath = TILECHAIN_LIBDEVICE_DEFAULT;
  return options;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = &tilechain::fuzz::contextForNextInput(
      tilechain::registerPipelineDialects, /*inputsPerContext=*/100);
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  tilechain::CompileOptions options = optionsFor(input);
  std::string ptx;
  int code = tilechain::compileToPTX(
      *context, input, options,
      [](mlir::PassManager &) { return mlir::success(); }, ptx);
  static const bool report = std::getenv("TILECHAIN_FUZZ_REPORT");
  if (report) {
    llvm::errs() << options.lower.gpuName << " "
                 << (options.lower.parallel ? "parallel" : "serial") << ": ";
    if (code == 0)
      llvm::errs() << "ptx\n";
    else
      llvm::errs() << "exit " << code << "\n";
  }
  return 0;
}
