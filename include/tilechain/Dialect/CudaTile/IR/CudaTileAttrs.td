//===- CudaTileAttrs.td - cuda_tile enums and attributes ------------------===//
#ifndef TILECHAIN_CUDATILE_ATTRS_TD
#define TILECHAIN_CUDATILE_ATTRS_TD

include "mlir/IR/EnumAttr.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.td"

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TILECHAIN_CUDATILE_ATTRS_TD
