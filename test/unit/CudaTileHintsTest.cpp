#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
using HintUser = OptimizationHintsAttr::HintUser;
using HintPolicy = CudaTileDialect::HintPolicy;

/// Checks `hints` (the body of `#cuda_tile.optimization_hints<...>`) for
/// `user` under `policy`; returns the diagnostics reported, one per line.
struct HintCheck {
  bool ok = false;
  std::string diagnostics;
};

HintCheck checkHints(llvm::StringRef hints, HintUser user, HintPolicy policy) {
  MLIRContext context;
  context.allowUnregisteredDialects();
  auto *dialect = context.getOrLoadDialect<CudaTileDialect>();
  dialect->setHintPolicy(policy);
  HintCheck result;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    result.diagnostics += diag.str() + "\n";
    return success();
  });
  auto attr = cast<OptimizationHintsAttr>(parseAttribute(
      ("#cuda_tile.optimization_hints<" + hints + ">").str(), &context));
  OperationState state(UnknownLoc::get(&context), "test.op");
  Operation *op = Operation::create(state);
  result.ok = succeeded(attr.verifyForOp(op, user));
  op->destroy();
  return result;
}
} // namespace

TEST_CASE("unknown hints are ignored by default", "[hints]") {
  HintCheck check = checkHints("sm_100a = {num_qqq = 1}", HintUser::Entry,
                               HintPolicy::Ignore);
  CHECK(check.ok);
  CHECK(check.diagnostics.empty());
}

TEST_CASE("valid entry and view hints pass silently", "[hints]") {
  HintCheck entry = checkHints(
      "sm_90 = {num_cta_in_cga = 2, occupancy = 32}, sm_120 = {}",
      HintUser::Entry, HintPolicy::Error);
  CHECK(entry.ok);
  CHECK(entry.diagnostics.empty());
  HintCheck view = checkHints("sm_100 = {allow_tma = false, latency = 10}",
                              HintUser::ViewAccess, HintPolicy::Error);
  CHECK(view.ok);
  CHECK(view.diagnostics.empty());
}

TEST_CASE("bad hints warn, and fail under the error policy", "[hints]") {
  const char *hints = "sm_100a = {num_cta_in_cga = 2}, "
                      "sm_100 = {num_cta_in_cga = 7, occupancy = 64, "
                      "allow_tma = true}";
  HintCheck warn = checkHints(hints, HintUser::Entry, HintPolicy::Warn);
  CHECK(warn.ok);
  // Dictionaries keep their entries sorted by name.
  CHECK(warn.diagnostics == "allow_tma is not known hint for current Operation\n"
                            "expected power-of-two ≤ 16 for sm_100.num_cta_in_cga\n"
                            "integer value in the range [1, 32] is expected "
                            "for sm_100.occupancy\n"
                            "unknown hint key sm_100a\n");
  HintCheck error = checkHints(hints, HintUser::Entry, HintPolicy::Error);
  CHECK_FALSE(error.ok);
  // The error names the op (an entry's name, where it has one) and carries
  // no dump of it.
  CHECK(llvm::StringRef(error.diagnostics)
            .ends_with("unknown hint key sm_100a\n"
                       "Optimization hints verification failed for op\n"));
}

TEST_CASE("cuTile's default key and every tileiras target are known",
          "[hints]") {
  HintCheck check = checkHints(
      "default = {occupancy = 2}, sm_107 = {num_cta_in_cga = 2}, "
      "sm_121 = {num_worker_warps_per_cta = 8}",
      HintUser::Entry, HintPolicy::Error);
  CHECK(check.ok);
  CHECK(check.diagnostics.empty());
  HintCheck bad = checkHints("default = {occupancy = 0}", HintUser::Entry,
                             HintPolicy::Warn);
  CHECK(bad.diagnostics ==
        "integer value in the range [1, 32] is expected for default.occupancy\n");
}

TEST_CASE("pointer accesses accept only latency", "[hints]") {
  HintCheck check = checkHints("sm_90 = {latency = 11, allow_tma = true}",
                               HintUser::PointerAccess, HintPolicy::Warn);
  CHECK(check.diagnostics ==
        "allow_tma is not known hint for current Operation\n"
        "integer value in the range [1, 10] is expected for sm_90.latency\n");
}

TEST_CASE("a hint comes from the target's entry, else the default one",
          "[hints]") {
  MLIRContext context;
  context.getOrLoadDialect<CudaTileDialect>();
  auto hints = [&](llvm::StringRef body) {
    return cast<OptimizationHintsAttr>(parseAttribute(
        ("#cuda_tile.optimization_hints<" + body + ">").str(), &context));
  };
  OptimizationHintsAttr both =
      hints("default = {latency = 4}, sm_90 = {latency = 7}");
  CHECK(both.getLatency("sm_90") == 7);
  CHECK(both.getLatency("sm_90a") == 7);
  CHECK(both.getLatency("sm_100") == 4);
  OptimizationHintsAttr specific = hints("sm_100a = {num_cta_in_cga = 2}");
  CHECK(specific.getNumCTAInCGA("sm_100") == 2);
  CHECK(specific.getNumCTAInCGA("sm_90") == std::nullopt);
  CHECK(specific.getLatency("sm_100") == std::nullopt);
}
