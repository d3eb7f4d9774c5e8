//===- LowerCommandLine.cpp - tile-lower's options, shared by tools -------===//
#include "tilechain/Tools/LowerCommandLine.h"

#include "llvm/Support/CommandLine.h"

namespace cl = llvm::cl;

namespace {
enum class Form { Serial, Parallel };
} // namespace

static cl::opt<std::string>
    gpuName("gpu-name", cl::desc("Target GPU (e.g. sm_120, sm_100a)"),
            cl::init("sm_100"));
static cl::opt<unsigned> optLevel("opt-level",
                                  cl::desc("Optimization level, 0-3"),
                                  cl::init(3));
static cl::opt<Form> tileForm(
    "tile-form", cl::desc("How tiles are spread over a CTA's threads"),
    cl::values(clEnumValN(Form::Serial, "serial",
                          "one thread runs each CTA's whole tile program"),
               clEnumValN(Form::Parallel, "parallel",
                          "tiles spread over the CTA's threads where every "
                          "op of the kernel allows it, else serial")),
    cl::init(Form::Serial));

tilechain::LowerOptions tilechain::lowerOptionsFromCommandLine() {
  LowerOptions options;
  options.gpuName = gpuName;
  options.optLevel = optLevel;
  options.parallel = tileForm == Form::Parallel;
  return options;
}
