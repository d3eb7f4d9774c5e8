#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <catch2/catch.hpp>

using namespace mlir;

namespace {
/// Scopes shared by the cases: subprogram "k", a block in it, and an
/// unrelated subprogram "other".
constexpr const char *kScopes = R"mlir(
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#k = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #k, file = #file, line = 2>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 3>
#other = #cuda_tile.di_subprogram<file = #file, line = 9, name = "o", linkageName = "o", compileUnit = #cu>
#src = loc("k.py":4:5)
)mlir";

/// Verifies the debug-info scopes of `body` (the ops of a module, with the
/// scope aliases above in view); returns the diagnostics, or "ok".
std::string verifyScopes(llvm::StringRef body) {
  MLIRContext context;
  context.allowUnregisteredDialects();
  context.loadDialect<cuda_tile::CudaTileDialect, func::FuncDialect>();
  context.printOpOnDiagnostic(false);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    for (Diagnostic &note : diag.getNotes())
      diagnostics += note.str() + "\n";
    return success();
  });
  std::string source = (kScopes + ("module {\n" + body + "\n}\n")).str();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return "parse failed: " + diagnostics;
  if (failed(cuda_tile::verifyDebugInfoScopes(*module)))
    return diagnostics;
  return "ok";
}
} // namespace

TEST_CASE("ops in the function's subprogram or its blocks are valid",
          "[debuginfo]") {
  CHECK(verifyScopes(R"mlir(
    func.func @k() {
      "some.op"() : () -> () loc(#cuda_tile.di_loc<#src in #k>)
      "some.op"() : () -> () loc("name"(#cuda_tile.di_loc<#src in #inner>))
      "some.op"() : () -> () loc(fused[#src, #cuda_tile.di_loc<#src in #block>])
      return loc(callsite(#src at #cuda_tile.di_loc<#src in #k>))
    } loc(#cuda_tile.di_loc<#src in #k>)
    func.func @no_scope() {
      "some.op"() : () -> () loc(#src)
      return
    })mlir") == "ok");
}

TEST_CASE("a function scope must be the subprogram of that name",
          "[debuginfo]") {
  CHECK(verifyScopes(R"mlir(
    func.func @k() {
      return
    } loc(#cuda_tile.di_loc<#src in #block>))mlir") ==
        "invalid function debug info scope\n"
        "Function location must have cuda_tile.di_subprogram debug info "
        "scope\n");
  CHECK(verifyScopes(R"mlir(
    func.func @foo() {
      return
    } loc(#cuda_tile.di_loc<#src in #k>))mlir") ==
        "invalid function debug info scope\n"
        "Function name \"foo\" does not match subprogram scope linkage name "
        "\"k\"\n");
}

TEST_CASE("op scopes must lie in the function's subprogram", "[debuginfo]") {
  CHECK(verifyScopes(R"mlir(
    func.func @k() {
      return loc(#cuda_tile.di_loc<#src in #other>)
    } loc(#cuda_tile.di_loc<#src in #k>))mlir") ==
        "invalid operation debug info scope\n"
        "Operation debug info scope does not match function debug info "
        "scope\n");
  CHECK(verifyScopes(R"mlir(
    func.func @k() {
      return loc(#cuda_tile.di_loc<#src in #block>)
    })mlir") ==
        "invalid operation debug info scope\n"
        "Operation has debug info scope, but function debug info scope is "
        "undefined\n");
}

TEST_CASE("module-level ops other than functions carry no scope",
          "[debuginfo]") {
  CHECK(verifyScopes(R"mlir(
    "some.op"() : () -> () loc(callsite(#src at #cuda_tile.di_loc<#src in #k>)))mlir") ==
        "invalid operation debug info scope\n"
        "Global variables must not have scope\n");
}
