//===- TensorMapPTX.cpp - tensor-map parameters in tile-llc's PTX ---------===//
#include "tilechain/Emit/TensorMapPTX.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tilechain;

namespace {

constexpr llvm::StringLiteral kTensorMapComment = "// .tensormap ";

llvm::Error malformed(llvm::StringRef what, llvm::StringRef line) {
  return llvm::createStringError("malformed tensor map (" + what.str() +
                                 "): '" + line.trim().str() + "'");
}

std::string printValue(const TensorMapValue &v) {
  return (v.isParameter ? "arg" : "") + std::to_string(v.value);
}

std::optional<TensorMapValue> parseValue(llvm::StringRef text) {
  TensorMapValue v;
  v.isParameter = text.consume_front("arg");
  if (text.getAsInteger(10, v.value))
    return std::nullopt;
  return v;
}

template <typename T, typename F>
std::string printList(const std::vector<T> &values, F print) {
  std::string text;
  for (auto [i, v] : llvm::enumerate(values))
    text += (i ? "," : "") + print(v);
  return text;
}

/// The kernel header of `kernel` in `lines`: the indices of its `.entry`
/// line and of its body's `{`.
std::optional<std::pair<size_t, size_t>>
findHeader(llvm::ArrayRef<llvm::StringRef> lines, llvm::StringRef kernel) {
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef text = lines[i].trim();
    if (!text.contains(".entry"))
      continue;
    llvm::StringRef name = text.split(".entry").second.trim();
    name = name.take_until([](char c) { return c == '(' || c == ' '; });
    if (name != kernel)
      continue;
    for (size_t j = i + 1; j < lines.size(); ++j)
      if (lines[j].trim() == "{")
        return std::make_pair(i, j);
    return std::nullopt;
  }
  return std::nullopt;
}

/// `ptx` split into `lines`, and the header of `kernel` in them.
llvm::Expected<std::pair<size_t, size_t>>
kernelHeader(llvm::StringRef ptx, llvm::StringRef kernel,
             llvm::SmallVectorImpl<llvm::StringRef> &lines) {
  ptx.split(lines, '\n');
  if (std::optional<std::pair<size_t, size_t>> header =
          findHeader(lines, kernel))
    return *header;
  return llvm::createStringError("the PTX has no kernel '" + kernel.str() +
                                 "'");
}

/// The indices of the parameter lines of the header [entry, body).
llvm::SmallVector<size_t> parameterLines(llvm::ArrayRef<llvm::StringRef> lines,
                                         size_t entry, size_t body) {
  llvm::SmallVector<size_t> params;
  for (size_t i = entry + 1; i < body; ++i) {
    llvm::StringRef text = lines[i].trim();
    text.consume_front(".hidden");
    if (text.trim().starts_with(".param"))
      params.push_back(i);
    if (text == ")")
      break;
  }
  return params;
}

} // namespace

std::string tilechain::printTensorMap(const TensorMapParameter &map) {
  auto value = [](const TensorMapValue &v) { return printValue(v); };
  auto number = [](int64_t v) { return std::to_string(v); };
  return kTensorMapComment.str() + std::to_string(map.param) + " " +
         map.elementType + " base=" + printValue(map.base) +
         " sizes=" + printList(map.sizes, value) +
         " strides=" + printList(map.strides, value) +
         " box=" + printList(map.box, number) +
         " swizzle=" + std::to_string(map.swizzle);
}

llvm::Expected<TensorMapParameter>
tilechain::parseTensorMap(llvm::StringRef line) {
  llvm::StringRef text = line.trim();
  if (!text.consume_front(kTensorMapComment))
    return malformed("not a .tensormap line", line);
  llvm::SmallVector<llvm::StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  if (words.size() != 7)
    return malformed("expected 7 fields", line);
  TensorMapParameter map;
  if (words[0].getAsInteger(10, map.param))
    return malformed("parameter index", line);
  map.elementType = words[1].str();
  auto field = [&](llvm::StringRef word, llvm::StringRef key,
                   llvm::StringRef &out) {
    return word.consume_front(key) && word.consume_front("=") &&
           (out = word, true);
  };
  llvm::StringRef base, sizes, strides, box, swizzle;
  if (!field(words[2], "base", base) || !field(words[3], "sizes", sizes) ||
      !field(words[4], "strides", strides) || !field(words[5], "box", box) ||
      !field(words[6], "swizzle", swizzle))
    return malformed("expected base, sizes, strides, box, swizzle", line);
  std::optional<TensorMapValue> baseValue = parseValue(base);
  if (!baseValue)
    return malformed("base", line);
  map.base = *baseValue;
  auto values = [&](llvm::StringRef list,
                    std::vector<TensorMapValue> &out) -> bool {
    if (list.empty())
      return true;
    llvm::SmallVector<llvm::StringRef> items;
    list.split(items, ',');
    for (llvm::StringRef item : items) {
      std::optional<TensorMapValue> v = parseValue(item);
      if (!v)
        return false;
      out.push_back(*v);
    }
    return true;
  };
  if (!values(sizes, map.sizes) || !values(strides, map.strides))
    return malformed("sizes or strides", line);
  llvm::SmallVector<llvm::StringRef> boxItems;
  box.split(boxItems, ',');
  for (llvm::StringRef item : boxItems) {
    int64_t extent;
    if (item.getAsInteger(10, extent))
      return malformed("box", line);
    map.box.push_back(extent);
  }
  if (swizzle.getAsInteger(10, map.swizzle))
    return malformed("swizzle", line);
  if (map.sizes.size() != map.box.size() ||
      map.strides.size() + 1 != map.box.size())
    return malformed("rank", line);
  return map;
}

llvm::Expected<std::string> tilechain::addTensorMapParameters(
    llvm::StringRef ptx,
    const std::map<std::string, std::vector<TensorMapParameter>> &maps) {
  llvm::SmallVector<llvm::StringRef> lines;
  ptx.split(lines, '\n');
  // Per line: the text put before it, and whether it becomes hidden.
  std::vector<std::string> before(lines.size());
  std::vector<bool> hidden(lines.size(), false);
  for (const auto &[kernel, kernelMaps] : maps) {
    std::optional<std::pair<size_t, size_t>> header = findHeader(lines, kernel);
    if (!header)
      return llvm::createStringError("the PTX has no kernel '" + kernel + "'");
    llvm::SmallVector<size_t> params =
        parameterLines(lines, header->first, header->second);
    for (const TensorMapParameter &map : kernelMaps) {
      if (map.param >= params.size())
        return llvm::createStringError(
            "kernel '" + kernel + "' has no parameter " +
            std::to_string(map.param) + " for a tensor map");
      hidden[params[map.param]] = true;
      before[header->second] += printTensorMap(map) + "\n";
    }
  }
  std::string result;
  result.reserve(ptx.size() + 256);
  for (auto [i, line] : llvm::enumerate(lines)) {
    result += before[i];
    if (hidden[i]) {
      size_t indent = line.find_first_not_of(" \t");
      result += line.substr(0, indent).str() + ".hidden\t" +
                line.substr(indent).str();
    } else {
      result += line;
    }
    if (i + 1 != lines.size())
      result += '\n';
  }
  return result;
}

llvm::Expected<std::vector<TensorMapParameter>>
tilechain::getTensorMapParameters(llvm::StringRef ptx, llvm::StringRef kernel) {
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::Expected<std::pair<size_t, size_t>> header =
      kernelHeader(ptx, kernel, lines);
  if (!header)
    return header.takeError();
  std::vector<TensorMapParameter> maps;
  for (size_t i = header->first; i < header->second; ++i) {
    if (!lines[i].trim().starts_with(kTensorMapComment))
      continue;
    llvm::Expected<TensorMapParameter> map = parseTensorMap(lines[i]);
    if (!map)
      return map.takeError();
    maps.push_back(std::move(*map));
  }
  return maps;
}

llvm::Expected<std::vector<PTXParameter>>
tilechain::getKernelParameters(llvm::StringRef ptx, llvm::StringRef kernel) {
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::Expected<std::pair<size_t, size_t>> header =
      kernelHeader(ptx, kernel, lines);
  if (!header)
    return header.takeError();
  std::vector<PTXParameter> params;
  for (size_t i : parameterLines(lines, header->first, header->second)) {
    llvm::SmallVector<llvm::StringRef> words;
    llvm::StringRef(lines[i]).trim().rtrim(',').split(words, ' ', -1, false);
    llvm::SmallVector<llvm::StringRef> tokens;
    for (llvm::StringRef word : words)
      word.split(tokens, '\t', -1, false);
    // `.param .align A .b8 NAME[N]`, or `.param .TYPE [.ptr ...] NAME`.
    auto param = llvm::find(tokens, ".param");
    if (param == tokens.end() || param + 2 >= tokens.end())
      return llvm::createStringError("cannot read parameter line '" +
                                     lines[i].trim().str() + "'");
    uint64_t alignment = 0, size = 0;
    if (param[1] == ".align") {
      llvm::StringRef name = tokens.back();
      llvm::StringRef count = name.split('[').second.rtrim(']');
      if (param[2].getAsInteger(10, alignment) || count.getAsInteger(10, size))
        return llvm::createStringError("cannot read array parameter '" +
                                       lines[i].trim().str() + "'");
    } else {
      llvm::StringRef type = param[1];
      if (type.size() < 3 || type.drop_front(2).getAsInteger(10, size))
        return llvm::createStringError("cannot read parameter type '" +
                                       type.str() + "'");
      size /= 8;
      alignment = size;
    }
    params.push_back({size, alignment});
  }
  return params;
}

std::optional<uint64_t> tilechain::parameterBankBase(unsigned smVersion) {
  if (smVersion < 90)
    return std::nullopt;
  return smVersion == 90 ? 0x210 : 0x380;
}

std::vector<uint64_t>
tilechain::parameterOffsets(llvm::ArrayRef<PTXParameter> params,
                            uint64_t bankBase) {
  std::vector<uint64_t> offsets;
  uint64_t end = 0;
  for (const PTXParameter &param : params) {
    uint64_t offset = llvm::alignTo(bankBase + end, param.alignment) - bankBase;
    offsets.push_back(offset);
    end = offset + param.size;
  }
  return offsets;
}
