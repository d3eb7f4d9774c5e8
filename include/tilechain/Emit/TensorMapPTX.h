//===- TensorMapPTX.h - tensor-map parameters in tile-llc's PTX -*- C++ -*-===//
//
// A tile kernel that copies by TMA takes one hidden 128-byte parameter per
// tensor map, as NVIDIA's do (`.hidden .param .align 64 .b8 P[128]`, after
// the visible ones), and its `.nv.host` callback encodes the maps into them
// at launch (docs/tile-kernel-contract.md). tile-llc says in the kernel's
// PTX header what each map describes, one comment line per map:
//
//   // .tensormap 15 f16 base=arg0 sizes=arg2,arg1 strides=arg3 box=64,128 swizzle=128
//
// (the hidden parameter's index, the element type, and the tensor: its base
// address, its extents from the contiguous dim on, its strides in elements
// for the dims after that, each a kernel parameter `argN` or a constant;
// then the box and the swizzle in bytes, 0 for none). tile-link reads them
// back to build the callbacks.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_EMIT_TENSORMAPPTX_H
#define TILECHAIN_EMIT_TENSORMAPPTX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilechain {

/// What a tensor map's callback reads for one field: a kernel parameter, or
/// a constant.
struct TensorMapValue {
  bool isParameter = false;
  uint64_t value = 0; // the parameter's index, or the constant

  bool operator==(const TensorMapValue &other) const {
    return isParameter == other.isParameter && value == other.value;
  }
};

/// One hidden tensor-map parameter of a kernel.
struct TensorMapParameter {
  unsigned param = 0;      // its index among the kernel's parameters
  std::string elementType; // as MLIR prints it: f16, bf16, f32, i8, ...
  TensorMapValue base;
  std::vector<TensorMapValue> sizes;   // innermost (contiguous) dim first
  std::vector<TensorMapValue> strides; // in elements, dims 1 on
  std::vector<int64_t> box;
  int64_t swizzle = 0;

  bool operator==(const TensorMapParameter &other) const {
    return param == other.param && elementType == other.elementType &&
           base == other.base && sizes == other.sizes &&
           strides == other.strides && box == other.box &&
           swizzle == other.swizzle;
  }
};

/// The comment line (without its newline) that describes `map`.
std::string printTensorMap(const TensorMapParameter &map);
/// `map` from a line printTensorMap wrote (leading blanks allowed).
llvm::Expected<TensorMapParameter> parseTensorMap(llvm::StringRef line);

/// `ptx` with each kernel's tensor-map parameters (`maps`, by kernel name)
/// marked `.hidden` and described in its header, before its `{`. Fails when
/// a kernel or parameter is missing.
llvm::Expected<std::string> addTensorMapParameters(
    llvm::StringRef ptx,
    const std::map<std::string, std::vector<TensorMapParameter>> &maps);

/// The tensor maps described in kernel `kernel`'s header, in order.
llvm::Expected<std::vector<TensorMapParameter>>
getTensorMapParameters(llvm::StringRef ptx, llvm::StringRef kernel);

/// The byte size and alignment of each of kernel `kernel`'s parameters, as
/// its PTX header declares them (`.param .u64 ...`, `.param .align 64 .b8
/// P[128]`).
struct PTXParameter {
  uint64_t size, alignment;
};
llvm::Expected<std::vector<PTXParameter>>
getKernelParameters(llvm::StringRef ptx, llvm::StringRef kernel);

/// Where the driver's parameter buffer starts in a kernel's constant bank
/// on sm_`smVersion` (docs/tensor-map-encoding.md), for the targets with
/// TMA (sm_90 on); nullopt before them.
std::optional<uint64_t> parameterBankBase(unsigned smVersion);

/// The byte offset of each parameter in the parameter buffer: each aligned
/// in constant-bank space (from `bankBase`), as ptxas lays them out.
std::vector<uint64_t> parameterOffsets(llvm::ArrayRef<PTXParameter> params,
                                       uint64_t bankBase);

} // namespace tilechain

#endif // TILECHAIN_EMIT_TENSORMAPPTX_H
