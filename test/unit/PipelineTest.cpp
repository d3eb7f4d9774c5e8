#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Link/Ptxas.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <catch2/catch.hpp>

#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace tilechain;

TEST_CASE("the library pipelines run in process, stage after stage",
          "[pipeline]") {
  mlir::DialectRegistry registry;
  registerPipelineDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          "cuda_tile.module @probe {\n}\n", &context);
  REQUIRE(module);

  mlir::PassManager pm(&context);
  LowerOptions lower;
  lower.gpuName = "sm_121a";
  lower.optLevel = 1;
  REQUIRE(mlir::succeeded(populateLowerPipeline(pm, lower)));
  REQUIRE(mlir::succeeded(populateSchedPipeline(pm)));
  populateLLCPipeline(pm, /*lineInfo=*/false);
  REQUIRE(mlir::succeeded(pm.run(*module)));

  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  REQUIRE(mlir::succeeded(emitTarget(*module, LLCOptions(), LLCEmit::PTX, os)));
  CHECK(llvm::StringRef(ptx).starts_with(kPTXStageMarker));
  llvm::Expected<std::string> chip = getPTXTarget(ptx);
  REQUIRE(bool(chip));
  CHECK(*chip == "sm_121a");
}

TEST_CASE("a stage pipeline refuses another stage's output", "[pipeline]") {
  mlir::DialectRegistry registry;
  registerPipelineDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>("cuda_tile.module @probe {\n}\n",
                                              &context);
  REQUIRE(module);
  std::string message;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    message = diag.str();
    return mlir::success();
  });
  mlir::PassManager pm(&context);
  REQUIRE(mlir::succeeded(populateSchedPipeline(pm)));
  CHECK(mlir::failed(pm.run(*module)));
  CHECK(message ==
        "expected the output of tile-lower, but the input is the output of "
        "tile-read");
}

/// The textual form of `pm`'s pipeline.
static std::string pipelineText(mlir::OpPassManager &pm) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  return text;
}

TEST_CASE("a stage pipeline ends at its stop point", "[pipeline]") {
  mlir::OpPassManager full("builtin.module");
  REQUIRE(mlir::succeeded(populateSchedPipeline(full)));
  std::string all = pipelineText(full);
  CHECK(llvm::StringRef(all).contains("tilechain-materialize-threads"));
  CHECK(llvm::StringRef(all).contains("tilechain-plan-shared-memory"));

  mlir::OpPassManager after("builtin.module");
  StopPoint stop;
  stop.after = "tilechain-materialize-threads";
  REQUIRE(mlir::succeeded(populateSchedPipeline(after, stop)));
  std::string cut = pipelineText(after);
  CHECK(llvm::StringRef(cut).contains("tilechain-materialize-threads"));
  CHECK_FALSE(llvm::StringRef(cut).contains("tilechain-plan-shared-memory"));
  CHECK_FALSE(llvm::StringRef(cut).contains("tilechain-mark-stage"));

  mlir::OpPassManager before("builtin.module");
  stop.after.clear();
  stop.before = "tilechain-materialize-threads";
  REQUIRE(mlir::succeeded(populateSchedPipeline(before, stop)));
  CHECK_FALSE(llvm::StringRef(pipelineText(before))
                  .contains("tilechain-materialize-threads"));

  mlir::OpPassManager unknown("builtin.module");
  stop.before = "tilechain-no-such-pass";
  CHECK(mlir::failed(populateSchedPipeline(unknown, stop)));
  CHECK(pipelineText(unknown) == all);
}

TEST_CASE("the accepted GPU names are tileiras's and their a/f forms",
          "[pipeline]") {
  CHECK(getSupportedGPUNames().size() == 23);
  CHECK(isSupportedGPUName("sm_90"));
  CHECK(isSupportedGPUName("sm_107"));
  CHECK_FALSE(isSupportedGPUName("sm_107a"));
  CHECK(isSupportedGPUName("sm_90a"));
  CHECK(isSupportedGPUName("sm_121f"));
  CHECK_FALSE(isSupportedGPUName("sm_90f"));
  CHECK_FALSE(isSupportedGPUName("sm_80a"));
  CHECK_FALSE(isSupportedGPUName("sm_75"));
}

TEST_CASE("tile-link reads the chip from tile-llc's PTX", "[ptxas]") {
  std::string marker = kPTXStageMarker.str();
  auto chip = getPTXTarget(marker + "\n.version 8.0\n.target sm_90a, debug\n");
  REQUIRE(bool(chip));
  CHECK(*chip == "sm_90a");

  auto unmarked = getPTXTarget(".version 8.0\n.target sm_90a\n");
  REQUIRE_FALSE(bool(unmarked));
  CHECK(llvm::toString(unmarked.takeError()).find("expected PTX written by "
                                                  "tile-llc") == 0);

  auto targetless = getPTXTarget(marker + "\n.version 8.0\n");
  REQUIRE_FALSE(bool(targetless));
  CHECK(llvm::toString(targetless.takeError()) ==
        "the PTX has no .target directive");
}

TEST_CASE("the ptxas command line follows the options", "[ptxas]") {
  LinkOptions options;
  options.ptxasPath = "/opt/cuda/bin/ptxas";
  options.optLevel = 0;
  options.lineInfo = true;
  options.deviceDebug = true;
  std::vector<std::string> expected = {
      "/opt/cuda/bin/ptxas", "-arch", "sm_120", "--opt-level", "0",
      "-lineinfo", "-g", "-o", "out.cubin", "in.ptx"};
  CHECK(buildPtxasCommand(options, "sm_120", "in.ptx", "out.cubin") ==
        expected);
  options.lineInfo = options.deviceDebug = false;
  options.optLevel = 3;
  CHECK(quoteCommandLine(
            buildPtxasCommand(options, "sm_90", "in.ptx", "out.cubin")) ==
        "/opt/cuda/bin/ptxas -arch sm_90 --opt-level 3 -o out.cubin in.ptx");
}

TEST_CASE("repro command lines survive the shell", "[ptxas]") {
  CHECK(quoteCommandLine({"ptxas", "my dir/in.ptx"}) ==
        "ptxas 'my dir/in.ptx'");
  CHECK(quoteCommandLine({"it's", ""}) == "'it'\\''s' ''");
  CHECK(quoteCommandLine({"a$b"}) == "'a$b'");
}

namespace {
/// The descriptor numbers this process has open.
std::vector<int> openDescriptors() {
  std::vector<int> fds;
  DIR *dir = ::opendir("/proc/self/fd");
  REQUIRE(dir);
  int own = ::dirfd(dir);
  while (dirent *entry = ::readdir(dir))
    if (entry->d_name[0] != '.' && std::atoi(entry->d_name) != own)
      fds.push_back(std::atoi(entry->d_name));
  ::closedir(dir);
  return fds;
}
} // namespace

TEST_CASE("runPtxas leaks no descriptor when its second pipe fails",
          "[ptxas]") {
  std::vector<int> before = openDescriptors();
  // A descriptor limit that leaves exactly two free numbers: the first pipe
  // gets them, the second fails with EMFILE.
  int limit = 0;
  for (int free = 0; free < 2; ++limit)
    if (std::find(before.begin(), before.end(), limit) == before.end())
      ++free;
  rlimit saved;
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
  rlimit lowered = saved;
  lowered.rlim_cur = limit;
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &lowered) == 0);
  PtxasResult result = runPtxas({"/bin/true"}, 10);
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &saved) == 0);

  CHECK_FALSE(result.succeeded);
  CHECK(result.failure.rfind("cannot create a pipe", 0) == 0);
  CHECK(openDescriptors() == before);
}
