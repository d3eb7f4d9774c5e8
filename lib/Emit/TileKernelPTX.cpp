//===- TileKernelPTX.cpp - .language 7 in tile-llc's PTX ------------------===//
//
// The NVPTX AsmPrinter writes a kernel as
//
//   .visible .entry NAME(
//           .param ...
//   )
//   .reqntid 128, 1, 1
//   .minnctapersm 1
//   {
//
// NVIDIA's tileiras puts `.language 7` last among the header's directives,
// and so do we. The text is edited line by line, so whatever else the back
// end wrote stays byte for byte.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Emit/TileKernelPTX.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace tilechain;

namespace {

/// The kernel named by an `.entry` line (`.visible .entry NAME(`), or "".
llvm::StringRef getEntryName(llvm::StringRef line) {
  llvm::StringRef rest = line.trim();
  while (!rest.empty()) {
    auto [word, tail] = rest.split(' ');
    rest = tail.ltrim();
    if (word == ".entry")
      return rest.take_until([](char c) { return c == '(' || c == ' '; });
  }
  return "";
}

/// N of a `.minnctapersm N` line, or nullopt when `line` is not one.
std::optional<unsigned> getMinCTAsPerSM(llvm::StringRef line) {
  llvm::StringRef text = line.trim();
  unsigned count;
  if (!text.consume_front(".minnctapersm") ||
      text.trim().getAsInteger(10, count))
    return std::nullopt;
  return count;
}

} // namespace

std::optional<unsigned> tilechain::getPTXVersion(llvm::StringRef line) {
  llvm::StringRef text = line.trim();
  if (!text.consume_front(".version"))
    return std::nullopt;
  auto [major, minor] = text.trim().split('.');
  unsigned majorValue, minorValue;
  if (major.getAsInteger(10, majorValue) ||
      minor.getAsInteger(10, minorValue) || minorValue > 9)
    return std::nullopt;
  return majorValue * 10 + minorValue;
}

namespace {

std::string getLanguageDirective() {
  return ".language " + std::to_string(kTileIRLanguage);
}

} // namespace

llvm::Expected<std::string>
tilechain::addTileKernelDirectives(llvm::StringRef ptx,
                                   llvm::ArrayRef<std::string> kernels) {
  llvm::StringSet<> pending;
  for (const std::string &kernel : kernels)
    pending.insert(kernel);

  llvm::SmallVector<llvm::StringRef> lines;
  ptx.split(lines, '\n');
  std::string result;
  result.reserve(ptx.size() + kernels.size() * 16 + 1);
  bool sawVersion = false;
  bool inTileKernelHeader = false;
  for (auto [index, line] : llvm::enumerate(lines)) {
    if (!sawVersion) {
      if (std::optional<unsigned> version = getPTXVersion(line)) {
        sawVersion = true;
        if (*version < kLanguageMinPTXVersion) {
          result += ".version " + std::to_string(kLanguageMinPTXVersion / 10) +
                    "." + std::to_string(kLanguageMinPTXVersion % 10);
          result += '\n';
          continue;
        }
      }
    }
    if (llvm::StringRef name = getEntryName(line); !name.empty()) {
      if (inTileKernelHeader)
        return llvm::createStringError(
            "a kernel header in the PTX has no body before '" + name + "'");
      inTileKernelHeader = pending.erase(name);
    } else if (inTileKernelHeader && line.trim() == "{") {
      result += getLanguageDirective();
      result += '\n';
      inTileKernelHeader = false;
    }
    result += line;
    if (index + 1 != lines.size())
      result += '\n';
  }
  if (!sawVersion)
    return llvm::createStringError("the PTX has no .version directive");
  if (inTileKernelHeader)
    return llvm::createStringError("the PTX ends inside a kernel header");
  if (!pending.empty()) {
    // The first missing kernel in the caller's order, for a stable message.
    for (const std::string &kernel : kernels)
      if (pending.contains(kernel))
        return llvm::createStringError("the PTX has no kernel '" + kernel +
                                       "'");
  }
  return result;
}

/// The kernels of `ptx` with a header line (between `.entry` and `{`) that
/// `matches`, in the order of the PTX.
static std::vector<std::string>
getKernelsWithHeaderLine(llvm::StringRef ptx,
                         llvm::function_ref<bool(llvm::StringRef)> matches) {
  std::vector<std::string> kernels;
  llvm::SmallVector<llvm::StringRef> lines;
  ptx.split(lines, '\n');
  llvm::StringRef header;
  for (llvm::StringRef line : lines) {
    if (llvm::StringRef name = getEntryName(line); !name.empty()) {
      header = name;
    } else if (header.empty()) {
      continue;
    } else if (line.trim() == "{") {
      header = "";
    } else if (matches(line.trim())) {
      kernels.push_back(header.str());
      header = "";
    }
  }
  return kernels;
}

std::vector<std::string> tilechain::getTileKernels(llvm::StringRef ptx) {
  return getKernelsWithHeaderLine(ptx, [](llvm::StringRef text) {
    unsigned language;
    return text.consume_front(".language") &&
           !text.trim().getAsInteger(10, language) &&
           language == kTileIRLanguage;
  });
}

std::vector<std::string>
tilechain::getOccupancyCappedKernels(llvm::StringRef ptx) {
  return getKernelsWithHeaderLine(ptx, [](llvm::StringRef text) {
    std::optional<unsigned> count = getMinCTAsPerSM(text);
    return count && *count > 1;
  });
}

std::string tilechain::dropOccupancyCaps(llvm::StringRef ptx,
                                         llvm::ArrayRef<std::string> kernels) {
  llvm::StringSet<> relaxed;
  for (const std::string &kernel : kernels)
    relaxed.insert(kernel);
  llvm::SmallVector<llvm::StringRef> lines;
  ptx.split(lines, '\n');
  std::string result;
  result.reserve(ptx.size());
  bool inRelaxedHeader = false;
  for (auto [index, line] : llvm::enumerate(lines)) {
    if (llvm::StringRef name = getEntryName(line); !name.empty())
      inRelaxedHeader = relaxed.contains(name);
    else if (line.trim() == "{")
      inRelaxedHeader = false;
    if (inRelaxedHeader && getMinCTAsPerSM(line))
      result += line.take_while(llvm::isSpace).str() + ".minnctapersm 1";
    else
      result += line;
    if (index + 1 != lines.size())
      result += '\n';
  }
  return result;
}

std::vector<std::string>
tilechain::getSerializedWgmmaKernels(llvm::StringRef output) {
  // ptxas info    : (C7512) Potential Performance Loss: wgmma.mma_async
  // instructions are serialized due to insufficient register resources for
  // the function 'NAME'
  std::vector<std::string> kernels;
  llvm::SmallVector<llvm::StringRef> lines;
  output.split(lines, '\n');
  constexpr llvm::StringLiteral kFunction = "function '";
  for (llvm::StringRef line : lines) {
    size_t at = line.find(kFunction);
    if (!line.contains("(C7512)") || at == llvm::StringRef::npos)
      continue;
    llvm::StringRef name = line.drop_front(at + kFunction.size());
    kernels.push_back(name.take_until([](char c) { return c == '\''; }).str());
  }
  return kernels;
}
