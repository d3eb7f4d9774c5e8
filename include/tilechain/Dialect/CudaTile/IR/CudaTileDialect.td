//===- CudaTileDialect.td - the cuda_tile dialect and its op base ---------===//
//
// cuda_tile is the public input language of tilechain (Tile IR 13.1-13.5).
// Its surface (op names, operand and attribute order, syntax) follows the
// public NVIDIA/cuda-tile definition so that real bytecode and NVIDIA's own
// test files are accepted unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_DIALECT_TD
#define TILECHAIN_CUDATILE_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::mlir::cuda_tile";
  let summary = "CUDA Tile IR: tile-level GPU programs";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

  public:
    /// What to do with optimization hints an op does not understand: they
    /// are only advice, so by default nothing is reported.
    enum class HintPolicy { Ignore, Warn, Error };
    void setHintPolicy(HintPolicy policy) { hintPolicy = policy; }
    HintPolicy getHintPolicy() const { return hintPolicy; }

  private:
    HintPolicy hintPolicy = HintPolicy::Ignore;
  }];
}

// The bytecode version in which an op, or one of its operands or attributes,
// first appeared. The bytecode reader/writer omit later arguments when they
// read or write an older version.
class ArgSince<string argName, string version> {
  string name = argName;
  string since = version;
}

// Base class of every cuda_tile op. `version` is the Tile IR release that
// introduced the op; `laterArgs` lists operands/attributes added afterwards.
class CudaTile_Op<string mnemonic, string version, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits> {
  string sinceVersion = version;
  list<ArgSince> laterArgs = [];
}

#endif // TILECHAIN_CUDATILE_DIALECT_TD
