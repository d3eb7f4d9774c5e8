//===- FunctionSyntax.cpp - argument lists of kernels and region bodies ---===//
#include "tilechain/Dialect/CudaTile/IR/FunctionSyntax.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

ParseResult cuda_tile::parseTileArgumentList(
    OpAsmParser &parser, SmallVectorImpl<OpAsmParser::Argument> &args) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument arg;
        SMLoc loc = parser.getCurrentLocation();
        OptionalParseResult named = parser.parseOptionalOperand(arg.ssaName);
        bool hasName = named.has_value();
        if (hasName && (failed(*named) || parser.parseColon()))
          return failure();
        if (!args.empty() && args.back().ssaName.name.empty() == hasName)
          return parser.emitError(loc, hasName
                                           ? "expected type instead of SSA identifier"
                                           : "expected SSA identifier");
        NamedAttrList attrs;
        if (parseCudaTileType(parser, arg.type) ||
            parser.parseOptionalAttrDict(attrs) ||
            parser.parseOptionalLocationSpecifier(arg.sourceLoc))
          return failure();
        arg.attrs = attrs.getDictionary(parser.getContext());
        args.push_back(arg);
        return success();
      });
}

void cuda_tile::printTileArgumentList(OpAsmPrinter &printer, Region &region,
                                      ArrayAttr argAttrs) {
  printer << '(';
  for (auto [index, arg] : llvm::enumerate(region.getArguments())) {
    if (index)
      printer << ", ";
    printer.printOperand(arg);
    printer << ": ";
    printCudaTileType(printer, arg.getType());
    if (argAttrs)
      printer.printOptionalAttrDict(
          llvm::cast<DictionaryAttr>(argAttrs[index]).getValue());
  }
  printer << ')';
}

ParseResult cuda_tile::parseTileFunctionHeader(
    OpAsmParser &parser, OperationState &state,
    SmallVectorImpl<OpAsmParser::Argument> &args) {
  StringAttr name;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             state.attributes) ||
      parseTileArgumentList(parser, args))
    return failure();

  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen()) &&
          (parser.parseCommaSeparatedList([&]() -> ParseResult {
             return parseCudaTileType(parser, resultTypes.emplace_back());
           }) ||
           parser.parseRParen()))
        return failure();
    } else if (parseCudaTileType(parser, resultTypes.emplace_back())) {
      return failure();
    }
  }

  Builder &builder = parser.getBuilder();
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  for (OpAsmParser::Argument &arg : args) {
    argTypes.push_back(arg.type);
    argAttrs.push_back(arg.attrs ? arg.attrs : builder.getDictionaryAttr({}));
  }
  state.addAttribute("function_type", TypeAttr::get(builder.getFunctionType(
                                          argTypes, resultTypes)));
  state.addAttribute("arg_attrs", builder.getArrayAttr(argAttrs));
  return success();
}

void cuda_tile::printTileFunctionHeader(OpAsmPrinter &printer,
                                        FunctionOpInterface fn) {
  printer << ' ';
  printer.printSymbolName(fn.getName());
  printTileArgumentList(printer, fn.getFunctionBody(), fn.getArgAttrsAttr());
  ArrayRef<Type> results = fn.getResultTypes();
  if (results.empty())
    return;
  printer << " -> ";
  if (results.size() == 1) {
    printCudaTileType(printer, results.front());
    return;
  }
  printer << '(';
  llvm::interleaveComma(results, printer,
                        [&](Type type) { printCudaTileType(printer, type); });
  printer << ')';
}
