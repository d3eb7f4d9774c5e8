//===- MmaSyncLowering.cpp - mmaf/mmai on tensor cores with mma.sync ------===//
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
// m16n8k16). One mma.sync per fragment. The accumulator is the C operand of the first instruction
// and D carries the sum: the tensor core adds the products to it in its
// own order (docs/semantics-from-nvidia.md). An f16 accumulator is summed
// in f32 and rounded once, at the end, as in the CUDA-core path.
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "MmaSync.h"

#include "tilechain/Conversion/TileToLoops/Fp8MmaSync.h"
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

/// What one mma.sync of an op multiplies and accumulates.
struct MmaSyncKind {
  unsigned elementBits; // of an input element
  int64_t k;            // of the instruction
  NVVM::MMATypes lhsType, rhsType;
  Type accumulatorType; // of C and D: f32 or i32
};

std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// The mma.sync type of an fp8 element type.
std::optional<NVVM::MMATypes> fp8Type(Type element) {
  if (isa<Float8E4M3FNType>(element))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(element))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

bool isFp8(NVVM::MMATypes type) {
  return type == NVVM::MMATypes::e4m3 || type == NVVM::MMATypes::e5m2;
}

/// The mma.sync variant for `op`'s element types, or why there is none.
FailureOr<MmaSyncKind> classify(Operation *op, std::string &why) {
  MLIRContext *context = op->getContext();
  // The cuda_tile types: tf32 is lowered to f32.
  Type input =
      cast<cuda_tile::TileType>(op->getOperand(0).getType()).getElementType();
  Type acc = TileLowering::tileElementType(op->getOperand(2).getType());
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
    std::optional<NVVM::MMATypes> lhs8 = fp8Type(input), rhs8 = fp8Type(rhsInput);
    if (lhs8 && rhs8) {
      int64_t k = TileLowering::tileShape(op->getOperand(0).getType()).back();
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
  int64_t k = TileLowering::tileShape(op->getOperand(0).getType()).back();
  return MmaSyncKind{8, k % 32 ? 16 : 32, ptxType(mmai.getSignednessLhs()),
                     ptxType(mmai.getSignednessRhs()),
                     IntegerType::get(context, 32)};
}

/// The reason shapes or shared memory keep `op` off `kind`'s instruction.
std::optional<std::string> whyNotShape(Operation *op,
                                       const MmaSyncKind &kind) {
  Type lhsType = op->getOperand(0).getType(), rhsType = op->getOperand(1).getType();
  ArrayRef<int64_t> lhsShape = TileLowering::tileShape(lhsType);
  ArrayRef<int64_t> rhsShape = TileLowering::tileShape(rhsType);
  unsigned rank = lhsShape.size();
  int64_t m = lhsShape[rank - 2], n = rhsShape[rank - 1], k = lhsShape.back();
  int64_t instructionK = kind.k;
  auto notMultiple = [](StringRef dim, int64_t extent, int64_t of) {
    return (dim + " = " + Twine(extent) + " is not a multiple of " + Twine(of))
        .str();
  };
  if (m % kMmaSyncM)
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

std::optional<std::string> mma::whyNotMmaSync(const TileLowering &l,
                                              Operation *op) {
  if (!l.allowsTensorCores())
    return std::string("the kernel's other ops do not take the mma.sync "
                       "fragment layouts (the kernel's remark says why)");
  std::string why;
  FailureOr<MmaSyncKind> kind = classify(op, why);
  if (failed(kind))
    return why;
  return whyNotShape(op, *kind);
}

std::optional<LinearLayout> tilechain::mmaResultLayout(const TileLowering &l,
                                                       Operation *op) {
  if (!isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op) ||
      mma::whyNotMmaSync(l, op))
    return std::nullopt;
  return mmaSyncResultLayout(TileLowering::tileShape(op->getResult(0).getType()),
                             l.getNumWarps());
}

LogicalResult mma::lowerMmaSync(TileLowering &l, Operation *op) {
  std::string why;
  MmaSyncKind kind = *classify(op, why);
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = TileLowering::tileShape(acc.getType());
  unsigned rank = shape.size();
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t k = TileLowering::tileShape(lhs.getType()).back();
  int64_t batch = rank == 3 ? shape[0] : 1;
  int64_t perWord = 32 / kind.elementBits;
  int64_t instructionK = kind.k;
  // The fragment registers of k: 2 (k + 4 words' worth in a2, a3 and b1),
  // or 1 for m16n8k16 with 8-bit inputs.
  int64_t kHalves = instructionK / (4 * perWord);
  Type i32 = b.getI32Type();
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };

  int64_t kc = stagingChunk(lhs.getType(), rhs.getType());
  FailureOr<std::array<StagedOperand, 2>> staged =
      stageOperands(l, op, lhs, rhs, kc, k / kc, ChunkOrder::KContiguous);
  if (failed(staged))
    return failure();
  // The same chunk arrays, read a fragment register (32 bits) at a time,
  // or with ldmatrix as 16-bit values, which it moves.
  // (Padded rows: contiguousRowLength; both operands' elements are as wide.)
  bool ldmatrix = kHalves == 2;
  int64_t wordsPerRow = (*staged)[0].rowLength / perWord;
  const StagedOperand &lhsStaged = (*staged)[0], &rhsStaged = (*staged)[1];
  Type i16 = b.getI16Type();
  auto arrayView = [&](const StagedOperand &operand, int64_t rows) {
    int64_t words = operand.halfBytes / 4 + batch * rows * wordsPerRow;
    return ldmatrix ? l.sharedView(operand.arrays, i16, 2 * words,
                                   operand.offset)
                    : l.sharedView(operand.arrays, i32, words, operand.offset);
  };
  Value lhsArray = arrayView(lhsStaged, m), rhsArray = arrayView(rhsStaged, n);

  LinearLayout layout = mmaSyncResultLayout(shape, l.getNumWarps());
  int64_t registers = layout.getSize(LinearLayout::Register);
  SmallVector<Value> sums;
  if (Value splat = l.lookupSplat(acc)) {
    sums.assign(registers, splat);
  } else {
    FailureOr<SmallVector<Value>> accRegisters = l.registersIn(acc, layout);
    if (failed(accRegisters))
      return failure();
    sums = std::move(*accRegisters);
  }
  Type accType = TileLowering::tileElementType(acc.getType());
  if (accType != kind.accumulatorType)
    for (Value &sum : sums)
      sum = arith::ExtFOp::create(b, loc, kind.accumulatorType, sum);

  // The running thread's words: the row of its lhs fragments is its result
  // row; the column of its rhs fragments is its lane's group g (lane / 4)
  // in its warp's block, whose result columns start at 2 (lane % 4).
  SmallVector<Value> coords = l.elementCoords(b, loc, layout, 0);
  Value lane = l.getLaneId();
  Value group = arith::ShRUIOp::create(b, loc, lane, constant(b, 2));
  Value inGroup = arith::AndIOp::create(b, loc, lane, constant(b, 3));
  Value row = coords[rank - 2];
  Value column = arith::AddIOp::create(
      b, loc,
      arith::SubIOp::create(
          b, loc, coords[rank - 1],
          arith::ShLIOp::create(b, loc, inGroup, constant(b, 1))),
      group);
  if (rank == 3) {
    row = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, coords[0], constant(b, m)), row);
    column = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, coords[0], constant(b, n)),
        column);
  }
  // The word the thread reads (or, with ldmatrix, names) of each fragment,
  // the fragment's constant offset aside. Without ldmatrix it is its own
  // word: the row of its group, word (lane % 4). With ldmatrix, lane L names
  // row L % 8 of matrix L / 8 of its warp's fragment: matrix j of lhs is
  // rows + 8 (j & 1), words + 4 (j >> 1), of rhs words + 4 j; the row of the
  // fragment's origin is the thread's row less its group g.
  Value lhsThreadWord, rhsThreadWord;
  if (!ldmatrix) {
    auto threadWord = [&](Value rowOfArray) -> Value {
      return arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, rowOfArray, constant(b, wordsPerRow)),
          inGroup);
    };
    lhsThreadWord = threadWord(row);
    rhsThreadWord = threadWord(column);
  } else {
    Value rowInMatrix = arith::AndIOp::create(b, loc, lane, constant(b, 7));
    Value matrix = arith::ShRUIOp::create(b, loc, lane, constant(b, 3));
    auto word = [&](Value originRow, Value rowOffset, Value wordOffset) {
      Value matrixRow = arith::AddIOp::create(
          b, loc, arith::SubIOp::create(b, loc, originRow, group),
          arith::AddIOp::create(b, loc, rowInMatrix, rowOffset));
      return arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, matrixRow, constant(b, wordsPerRow)),
          wordOffset);
    };
    Value matrixLow = arith::AndIOp::create(b, loc, matrix, constant(b, 1));
    lhsThreadWord = word(
        row, arith::MulIOp::create(b, loc, matrixLow, constant(b, 8)),
        arith::MulIOp::create(
            b, loc, arith::ShRUIOp::create(b, loc, matrix, constant(b, 1)),
            constant(b, 4)));
    rhsThreadWord =
        word(column, constant(b, 0),
             arith::MulIOp::create(b, loc, matrixLow, constant(b, 4)));
  }

  // Per instruction (registers 4i..4i+3), the constant word offsets of its
  // fragments: a0..a3 walk (m + 8, k + 4 words' worth), b0..b1 k.
  struct Instruction {
    unsigned lhsFragment, rhsFragment;
  };
  llvm::MapVector<int64_t, SmallVector<int64_t, 4>> lhsFragments, rhsFragments;
  SmallVector<Instruction> instructions;
  for (int64_t first = 0; first < registers; first += 4) {
    SmallVector<int64_t> part = registerPart(layout, first);
    int64_t batchPart = rank == 3 ? part[0] : 0;
    int64_t lhsRow = batchPart * m + part[rank - 2];
    int64_t rhsRow = batchPart * n + part[rank - 1];
    auto [lhsIt, newLhs] = lhsFragments.insert({lhsRow, {}});
    if (newLhs)
      for (int64_t reg = 0; reg < 2 * kHalves; ++reg)
        lhsIt->second.push_back((lhsRow + 8 * (reg & 1)) * wordsPerRow +
                                4 * (reg >> 1));
    auto [rhsIt, newRhs] = rhsFragments.insert({rhsRow, {}});
    if (newRhs)
      for (int64_t reg = 0; reg < kHalves; ++reg)
        rhsIt->second.push_back(rhsRow * wordsPerRow + 4 * reg);
    instructions.push_back(
        {unsigned(lhsIt - lhsFragments.begin()),
         unsigned(rhsIt - rhsFragments.begin())});
  }

  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(4, kind.accumulatorType));
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (kind.accumulatorType.isInteger(32))
    overflow = NVVM::MMAIntOverflow::wrapped; // as the CUDA-core path
  auto readFragments =
      [&](OpBuilder &at, Value array, Value threadWord, Value stepWord,
          const llvm::MapVector<int64_t, SmallVector<int64_t, 4>> &fragments,
          NVVM::MMATypes type) {
        Value base = arith::AddIOp::create(at, loc, threadWord, stepWord);
        SmallVector<SmallVector<Value>> read;
        for (const auto &[row, offsets] : fragments) {
          SmallVector<Value> fragment;
          if (ldmatrix) {
            // offsets[0] is the fragment's first word, a constant.
            int64_t tiles = offsets.size();
            Value start = arith::MulIOp::create(
                at, loc,
                arith::AddIOp::create(at, loc, base,
                                      constant(at, offsets.front())),
                constant(at, 2));
            Value matrices = nvgpu::LdMatrixOp::create(
                at, loc, VectorType::get({tiles, 2}, i16), array,
                ValueRange{start}, /*transpose=*/false, tiles);
            for (int64_t tile = 0; tile < tiles; ++tile) {
              Value halves = vector::ExtractOp::create(at, loc, matrices, tile);
              Value word = vector::ExtractOp::create(
                  at, loc,
                  vector::BitCastOp::create(
                      at, loc, VectorType::get({1}, i32), halves),
                  0);
              fragment.push_back(asFragmentRegister(at, loc, word, type));
            }
            read.push_back(std::move(fragment));
            continue;
          }
          for (int64_t offset : offsets) {
            Value word = memref::LoadOp::create(
                at, loc, array,
                ValueRange{arith::AddIOp::create(at, loc, base,
                                                 constant(at, offset))});
            fragment.push_back(asFragmentRegister(at, loc, word, type));
          }
          read.push_back(std::move(fragment));
        }
        return read;
      };

  Value zero = constant(b, 0), one = constant(b, 1);
  if (lhsStaged.halfBytes != 0)
    l.barrierBeforeSharedWrites(b, loc);
  auto chunks = scf::ForOp::create(
      b, loc, zero, constant(b, k / kc), one, sums,
      [&](OpBuilder &inChunks, Location, Value chunk, ValueRange chunkSums) {
        // Single-buffered, a barrier keeps the writes from overtaking the
        // reads of the previous chunk; double-buffered, the barrier before
        // the loop keeps them from overtaking another exchange's. The
        // barrier after the writes makes them visible.
        if (lhsStaged.halfBytes == 0)
          l.barrierBeforeSharedWrites(inChunks, loc);
        for (const StagedOperand &operand : *staged)
          writeChunk(l, inChunks, loc, operand, chunk, kc,
                     ChunkOrder::KContiguous);
        gpu::BarrierOp::create(inChunks, loc);
        // The thread's words in this chunk's half.
        Value lhsChunkWord = arith::AddIOp::create(
            inChunks, loc, lhsThreadWord,
            halfOffset(inChunks, loc, lhsStaged, chunk, 4));
        Value rhsChunkWord = arith::AddIOp::create(
            inChunks, loc, rhsThreadWord,
            halfOffset(inChunks, loc, rhsStaged, chunk, 4));
        auto steps = scf::ForOp::create(
            inChunks, loc, zero, constant(inChunks, kc / instructionK), one,
            chunkSums,
            [&](OpBuilder &inSteps, Location, Value step, ValueRange partial) {
              // An instruction's k takes 4 words of a row per half.
              Value stepWord = arith::MulIOp::create(
                  inSteps, loc, step, constant(inSteps, 4 * kHalves));
              SmallVector<SmallVector<Value>> as =
                  readFragments(inSteps, lhsArray, lhsChunkWord, stepWord,
                                lhsFragments, kind.lhsType);
              SmallVector<SmallVector<Value>> bs =
                  readFragments(inSteps, rhsArray, rhsChunkWord, stepWord,
                                rhsFragments, kind.rhsType);
              SmallVector<Value> next;
              for (auto [index, instruction] : llvm::enumerate(instructions)) {
                ValueRange a = as[instruction.lhsFragment];
                ValueRange bf = bs[instruction.rhsFragment];
                ValueRange c = partial.slice(4 * index, 4);
                Value d;
                if (isFp8(kind.lhsType)) {
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
        scf::YieldOp::create(inChunks, loc, steps.getResults());
      });

  SmallVector<Value> results(chunks.getResults());
  if (accType != kind.accumulatorType)
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, accType, result);
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}
