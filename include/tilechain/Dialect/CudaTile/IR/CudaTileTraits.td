//===- CudaTileTraits.td - op traits shared by several op families --------===//
#ifndef TILECHAIN_CUDATILE_TRAITS_TD
#define TILECHAIN_CUDATILE_TRAITS_TD

include "mlir/IR/OpBase.td"

// The element types (of tiles, or scalars themselves) of all `names` agree.
class AllElementTypeMatch<string summary, list<string> names>
    : PredOpTrait<summary,
        AllMatchSameOperatorPred<names, "::mlir::getElementTypeOrSelf($_self)">>;

#endif // TILECHAIN_CUDATILE_TRAITS_TD
