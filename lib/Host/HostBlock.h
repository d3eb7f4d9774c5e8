//===- HostBlock.h - one GPU block of threads on the host ------*- C++ -*-===//
//
// The host backend runs a whole block per K__host call. Each kernel's body
// becomes K__thread(params, grid, sync, tid, workgroup buffers...), run once
// per thread. A kernel with barriers or shuffles makes K__thread a coroutine
// (LLVM's switched-resume lowering): a thread suspends where it waits for
// others or yields to them, and K__host resumes the unfinished threads in
// thread order until all have returned. Everything lives in the host
// object; no runtime library.
//
// The threads of a block synchronise through one array of i32 words:
//   [0]                 progress: set by every arrival, yield and exit, so
//                       that a sweep of the scheduler without it is a
//                       deadlock;
//   [1+3g], +1, +2      group g's live threads, threads arrived, generation;
//                       group 0 is the block (gpu.barrier), group 1+w is
//                       warp w (gpu.shuffle), group 1+W+b is named barrier
//                       b (W = number of warps), whose "live" word is the
//                       thread count its current generation's arrivals
//                       name;
//   [1+3(17+W)+t]       thread t's shuffle slot;
//   then 6 per thread   thread t's mma.sync fragment registers (4 of A, 2
//                       of B), which the other lanes of its warp read.
// A thread arriving at a group's barrier takes the generation, and the last
// live thread to arrive (or a thread's exit that leaves only arrived ones)
// starts the next; a waiting thread suspends until the generation moves on.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_HOSTBLOCK_H
#define TILECHAIN_PIPELINE_HOSTBLOCK_H

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

namespace tilechain::host {

constexpr int32_t kWarpSize = 32;
/// A CTA's hardware barriers, bar.sync 0 to 15.
constexpr int32_t kNamedBarriers = 16;

/// The per-block synchronisation words of a block of `threads` threads.
struct SyncLayout {
  int32_t threads;

  int32_t warps() const { return (threads + kWarpSize - 1) / kWarpSize; }
  static constexpr int32_t progressWord() { return 0; }
  static constexpr int32_t liveWord(int32_t group) { return 1 + 3 * group; }
  static constexpr int32_t arrivedWord(int32_t group) { return 2 + 3 * group; }
  static constexpr int32_t generationWord(int32_t group) {
    return 3 + 3 * group;
  }
  /// Named barrier b's group (bar.sync b, N).
  int32_t namedGroup(int32_t barrier) const { return 1 + warps() + barrier; }
  int32_t shuffleSlot(int32_t thread) const {
    return liveWord(namedGroup(kNamedBarriers)) + thread;
  }
  /// The fragment registers of one thread's mma.sync, then its block
  /// scales' two words.
  static constexpr int32_t kMmaWords = 8;
  int32_t mmaSlot(int32_t thread) const {
    return shuffleSlot(threads) + kMmaWords * thread;
  }
  int32_t words() const { return mmaSlot(threads); }
};

/// `llvm.call @__tilechain_host_wait(generationSlot, generation)`: the thread
/// waits until the word at generationSlot differs from generation.
/// HostCoroutines turns each call into a suspend loop.
constexpr llvm::StringLiteral kWaitFunction = "__tilechain_host_wait";

/// `llvm.call @__tilechain_host_yield()`: the thread lets the others of its
/// block run. It marks progress (lowerYield) and suspends once, until the
/// scheduler's next pass over it (HostCoroutines).
constexpr llvm::StringLiteral kYieldFunction = "__tilechain_host_yield";

/// `llvm.call @__tilechain_host_exit()`: the thread ends here (nvvm.exit,
/// after leaving its groups). HostCoroutines turns each call into a
/// return of K__thread, out of whatever structured code held it.
constexpr llvm::StringLiteral kExitFunction = "__tilechain_host_exit";

/// Calls kYieldFunction, declared in `module` once.
void emitYield(mlir::OpBuilder &b, mlir::Location loc, mlir::ModuleOp module);
/// Whether `op` calls kYieldFunction.
bool isYield(mlir::Operation *op);

/// What K__thread knows about its thread: the sync words, its index.
struct ThreadContext {
  SyncLayout layout;
  mlir::Value sync; // !llvm.ptr to the sync words
  mlir::Value tid;  // i32
};

/// Declares in `module` the functions the lowered barriers, shuffles and
/// exits call (arrive, depart, the wait marker), once.
void declareSyncFunctions(mlir::ModuleOp module, mlir::OpBuilder &builder);

/// nvvm.exit -> the thread leaves the block and its warp (where threads
/// synchronise), then the exit marker.
void lowerExit(mlir::NVVM::Exit exit, const ThreadContext &thread,
               bool synchronises);

/// A call of kYieldFunction -> progress marked, then the call, which
/// HostCoroutines turns into one suspend.
void lowerYield(mlir::LLVM::CallOp yield, const ThreadContext &thread);

/// gpu.barrier -> wait for every live thread of the block.
void lowerBarrier(mlir::gpu::BarrierOp barrier, const ThreadContext &thread);

/// nvvm.barrier: without an id or thread count, as gpu.barrier; with them
/// (bar.sync b, N), an arrival at named barrier b and a wait until N
/// threads have arrived in its generation, whichever they are: threads
/// that exited or never come do not count, as on the GPU. An arrival whose
/// N is not a positive multiple of the warp size, or differs from the N
/// its generation's first arrival named, aborts (PTX leaves both
/// undefined). The reduction form is not run (checkHostable).
void lowerNamedBarrier(mlir::NVVM::BarrierOp barrier,
                       const ThreadContext &thread, llvm::StringRef kernel);
/// nvvm.barrier.arrive (bar.arrive b, N): the same arrival, without the
/// wait.
void lowerBarrierArrive(mlir::NVVM::BarrierArriveOp arrive,
                        const ThreadContext &thread, llvm::StringRef kernel);
/// Whether the host runs `barrier` (not the reduction form).
bool isHostBarrier(mlir::NVVM::BarrierOp barrier);

/// gpu.shuffle -> exchange through the warp's shuffle slots, with the lane
/// arithmetic and valid flag of the shfl.sync gpu-to-nvvm emits for it. All
/// live lanes of the warp take part, whatever the width (the parallel form
/// shuffles whole warps).
mlir::LogicalResult lowerShuffle(mlir::gpu::ShuffleOp shuffle,
                                 const ThreadContext &thread);

/// &sync[word] for an i32 word index.
mlir::Value wordAddress(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value sync, mlir::Value word);

/// Waits for every live thread of the running thread's warp.
void emitWarpBarrier(mlir::OpBuilder &b, mlir::Location loc,
                     const ThreadContext &thread);

/// A warp's mma.sync: an nvvm.mma.sync, a call of the LLVM intrinsic of
/// an fp8 one (tilechain/Sched/Materialize/Fp8MmaSync.h), or an
/// nvvm.mma.block_scale (.scale_vec::1X, ue8m0).
struct MmaSync {
  mlir::Operation *op;
  int64_t m, n, k;
  std::optional<mlir::NVVM::MMATypes> aType, bType;
  bool rowMajorA, columnMajorB;
  mlir::ValueRange a, b, c; // fragment registers
  mlir::Value d;            // the result, a struct of four registers
  /// Block-scaled: each lane's scale data (i32) and the byte and thread
  /// selectors (i16) of A's and B's scales; null otherwise.
  mlir::Value scaleA, byteIdA, threadIdA, scaleB, byteIdB, threadIdB;
};
/// `op` as an mma.sync, or nullopt when it is not one.
std::optional<MmaSync> matchMmaSync(mlir::Operation *op);

/// A tensor-core input element in the low bits of the i32 `bits`, as the
/// host multiplies it: widened exactly to f32 (f16, bf16, the top 19 bits of
/// a tf32, e4m3, e5m2), or to i32 (s8, u8).
mlir::Value decodeMmaElement(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value bits, mlir::NVVM::MMATypes type);
/// An e8m0 block scale (an i32 from 0 to 255) as the f32 it stands for:
/// 2^(s - 127), 255 a NaN.
mlir::Value decodeE8M0(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value scale);
/// `sum` + a x b as a tensor core's step: one fma in f32, or i32 with
/// wraparound.
mlir::Value multiplyAdd(mlir::OpBuilder &b, mlir::Location loc, mlir::Value a,
                        mlir::Value bv, mlir::Value sum);

/// mma.sync -> each lane deposits its A and B fragment registers in its mma
/// slots, waits for its warp, computes its D registers from the slots of the
/// lanes that hold their rows of A and columns of B, and waits again before
/// the slots can be reused (HostMma.cpp).
mlir::LogicalResult lowerMmaSync(const MmaSync &mma,
                                 const ThreadContext &thread);

/// Each nvgpu.ldmatrix of `kernel` -> a shuffle per matrix of the row starts
/// the lanes name, and the lane's own loads from there (HostLdMatrix.cpp).
/// Runs before the shuffles are lowered.
mlir::LogicalResult expandLdMatrix(mlir::gpu::GPUFuncOp kernel);

/// Each tile_dist.store_matrix of `kernel` -> per matrix, a shuffle of the
/// row start the lane's word goes to, and the lane's own stores there
/// (HostStMatrix.cpp). Runs before the shuffles are lowered.
void expandStoreMatrix(mlir::gpu::GPUFuncOp kernel);

/// The `element` at `base` + `index` elements (a global pointer) where
/// `inside` holds, else zero: what a copy into shared memory reads.
mlir::Value loadOrZero(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value inside, mlir::Value base, mlir::Type element,
                       mlir::LLVM::GEPArg index);

/// The byte address (i64) of element `index` of the 1-D memref
/// `destination`, of `elementBytes`-byte elements (HostAsyncCopy.cpp).
mlir::Value elementAddress(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value destination, mlir::Value index,
                           int64_t elementBytes);

/// The environment variable that picks the adversarial choices of a host
/// run (HostAsyncCopy.cpp, HostBlockLaunch.cpp): 0 or unset, and 1, two
/// fixed extremes; any other value, a seeded mix. Every run with the same
/// seed computes the same result.
constexpr llvm::StringLiteral kHostSeedVariable = "TILECHAIN_HOST_SEED";

/// Declares the C library function `name` of `type` in `module`, once.
void declareLibcFunction(mlir::ModuleOp module, llvm::StringRef name,
                         mlir::LLVM::LLVMFunctionType type);

/// calloc and free, declared in `module` once.
void declareHeapFunctions(mlir::ModuleOp module);

/// A thread-local `!llvm.ptr` global `name` of `module`, null at first,
/// declared once: the running block's (one block runs at a time in a host
/// thread).
void declareBlockPointer(mlir::ModuleOp module, llvm::StringRef name);

/// The pointer stored at `slot`; where it is null, `count` zeroed elements
/// of `size` bytes are calloc'd and stored there first (declareHeapFunctions).
mlir::Value allocateOnFirstUse(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value slot, int64_t count, int64_t size);

/// The most threads a block has (CUDA's limit).
constexpr int64_t kMaxThreads = 1024;

/// The block's array of one flag byte per thread named `name`, where a check
/// reads what the other threads have done since their last fence: a
/// thread-local global (one block runs at a time in a host thread),
/// kMaxThreads zeroed bytes allocated by the first thread that needs them.
/// Each thread clears its own at its start.
mlir::Value blockFlags(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::ModuleOp module, llvm::StringRef name);
/// Sets (`value`) or clears thread `tid`'s (an i32) flag of `flags`.
void setThreadFlag(mlir::OpBuilder &b, mlir::Location loc, mlir::Value flags,
                   mlir::Value tid, bool value);

/// Whether `fence` orders the thread's generic accesses of shared memory
/// with the async proxy's (fence.proxy.async, whole or of shared memory).
bool fencesToAsyncProxy(mlir::NVVM::FenceProxyOp fence);

/// The value of kHostSeedVariable (atoi), 0 where it is not set.
mlir::Value readHostSeed(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::ModuleOp module);

/// A 32-bit hash of i32 `words` (murmur3's finalizer over their mix).
mlir::Value mixHash(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::ArrayRef<mlir::Value> words);

/// Whether asynchronous copy `number` (i32) of thread `tid` lands at its
/// issue under `seed` (kHostSeedVariable): never under 0, always under 1,
/// else by a hash of the three (HostAsyncCopy.cpp).
mlir::Value landsEarly(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value seed, mlir::Value tid, mlir::Value number);

/// `i32 __tilechain_host_land(sync, limit)`: lands `limit` entries of the
/// block's queue of late landings (TMA copies' bytes, tcgen05 commits'
/// products), each then completed on its mbarrier, and returns how many
/// there were, or -1 where an mbarrier refused one (not set up). One: the
/// oldest whose mbarrier a thread waits on (mbarrierWaits), a commit only
/// where no earlier commit is queued, else the oldest; more: the oldest.
/// K__host lands one when a sweep of its threads makes no progress, and
/// all as the block ends (HostAsyncLandings.cpp, HostBlockLaunch.cpp).
/// Declared only where a kernel queues landings (declareLandings).
constexpr llvm::StringLiteral kLandFunction = "__tilechain_host_land";

/// What a queued landing is.
enum class LateLanding : int64_t {
  /// A TMA copy: its box over shared memory, its bytes completed.
  TensorCopy = 0,
  /// A tcgen05 commit: its products' columns over the threads' tensor
  /// memory, one arrival.
  TensorMmaCommit = 1,
};

/// Declares the queue and kLandFunction in `module`, once.
void declareLandings(mlir::ModuleOp module);

/// The block's table of what its threads wait on: kMaxThreads i64 words,
/// the address of the mbarrier thread t is suspended on, 0 where none (a
/// thread-local global, as blockFlags). Each mbarrier_wait writes its
/// thread's word while it waits (HostMbarrier.cpp), so that a stalled sweep
/// lands what a waiting thread needs (kLandFunction).
mlir::Value mbarrierWaits(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::ModuleOp module);

/// Whether the block's queue of late landings holds any (an i1); the queue
/// must be declared (declareLandings).
mlir::Value anyLandingQueued(mlir::OpBuilder &b, mlir::Location loc);

/// Queues, for `op` of `kernel` (where its abort points when the queue is
/// full), the landing of `bytes` (i64) from `image` (calloc'd, freed when
/// it lands) to `destination` (i64 addresses or pointers), completed on
/// `mbarrier` as `kind` says.
void queueLanding(mlir::OpBuilder &b, mlir::Operation *op,
                  llvm::StringRef kernel, LateLanding kind,
                  mlir::Value destination, mlir::Value image,
                  mlir::Value bytes, mlir::Value mbarrier);

/// `i32 __tilechain_host_mbarrier_update(sync, mbarrier, arrivals, bytes)`:
/// the arrivals and transaction bytes (negative: completed) on an
/// mbarrier, non-zero where it refuses them (HostMbarrier.cpp). Declared
/// once per module by declareMbarrierUpdate.
constexpr llvm::StringLiteral kMbarrierUpdateFunction =
    "__tilechain_host_mbarrier_update";
void declareMbarrierUpdate(mlir::ModuleOp module);

/// Each tile_dist.async_copy of `kernel` -> the thread's element loads, and
/// its stores at issue or at the wait that retires its group, as
/// kHostSeedVariable says; the cp.async group ops keep the thread's
/// queue of copies in flight (HostAsyncCopy.cpp).
void expandAsyncCopies(mlir::gpu::GPUFuncOp kernel);

/// Each tile_dist.tensor_copy and tensor_store of `kernel` -> the issuing
/// thread's element loads and stores between the tensor its operands
/// describe and shared memory. A store is written at once. A copy lands
/// at once, its bytes then completed on its mbarrier
/// (nvvm.mbarrier.complete_tx), or, as kHostSeedVariable says, is queued
/// for K__host to land when every thread of the block waits
/// (queueLanding) (HostTensorCopy.cpp).
void expandTensorCopies(mlir::gpu::GPUFuncOp kernel);

/// Each tile_dist.tensor_store of `kernel` -> the issuing thread's loop over
/// the box, run at issue or, as kHostSeedVariable says, at the
/// nvvm.cp.async.bulk.wait_group that covers its bulk group (or the thread's
/// return); the bulk group ops go (HostTensorStore.cpp).
void expandTensorStores(mlir::gpu::GPUFuncOp kernel);

/// Each tile_dist.warpgroup_mma of `kernel` -> the thread's own accumulator
/// elements, computed at once from the shared-memory operands, stopping the
/// block where the thread has no wgmma.fence since its start or its last
/// warpgroup_wait; the wgmma ordering ops and async-proxy fences go
/// (HostWgmma.cpp).
void expandWarpgroupMma(mlir::gpu::GPUFuncOp kernel);

/// The byte (an index value) of `buffer` where element (x, k) of a
/// tensor-core operand laid out as `matrix` from byte `start` begins: the
/// canonical offset, then the swizzle of the resulting byte address
/// (relative to the buffer, which the device aligns to the swizzle pattern).
mlir::Value sharedMatrixElementAddress(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Value start,
                                       tile_dist::SharedMatrixAttr matrix,
                                       int64_t elementBytes, mlir::Value x,
                                       mlir::Value k);

/// The element at (x, k) of a tensor-core operand of `type` (a tile_dist
/// element type of `elementBytes` bytes) laid out as `matrix` from byte
/// `start` (an index value) of `buffer` (a 1-D i8 memref), decoded as
/// decodeMmaElement does (HostWgmma.cpp).
mlir::Value readSharedMatrixElement(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value buffer, mlir::Value start,
                                    tile_dist::SharedMatrixAttr matrix,
                                    mlir::Type type, int64_t elementBytes,
                                    mlir::Value x, mlir::Value k);

/// The workgroup attribution of its gpu.func that `buffer` is, or is a chain
/// of memref.views of; null where it is neither (HostAsyncReads.cpp).
mlir::BlockArgument workgroupRoot(mlir::Value buffer);
/// The byte offset (an index value) of `buffer`'s byte 0 in its
/// workgroupRoot: the sum of its views' shifts.
mlir::Value byteOffsetInRoot(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value buffer);
/// Bytes [first, last) (index values) of shared-memory buffer `buffer`.
struct SharedSpan {
  mlir::Value buffer, first, last;
};
/// The spans of the shared-memory operands that `mma` (a
/// tile_dist.warpgroup_mma or tensor_mma) reads, built at `b`: A where it
/// is not in registers, and B.
llvm::SmallVector<SharedSpan, 2> mmaOperandSpans(mlir::OpBuilder &b,
                                                 mlir::Location loc,
                                                 mlir::Operation *mma);
/// Builds `body` in an scf.if that holds on its warpgroup's first thread,
/// which keeps the bookkeeping of a wgmma that every thread of the
/// warpgroup issues.
void onWarpgroupLeader(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::function_ref<void(mlir::OpBuilder &)> body);

/// Checks in `kernel` that the async proxy sees the generic writes of shared
/// memory it reads or overwrites: each TMA copy, TMA store and wgmma or
/// tcgen05.mma operand stops the block where a byte it touches was last
/// written by a thread with no fence.proxy.async since (HostProxyFences.cpp).
/// Runs after expandStoreMatrix (whose stores it sees as the generic writes
/// they are) and before the async ops are expanded.
void checkProxyFences(mlir::gpu::GPUFuncOp kernel);

/// Adds to `kernel` the ledger that checks each wgmma and tcgen05.mma's
/// shared-memory operands unchanged until the wait that retires it
/// (HostAsyncReads.cpp); before expandWarpgroupMma and expandTensorMma.
void checkAsyncReads(mlir::gpu::GPUFuncOp kernel);

/// The tensor-memory ops of `kernel` -> two workgroup arrays of 128 lanes by
/// 512 columns of i32 that stand for the CTA's tensor memory, as the
/// threads read it and as the tensor cores see it; each tile_dist.tensor_mma
/// -> the issuing thread's whole product into the tensor cores' view, at
/// once; each tensor_mma_commit -> that view copied over the threads' and
/// an arrival (lowerMbarrierOps), at once or queued (queueLanding), as
/// kHostSeedVariable says; the allocation and tcgen05 fences go
/// (HostTensorMma.cpp).
void expandTensorMma(mlir::gpu::GPUFuncOp kernel);

/// Checks in `kernel` that a barrier between two threads' tcgen05 ops (tensor
/// memory's allocation, loads, stores, the mma and its commit) has the
/// first thread's tcgen05.fence::before_thread_sync before it and the
/// second's fence::after_thread_sync after it, stopping the block at the
/// second op where one is missing (HostTcgen05Fences.cpp). Runs before the
/// tcgen05 ops and fences are expanded.
void checkTcgen05Fences(mlir::gpu::GPUFuncOp kernel);

/// The address (an !llvm.ptr in the shared address space) of mbarrier
/// `index` of `barriers`, a memref of i64 of any offset.
mlir::Value mbarrierAddress(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value barriers, mlir::Value index);

/// Whether `op` sets up, arrives on, completes bytes of, waits on or gives
/// back an mbarrier: what lowerMbarrierOps lowers.
bool isMbarrierOp(mlir::Operation *op);

/// The mbarrier ops of K__thread -> the mbarrier's state in its shared
/// memory words, updated as the PTX ISA says; a wait suspends the thread
/// until its phase completes (HostMbarrier.cpp).
void lowerMbarrierOps(mlir::func::FuncOp thread, const ThreadContext &context,
                      llvm::StringRef kernel);

/// Writes "tilechain host: kernel 'K': <what>" and a newline to stderr,
/// then aborts; the text is a global of the module before `function`, the
/// function `b` builds in (or before the gpu.module holding it).
void emitHostAbort(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::Operation *function, llvm::StringRef kernel,
                   llvm::StringRef what);

/// Where `condition` holds, aborts (emitHostAbort) saying where `op` is,
/// its name and `what` it does; `op` is in the function `b` builds in.
void abortIf(mlir::OpBuilder &b, mlir::Operation *op, mlir::Value condition,
             llvm::StringRef kernel, llvm::StringRef what);

/// Leaves the block and the warp at a thread's return.
void emitThreadExit(mlir::OpBuilder &b, mlir::Location loc,
                    const ThreadContext &thread);

/// Builds K__host's body: the workgroup buffers, the sync words, then every
/// thread of the block run to completion (in thread order when the threads
/// never wait on each other; otherwise as resumed coroutines).
void buildBlockLaunch(mlir::func::FuncOp host, llvm::StringRef kernel,
                      mlir::func::FuncOp thread, SyncLayout layout,
                      bool synchronises,
                      llvm::ArrayRef<mlir::MemRefType> workgroupBuffers);

} // namespace tilechain::host

#endif
