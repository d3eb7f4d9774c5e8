//===- PTXIdentifier.cpp - names PTX can hold -----------------------------===//
#include "tilechain/Target/PTXIdentifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

static bool isFollowingChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$';
}

std::string tilechain::whyNotPTXIdentifier(llvm::StringRef name) {
  if (name.empty())
    return "it is empty";
  std::string why;
  llvm::raw_string_ostream os(why);
  for (auto [offset, c] : llvm::enumerate(name)) {
    bool allowed = offset == 0 ? llvm::isAlpha(c) || c == '_' || c == '$'
                               : isFollowingChar(c);
    if (allowed)
      continue;
    os << "byte " << llvm::format_hex(static_cast<unsigned char>(c), 4);
    if (llvm::isPrint(c))
      os << " ('" << c << "')";
    os << " at offset " << offset << " is not allowed there";
    return why;
  }
  if (name.size() == 1 && !llvm::isAlpha(name[0]))
    return "'_' or '$' alone is not an identifier";
  return "";
}
