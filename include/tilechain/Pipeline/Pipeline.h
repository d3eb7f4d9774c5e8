//===- Pipeline.h - the compilation pipeline as a library -----------------===//
//
// Each stage of tilechain is a function here, so that the stage tools, a
// fused in-process driver and a C API assemble the very same pipeline.
// Stages hand their output on in files; every output carries a marker naming
// the stage that produced it and every stage checks the marker of its input
// (docs/pipeline.md describes the contracts).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_PIPELINE_H
#define TILECHAIN_PIPELINE_PIPELINE_H

#include "tilechain/Target/Chips.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilechain {

/// The module attribute that names the stage that produced an MLIR file.
/// tile-read's output carries none.
constexpr llvm::StringLiteral kStageAttrName = "tilechain.stage";

/// On tile-lower's output: the #nvvm.target (chip as given to --gpu-name,
/// optimization level) that tile-sched materializes the tile program for.
constexpr llvm::StringLiteral kTargetAttrName = "tilechain.target";
/// On tile-lower's output: "serial" or "parallel" (LowerOptions::parallel).
constexpr llvm::StringLiteral kTileFormAttrName = "tilechain.tile_form";

/// The unit attribute of a gpu.func kernel in the tile-kernel form
/// (docs/tile-kernel-contract.md): tile-llc emits it with `.language 7` and
/// tile-link gives its cubin the `.nv.host` callbacks.
constexpr llvm::StringLiteral kTileKernelAttrName = "tilechain.tile_kernel";
/// On a tile kernel in tile-llc: its tensor-map parameters (hidden, 128
/// bytes each), an array of tile_dist.tensor_map descriptions each with the
/// parameter's index as `param`.
constexpr llvm::StringLiteral kTensorMapsAttrName = "tilechain.tensor_maps";

/// The first line of every PTX file tile-llc writes; tile-link checks it.
constexpr llvm::StringLiteral kPTXStageMarker = "// tilechain.stage = tile-llc";

/// Where a stage's default pipeline ends early, as llc's -stop-before and
/// -stop-after: before or after the first pass whose argument is named.
struct StopPoint {
  std::string before, after;
  bool empty() const { return before.empty() && after.empty(); }
};

/// tile-lower: cuda_tile -> the tile-level program: cuda_tile ops whose tiles
/// carry their layouts (tile_dist.layout), the target and tile form recorded
/// on the module (kTargetAttrName, kTileFormAttrName). No thread exists yet.
struct LowerOptions {
  /// The chip, as given to --gpu-name (e.g. sm_120, sm_100a).
  std::string gpuName = "sm_100";
  /// 0-3; recorded in the #nvvm.target for tile-llc.
  unsigned optLevel = 3;
  /// Spread tiles over a CTA's threads (the parallel form) where every op
  /// of a kernel has a parallel lowering; otherwise one thread per CTA runs
  /// the kernel (the serial form).
  bool parallel = false;
};
/// The populate functions add a stage's passes up to `stop`; they fail, having
/// added them all, when `stop` names none of them.
mlir::LogicalResult populateLowerPipeline(mlir::OpPassManager &pm,
                                          const LowerOptions &options,
                                          const StopPoint &stop = {});

/// tile-sched: the schedule of the tile program, its materialization into
/// per-thread code in a gpu.module with an #nvvm.target, then the placement
/// of that code's shared memory, buffers and barriers.
mlir::LogicalResult populateSchedPipeline(mlir::OpPassManager &pm,
                                          const StopPoint &stop = {});

/// tile-llc, its MLIR half: the LLVM and NVVM dialects. With `lineInfo`,
/// every kernel gets a debug scope that emits only .loc/.file directives (no
/// DWARF sections, which ptxas refuses in optimized code), so the PTX carries
/// .loc directives for ptxas -lineinfo.
void populateLLCPipeline(mlir::OpPassManager &pm, bool lineInfo);

/// tile-llc, its LLVM half.
struct LLCOptions {
  /// Flush denormals to zero (__CUDA_FTZ).
  bool ftz = false;
  /// IEEE division (__CUDA_PREC_DIV); off selects the approximate one.
  bool precDiv = true;
  /// IEEE square root (__CUDA_PREC_SQRT); off selects the approximate one.
  bool precSqrt = true;
  /// libdevice.10.bc, linked when the module calls one of its functions.
  std::string libdevicePath;
};
enum class LLCEmit { LLVMIR, PTX };

/// Translates the output of populateLLCPipeline to LLVM IR, links libdevice
/// when referenced, runs NVVMReflect and the -O pipeline recorded in the
/// #nvvm.target, and writes LLVM IR or PTX. Errors are reported as
/// diagnostics on `module`.
mlir::LogicalResult emitTarget(mlir::ModuleOp module, const LLCOptions &options,
                               LLCEmit emit, llvm::raw_ostream &os);

/// tile-llc --emit=host-obj, its MLIR half: each kernel K of the gpu.module
/// becomes `void K__host(void **params, const uint32_t grid[6])` (params as
/// cuLaunchKernel's kernelParams; grid = block id x,y,z then grid size x,y,z)
/// in the LLVM dialect of the builtin.module.
void populateHostLLCPipeline(mlir::OpPassManager &pm);

/// tile-llc --emit=host-obj, its LLVM half: optimizes for the host and
/// writes LLVM IR or a relocatable (PIC) object file.
enum class HostEmit { LLVMIR, Object };
mlir::LogicalResult emitHost(mlir::ModuleOp module, HostEmit emit,
                             llvm::raw_ostream &os);

/// Registers the dialects and LLVM IR translations the stages need.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Registers the stage passes for use on the command line.
void registerPipelinePasses();

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_PIPELINE_H
