#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <catch2/catch.hpp>

using namespace mlir;

namespace {
/// Parses `source` into a fresh block; returns the cuda_tile.module it holds,
/// or null when parsing failed.
cuda_tile::ModuleOp parseModule(MLIRContext &context, Block &block,
                                llvm::StringRef source) {
  context.loadDialect<cuda_tile::CudaTileDialect>();
  ParserConfig config(&context);
  if (failed(parseSourceString(source, &block, config)) || block.empty())
    return {};
  return dyn_cast<cuda_tile::ModuleOp>(block.front());
}
} // namespace

TEST_CASE("cuda_tile.module parses and keeps its symbol name", "[dialect]") {
  MLIRContext context;
  Block block;
  auto module = parseModule(context, block, "cuda_tile.module @kernels {\n}\n");
  REQUIRE(module);
  CHECK(module.getSymName() == "kernels");
  CHECK(module.getBody().front().empty());
}

TEST_CASE("a cuda_tile.module without a symbol name is rejected", "[dialect]") {
  MLIRContext context;
  context.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  Block block;
  CHECK_FALSE(parseModule(context, block, "cuda_tile.module {\n}\n"));
}
