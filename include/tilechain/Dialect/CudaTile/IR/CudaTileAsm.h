//===- CudaTileAsm.h - custom assembly directives shared by cuda_tile ops -===//
//
// The parse/print pairs behind `custom<Name>(...)` in op and type assembly
// formats. ODS-generated code calls them unqualified from namespace
// mlir::cuda_tile.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEASM_H
#define TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEASM_H

#include "mlir/IR/OpImplementation.h"

namespace mlir::cuda_tile {

class AssumePredicateAttrInterface;
class ComparisonOrderingAttr;
class ComparisonPredicateAttr;
class MemoryOrderingSemanticsAttr;
class MemoryScopeAttr;
class RoundingModeAttr;
class SignednessAttr;

//===----------------------------------------------------------------------===//
// custom<CudaTileType>: types with the `!cuda_tile.` prefix optional on input
// and omitted on output (`tile<4xptr<f32>>`); builtin types as usual.
//===----------------------------------------------------------------------===//

ParseResult parseCudaTileType(AsmParser &parser, Type &type);
ParseResult parseCudaTileType(AsmParser &parser, SmallVectorImpl<Type> &types);
void printCudaTileType(AsmPrinter &printer, Type type);
void printCudaTileType(OpAsmPrinter &printer, Operation *op, Type type);
void printCudaTileType(OpAsmPrinter &printer, Operation *op, TypeRange types);

/// custom<CudaTileTypeSplat>(type($operands), ref($operands)): the types of
/// a variadic group, e.g. view indices, written once when all are equal and
/// one by one otherwise (gather_scatter_view indices).
ParseResult
parseCudaTileTypeSplat(OpAsmParser &parser, SmallVectorImpl<Type> &types,
                       ArrayRef<OpAsmParser::UnresolvedOperand> operands);
void printCudaTileTypeSplat(OpAsmPrinter &printer, Operation *op,
                            TypeRange types, ValueRange operands);

//===----------------------------------------------------------------------===//
// Enum modifiers
//===----------------------------------------------------------------------===//

/// `rounding<zero>`; absent means nearest_even. Only IEEE modes.
ParseResult parseIEEERoundingMode(OpAsmParser &parser, RoundingModeAttr &attr);
void printIEEERoundingMode(OpAsmPrinter &printer, Operation *op,
                           RoundingModeAttr attr);

/// As IEEERoundingMode, also accepting `approx` and `full` (divf, sqrt...).
ParseResult parseDivFOpRoundingMode(OpAsmParser &parser,
                                    RoundingModeAttr &attr);
void printDivFOpRoundingMode(OpAsmPrinter &printer, Operation *op,
                             RoundingModeAttr attr);

/// ftof's: the IEEE modes and nearest_away (cvt.rna into tf32).
ParseResult parseFToFRoundingMode(OpAsmParser &parser, RoundingModeAttr &attr);
void printFToFRoundingMode(OpAsmPrinter &printer, Operation *op,
                           RoundingModeAttr attr);

/// Float-to-integer rounding; absent means nearest_int_to_zero.
ParseResult parseIntegerRoundingMode(OpAsmParser &parser,
                                     RoundingModeAttr &attr);
void printIntegerRoundingMode(OpAsmPrinter &printer, Operation *op,
                              RoundingModeAttr attr);

/// `signed` or `unsigned`.
ParseResult parseSignedness(OpAsmParser &parser, SignednessAttr &attr);
void printSignedness(OpAsmPrinter &printer, Operation *op, SignednessAttr attr);

/// `equal`, `less_than`, ...
ParseResult parseComparisonPredicate(OpAsmParser &parser,
                                     ComparisonPredicateAttr &attr);
void printComparisonPredicate(OpAsmPrinter &printer, Operation *op,
                              ComparisonPredicateAttr attr);

/// `ordered` or `unordered`.
ParseResult parseComparisonOrdering(OpAsmParser &parser,
                                    ComparisonOrderingAttr &attr);
void printComparisonOrdering(OpAsmPrinter &printer, Operation *op,
                             ComparisonOrderingAttr attr);

/// `<ordering> [<scope>]`, e.g. `weak`, `relaxed device`.
ParseResult parseMemoryAttributes(OpAsmParser &parser,
                                  MemoryOrderingSemanticsAttr &ordering,
                                  MemoryScopeAttr &scope);
void printMemoryAttributes(OpAsmPrinter &printer, Operation *op,
                           MemoryOrderingSemanticsAttr ordering,
                           MemoryScopeAttr scope);

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// An assume predicate without the `#cuda_tile.` prefix: `div_by<16>`.
ParseResult parseAssumePredicate(OpAsmParser &parser,
                                 AssumePredicateAttrInterface &predicate);
void printAssumePredicate(OpAsmPrinter &printer, Operation *op,
                          AssumePredicateAttrInterface predicate);

/// `<i32: [1, 2]> : tile<2xi32>`: a dense constant followed by its tile type,
/// which is also the type of the op's result.
ParseResult parseDenseIntOrFPElementsAttr(OpAsmParser &parser,
                                          DenseIntOrFPElementsAttr &value,
                                          Type &resultType);
void printDenseIntOrFPElementsAttr(OpAsmPrinter &printer, Operation *op,
                                   DenseIntOrFPElementsAttr value,
                                   Type resultType);

/// The same syntax for an op without a result (cuda_tile.global).
ParseResult parseDenseIntOrFPElementsAttrNoResult(
    OpAsmParser &parser, DenseIntOrFPElementsAttr &value);
void printDenseIntOrFPElementsAttrNoResult(OpAsmPrinter &printer,
                                           Operation *op,
                                           DenseIntOrFPElementsAttr value);

} // namespace mlir::cuda_tile

#endif // TILECHAIN_DIALECT_CUDATILE_IR_CUDATILEASM_H
