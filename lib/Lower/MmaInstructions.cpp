//===- MmaInstructions.cpp - the instructions an mma can run on ----------===//
//
// The legality of each instruction for an mma (MmaInstructions.h), and the
// choice among them that tile-lower records.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/TileLayouts.h"

using namespace mlir;
using namespace tilechain;

static std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// The mma.sync type of an fp8 element type.
static std::optional<NVVM::MMATypes> fp8Type(Type element) {
  if (isa<Float8E4M3FNType>(element))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(element))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

/// The mma.sync variant for `op`'s element types, or why there is none.
FailureOr<MmaSyncKind> tilechain::classifyMmaSync(Operation *op,
                                                std::string &why) {
  MLIRContext *context = op->getContext();
  // The cuda_tile types: tf32 is lowered to f32.
  Type input =
      cast<cuda_tile::TileType>(op->getOperand(0).getType()).getElementType();
  Type acc = tileElementType(op->getOperand(2).getType());
  if (auto scaled = dyn_cast<cuda_tile::MmaFScaledOp>(op)) {
    // sm_120a's mma.sync.kind::mxf8f6f4.block_scale.scale_vec::1X: one
    // e8m0 scale per row of A and column of B for each 32 values of k.
    auto scale = cast<cuda_tile::TileType>(scaled.getLhsScale().getType());
    Type rhsInput = cast<cuda_tile::TileType>(scaled.getRhs().getType())
                        .getElementType();
    std::optional<NVVM::MMATypes> lhs8 = fp8Type(input),
                                  rhs8 = fp8Type(rhsInput);
    int64_t k = tileShape(scaled.getLhs().getType()).back();
    if (!lhs8 || !rhs8 || !isa<Float8E8M0FNUType>(scale.getElementType()) ||
        k != 32 * scale.getShape().back()) {
      why = "block-scaled mma.sync takes 8-bit float operands and e8m0 "
            "scales of blocks of 32 values of k";
      return failure();
    }
    return MmaSyncKind{8, 32, *lhs8, *rhs8, Float32Type::get(context)};
  }
  if (isa<cuda_tile::MmaFOp>(op)) {
    if (!acc.isF32() && !acc.isF16()) {
      why = "mma.sync accumulates in f32 or f16, not " + str(acc);
      return failure();
    }
    Type f32 = Float32Type::get(context);
    if (input.isF16())
      return MmaSyncKind{16, 16, NVVM::MMATypes::f16, NVVM::MMATypes::f16,
                         f32};
    if (input.isBF16())
      return MmaSyncKind{16, 16, NVVM::MMATypes::bf16, NVVM::MMATypes::bf16,
                         f32};
    // tf32 travels as f32 (checkMmaF); the tensor core reads its top 19
    // bits, as the CUDA-core path's widening does.
    if (isa<FloatTF32Type>(input))
      return MmaSyncKind{32, 8, NVVM::MMATypes::tf32, NVVM::MMATypes::tf32,
                         f32};
    // fp8: the intrinsic of Fp8MmaSync.h, m16n8k32 (or k16 where k is 16).
    Type rhsInput =
        cast<cuda_tile::TileType>(op->getOperand(1).getType()).getElementType();
    std::optional<NVVM::MMATypes> lhs8 = fp8Type(input),
                                  rhs8 = fp8Type(rhsInput);
    if (lhs8 && rhs8) {
      int64_t k = tileShape(op->getOperand(0).getType()).back();
      return MmaSyncKind{8, k % 32 ? 16 : 32, *lhs8, *rhs8, f32};
    }
    if (input.isF32())
      why = "no mma.sync multiplies f32 operands exactly (tf32 ones take it)";
    else
      why = str(input) + " operands do not take mma.sync yet";
    return failure();
  }
  auto mmai = cast<cuda_tile::MmaIOp>(op);
  if (!input.isInteger(8) || !acc.isInteger(32)) {
    why = "mma.sync multiplies i8 into i32, not " + str(input) + " into " +
          str(acc);
    return failure();
  }
  auto ptxType = [](cuda_tile::Signedness signedness) {
    return signedness == cuda_tile::Signedness::Signed ? NVVM::MMATypes::s8
                                                       : NVVM::MMATypes::u8;
  };
  // m16n8k32, or m16n8k16 (half the fragment registers) where k is 16
  // (cuTile's 16x16x16 tiles).
  int64_t k = tileShape(op->getOperand(0).getType()).back();
  return MmaSyncKind{8, k % 32 ? 16 : 32, ptxType(mmai.getSignednessLhs()),
                     ptxType(mmai.getSignednessRhs()),
                     IntegerType::get(context, 32)};
}

/// The reason shapes or shared memory keep `op` off `kind`'s instruction.
static std::optional<std::string> whyNotShape(Operation *op,
                                       const MmaSyncKind &kind) {
  Type lhsType = op->getOperand(0).getType();
  Type rhsType = op->getOperand(1).getType();
  ArrayRef<int64_t> lhsShape = tileShape(lhsType);
  ArrayRef<int64_t> rhsShape = tileShape(rhsType);
  unsigned rank = lhsShape.size();
  int64_t m = lhsShape[rank - 2], n = rhsShape[rank - 1], k = lhsShape.back();
  int64_t instructionK = kind.k;
  auto notMultiple = [](StringRef dim, int64_t extent, int64_t of) {
    return (dim + " = " + Twine(extent) + " is not a multiple of " + Twine(of))
        .str();
  };
  // An 8-row result takes whole fragments, half of each a copy (MmaLayouts);
  // block-scaled mma.sync reads a scale per row of 16.
  if (m % kMmaSyncM &&
      (m != kMmaSyncM / 2 || isa<cuda_tile::MmaFScaledOp>(op)))
    return notMultiple("m", m, kMmaSyncM);
  if (n % kMmaSyncN)
    return notMultiple("n", n, kMmaSyncN);
  if (k % instructionK)
    return notMultiple("k", k, instructionK);
  if (stagingChunk(lhsType, rhsType) < instructionK)
    return ("its operands need more than " + Twine(kStagingBytes) +
            " bytes of shared memory per " + Twine(instructionK) +
            " values of k")
        .str();
  return std::nullopt;
}

FailureOr<SharedOperandKind>
tilechain::classifySharedOperands(Operation *op, StringRef instruction,
                            std::string &why) {
  MLIRContext *context = op->getContext();
  Type lhs =
      cast<cuda_tile::TileType>(op->getOperand(0).getType()).getElementType();
  Type rhs =
      cast<cuda_tile::TileType>(op->getOperand(1).getType()).getElementType();
  Type acc = tileElementType(op->getOperand(2).getType());
  if (auto mmai = dyn_cast<cuda_tile::MmaIOp>(op)) {
    if (!lhs.isInteger(8) || !acc.isInteger(32)) {
      why = instruction.str() + " multiplies i8 into i32, not " + str(lhs) +
            " into " + str(acc);
      return failure();
    }
    auto withSign = [&](cuda_tile::Signedness signedness) -> Type {
      return IntegerType::get(context, 8,
                              signedness == cuda_tile::Signedness::Signed
                                  ? IntegerType::Signed
                                  : IntegerType::Unsigned);
    };
    return SharedOperandKind{withSign(mmai.getSignednessLhs()),
                             withSign(mmai.getSignednessRhs()), 1,
                             IntegerType::get(context, 32)};
  }
  if (!acc.isF32() && !acc.isF16()) {
    why = instruction.str() + " accumulates in f32 (or f16, widened), not " +
          str(acc);
    return failure();
  }
  Type f32 = Float32Type::get(context);
  if ((lhs.isF16() || lhs.isBF16()) && lhs == rhs)
    return SharedOperandKind{lhs, rhs, 2, f32};
  // tf32 travels as f32 (checkMmaF); the tensor core reads its top 19 bits.
  if (isa<FloatTF32Type>(lhs) && lhs == rhs)
    return SharedOperandKind{lhs, rhs, 4, f32};
  if (isa<Float8E4M3FNType, Float8E5M2Type>(lhs) &&
      isa<Float8E4M3FNType, Float8E5M2Type>(rhs))
    return SharedOperandKind{lhs, rhs, 1, f32};
  why = instruction.str() + " does not multiply " + str(lhs) + " by " +
        str(rhs);
  return failure();
}

FailureOr<SwizzledStaging>
tilechain::planSwizzledStaging(int64_t m, int64_t n, int64_t k, int64_t e,
                         std::string &why) {
  int64_t stagingBytes = kSwizzledStagingBytes;
  int64_t swizzle = std::clamp<int64_t>(k * e / 2, 32, 128);
  auto bytes = [&](int64_t swizzle) {
    return (m + n) * swizzle * (k * e > swizzle ? 2 : 1);
  };
  while (swizzle > 32 && bytes(swizzle) > 2 * stagingBytes)
    swizzle /= 2;
  if (bytes(swizzle) > 2 * stagingBytes) {
    why = "its operands need more than " + std::to_string(stagingBytes) +
          " bytes of shared memory per 32 bytes of k";
    return failure();
  }
  int64_t kc = swizzle / e;
  return SwizzledStaging{swizzle, kc, k / kc};
}

FailureOr<WgmmaPlan> tilechain::planWgmma(Operation *op,
                                          const TargetInfo &target,
                                          unsigned numWarps,
                                          std::string &why) {
  if (target.smVersion != 90) {
    why = "wgmma is sm_90's";
    return failure();
  }
  if (isa<cuda_tile::MmaFScaledOp>(op)) {
    why = "wgmma does not scale blocks of k";
    return failure();
  }
  FailureOr<SharedOperandKind> kind = classifySharedOperands(op, "wgmma", why);
  if (failed(kind))
    return failure();
  ArrayRef<int64_t> shape =
      tileShape(op->getOperand(2).getType());
  unsigned rank = shape.size();
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t k = tileShape(op->getOperand(0).getType()).back();
  std::optional<WgmmaTiling> tiling = wgmmaTiling(shape, numWarps);
  if (!tiling) {
    why = (rank == 3 && shape[0] != 1)
              ? "it multiplies a batch of " + std::to_string(shape[0])
              : "its " + std::to_string(m) + "x" + std::to_string(n) +
                    " result does not split into 64-row blocks of at least 8 "
                    "columns over " +
                    std::to_string(numWarps / 4) + " warpgroups";
    return failure();
  }
  int64_t accumulators = m * n / (32 * int64_t(numWarps));
  if (accumulators > kMaxAccumulatorRegisters) {
    why = "its accumulator takes " + std::to_string(accumulators) +
          " registers per thread, more than the " +
          std::to_string(kMaxAccumulatorRegisters) +
          " that leave room for wgmma's operands";
    return failure();
  }
  int64_t e = kind->elementBytes;
  int64_t instructionK = 32 / e;
  if (k % instructionK) {
    why = "k = " + std::to_string(k) + " is not a multiple of " +
          std::to_string(instructionK);
    return failure();
  }
  FailureOr<SwizzledStaging> staging =
      planSwizzledStaging(m, n, k, e, why);
  if (failed(staging))
    return failure();
  return WgmmaPlan{*kind, *tiling, *staging};
}

/// mmaf, mmai or mmaf_scaled: the ops whose operands 0-2 are lhs, rhs and
/// accumulator.
bool tilechain::isMma(Operation *op) {
  return isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp, cuda_tile::MmaFScaledOp>(
      op);
}

/// The `for` loop and iter value through which `mma` (isMma) would
/// keep its accumulator in tensor memory: the loop carries it only from
/// `mma`'s result to `mma`'s accumulator (the iter value used by nothing
/// else in the body, the result by nothing but the `continue`), and `mma`
/// is the only mma in the loop. The columns it holds through the loop then
/// never meet another allocation of the CTA (one run's columns are given
/// back before the next op), so the CTA never asks for more than the 512
/// columns there are, where tcgen05.alloc would wait forever.
std::optional<std::pair<cuda_tile::ForOp, unsigned>>
tilechain::loopAccumulator(Operation *mma) {
  auto carried = dyn_cast<BlockArgument>(mma->getOperand(2));
  if (!carried || !carried.hasOneUse())
    return std::nullopt;
  auto loop = dyn_cast<cuda_tile::ForOp>(carried.getOwner()->getParentOp());
  if (!loop || mma->getBlock() != loop.getBody() ||
      carried.getArgNumber() == 0 || !mma->getResult(0).hasOneUse())
    return std::nullopt;
  unsigned index = carried.getArgNumber() - 1; // after the induction variable
  OpOperand &yielded = *mma->getResult(0).getUses().begin();
  if (!isa<cuda_tile::ContinueOp>(yielded.getOwner()) ||
      yielded.getOwner() != loop.getBody()->getTerminator() ||
      yielded.getOperandNumber() != index)
    return std::nullopt;
  bool alone = !loop.getBody()
                    ->walk([&](Operation *other) {
                      return other != mma && isMma(other)
                                 ? WalkResult::interrupt()
                                 : WalkResult::advance();
                    })
                    .wasInterrupted();
  if (!alone)
    return std::nullopt;
  return std::make_pair(loop, index);
}

/// Where `op`'s block scales go in tensor memory, or why they cannot go
/// there: e8m0 scales of blocks of 32 values of k of 8-bit float operands,
/// on instructions of 128 rows and a multiple of 32 columns.
static FailureOr<BlockScales> planBlockScales(cuda_tile::MmaFScaledOp op,
                                       const TensorMmaTiling &tiling,
                                       int64_t m, int64_t n, int64_t k,
                                       bool keptThroughLoop,
                                       std::string &why) {
  auto lhsScale = cast<cuda_tile::TileType>(op.getLhsScale().getType());
  auto rhsScale = cast<cuda_tile::TileType>(op.getRhsScale().getType());
  int64_t blocks = lhsScale.getShape().back();
  if (!isa<Float8E8M0FNUType>(lhsScale.getElementType()) ||
      !isa<Float8E8M0FNUType>(rhsScale.getElementType()) ||
      k != 32 * blocks || !llvm::isPowerOf2_64(blocks)) {
    why = "block-scaled tcgen05.mma takes e8m0 scales of blocks of 32 "
          "values of k (a power of two of them), not " +
          std::to_string(blocks) + " scales of " +
          std::to_string(lhsScale.getElementType().getIntOrFloatBitWidth()) +
          "-bit type per " + std::to_string(k) + " values";
    return failure();
  }
  if (tiling.instructionM != kTensorMmaM || tiling.instructionN % 32 != 0 ||
      !llvm::isPowerOf2_64(m / 32) || !llvm::isPowerOf2_64(n / 32) ||
      m % 32 != 0 || n % 32 != 0) {
    why = "block-scaled tcgen05.mma takes 128-row instructions and a power "
          "of two times 32 rows and columns, not a " +
          std::to_string(m) + "x" + std::to_string(n) + " result";
    return failure();
  }
  return BlockScales{blocks, m / 32, n / 32, keptThroughLoop ? 2 : 1};
}

FailureOr<Tcgen05Plan> tilechain::planTcgen05(Operation *op,
                                              const TargetInfo &target,
                                              unsigned numWarps,
                                              std::string &why,
                                              int64_t columnSlices) {
  if (target.smVersion != 100) {
    why = "tcgen05.mma is sm_100's";
    return failure();
  }
  FailureOr<SharedOperandKind> kind =
      classifySharedOperands(op, "tcgen05.mma", why);
  if (failed(kind))
    return failure();
  SmallVector<int64_t> shape(
      tileShape(op->getOperand(2).getType()));
  unsigned rank = shape.size();
  shape[rank - 1] /= columnSlices;
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t k = tileShape(op->getOperand(0).getType()).back();
  std::optional<TensorMmaTiling> tiling = tensorMmaTiling(shape, numWarps);
  if (!tiling) {
    why = (rank == 3 && shape[0] != 1)
              ? "it multiplies a batch of " + std::to_string(shape[0])
              : "its " + std::to_string(m) + "x" + std::to_string(n) +
                    " result is neither 64 rows of a multiple of 8 columns "
                    "nor 128-row blocks of a multiple of 16";
    return failure();
  }
  // An accumulator kept in tensor memory through a loop takes no registers
  // there: only its read-back after the loop does.
  int64_t accumulators = m * n / (32 * int64_t(numWarps));
  bool keptThroughLoop = loopAccumulator(op).has_value();
  if (accumulators > kTcgen05MaxAccumulators && !keptThroughLoop) {
    why = "its accumulator takes " + std::to_string(accumulators) +
          " registers per thread, more than " +
          std::to_string(kTcgen05MaxAccumulators);
    return failure();
  }
  std::optional<BlockScales> scales;
  if (auto scaled = dyn_cast<cuda_tile::MmaFScaledOp>(op)) {
    FailureOr<BlockScales> planned =
        planBlockScales(scaled, *tiling, m, n, k, keptThroughLoop, why);
    if (failed(planned))
      return failure();
    scales = *planned;
  }
  int64_t accumulatorColumns = tiling->rowBlocks * n;
  int64_t columns =
      accumulatorColumns +
      (scales ? scales->copies * scales->columnsPerCopy() : 0);
  if (columns > 512) {
    why = "its accumulator" + std::string(scales ? " and scales take " :
                                                  " takes ") +
          std::to_string(columns) + " columns of tensor memory, more than 512";
    return failure();
  }
  int64_t e = kind->elementBytes;
  if (k % (32 / e)) {
    why = "k = " + std::to_string(k) + " is not a multiple of " +
          std::to_string(32 / e);
    return failure();
  }
  FailureOr<SwizzledStaging> staging =
      planSwizzledStaging(m, n, k, e, why);
  if (failed(staging))
    return failure();
  return Tcgen05Plan{*kind,
                     *tiling,
                     *staging,
                     accumulatorColumns,
                     std::max<int64_t>(32, llvm::PowerOf2Ceil(columns)),
                     scales};
}

int64_t tilechain::stagingChunk(Type lhsType, Type rhsType) {
  ArrayRef<int64_t> lhsShape = tileShape(lhsType);
  ArrayRef<int64_t> rhsShape = tileShape(rhsType);
  unsigned rank = lhsShape.size();
  int64_t batch = rank == 3 ? lhsShape[0] : 1;
  // Bytes of an element in a chunk array: i1 and sub-byte types take one.
  auto elementBytes = [](Type tileType) {
    return std::max<int64_t>(
        1, tileElementType(tileType).getIntOrFloatBitWidth() / 8);
  };
  // k-major arrays of kc rows of m (lhs) and n (rhs), the rhs's 16-byte
  // aligned after the lhs's.
  auto bytes = [&](int64_t kc) {
    return int64_t(llvm::alignTo(
               batch * lhsShape[rank - 2] * kc * elementBytes(lhsType), 16)) +
           batch * rhsShape[rank - 1] * kc * elementBytes(rhsType);
  };
  int64_t kc = std::min(lhsShape.back(), kMaxChunk);
  while (kc > 1 && bytes(kc) > kStagingBytes)
    kc /= 2;
  return kc;
}

int64_t tilechain::mmaSyncKHalves(const MmaSyncKind &kind) {
  return kind.k / (4 * (32 / kind.elementBits));
}

std::optional<std::string> tilechain::whyNotMmaSync(Operation *op,
                                                    const TargetInfo &target) {
  if (isa<cuda_tile::MmaFScaledOp>(op) && target.smVersion != 120 &&
      target.smVersion != 121)
    return std::string("block-scaled mma.sync is sm_120a's and sm_121a's");
  std::string why;
  FailureOr<MmaSyncKind> kind = classifyMmaSync(op, why);
  if (failed(kind))
    return why;
  return whyNotShape(op, *kind);
}

std::optional<std::string>
tilechain::whyNotInstruction(Operation *op,
                             tile_dist::MmaInstruction instruction,
                             const TargetInfo &target, unsigned numWarps) {
  std::string why;
  switch (instruction) {
  case tile_dist::MmaInstruction::Fma:
    if (isa<cuda_tile::MmaFScaledOp>(op))
      return std::string("the CUDA cores do not scale blocks of k");
    return std::nullopt;
  case tile_dist::MmaInstruction::MmaSync:
    return whyNotMmaSync(op, target);
  case tile_dist::MmaInstruction::Wgmma:
    if (failed(planWgmma(op, target, numWarps, why)))
      return why;
    return std::nullopt;
  case tile_dist::MmaInstruction::Tcgen05:
    if (failed(planTcgen05(op, target, numWarps, why)))
      return why;
    return std::nullopt;
  }
  llvm_unreachable("unknown mma instruction");
}

std::optional<tile_dist::MmaInstruction>
tilechain::chooseMmaInstruction(Operation *op, const TargetInfo &target,
                                unsigned numWarps) {
  using tile_dist::MmaInstruction;
  // In order of preference; at most one of wgmma and tcgen05.mma is the
  // target's, and FMA takes every mma but an mmaf_scaled.
  for (MmaInstruction preferred :
       {MmaInstruction::Wgmma, MmaInstruction::Tcgen05,
        MmaInstruction::MmaSync, MmaInstruction::Fma})
    if (!whyNotInstruction(op, preferred, target, numWarps))
      return preferred;
  return std::nullopt;
}

std::optional<std::string>
tilechain::whyNotBlockScaled(cuda_tile::MmaFScaledOp op,
                             const TargetInfo &target, unsigned numWarps) {
  if (chooseMmaInstruction(op, target, numWarps))
    return std::nullopt;
  // The reason that concerns the target's own block-scaled instruction.
  if (target.smVersion == 120 || target.smVersion == 121)
    return whyNotMmaSync(op, target);
  return whyNotInstruction(op, tile_dist::MmaInstruction::Tcgen05, target,
                           numWarps);
}

std::optional<LinearLayout>
tilechain::instructionResultLayout(tile_dist::MmaInstruction instruction,
                                   ArrayRef<int64_t> shape,
                                   unsigned numWarps) {
  switch (instruction) {
  case tile_dist::MmaInstruction::Wgmma:
    return wgmmaResultLayout(shape, numWarps);
  case tile_dist::MmaInstruction::Tcgen05:
    return tensorMmaResultLayout(shape, numWarps);
  case tile_dist::MmaInstruction::MmaSync:
    return mmaSyncResultLayout(shape, numWarps);
  case tile_dist::MmaInstruction::Fma:
    return std::nullopt;
  }
  llvm_unreachable("unknown mma instruction");
}

std::optional<tile_dist::MmaInstruction>
tilechain::recordedMmaInstruction(Operation *op) {
  if (auto recorded = op->getAttrOfType<tile_dist::MmaInstructionAttr>(
          tile_dist::TileDistDialect::kMmaInstructionAttrName))
    return recorded.getValue();
  return std::nullopt;
}
