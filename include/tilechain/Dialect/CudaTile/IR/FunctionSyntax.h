//===- FunctionSyntax.h - argument lists of kernels and region bodies -----===//
//
// entry, testing$func, reduce and scan spell their block arguments as
// `(%a: tile<f32>, %b: tile<f32>)`, with types that may drop the
// `!cuda_tile.` prefix.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DIALECT_CUDATILE_IR_FUNCTIONSYNTAX_H
#define TILECHAIN_DIALECT_CUDATILE_IR_FUNCTIONSYNTAX_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::cuda_tile {

/// Parses `(%a: type {attrs}, ...)`. Either every argument is named or none is.
ParseResult parseTileArgumentList(OpAsmParser &parser,
                                  SmallVectorImpl<OpAsmParser::Argument> &args);

/// Prints the entry block arguments of `region` as `(%a: type, ...)`.
void printTileArgumentList(OpAsmPrinter &printer, Region &region,
                           ArrayAttr argAttrs);

/// Parses `@name(args) (-> type | -> (types))?` and records sym_name,
/// function_type and arg_attrs on `state`.
ParseResult parseTileFunctionHeader(OpAsmParser &parser, OperationState &state,
                                    SmallVectorImpl<OpAsmParser::Argument> &args);

/// Prints ` @name(args) (-> results)?`.
void printTileFunctionHeader(OpAsmPrinter &printer, FunctionOpInterface fn);

} // namespace mlir::cuda_tile

#endif // TILECHAIN_DIALECT_CUDATILE_IR_FUNCTIONSYNTAX_H
