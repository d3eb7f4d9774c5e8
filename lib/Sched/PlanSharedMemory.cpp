//===- PlanSharedMemory.cpp - one shared array per kernel, and its barriers ===//
//
// tile-sched gives each exchange through shared memory its own buffer (a
// workgroup attribution of i8) and starts the exchange with a barrier marked
// kWriteAfterReadAttrName: [barrier?] writes, barrier, reads. tile-sched
// places the buffers in one shared array per kernel and decides which of
// those barriers stay.
//
// Placement. A buffer is in use from its first op (a view of it) to its last
// use, in program order, and through the whole of any loop that uses it but
// does not contain its first op (BufferLifetimes.h). Buffers whose uses do
// not overlap may share bytes; each starts at a multiple of 16 bytes. Among
// the packings by first fit, the planner prefers the one where a buffer also
// avoids the bytes of the buffers whose reads no barrier has yet closed when
// it is written: the exchange before it, typically. Its leading barrier then
// orders nothing and goes. A buffer keeps that preference where the array
// stays within the plain packing's size or kBarrierSavingBytes, whichever
// is larger, so that saving barriers never costs a kernel occupancy.
//
// Barriers. A marked barrier is needed when an access since the previous
// barrier (on some path, and around loops) touches bytes its exchange then
// writes. A forward walk over the structured control flow keeps the set of
// buffers read and written since the last barrier, joins the branches of an
// scf.if and runs loop bodies to a fixed point; a marked barrier whose
// following writes (up to the next barrier of its block) overlap nothing in
// that set is removed; so is one with nothing after it before the kernel
// ends. Barriers without the mark (an exchange's barrier between its writes
// and reads, a token's ordering of global memory) stay.
//
// Proxy fences. A TMA ring's setup starts with a fence.proxy.async marked
// kBeforeAsyncWritesAttrName: the threads' generic writes of the bytes the
// ring's copies then write (through the async proxy) must come first. It
// stays only where such a write may run before it (earlier in program
// order, or in a loop around it) on bytes that overlap the copies', as far
// as constant view shifts tell; generic reads need no fence.
// Accesses are seen through views, loads and stores; a buffer with any other
// user is in use for the whole kernel, and its kernel keeps every barrier.
//
// Races. The placement relies on each write to a buffer coming after a
// barrier (marked, or not). A last walk with the barriers that stay checks
// that no access meets another buffer's access to the same bytes since the
// last barrier; where one does (a lowering that forgot its barrier), the
// two buffers are kept apart and the kernel is packed again.
//
// Occupancy. A kernel asking for more CTAs per SM (nvvm.minctasm) than its
// array lets an SM hold asks for as many as fit instead.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/TileDist/IR/AsyncProxy.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Sched/Passes.h"

#include "BufferLifetimes.h"
#include "ModuleTarget.h"
#include "ViewBytes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Every buffer starts at a multiple of this, enough for 16-byte accesses,
/// or of the larger alignment its attribution's `llvm.align` asks for (a
/// wgmma operand's swizzle pattern starts at a multiple of 1024 bytes).
constexpr int64_t kSharedAlignment = 16;

/// Shared memory a kernel may take to save barriers even where liveness
/// alone would need less: a CTA using this much never has an SM run fewer
/// CTAs than its threads and registers allow (6 CTAs of 16 KiB fit the
/// 100 KiB of an sm_86/89/120 SM, 14 the 228 KiB of sm_90/100).
constexpr int64_t kBarrierSavingBytes = 16 * 1024;

struct SharedBuffer {
  BlockArgument attribution;
  int64_t bytes;   // padded to kSharedAlignment
  int64_t alignment;
  int64_t begin;   // its first op
  int64_t end;     // its last use (loops included)
  int64_t settled; // the first unmarked barrier after `end` that runs then
  int64_t offset = 0;
  /// The ops that use it, through views too (collectMemRefUsers).
  SmallVector<Operation *> users;
};

/// Whether two placed buffers share bytes.
bool sharesBytes(const SharedBuffer &a, const SharedBuffer &b) {
  return a.offset < b.offset + b.bytes && b.offset < a.offset + a.bytes;
}

bool isWriteAfterReadBarrier(Operation *op) {
  return isa<gpu::BarrierOp>(op) && op->hasAttr(kWriteAfterReadAttrName);
}

/// The position of the first barrier without the mark after the op at `end`
/// that runs whenever that op has: a later op of its block or of an
/// enclosing block. The end of the kernel when there is none.
int64_t settledPosition(int64_t end, const ProgramOrder &order) {
  for (Operation *op = order.at(end); op && !isa<gpu::GPUFuncOp>(op);
       op = op->getParentOp())
    for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
      if (isa<gpu::BarrierOp>(next) && !isWriteAfterReadBarrier(next))
        return order[next];
  return order.size();
}

/// Pairs of buffers (indices, the lower first) that must not share bytes:
/// where sharing them left an access unordered (RaceFinder).
using BuffersApart = DenseSet<std::pair<unsigned, unsigned>>;

/// Packs `buffers` (sorted by begin) first fit, each avoiding the buffers
/// whose [begin, end] meets its own and those it is kept `apart` from; with
/// `cap`, first the ones whose [begin, settled] meets its own, where that
/// stays within `cap` bytes. Returns the array's size.
int64_t pack(MutableArrayRef<SharedBuffer> buffers,
             std::optional<int64_t> cap, const BuffersApart &apart) {
  int64_t size = 0;
  for (size_t i = 0; i < buffers.size(); ++i) {
    SharedBuffer &current = buffers[i];
    auto takenBy = [&](auto meets) {
      SmallVector<std::pair<int64_t, int64_t>> taken;
      for (auto [j, other] : llvm::enumerate(buffers.take_front(i)))
        if (meets(other) || apart.contains({unsigned(j), unsigned(i)}))
          taken.push_back({other.offset, other.offset + other.bytes});
      return taken;
    };
    std::optional<int64_t> offset;
    if (cap) {
      int64_t settledOffset = lowestFreeOffset(
          current.bytes, current.alignment, takenBy([&](const SharedBuffer &other) {
            return other.settled >= current.begin &&
                   other.begin <= current.settled;
          }));
      if (settledOffset + current.bytes <= *cap)
        offset = settledOffset;
    }
    if (!offset)
      offset = lowestFreeOffset(current.bytes, current.alignment,
                                takenBy([&](const SharedBuffer &other) {
                                  return other.end >= current.begin &&
                                         other.begin <= current.end;
                                }));
    current.offset = *offset;
    size = std::max(size, *offset + current.bytes);
  }
  return size;
}

/// Which buffers were read and written since the last barrier.
struct AccessSet {
  llvm::BitVector reads, writes;
  explicit AccessSet(unsigned buffers) : reads(buffers), writes(buffers) {}
  void clear() {
    reads.reset();
    writes.reset();
  }
  void join(const AccessSet &other) {
    reads |= other.reads;
    writes |= other.writes;
  }
  bool operator==(const AccessSet &other) const {
    return reads == other.reads && writes == other.writes;
  }
};

/// What each op does to the buffers: (buffer index, whether it writes).
using BufferAccesses =
    DenseMap<Operation *, SmallVector<std::pair<unsigned, bool>>>;

/// A forward walk over a kernel's structured control flow that keeps the
/// accesses since the last barrier: it joins the branches of an scf.if and
/// runs loop bodies (any op with regions) to a fixed point.
class AccessWalk {
public:
  AccessWalk(ArrayRef<SharedBuffer> buffers, const BufferAccesses &accesses)
      : buffers(buffers), accesses(accesses) {}
  virtual ~AccessWalk() = default;

  void run(gpu::GPUFuncOp func) {
    AccessSet state(buffers.size());
    walkRegion(func.getBody(), state);
  }

protected:
  ArrayRef<SharedBuffer> buffers;
  const BufferAccesses &accesses;

  /// Whether `barrier` orders the accesses before it (ends the set).
  virtual bool orders(gpu::BarrierOp barrier, const AccessSet &state) = 0;
  /// `op`'s accesses, before they join `state`.
  virtual void visit(Operation *op,
                     ArrayRef<std::pair<unsigned, bool>> opAccesses,
                     const AccessSet &state) {}

  bool overlap(unsigned a, unsigned b) const {
    return sharesBytes(buffers[a], buffers[b]);
  }

  void add(Operation *op, AccessSet &state) const {
    auto found = accesses.find(op);
    if (found == accesses.end())
      return;
    for (auto [buffer, write] : found->second)
      (write ? state.writes : state.reads).set(buffer);
  }

private:
  void walkRegion(Region &region, AccessSet &state) {
    for (Block &block : region)
      for (Operation &op : block)
        walkOp(&op, state);
  }

  void walkOp(Operation *op, AccessSet &state) {
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op)) {
      if (orders(barrier, state))
        state.clear();
      return;
    }
    if (auto found = accesses.find(op); found != accesses.end())
      visit(op, found->second, state);
    add(op, state);
    if (op->getNumRegions() == 0)
      return;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      AccessSet otherwise = state;
      walkRegion(ifOp.getThenRegion(), state);
      walkRegion(ifOp.getElseRegion(), otherwise);
      state.join(otherwise);
      return;
    }
    // Loops, and any other op with regions: its regions may run any number
    // of times, so they run here until what reaches their start is stable.
    AccessSet entry = state;
    while (true) {
      AccessSet through = entry;
      for (Region &region : op->getRegions())
        walkRegion(region, through);
      through.join(entry);
      if (through == entry)
        break;
      entry = through;
    }
    state = entry;
  }
};

/// Decides which marked barriers of a kernel stay, for given offsets.
class BarrierPlanner : public AccessWalk {
public:
  using AccessWalk::AccessWalk;

  /// The marked barriers that must stay.
  DenseSet<Operation *> plan(gpu::GPUFuncOp func) {
    run(func);
    return kept;
  }

private:
  DenseSet<Operation *> kept;

  bool orders(gpu::BarrierOp barrier, const AccessSet &state) override {
    if (!isWriteAfterReadBarrier(barrier))
      return true;
    if (!kept.contains(barrier) && isNeeded(barrier, state))
      kept.insert(barrier);
    return kept.contains(barrier);
  }

  /// Whether the accesses that follow `barrier` up to the next unmarked
  /// barrier of its block would race with `state` without it (or, to be
  /// safe, whether no such barrier closes them while `state` is not empty).
  bool isNeeded(Operation *barrier, const AccessSet &state) const {
    // Nothing since the last barrier: nothing to order after.
    if (state.reads.none() && state.writes.none())
      return false;
    AccessSet following(buffers.size());
    Operation *next = barrier->getNextNode();
    for (; next; next = next->getNextNode()) {
      if (isa<gpu::BarrierOp>(next) && !isWriteAfterReadBarrier(next))
        break;
      next->walk([&](Operation *nested) { add(nested, following); });
    }
    // The end of a block that the kernel may go on after (a loop's body, a
    // branch): to be safe, needed. The end of the kernel's own body: its
    // threads have nothing after, so only what followed counts.
    if (!next && !isa<gpu::GPUFuncOp>(barrier->getParentOp()))
      return true;
    auto races = [&](const llvm::BitVector &mine,
                     const llvm::BitVector &theirs) {
      for (unsigned a : mine.set_bits())
        for (unsigned b : theirs.set_bits())
          if (overlap(a, b))
            return true;
      return false;
    };
    return races(following.writes, state.reads) ||
           races(following.writes, state.writes) ||
           races(following.reads, state.writes);
  }
};

/// Finds, with the barriers that stay, the first access that may race
/// with another buffer's access to the same bytes since the last barrier.
/// The lowering starts each write to a buffer with a barrier that
/// BarrierPlanner keeps where needed; a write without one (a lowering that
/// forgot it) would otherwise overwrite bytes other threads still read,
/// silently.
class RaceFinder : public AccessWalk {
public:
  RaceFinder(ArrayRef<SharedBuffer> buffers, const BufferAccesses &accesses,
             const DenseSet<Operation *> &kept)
      : AccessWalk(buffers, accesses), kept(kept) {}

  /// The two buffers (the lower index first), if any access races.
  std::optional<std::pair<unsigned, unsigned>> find(gpu::GPUFuncOp func) {
    run(func);
    return race;
  }

private:
  const DenseSet<Operation *> &kept;
  std::optional<std::pair<unsigned, unsigned>> race;

  bool orders(gpu::BarrierOp barrier, const AccessSet &) override {
    return !isWriteAfterReadBarrier(barrier) || kept.contains(barrier);
  }

  void visit(Operation *, ArrayRef<std::pair<unsigned, bool>> opAccesses,
             const AccessSet &state) override {
    for (auto [buffer, write] : opAccesses) {
      llvm::BitVector others = state.writes;
      if (write)
        others |= state.reads;
      for (unsigned other : others.set_bits())
        if (!race && other != buffer && overlap(other, buffer))
          race = {std::min(other, buffer), std::max(other, buffer)};
    }
  }
};

/// Whether `user` of a buffer (or of a view of it) is an op whose accesses
/// the planner sees: a view, or a load or store through one (an ldmatrix
/// is a warp's load, a store_matrix a warp's store; an async copy a store,
/// which tile-sched waits for before the barrier that follows it; a
/// warpgroup mma and a TMA store loads, which tile-sched waits for before
/// the barrier that follows them).
/// Through any other (a pointer taken from the memref, say) the accesses
/// would happen where the planner cannot see them.
bool isTracked(Operation *user) {
  return isa<memref::ViewOp, memref::LoadOp, memref::StoreOp, vector::LoadOp,
             vector::StoreOp, nvgpu::LdMatrixOp, tile_dist::StoreMatrixOp,
             tile_dist::AsyncCopyOp,
             tile_dist::TensorCopyOp, tile_dist::TensorStoreOp,
             tile_dist::MbarrierInitOp, tile_dist::MbarrierExpectTxOp,
             tile_dist::MbarrierArriveOp, tile_dist::MbarrierWaitOp,
             tile_dist::MbarrierInvalOp,
             tile_dist::WarpgroupMmaOp, tile_dist::TensorMmaOp,
             tile_dist::TensorMmaCommitOp, tile_dist::TmemAllocOp>(user);
}

/// The kernel's buffers, or none when it has an attribution tile-sched did
/// not make (then its shared memory is left as it is). A buffer with an
/// untracked user is in use for the whole kernel.
std::optional<SmallVector<SharedBuffer>> collectBuffers(gpu::GPUFuncOp func,
                                                        const ProgramOrder &order) {
  SmallVector<SharedBuffer> buffers;
  for (auto [index, attribution] :
       llvm::enumerate(func.getWorkgroupAttributions())) {
    auto type = dyn_cast<MemRefType>(attribution.getType());
    if (!type || type.getRank() != 1 || !type.hasStaticShape() ||
        !type.getElementType().isInteger(8) || !type.getLayout().isIdentity())
      return std::nullopt;
    int64_t alignment = kSharedAlignment;
    if (auto asked = dyn_cast_or_null<IntegerAttr>(
            func.getWorkgroupAttributionAttr(index, "llvm.align")))
      alignment = std::max(alignment, asked.getInt());
    SharedBuffer buffer{attribution,
                        static_cast<int64_t>(llvm::alignTo(
                            std::max<int64_t>(type.getNumElements(), 1),
                            kSharedAlignment)),
                        alignment, 0, 0, 0};
    collectMemRefUsers(attribution, buffer.users);
    ArrayRef<Operation *> users = buffer.users;
    if (users.empty()) {
      buffers.push_back(buffer);
      continue;
    }
    if (!llvm::all_of(users, isTracked)) {
      buffer.end = buffer.settled = order.size();
      buffers.push_back(buffer);
      continue;
    }
    Operation *birth = *llvm::min_element(
        users, [&](Operation *a, Operation *b) { return order[a] < order[b]; });
    buffer.begin = buffer.end = order[birth];
    for (Operation *user : users)
      buffer.end = std::max(buffer.end, useEnd(user, birth, order));
    buffer.settled = settledPosition(buffer.end, order);
    buffers.push_back(buffer);
  }
  return buffers;
}

/// What each op does to the buffers; none when some access is not tracked.
std::optional<BufferAccesses> collectAccesses(ArrayRef<SharedBuffer> buffers) {
  BufferAccesses accesses;
  for (auto [index, buffer] : llvm::enumerate(buffers)) {
    for (Operation *user : buffer.users) {
      if (!isTracked(user))
        return std::nullopt;
      if (isa<memref::ViewOp>(user))
        continue;
      // An mbarrier op changes the mbarrier, a wait included (it is what
      // a phase's completion is observed through).
      bool writes =
          isa<memref::StoreOp, vector::StoreOp, tile_dist::StoreMatrixOp,
              tile_dist::AsyncCopyOp,
              tile_dist::TensorCopyOp, tile_dist::MbarrierInitOp,
              tile_dist::MbarrierExpectTxOp, tile_dist::MbarrierArriveOp,
              tile_dist::MbarrierWaitOp, tile_dist::MbarrierInvalOp,
              tile_dist::TensorMmaCommitOp,
              tile_dist::TmemAllocOp>(user);
      accesses[user].push_back({unsigned(index), writes});
    }
  }
  return accesses;
}

bool isBeforeAsyncWritesFence(Operation *op) {
  return isa<NVVM::FenceProxyOp>(op) && op->hasAttr(kBeforeAsyncWritesAttrName);
}

/// Whether `op` may run before `fence` in a thread: it comes first in
/// program order, or a loop (any op with regions but an scf.if) holds both.
bool mayRunBefore(Operation *op, Operation *fence, const ProgramOrder &order) {
  if (order[op] < order[fence])
    return true;
  for (Operation *around = fence->getParentOp();
       around && !isa<gpu::GPUFuncOp>(around); around = around->getParentOp())
    if (!isa<scf::IfOp>(around) && around->isAncestor(op))
      return true;
  return false;
}

/// A span of bytes [first, last) of the placed array.
using ByteSpan = std::pair<int64_t, int64_t>;

/// The bytes of the placed array that `memref` (a buffer, or a chain of
/// memref.views of one) covers; its whole buffer where a view's shift is
/// not a constant; none where it is not a buffer's.
std::optional<ByteSpan>
placedBytes(Value memref,
            const DenseMap<Value, const SharedBuffer *> &placed) {
  ViewBytes bytes = viewBytes(memref);
  const SharedBuffer *buffer = placed.lookup(bytes.root);
  if (!buffer)
    return std::nullopt;
  if (!bytes.span)
    return ByteSpan{buffer->offset, buffer->offset + buffer->bytes};
  return ByteSpan{buffer->offset + bytes.span->first,
                  buffer->offset + bytes.span->second};
}

/// Whether marked `fence` orders anything with the buffers placed: whether
/// a generic write (an mbarrier op included) of bytes that the TMA copies
/// of its ring (after it in its block) write may run before it. A generic
/// read before them needs no fence: the barrier or mbarrier release that
/// lets the copy be issued orders it, as CUTLASS's TMA pipelines and
/// Triton's fence insertion take it (the host checks the same rule,
/// HostProxyFences.cpp).
bool isFenceNeeded(Operation *fence, ArrayRef<SharedBuffer> buffers,
                   const BufferAccesses &accesses, const ProgramOrder &order) {
  DenseMap<Value, const SharedBuffer *> placed;
  for (const SharedBuffer &buffer : buffers)
    placed[buffer.attribution] = &buffer;
  // The ring is the mbarriers set up next; its copies, those that complete
  // on them (other rings' setups have fences of their own).
  std::optional<ByteSpan> ring;
  for (Operation *next = fence->getNextNode(); next && !ring;
       next = next->getNextNode())
    next->walk([&](tile_dist::MbarrierInitOp init) {
      ring = placedBytes(init.getBarriers(), placed);
      return WalkResult::interrupt();
    });
  SmallVector<ByteSpan> copied;
  for (Operation *next = fence->getNextNode(); next;
       next = next->getNextNode())
    next->walk([&](tile_dist::TensorCopyOp copy) {
      std::optional<ByteSpan> span =
          placedBytes(copy.getDestination(), placed);
      if (span && (!ring || placedBytes(copy.getBarriers(), placed) == ring))
        copied.push_back(*span);
    });
  for (auto &[access, touched] : accesses) {
    // An async-proxy access needs no fence before the async proxy's writes.
    if (tile_dist::accessesThroughAsyncProxy(access) ||
        !mayRunBefore(access, fence, order) ||
        llvm::none_of(touched, [](auto t) { return t.second; }))
      continue;
    for (Value operand : access->getOperands()) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      std::optional<ByteSpan> span = placedBytes(operand, placed);
      if (span && llvm::any_of(copied, [&](ByteSpan other) {
            return span->first < other.second && other.first < span->second;
          }))
        return true;
    }
  }
  return false;
}

/// Replaces the kernel's attributions by views of one array of `size`
/// bytes.
void placeBuffers(gpu::GPUFuncOp func, ArrayRef<SharedBuffer> buffers,
                  int64_t size) {
  MLIRContext *context = func.getContext();
  auto memorySpace = gpu::AddressSpaceAttr::get(context,
                                                gpu::AddressSpace::Workgroup);
  unsigned first = func.getFirstWorkgroupAttributionIndex();
  unsigned count = func.getNumWorkgroupAttributions();
  BlockArgument array = func.addWorkgroupAttribution(
      MemRefType::get({size}, IntegerType::get(context, 8),
                      MemRefLayoutAttrInterface(), memorySpace),
      func.getLoc());
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  for (const SharedBuffer &buffer : buffers) {
    Location loc = buffer.attribution.getLoc();
    Value view = memref::ViewOp::create(
        builder, loc, buffer.attribution.getType(), array,
        arith::ConstantIndexOp::create(builder, loc, buffer.offset),
        ValueRange());
    BlockArgument attribution = buffer.attribution;
    attribution.replaceAllUsesWith(view);
  }
  // Only the array stays; gpu.func has no method to erase an attribution,
  // so the block arguments and the count are updated here.
  func.getBody().front().eraseArguments(first, count);
  func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                builder.getI64IntegerAttr(1));
  func->removeAttr(func.getWorkgroupAttribAttrsAttrName());
  // Without it the array is declared .align 1 and wide accesses to it
  // would be misaligned.
  int64_t alignment = kSharedAlignment;
  for (const SharedBuffer &buffer : buffers)
    alignment = std::max(alignment, buffer.alignment);
  func.setWorkgroupAttributionAttr(0, builder.getStringAttr("llvm.align"),
                                   builder.getI64IntegerAttr(alignment));
}

/// A followed occupancy hint asks ptxas for N CTAs per SM (nvvm.minctasm),
/// which caps a thread's registers. Where the planned array keeps an SM
/// from holding N, the cap would cost registers (and spills) for CTAs that
/// are never resident: the kernel asks for as many as its shared memory
/// lets in. (tile-sched plans with a CTA's share, but a pipeline keeps at
/// least two stages, which may pass it.)
void limitOccupancyBySharedMemory(gpu::GPUFuncOp func,
                                  const TargetInfo &target, int64_t size) {
  StringRef name = NVVM::NVVMDialect::getMinctasmAttrName();
  auto asked = func->getAttrOfType<IntegerAttr>(name);
  if (!asked)
    return;
  int64_t fit = std::max<int64_t>(1, ctasBySharedMemory(target, size));
  if (fit < asked.getInt())
    func->setAttr(name, IntegerAttr::get(asked.getType(), fit));
}

LogicalResult planSharedMemory(gpu::GPUFuncOp func) {
  ProgramOrder order(func);
  std::optional<SmallVector<SharedBuffer>> found = collectBuffers(func, order);
  if (!found || found->empty()) {
    // Nothing placed here, so every barrier and fence stays.
    func.walk([](Operation *op) {
      op->removeAttr(kWriteAfterReadAttrName);
      op->removeAttr(kBeforeAsyncWritesAttrName);
    });
    return success();
  }
  SmallVector<SharedBuffer> &buffers = *found;
  auto byBegin = llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
  llvm::stable_sort(byBegin, [&](unsigned a, unsigned b) {
    return buffers[a].begin < buffers[b].begin;
  });
  SmallVector<SharedBuffer> byBeginBuffers;
  for (unsigned index : byBegin)
    byBeginBuffers.push_back(buffers[index]);
  auto accesses = collectAccesses(byBeginBuffers);

  // Packed, barriers decided, and checked for races; a pair of buffers
  // whose shared bytes leave an access unordered is kept apart, and the
  // packing done again.
  BuffersApart apart;
  SmallVector<SharedBuffer> sorted;
  int64_t size;
  DenseSet<Operation *> kept;
  while (true) {
    sorted = byBeginBuffers;
    SmallVector<SharedBuffer> plain = sorted;
    size = pack(plain, std::nullopt, apart);
    int64_t cap = std::max(size, kBarrierSavingBytes);
    int64_t settledSize = pack(sorted, cap, apart);
    if (settledSize > cap)
      sorted = plain;
    else
      size = settledSize;
    if (!accesses)
      break;
    kept = BarrierPlanner(sorted, *accesses).plan(func);
    std::optional<std::pair<unsigned, unsigned>> race =
        RaceFinder(sorted, *accesses, kept).find(func);
    if (!race)
      break;
    apart.insert(*race);
  }

  std::optional<TargetInfo> target = moduleTarget(func);
  if (target && size > target->sharedBytesPerBlock)
    return func.emitError()
           << "the exchanges of kernel '" << func.getName() << "' need "
           << size << " bytes of shared memory at their peak; its target "
           << "has at most " << target->sharedBytesPerBlock;
  if (target)
    limitOccupancyBySharedMemory(func, *target, size);

  func.walk([&](gpu::BarrierOp barrier) {
    if (!isWriteAfterReadBarrier(barrier))
      return;
    if (!accesses || kept.contains(barrier))
      barrier->removeAttr(kWriteAfterReadAttrName);
    else
      barrier.erase();
  });
  SmallVector<Operation *> fences;
  func.walk([&](NVVM::FenceProxyOp fence) {
    if (isBeforeAsyncWritesFence(fence))
      fences.push_back(fence);
  });
  for (Operation *fence : fences) {
    if (!accesses || isFenceNeeded(fence, sorted, *accesses, order))
      fence->removeAttr(kBeforeAsyncWritesAttrName);
    else
      fence->erase();
  }
  placeBuffers(func, sorted, size);
  return success();
}

struct PlanSharedMemoryPass
    : public PassWrapper<PlanSharedMemoryPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PlanSharedMemoryPass)

  StringRef getArgument() const override {
    return "tilechain-plan-shared-memory";
  }
  StringRef getDescription() const override {
    return "Place each kernel's shared-memory buffers in one array, reusing "
           "bytes by liveness, and remove the write-after-read barriers "
           "that order nothing";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(planSharedMemory(func)))
        return signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createPlanSharedMemoryPass() {
  return std::make_unique<PlanSharedMemoryPass>();
}
