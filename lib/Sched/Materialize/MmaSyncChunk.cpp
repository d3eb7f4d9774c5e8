//===- MmaSyncChunk.cpp - one chunk of k on mma.sync ----------------------===//
//
// The operands' arrays hold k contiguous ([batch][m][k] and [batch][n][k])
// or k-major, so that each fragment register (consecutive values of k, 32
// bits) is one 32-bit word of shared memory, or one row of an 8x8 matrix
// that ldmatrix transposes. Where an instruction's lhs fragment is four
// words and its rhs fragment two (every kind but i8 m16n8k16), those are
// the words of four and two 8x8 matrices of 16-bit values in the warp's
// rows, and one ldmatrix .x4 and one .x2 (nvgpu.ldmatrix) read them for the
// whole warp: each lane names the start of one matrix row, and receives
// its word of each matrix; else a thread reads its words one ld.shared
// each (two and one for i8 m16n8k16). The rows are padded so that 8 rows
// fall on distinct banks, except where an operand comes by TMA (sm_90 on,
// TensorMapCopy.h): its rows are swizzled as the box lands, to the same
// effect, and a read XORs its k step into the thread's swizzled unit. One
// mma.sync per fragment. A block-scaled mma's scale tiles cross into
// shared memory once per run, and each instruction takes its rows' and
// columns' scales from the lanes' registers (readScale).
//
//===----------------------------------------------------------------------===//
#include "MmaSyncChunk.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Layout/MmaLayouts.h"
#include "tilechain/Sched/Materialize/Fp8MmaSync.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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

FailureOr<MmaSyncChunks>
MmaSyncChunks::setUp(TileLowering &l, Operation *op, const MmaSyncKind &kind,
                     const std::array<StagedOperand, 2> &staged,
                     const LinearLayout &layout, int64_t kc) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  MmaSyncChunks chunks(loc, kind, staged);
  ArrayRef<int64_t> shape = tileShape(op->getOperand(2).getType());
  int64_t rank = shape.size();
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t instructionK = kind.k;
  int64_t kHalves = mmaSyncKHalves(kind);
  bool ldmatrix = kHalves == 2;
  chunks.m = m;
  chunks.n = n;
  chunks.rank = rank;
  chunks.kc = kc;
  chunks.instructionK = instructionK;
  chunks.ldmatrix = ldmatrix;
  int64_t registers = layout.getSize(LinearLayout::Register);
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  Type i16 = b.getI16Type();

  // The running thread's coordinates: the row of its lhs fragments is its
  // result row; the column of its rhs fragments is its lane's group g
  // (lane / 4) in its warp's block, whose result columns start at
  // 2 (lane % 4).
  SmallVector<Value> coords = l.elementCoords(b, loc, layout, 0);
  Value lane = l.getLaneId();
  Value group = arith::ShRUIOp::create(b, loc, lane, constant(b, 2));
  Value inGroup = arith::AndIOp::create(b, loc, lane, constant(b, 3));
  Value batchCoord = rank == 3 ? coords[0] : Value();
  chunks.batchCoord = batchCoord;
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

  auto makeReader = [&](unsigned index) {
    const StagedOperand &operand = staged[index];
    bool isLhs = index == 0;
    Reader reader{index};
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
  chunks.lhsReader = makeReader(0);
  chunks.rhsReader = makeReader(1);

  // Per instruction (registers 4i..4i+3), its fragments: a0..a3 walk
  // (m + 8, k + 4 words' worth), b0..b1 k.
  auto fragmentOf = [&](Reader &reader, int64_t batchPart, int64_t xPart,
                        int64_t registersPerFragment, bool isLhs) {
    const StagedOperand &operand = staged[reader.operand];
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
    chunks.instructions.push_back(
        {fragmentOf(chunks.lhsReader, batchPart, part[rank - 2], 2 * kHalves,
                    true),
         fragmentOf(chunks.rhsReader, batchPart, part[rank - 1], kHalves,
                    false)});
  }

  chunks.resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(4, kind.accumulatorType));
  if (kind.accumulatorType.isInteger(32))
    chunks.overflow = NVVM::MMAIntOverflow::wrapped; // as the CUDA-core path

  // A block-scaled mma's scales, in shared memory (tileInShared, row-major
  // over their layouts' shapes): per instruction and block of k, each lane
  // gives the scale of the row of A that block-scaled mma.sync takes from
  // it (thread-id 0: lane 4 g reads row g, lane 4 g + 1 row g + 8, of the
  // instruction's 16; PTX ISA "Block Scaling" for mma, and NVIDIA's
  // tileiras 13.5 selects so) and of B's column g (lane 4 g), in byte 0.
  if (auto scaled = dyn_cast<cuda_tile::MmaFScaledOp>(op)) {
    chunks.scales.emplace();
    std::array<Value, 2> scaleTiles = {scaled.getLhsScale(),
                                       scaled.getRhsScale()};
    for (auto [index, scale] : llvm::enumerate(scaleTiles)) {
      FailureOr<Value> buffer = l.tileInShared(op, scale);
      if (failed(buffer))
        return failure();
      (*chunks.scales)[index] = {
          *buffer, llvm::to_vector(l.getLayout(l.lookup(scale)).getShape())};
    }
    chunks.scaleRow = plus(
        row, times(arith::AndIOp::create(b, loc, lane, constant(b, 1)), 8));
    chunks.scaleColumn = column;
  }
  return chunks;
}

SmallVector<SmallVector<Value>>
MmaSyncChunks::readFragments(OpBuilder &at, const Reader &reader,
                             Value chunkUnit, Value step,
                             NVVM::MMATypes type) const {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  Value stepUnits =
      arith::MulIOp::create(at, loc, step, constant(reader.stepUnits));
  Value base = arith::AddIOp::create(at, loc, chunkUnit, stepUnits);
  // The unit of a fragment register at constant `offset`: in a swizzled
  // array its units of k (below a row) are XORed into the thread's, its
  // rows (multiples of 8) added.
  int64_t rowUnits = reader.rowUnits;
  auto unitAt = [&](int64_t offset) -> Value {
    if (!staged[reader.operand].form.swizzle)
      return arith::AddIOp::create(at, loc, base, constant(offset));
    if (staged[reader.operand].form.order == ChunkOrder::MNContiguous) {
      // The thread's slot XOR the fragment's, then the chunk's stage and
      // the step's rows of k.
      Value inStage =
          arith::SubIOp::create(at, loc, chunkUnit, reader.threadUnit);
      Value slot =
          arith::XOrIOp::create(at, loc, reader.threadUnit, constant(offset));
      return arith::AddIOp::create(
          at, loc, arith::AddIOp::create(at, loc, slot, inStage), stepUnits);
    }
    Value k =
        arith::AddIOp::create(at, loc, stepUnits, constant(offset % rowUnits));
    return arith::AddIOp::create(
        at, loc, arith::XOrIOp::create(at, loc, chunkUnit, k),
        constant(offset - offset % rowUnits));
  };
  bool transposed =
      staged[reader.operand].form.order == ChunkOrder::MNContiguous;
  bool isLhs = reader.operand == 0;
  Type i16 = at.getI16Type();
  SmallVector<SmallVector<Value>> read;
  for (const auto &[key, offsets] : reader.fragments) {
    SmallVector<Value> fragment;
    if (ldmatrix) {
      // The lhs reads four matrices (a0..a3), the rhs two (b0, b1).
      int64_t kHalves = mmaSyncKHalves(kind);
      int64_t tiles = isLhs ? 2 * kHalves : kHalves;
      Value start = arith::MulIOp::create(at, loc, unitAt(offsets.front()),
                                          constant(reader.unitBytes / 2));
      Value matrices = nvgpu::LdMatrixOp::create(
          at, loc, VectorType::get({tiles, 2}, i16), reader.array,
          ValueRange{start}, transposed, tiles);
      for (int64_t tile = 0; tile < tiles; ++tile) {
        Value halves = vector::ExtractOp::create(at, loc, matrices, tile);
        Value word = vector::ExtractOp::create(
            at, loc,
            vector::BitCastOp::create(
                at, loc, VectorType::get({1}, at.getI32Type()), halves),
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
}

Value MmaSyncChunks::readScale(OpBuilder &at, bool isLhs, int64_t key,
                               Value block) const {
  const StagedScales &scale = (*scales)[isLhs ? 0 : 1];
  int64_t width = isLhs ? m : n;
  int64_t batchPart = key / width, xPart = key % width;
  Value x = arith::AddIOp::create(
      at, loc, isLhs ? scaleRow : scaleColumn,
      arith::ConstantIndexOp::create(at, loc, xPart));
  SmallVector<Value> coords;
  if (rank == 3)
    coords.push_back(arith::AddIOp::create(
        at, loc, batchCoord,
        arith::ConstantIndexOp::create(at, loc, batchPart)));
  coords.append(isLhs ? SmallVector<Value>{x, block}
                      : SmallVector<Value>{block, x});
  Value byte = memref::LoadOp::create(
      at, loc, scale.buffer,
      ValueRange{
          TileLowering::tileInSharedIndex(at, loc, scale.stored, coords)});
  return arith::ExtUIOp::create(at, loc, at.getI32Type(), byte);
}

SmallVector<Value> MmaSyncChunks::multiply(OpBuilder &inChunks, Value chunk,
                                           Value stage,
                                           ValueRange sums) const {
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  // The thread's units in this chunk's stage.
  Value lhsChunkUnit = arith::AddIOp::create(
      inChunks, loc, lhsReader.threadUnit,
      stageOffset(inChunks, loc, staged[0], stage,
                  lhsReader.unitBytes));
  Value rhsChunkUnit = arith::AddIOp::create(
      inChunks, loc, rhsReader.threadUnit,
      stageOffset(inChunks, loc, staged[1], stage,
                  rhsReader.unitBytes));
  auto steps = scf::ForOp::create(
      inChunks, loc, constant(inChunks, 0),
      constant(inChunks, kc / instructionK), constant(inChunks, 1), sums,
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
}
