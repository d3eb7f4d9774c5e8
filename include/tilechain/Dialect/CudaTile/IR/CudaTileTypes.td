//===- CudaTileTypes.td - cuda_tile types ---------------------------------===//
#ifndef TILECHAIN_CUDATILE_TYPES_TD
#define TILECHAIN_CUDATILE_TYPES_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.td"

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Orders memory operations: every token-ordered op consumes and produces one.
def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "memory ordering token";
}

#endif // TILECHAIN_CUDATILE_TYPES_TD
