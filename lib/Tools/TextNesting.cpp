//===- TextNesting.cpp - refuse MLIR text nested past the parser's stack --===//
#include "tilechain/Tools/TextNesting.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tilechain;

mlir::LogicalResult tilechain::checkTextNesting(llvm::SourceMgr &sourceMgr) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = buffer->getBuffer();
  if (mlir::isBytecode(*buffer))
    return mlir::success();
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      // A string literal: brackets inside it do not nest.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
    } else if (c == '{' || c == '(' || c == '[') {
      if (++depth > kMaxTextNesting) {
        sourceMgr.PrintMessage(
            llvm::SMLoc::getFromPointer(text.data() + i),
            llvm::SourceMgr::DK_Error,
            "brackets nested more than " + llvm::Twine(kMaxTextNesting) +
                " deep: refused rather than risk the parser's stack");
        return mlir::failure();
      }
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return mlir::success();
}
