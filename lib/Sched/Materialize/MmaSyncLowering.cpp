//===- MmaSyncLowering.cpp - mma ops on tensor cores with mma.sync --------===//
//
// result = acc + lhs x rhs with PTX's warp-wide mma.sync.m16n8kK (K = 16
// for f16/bf16, 8 for tf32, 32 for i8 and fp8, or 16 where k is 16; fp8
// through its LLVM intrinsic, Fp8MmaSync.h): the result
// takes mmaSyncResultLayout (MmaLayouts.h), which tiles the CTA's warps
// over (m, n) and gives each warp a block of 16 x 8 fragments, four
// registers per instruction. The operands cross the CTA through shared
// memory as in the CUDA-core path (MmaStaging.h), but with k contiguous
// ([batch][m][k] and [batch][n][k]), so that each fragment register
// (consecutive values of k, 32 bits) is one 32-bit word of shared memory.
// Where an instruction's lhs fragment is four words and its rhs fragment two
// (every kind but i8 m16n8k16), those are the words of four and two 8x8
// matrices of 16-bit values in the warp's rows, and one ldmatrix .x4 and
// one .x2 (nvgpu.ldmatrix) read them for the whole warp: each lane names
// the start of one matrix row, and receives its word of each matrix; else
// a thread reads its words one ld.shared each (two and one for i8
// m16n8k16). The rows are padded so that 8 rows fall on distinct banks,
// except where an operand comes by TMA (sm_90 on, TensorMapCopy.h): its
// rows are swizzled as the box lands, to the same effect, and a read XORs
// its k step into the thread's swizzled unit. One mma.sync per fragment.
// The accumulator is the C operand of the first instruction
// and D carries the sum: the tensor core adds the products to it in its
// own order (docs/semantics-from-nvidia.md). An f16 accumulator is summed
// in f32 and rounded once, at the end, as in the CUDA-core path.
// An mmaf_scaled on sm_120 runs so too, on sm_120a's block-scaled
// mma.sync.m16n8k32 (nvvm.mma.block_scale): its scale tiles cross into
// shared memory once per run, and each instruction takes its rows' and
// columns' scales from the lanes' registers (readScale).
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "MmaSync.h"
#include "TensorMapCopy.h"

#include "tilechain/Sched/Materialize/Fp8MmaSync.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

namespace {

bool isFp8(NVVM::MMATypes type) {
  return type == NVVM::MMATypes::e4m3 || type == NVVM::MMATypes::e5m2;
}

/// A fragment register read from shared memory (an i32) as the mma.sync
/// operand it is: two f16 for f16 inputs, the i32 itself otherwise.
Value asFragmentRegister(OpBuilder &b, Location loc, Value word,
                         NVVM::MMATypes type) {
  if (type != NVVM::MMATypes::f16)
    return word;
  return LLVM::BitcastOp::create(b, loc, VectorType::get({2}, b.getF16Type()),
                                 word);
}

} // namespace

bool mma::copiedByMma(TileLowering &l, Value tile) {
  Value operand = tile;
  if (tile.hasOneUse())
    if (auto reshape = dyn_cast<cuda_tile::ReshapeOp>(*tile.user_begin()))
      operand = reshape.getResult();
  return !operand.use_empty() &&
         llvm::all_of(operand.getUses(), [&](OpOperand &use) {
           Operation *mma = use.getOwner();
           unsigned index = use.getOperandNumber();
           if (!isMma(mma) || index > 1 ||
               instructionOf(l, mma).value_or(tile_dist::MmaInstruction::Fma) ==
                   tile_dist::MmaInstruction::Fma)
             return false;
           std::optional<std::array<tile_dist::MmaOperandAttr, 2>> recorded =
               recordedMmaOperands(mma);
           if (!recorded)
             return false;
           tile_dist::OperandCopy copy = (*recorded)[index].getCopy();
           return copy == tile_dist::OperandCopy::CpAsync ||
                  copy == tile_dist::OperandCopy::Tma;
         });
}

LogicalResult mma::lowerMmaSync(TileLowering &l, Operation *op) {
  std::string why;
  MmaSyncKind kind = *classifyMmaSync(op, why);
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = tileShape(acc.getType());
  unsigned rank = shape.size();
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t k = tileShape(lhs.getType()).back();
  int64_t instructionK = kind.k;
  int64_t kHalves = mmaSyncKHalves(kind);
  remarkTensorCores(l, op, "Tensor-core SM80",
                    {kMmaSyncM, kMmaSyncN, instructionK});
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };

  MmaChunks chunks = mmaChunks(op, tile_dist::MmaInstruction::MmaSync,
                               l.getTarget(), l.getNumWarps());
  int64_t kc = chunks.kc;
  bool ldmatrix = kHalves == 2;
  std::array<OperandForm, 2> forms =
      recordedOperandForms(l, op, tile_dist::MmaInstruction::MmaSync);
  LinearLayout layout = mmaSyncResultLayout(shape, l.getNumWarps());
  int64_t registers = layout.getSize(LinearLayout::Register);
  FailureOr<std::array<StagedOperand, 2>> staged = stageOperands(
      l, op, lhs, rhs, chunks, forms, recordedMmaPipeline(op));
  if (failed(staged))
    return failure();
  const StagedOperand &lhsStaged = (*staged)[0], &rhsStaged = (*staged)[1];
  Type i16 = b.getI16Type();

  Type accType = tileElementType(acc.getType());
  FailureOr<SmallVector<Value>> accSums =
      accumulatorRegisters(l, loc, acc, layout, kind.accumulatorType);
  if (failed(accSums))
    return failure();
  bool sumsFromZero = sumsFp8FromZero(l, op);
  SmallVector<Value> sums = *accSums;
  if (sumsFromZero)
    sums.assign(registers, arith::ConstantOp::create(
                               b, loc, b.getZeroAttr(kind.accumulatorType)));

  // The running thread's coordinates: the row of its lhs fragments is its
  // result row; the column of its rhs fragments is its lane's group g
  // (lane / 4) in its warp's block, whose result columns start at
  // 2 (lane % 4).
  SmallVector<Value> coords = l.elementCoords(b, loc, layout, 0);
  Value lane = l.getLaneId();
  Value group = arith::ShRUIOp::create(b, loc, lane, constant(b, 2));
  Value inGroup = arith::AndIOp::create(b, loc, lane, constant(b, 3));
  Value batchCoord = rank == 3 ? coords[0] : Value();
  Value row = coords[rank - 2];
  Value column = arith::AddIOp::create(
      b, loc,
      arith::SubIOp::create(
          b, loc, coords[rank - 1],
          arith::ShLIOp::create(b, loc, inGroup, constant(b, 1))),
      group);
  Value rowInMatrix = arith::AndIOp::create(b, loc, lane, constant(b, 7));
  Value matrix = arith::ShRUIOp::create(b, loc, lane, constant(b, 3));
  Value matrixLow = arith::AndIOp::create(b, loc, matrix, constant(b, 1));
  Value matrixHigh = arith::ShRUIOp::create(b, loc, matrix, constant(b, 1));
  // The rows of the lhs fragment's second half (a1, a3): 8 on, or, for an
  // 8-row result, the same rows again, so that its copies are exact.
  int64_t lhsRowStep = m < kMmaSyncM ? 0 : 8;
  auto times = [&](Value v, int64_t factor) -> Value {
    return arith::MulIOp::create(b, loc, v, constant(b, factor));
  };
  auto plus = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };

  // How the warp reads an operand's fragments from its array. Offsets are in
  // `unit`s of the array: 32-bit words where k is contiguous (a fragment
  // register is one word), 16-bit elements where it is k-major. With
  // ldmatrix, lane L names row L % 8 of matrix L / 8 of the warp's fragment
  // (transposed where k-major, so that each lane receives its register's
  // two values of k); without, each thread reads its own words: its group's
  // row, word (lane % 4).
  struct Reader {
    const StagedOperand *operand;
    Value array;
    int64_t unitBytes;
    int64_t rowUnits;  // units per row of the array
    Value threadUnit;  // the running thread's part, chunk and step aside
    int64_t stepUnits; // per instruction k step
    // Per distinct fragment (keyed by its first register's row), the
    // constant offsets of its registers' words (only the first with
    // ldmatrix: the start of the fragment's matrices).
    llvm::MapVector<int64_t, SmallVector<int64_t, 4>> fragments;
  };
  auto makeReader = [&](const StagedOperand &operand, bool isLhs) {
    Reader reader{&operand};
    bool contiguous = operand.form.order == ChunkOrder::KContiguous;
    reader.unitBytes = contiguous ? 4 : 2;
    // The units of the operand's view of every stage.
    int64_t units =
        cast<MemRefType>(operand.buffer.getType()).getNumElements() *
        sharedElementBytes(operand.sharedType) / reader.unitBytes;
    reader.array =
        ldmatrix ? l.sharedView(operand.arrays, i16,
                                units * reader.unitBytes / 2, operand.offset)
                 : l.sharedView(operand.arrays, b.getI32Type(), units,
                                operand.offset);
    reader.rowUnits = operand.rowLength *
                      sharedElementBytes(operand.sharedType) /
                      reader.unitBytes;
    int64_t rowUnits = reader.rowUnits;
    // The thread's fragment origin along m or n: its coordinate less g.
    Value x = isLhs ? row : column;
    Value origin = arith::SubIOp::create(b, loc, x, group);
    Value batchUnits =
        batchCoord ? times(batchCoord, operand.rows * rowUnits) : Value();
    Value unit;
    if (operand.form.swizzle && !contiguous) {
      // k major: lane L names row (k) L % 8 + 8 of its matrix's k half,
      // at the thread's m or n (the lhs's odd matrices 8 further). The
      // swizzled slot is linear over the bits of (batch, k, x), and a
      // fragment's x and batch bits are not the thread's, so a read XORs
      // the fragment's slot into the thread's; a step's 16 rows of k leave
      // the swizzle alone and are added (readFragments).
      Value kRow = plus(rowInMatrix, times(isLhs ? matrixHigh : matrixLow, 8));
      Value threadX =
          isLhs ? plus(origin, times(matrixLow, lhsRowStep)) : origin;
      reader.stepUnits = instructionK * operand.form.swizzle / reader.unitBytes;
      reader.threadUnit = arraySlot(b, loc, operand, batchCoord, kRow, threadX);
      return reader;
    }
    if (operand.form.swizzle) {
      // The thread's row and 16-byte unit of k, through the swizzle; the
      // swizzle leaves the instructions' other rows (8 apart) and the
      // chunk's stage where they are, and moves the units of k a step adds,
      // so a read XORs those in (readFragments).
      int64_t elementBytes = sharedElementBytes(operand.sharedType);
      Value threadRow = !ldmatrix ? x
                        : isLhs
                            ? plus(origin, plus(rowInMatrix,
                                                times(matrixLow, lhsRowStep)))
                            : plus(origin, rowInMatrix);
      Value threadWord = !ldmatrix ? inGroup
                         : isLhs    ? times(matrixHigh, 4)
                                    : times(matrixLow, 4);
      reader.stepUnits = 4 * kHalves;
      Value slot = arraySlot(b, loc, operand, batchCoord,
                             times(threadWord, 4 / elementBytes), threadRow);
      reader.threadUnit = arith::DivUIOp::create(
          b, loc, times(slot, elementBytes), constant(b, reader.unitBytes));
      return reader;
    }
    if (contiguous) {
      reader.stepUnits = 4 * kHalves;
      if (!ldmatrix) {
        unit = plus(times(x, rowUnits), inGroup);
      } else if (isLhs) {
        // Matrix j: rows + 8 (j & 1), words + 4 (j >> 1).
        unit = plus(times(plus(origin, plus(rowInMatrix,
                                            times(matrixLow, lhsRowStep))),
                          rowUnits),
                    times(matrixHigh, 4));
      } else {
        // Matrix j: words + 4 j.
        unit = plus(times(plus(origin, rowInMatrix), rowUnits),
                    times(matrixLow, 4));
      }
    } else {
      // Rows are values of k: matrix j of lhs is k + 8 (j >> 1), m +
      // 8 (j & 1); of rhs k + 8 j.
      reader.stepUnits = instructionK * rowUnits;
      Value kRow = plus(rowInMatrix, times(isLhs ? matrixHigh : matrixLow, 8));
      unit = plus(times(kRow, rowUnits), origin);
      if (isLhs)
        unit = plus(unit, times(matrixLow, lhsRowStep));
    }
    reader.threadUnit = batchUnits ? plus(unit, batchUnits) : unit;
    return reader;
  };
  Reader lhsReader = makeReader(lhsStaged, /*isLhs=*/true);
  Reader rhsReader = makeReader(rhsStaged, /*isLhs=*/false);

  // Per instruction (registers 4i..4i+3), its fragments: a0..a3 walk
  // (m + 8, k + 4 words' worth), b0..b1 k.
  struct Instruction {
    unsigned lhsFragment, rhsFragment;
  };
  SmallVector<Instruction> instructions;
  auto fragmentOf = [&](Reader &reader, int64_t batchPart, int64_t xPart,
                        int64_t registersPerFragment, bool isLhs) {
    const StagedOperand &operand = *reader.operand;
    bool contiguous = operand.form.order == ChunkOrder::KContiguous;
    int64_t key = batchPart * (isLhs ? m : n) + xPart;
    auto [it, added] = reader.fragments.insert({key, {}});
    if (added) {
      int64_t base = batchPart * operand.rows * reader.rowUnits;
      if (!contiguous && operand.form.swizzle) {
        // The fragment's part of the swizzled slot (2-byte units).
        it->second.push_back(arraySlot(operand, batchPart, 0, xPart));
      } else if (!contiguous) {
        // ldmatrix names the rows of the fragment's matrices from here.
        it->second.push_back(base + xPart);
      } else {
        for (int64_t reg = 0; reg < registersPerFragment; ++reg) {
          int64_t rowOffset = isLhs ? lhsRowStep * (reg & 1) : 0;
          int64_t wordOffset = 4 * (isLhs ? reg >> 1 : reg);
          it->second.push_back(base + (xPart + rowOffset) * reader.rowUnits +
                               wordOffset);
        }
      }
    }
    return unsigned(it - reader.fragments.begin());
  };
  for (int64_t first = 0; first < registers; first += 4) {
    SmallVector<int64_t> part = registerPart(layout, first);
    int64_t batchPart = rank == 3 ? part[0] : 0;
    instructions.push_back(
        {fragmentOf(lhsReader, batchPart, part[rank - 2], 2 * kHalves, true),
         fragmentOf(rhsReader, batchPart, part[rank - 1], kHalves, false)});
  }

  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(4, kind.accumulatorType));
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (kind.accumulatorType.isInteger(32))
    overflow = NVVM::MMAIntOverflow::wrapped; // as the CUDA-core path
  auto readFragments = [&](OpBuilder &at, const Reader &reader, Value chunkUnit,
                           Value step, NVVM::MMATypes type) {
    Value stepUnits =
        arith::MulIOp::create(at, loc, step, constant(at, reader.stepUnits));
    Value base = arith::AddIOp::create(at, loc, chunkUnit, stepUnits);
    // The unit of a fragment register at constant `offset`: in a swizzled
    // array its units of k (below a row) are XORed into the thread's, its
    // rows (multiples of 8) added.
    int64_t rowUnits = reader.rowUnits;
    auto unitAt = [&](int64_t offset) -> Value {
      if (!reader.operand->form.swizzle)
        return arith::AddIOp::create(at, loc, base, constant(at, offset));
      if (reader.operand->form.order == ChunkOrder::MNContiguous) {
        // The thread's slot XOR the fragment's, then the chunk's stage and
        // the step's rows of k.
        Value inStage = arith::SubIOp::create(at, loc, chunkUnit,
                                              reader.threadUnit);
        Value slot = arith::XOrIOp::create(at, loc, reader.threadUnit,
                                           constant(at, offset));
        return arith::AddIOp::create(
            at, loc, arith::AddIOp::create(at, loc, slot, inStage),
            stepUnits);
      }
      Value k = arith::AddIOp::create(at, loc, stepUnits,
                                      constant(at, offset % rowUnits));
      return arith::AddIOp::create(
          at, loc, arith::XOrIOp::create(at, loc, chunkUnit, k),
          constant(at, offset - offset % rowUnits));
    };
    bool transposed = reader.operand->form.order == ChunkOrder::MNContiguous;
    SmallVector<SmallVector<Value>> read;
    for (const auto &[key, offsets] : reader.fragments) {
      SmallVector<Value> fragment;
      if (ldmatrix) {
        // The lhs reads four matrices (a0..a3), the rhs two (b0, b1).
        int64_t tiles = reader.operand == &lhsStaged ? 2 * kHalves : kHalves;
        Value start = arith::MulIOp::create(
            at, loc, unitAt(offsets.front()),
            constant(at, reader.unitBytes / 2));
        Value matrices = nvgpu::LdMatrixOp::create(
            at, loc, VectorType::get({tiles, 2}, i16), reader.array,
            ValueRange{start}, transposed, tiles);
        for (int64_t tile = 0; tile < tiles; ++tile) {
          Value halves = vector::ExtractOp::create(at, loc, matrices, tile);
          Value word = vector::ExtractOp::create(
              at, loc,
              vector::BitCastOp::create(at, loc,
                                        VectorType::get({1}, b.getI32Type()),
                                        halves),
              0);
          fragment.push_back(asFragmentRegister(at, loc, word, type));
        }
        read.push_back(std::move(fragment));
        continue;
      }
      for (int64_t offset : offsets) {
        Value word = memref::LoadOp::create(at, loc, reader.array,
                                            ValueRange{unitAt(offset)});
        fragment.push_back(asFragmentRegister(at, loc, word, type));
      }
      read.push_back(std::move(fragment));
    }
    return read;
  };

  // A block-scaled mma's scales, in shared memory (tileInShared, row-major
  // over their layouts' shapes): per instruction and block of k, each lane
  // gives the scale of the row of A that block-scaled mma.sync takes from
  // it (thread-id 0: lane 4 g reads row g, lane 4 g + 1 row g + 8, of the
  // instruction's 16; PTX ISA "Block Scaling" for mma, and NVIDIA's
  // tileiras 13.5 selects so) and of B's column g (lane 4 g), in byte 0.
  auto scaled = dyn_cast<cuda_tile::MmaFScaledOp>(op);
  struct StagedScales {
    Value buffer;
    SmallVector<int64_t> stored; // the shape tileInShared wrote
  };
  std::optional<std::array<StagedScales, 2>> scales;
  Value scaleRow, scaleColumn;
  if (scaled) {
    scales.emplace();
    std::array<Value, 2> scaleTiles = {scaled.getLhsScale(),
                                       scaled.getRhsScale()};
    for (auto [index, scale] : llvm::enumerate(scaleTiles)) {
      FailureOr<Value> buffer = l.tileInShared(op, scale);
      if (failed(buffer))
        return failure();
      (*scales)[index] = {
          *buffer, llvm::to_vector(l.getLayout(l.lookup(scale)).getShape())};
    }
    scaleRow = plus(row, times(arith::AndIOp::create(b, loc, lane,
                                                     constant(b, 1)),
                               8));
    scaleColumn = column;
  }
  // The scale (an i32 holding it in byte 0) of block `block` of k for the
  // fragment `key` of the lhs or rhs (Reader::fragments).
  auto readScale = [&](OpBuilder &at, bool isLhs, int64_t key,
                       Value block) -> Value {
    const StagedScales &staged = (*scales)[isLhs ? 0 : 1];
    int64_t width = isLhs ? m : n;
    int64_t batchPart = key / width, xPart = key % width;
    Value x = arith::AddIOp::create(at, loc, isLhs ? scaleRow : scaleColumn,
                                    constant(at, xPart));
    SmallVector<Value> coords;
    if (rank == 3)
      coords.push_back(
          arith::AddIOp::create(at, loc, batchCoord, constant(at, batchPart)));
    coords.append(isLhs ? SmallVector<Value>{x, block}
                        : SmallVector<Value>{block, x});
    Value byte = memref::LoadOp::create(
        at, loc, staged.buffer,
        ValueRange{TileLowering::tileInSharedIndex(at, loc, staged.stored,
                                                   coords)});
    return arith::ExtUIOp::create(at, loc, at.getI32Type(), byte);
  };

  // Per chunk, per instruction k step: the warp's fragments, then one
  // mma.sync per instruction.
  auto multiply = [&](OpBuilder &inChunks, Value chunk, Value stage,
                      ValueRange chunkSums) -> SmallVector<Value> {
    // The thread's units in this chunk's stage.
    Value lhsChunkUnit = arith::AddIOp::create(
        inChunks, loc, lhsReader.threadUnit,
        stageOffset(inChunks, loc, lhsStaged, stage, lhsReader.unitBytes));
    Value rhsChunkUnit = arith::AddIOp::create(
        inChunks, loc, rhsReader.threadUnit,
        stageOffset(inChunks, loc, rhsStaged, stage, rhsReader.unitBytes));
    auto steps = scf::ForOp::create(
        inChunks, loc, constant(inChunks, 0),
        constant(inChunks, kc / instructionK), constant(inChunks, 1),
        chunkSums,
        [&](OpBuilder &inSteps, Location, Value step, ValueRange partial) {
          SmallVector<SmallVector<Value>> as = readFragments(
              inSteps, lhsReader, lhsChunkUnit, step, kind.lhsType);
          SmallVector<SmallVector<Value>> bs = readFragments(
              inSteps, rhsReader, rhsChunkUnit, step, kind.rhsType);
          // The step's block of k, and each fragment's scale.
          SmallVector<Value> lhsScales, rhsScales;
          if (scales) {
            Value block = arith::AddIOp::create(
                inSteps, loc,
                arith::MulIOp::create(inSteps, loc, chunk,
                                      constant(inSteps, kc / 32)),
                step);
            for (int64_t key : llvm::make_first_range(lhsReader.fragments))
              lhsScales.push_back(readScale(inSteps, true, key, block));
            for (int64_t key : llvm::make_first_range(rhsReader.fragments))
              rhsScales.push_back(readScale(inSteps, false, key, block));
          }
          SmallVector<Value> next;
          for (auto [index, instruction] : llvm::enumerate(instructions)) {
            ValueRange a = as[instruction.lhsFragment];
            ValueRange bf = bs[instruction.rhsFragment];
            ValueRange c = partial.slice(4 * index, 4);
            Value d;
            if (scales) {
              Value zero = arith::ConstantIntOp::create(inSteps, loc, 0, 16);
              d = NVVM::MmaBlockScaleOp::create(
                  inSteps, loc, resultType, a, bf, c,
                  lhsScales[instruction.lhsFragment], zero, zero,
                  rhsScales[instruction.rhsFragment], zero, zero,
                  {kMmaSyncM, kMmaSyncN, instructionK},
                  std::array<NVVM::MMATypes, 2>{kind.lhsType, kind.rhsType},
                  NVVM::ScaleVecSize::X1, NVVM::BlockScaleFormat::UE8M0,
                  NVVM::MMABlockScaleKind::MXF8F6F4);
            } else if (isFp8(kind.lhsType)) {
              SmallVector<Value> args(a);
              llvm::append_range(args, bf);
              llvm::append_range(args, c);
              d = LLVM::CallIntrinsicOp::create(
                      inSteps, loc, resultType,
                      inSteps.getStringAttr(fp8MmaSyncIntrinsic(
                          {instructionK, kind.lhsType, kind.rhsType})),
                      args)
                      .getResult(0);
            } else {
              d = NVVM::MmaOp::create(
                  inSteps, loc, resultType, a, bf, c,
                  {kMmaSyncM, kMmaSyncN, instructionK},
                  /*b1Op=*/std::nullopt, overflow,
                  std::array<NVVM::MMATypes, 2>{kind.lhsType, kind.rhsType},
                  std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                                 NVVM::MMALayout::col});
            }
            for (int64_t i = 0; i < 4; ++i)
              next.push_back(LLVM::ExtractValueOp::create(
                  inSteps, loc, d, ArrayRef<int64_t>{i}));
          }
          scf::YieldOp::create(inSteps, loc, next);
        });
    return SmallVector<Value>(steps.getResults());
  };
  SmallVector<Value> results =
      multiplyChunks(l, op, *staged, kc, k / kc, sums,
                     /*asyncProxyReads=*/false, multiply);
  if (sumsFromZero)
    for (auto [result, accSum] : llvm::zip(results, *accSums))
      result = arith::AddFOp::create(b, loc, accSum, result);
  if (accType != kind.accumulatorType)
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, accType, result);
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}
