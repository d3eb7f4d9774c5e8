//===- TileKernelPTX.h - the tile-kernel form in PTX text -----------------===//
//
// A tile kernel is marked in its PTX header with `.language 7`, which LLVM's
// NVPTX back end cannot print: tile-llc adds it to the PTX text, and tile-link
// reads it back to learn which kernels need the `.nv.host` callbacks
// (docs/tile-kernel-contract.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_EMIT_TILEKERNELPTX_H
#define TILECHAIN_EMIT_TILEKERNELPTX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace tilechain {

/// The `.language` of Tile IR kernels, as NVIDIA's tileiras writes it; ptxas
/// records it as EIATTR_LANGUAGE (0x66) in the kernel's `.nv.info`.
constexpr unsigned kTileIRLanguage = 7;

/// The lowest PTX ISA version with `.language`, as major * 10 + minor (9.2,
/// read by ptxas 13.2 and later).
constexpr unsigned kLanguageMinPTXVersion = 92;

/// `ptx` (as the NVPTX AsmPrinter writes it) with `.language 7` as the last
/// directive of the header of each kernel in `kernels`, right before its
/// body's `{`, and `.version` raised to 9.2 where it is lower. Nothing else
/// changes. Fails when a kernel is missing or the text is not shaped as
/// expected.
llvm::Expected<std::string>
addTileKernelDirectives(llvm::StringRef ptx,
                        llvm::ArrayRef<std::string> kernels);

/// `.version X.Y` as X * 10 + Y, or nullopt when `line` is not one.
std::optional<unsigned> getPTXVersion(llvm::StringRef line);

/// The kernels (`.entry`) of `ptx` whose header declares `.language 7`, in
/// the order of the PTX.
std::vector<std::string> getTileKernels(llvm::StringRef ptx);

/// The kernels of `ptx` whose header asks for more than one CTA per SM
/// (`.minnctapersm N`, N > 1: an occupancy hint followed, which caps
/// the registers ptxas may give a thread), in the order of the PTX.
std::vector<std::string> getOccupancyCappedKernels(llvm::StringRef ptx);

/// `ptx` with `.minnctapersm 1` in the headers of `kernels`: no register
/// cap for occupancy. Nothing else changes.
std::string dropOccupancyCaps(llvm::StringRef ptx,
                              llvm::ArrayRef<std::string> kernels);

/// The kernels whose wgmma ptxas says it serialized for want of registers
/// (its advisory C7512), read from ptxas's output.
std::vector<std::string> getSerializedWgmmaKernels(llvm::StringRef output);

} // namespace tilechain

#endif // TILECHAIN_EMIT_TILEKERNELPTX_H
