//===- TileHostObject.h - the .nv.host object of tile kernels -------------===//
//
// NVIDIA's tile kernels carry an x86-64 relocatable object in the cubin's
// `.nv.host` section (ptxas --nv-host=FILE): callbacks the driver runs on the
// host when it loads the module and when a kernel's arguments change
// (shared/spec/tile-kernel-form.md, docs/tile-kernel-contract.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LINK_TILEHOSTOBJECT_H
#define TILECHAIN_LINK_TILEHOSTOBJECT_H

#include "tilechain/Emit/TensorMapPTX.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace tilechain {

/// A tile kernel as its `.nv.host` callbacks see it: its PTX name and, where
/// it copies by TMA, its tensor maps and the byte offset and size of each of
/// its parameters in the buffer the argument-change callback gets (the
/// constant bank's layout, parameterOffsets).
struct TileHostKernel {
  std::string name;
  std::vector<TensorMapParameter> tensorMaps = {};
  std::vector<uint64_t> parameterOffsets = {};
  std::vector<uint64_t> parameterSizes = {};
};

/// Tile kernel `name` of `ptx` (for `chip`, as its `.target` says, e.g.
/// "sm_90a"), with its tensor maps and parameter layout where it has maps.
llvm::Expected<TileHostKernel> describeTileKernel(llvm::StringRef ptx,
                                                  llvm::StringRef chip,
                                                  std::string name);

/// The host module for the tile kernels `kernels` (in PTX order):
///  - `__CUDA_TILEIR_CALLBACKS` (global): 9 x u64
///    {2, 0, 0, 0, 64, &function tables, number of kernels, 2, &pre-load};
///  - `__CUDA_TILEIR_ON_PRE_LOAD(table, handle, int version, void **out)`
///    (global): returns 1 for version 0; otherwise stores in *out the address
///    of a private copy of the callbacks whose slot 2 is zero, and returns 0;
///  - per kernel i (internal): a 64-byte function table {&name, 0, 0, 0, 0,
///    &on-arguments-change, 0, 0}, the name, and
///    `int __CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_<i>(a, b, c, params)`,
///    which encodes the kernel's tensor maps into their parameters' first 64
///    bytes (docs/tensor-map-encoding.md) from the parameters they name,
///    and returns 0.
llvm::Expected<std::unique_ptr<llvm::Module>>
buildTileHostModule(llvm::LLVMContext &context,
                    llvm::ArrayRef<TileHostKernel> kernels);

/// buildTileHostModule compiled by LLVM's X86 back end as NVIDIA's is: an
/// x86-64 Linux ELF relocatable object, position independent, large code
/// model.
llvm::Expected<std::string>
buildTileHostObject(llvm::ArrayRef<TileHostKernel> kernels);

} // namespace tilechain

#endif // TILECHAIN_LINK_TILEHOSTOBJECT_H
