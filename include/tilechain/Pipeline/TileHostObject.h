//===- TileHostObject.h - the .nv.host object of tile kernels -------------===//
//
// NVIDIA's tile kernels carry an x86-64 relocatable object in the cubin's
// `.nv.host` section (ptxas --nv-host=FILE): callbacks the driver runs on the
// host when it loads the module and when a kernel's arguments change
// (shared/spec/tile-kernel-form.md, docs/tile-kernel-contract.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_TILEHOSTOBJECT_H
#define TILECHAIN_PIPELINE_TILEHOSTOBJECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace tilechain {

/// The host module for the tile kernels `kernels` (PTX names, in PTX order):
///  - `__CUDA_TILEIR_CALLBACKS` (global): 9 x u64
///    {2, 0, 0, 0, 64, &function tables, number of kernels, 2, &pre-load};
///  - `__CUDA_TILEIR_ON_PRE_LOAD(table, handle, int version, void **out)`
///    (global): returns 1 for version 0; otherwise stores in *out the address
///    of a private copy of the callbacks whose slot 2 is zero, and returns 0;
///  - per kernel i (internal): a 64-byte function table {&name, 0, 0, 0, 0,
///    &on-arguments-change, 0, 0}, the name, and
///    `int __CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_<i>(a, b, c, params)`,
///    which returns 0 (no kernel has hidden parameters to fill in yet).
std::unique_ptr<llvm::Module>
buildTileHostModule(llvm::LLVMContext &context,
                    llvm::ArrayRef<std::string> kernels);

/// buildTileHostModule compiled by LLVM's X86 back end as NVIDIA's is: an
/// x86-64 Linux ELF relocatable object, position independent, large code
/// model.
llvm::Expected<std::string>
buildTileHostObject(llvm::ArrayRef<std::string> kernels);

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_TILEHOSTOBJECT_H
