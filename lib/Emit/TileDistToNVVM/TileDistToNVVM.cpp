//===- TileDistToNVVM.cpp - tile_dist's memory ops -> NVVM ----------------===//
//
// async_copy -> cp.async; tensor_copy -> cp.async.bulk.tensor and the
// mbarrier ops -> mbarrier.*; store_matrix -> stmatrix; warpgroup_mma ->
// the matrix descriptors of its operands and wgmma.mma_async,
// warpgroup_wait -> wgmma.wait_group; tensor_mma and the tensor-memory ops
// -> tcgen05.*.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Emit/TileDistToNVVM/TileDistToNVVM.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// cp.async.cg.shared.global [element index of destination], [source], 16,
/// sourceBytes.
struct AsyncCopyLowering
    : public ConvertOpToLLVMPattern<tile_dist::AsyncCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(op.getDestination().getType());
    Value destination =
        getStridedElementPtr(rewriter, op.getLoc(), type,
                             adaptor.getDestination(), adaptor.getIndex());
    NVVM::CpAsyncOp::create(rewriter, op.getLoc(), destination,
                            adaptor.getSource(), 16,
                            NVVM::LoadCacheModifierKind::CG,
                            adaptor.getSourceBytes());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The shared-memory address (ptr<3>) of element `index` of 1-D memref
/// `memref`.
Value sharedElement(ConversionPatternRewriter &rewriter, Location loc,
                    const LLVMTypeConverter &converter, Value original,
                    Value memref, Value index) {
  return LLVM::getStridedElementPtr(rewriter, loc, converter,
                                    cast<MemRefType>(original.getType()),
                                    memref, index);
}

/// cp.async.bulk.tensor.Nd.shared::cta.global.tile.mbarrier::complete_tx
/// [destination], [tensorMap, {coordinates}], [barrier]. The host-side
/// operands (base, sizes, strides) have no part in it: the tensor map holds
/// them.
struct TensorCopyLowering
    : public ConvertOpToLLVMPattern<tile_dist::TensorCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TensorCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const LLVMTypeConverter &converter = *getTypeConverter();
    Value destination =
        sharedElement(rewriter, loc, converter, op.getDestination(),
                      adaptor.getDestination(), adaptor.getIndex());
    Value barrier = sharedElement(rewriter, loc, converter, op.getBarriers(),
                                  adaptor.getBarriers(), adaptor.getBarrier());
    // The .shared::cta form (PTX 8.6), as NVIDIA's tileiras writes it: with
    // .shared::cluster, ptxas for sm_120 stores a word to the stack before
    // each copy.
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        rewriter, loc, destination, adaptor.getTensorMap(),
        adaptor.getCoordinates(), barrier, ValueRange(), Value(), Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/true,
        NVVM::CTAGroupKindAttr(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

/// cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group
/// [tensorMap, {coordinates}], [source], in the thread's current bulk group
/// (tile-sched commits and waits for it after the group's last store).
struct TensorStoreLowering
    : public ConvertOpToLLVMPattern<tile_dist::TensorStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TensorStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = sharedElement(rewriter, loc, *getTypeConverter(),
                                 op.getSource(), adaptor.getSource(),
                                 adaptor.getIndex());
    NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
        rewriter, loc, adaptor.getTensorMap(), source,
        adaptor.getCoordinates(), Value(), NVVM::TMAStoreMode::TILE, Value());
    rewriter.eraseOp(op);
    return success();
  }
};

/// stmatrix.sync.aligned.m8n8.xN.shared.b16 [the lane's row], {words}.
struct StoreMatrixLowering
    : public ConvertOpToLLVMPattern<tile_dist::StoreMatrixOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::StoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value row = sharedElement(rewriter, loc, *getTypeConverter(),
                              op.getDestination(), adaptor.getDestination(),
                              adaptor.getIndex());
    NVVM::StMatrixOp::create(
        rewriter, loc, row, adaptor.getWords(), NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(rewriter.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
    rewriter.eraseOp(op);
    return success();
  }
};

/// One tile_dist mbarrier op on `barriers[barrier]` as the NVVM op
/// `build` makes from the barrier's address.
template <typename OpT>
struct MbarrierLowering : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Adaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address =
        sharedElement(rewriter, loc, *this->getTypeConverter(),
                      op.getBarriers(), adaptor.getBarriers(),
                      adaptor.getBarrier());
    if constexpr (std::is_same_v<OpT, tile_dist::MbarrierInitOp>) {
      NVVM::MBarrierInitOp::create(rewriter, loc, address, adaptor.getCount(),
                                   Value());
    } else if constexpr (std::is_same_v<OpT, tile_dist::MbarrierExpectTxOp>) {
      NVVM::MBarrierArriveExpectTxOp::create(rewriter, loc, Type(), address,
                                             adaptor.getBytes(),
                                             NVVM::MemScopeKind::CTA,
                                             /*relaxed=*/false, Value());
    } else if constexpr (std::is_same_v<OpT, tile_dist::MbarrierWaitOp>) {
      // The suspend-time hint CUTLASS uses: 10 ms between retries at most.
      Value ticks = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI32Type(),
          rewriter.getI32IntegerAttr(10000000));
      NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, address,
                                            adaptor.getParity(), ticks);
    } else if constexpr (std::is_same_v<OpT, tile_dist::MbarrierArriveOp>) {
      NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), address, Value(),
                                     NVVM::MemScopeKind::CTA,
                                     /*relaxed=*/false);
    } else {
      NVVM::MBarrierInvalOp::create(rewriter, loc, address);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// A 64-bit shared-memory matrix descriptor of the operand at byte `offset`
/// of shared memref `memref`: bits 0-13 its shared-memory address, 16-29
/// the leading and 32-45 the stride byte offset (each without its 4 low
/// bits), and `fixedBits` (the swizzle mode and, for tcgen05, its version).
/// The base offset (bits 49-51) stays 0: the operands start where their
/// swizzle pattern does.
Value matrixDescriptor(ConversionPatternRewriter &rewriter, Location loc,
                       const LLVMTypeConverter &converter, MemRefType type,
                       Value memref, Value offset,
                       tile_dist::SharedMatrixAttr matrix, uint64_t fixedBits) {
  Type i64 = rewriter.getI64Type();
  Value pointer = LLVM::getStridedElementPtr(rewriter, loc, converter, type,
                                             memref, offset);
  Value address = LLVM::PtrToIntOp::create(rewriter, loc, i64, pointer);
  auto constant = [&](uint64_t value) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, i64,
                                    rewriter.getI64IntegerAttr(value));
  };
  Value start = LLVM::LShrOp::create(
      rewriter, loc,
      LLVM::AndOp::create(rewriter, loc, address, constant(0x3ffff)),
      constant(4));
  uint64_t fields = uint64_t(matrix.getLbo() >> 4) << 16 |
                    uint64_t(matrix.getSbo() >> 4) << 32 | fixedBits;
  return LLVM::OrOp::create(rewriter, loc, start, constant(fields));
}

/// wgmma's descriptor (PTX ISA, "Matrix Descriptor Format"): the swizzle
/// mode in bits 62-63 (1: 128 bytes, 2: 64, 3: 32).
Value wgmmaDescriptor(ConversionPatternRewriter &rewriter, Location loc,
                      const LLVMTypeConverter &converter, Value original,
                      Value memref, Value offset,
                      tile_dist::SharedMatrixAttr matrix) {
  uint64_t mode = matrix.getSwizzle() == 128  ? 1
                  : matrix.getSwizzle() == 64 ? 2
                                              : 3;
  return matrixDescriptor(rewriter, loc, converter,
                          cast<MemRefType>(original.getType()), memref, offset,
                          matrix, mode << 62);
}

NVVM::WGMMATypes wgmmaType(Type type) {
  return *NVVM::symbolizeWGMMATypes(
      tile_dist::WarpgroupMmaOp::ptxTypeName(type));
}

/// Inline PTX `text` (with side effects: ptxas keeps it where it is) of
/// result type `resultType` over `operands`, bound by `constraints`.
Value inlinePtx(ConversionPatternRewriter &rewriter, Location loc,
                Type resultType, ValueRange operands, StringRef text,
                StringRef constraints) {
  MLIRContext *context = rewriter.getContext();
  return LLVM::InlineAsmOp::create(
             rewriter, loc, resultType, operands, rewriter.getStringAttr(text),
             rewriter.getStringAttr(constraints), rewriter.getUnitAttr(),
             UnitAttr(),
             LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
             LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
             ArrayAttr())
      .getResult(0);
}

/// wgmma.mma_async.sync.aligned.m64nNk16 with A from registers, which
/// nvvm.wgmma.mma_async does not take: inline PTX whose outputs are the
/// accumulators, tied to their inputs, then A's four registers and B's
/// descriptor. Scale-d is true (the sum accumulates).
Value fragmentMma(ConversionPatternRewriter &rewriter, Location loc,
                  tile_dist::WarpgroupMmaOp op, Type structType,
                  ValueRange accumulators, ValueRange fragment,
                  Value rhsDescriptor) {
  int64_t count = accumulators.size();
  std::string text;
  llvm::raw_string_ostream ptx(text);
  ptx << "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      << "wgmma.mma_async.sync.aligned.m64n" << op.getN() << "k16.f32."
      << op.ptxTypeName(op.getLhsType()) << "."
      << op.ptxTypeName(op.getRhsType())
      << " {";
  std::string constraints;
  for (int64_t i = 0; i < count; ++i) {
    ptx << (i ? ", " : "") << "$" << i;
    constraints += "=f,";
  }
  for (int64_t i = 0; i < count; ++i)
    constraints += std::to_string(i) + ",";
  ptx << "}, {";
  for (int64_t i = 0; i < 4; ++i)
    ptx << (i ? ", " : "") << "$" << 2 * count + i;
  ptx << "}, $" << 2 * count + 4 << ", p, 1, 1, "
      << (op.getRhsMatrix().getMnMajor() ? 1 : 0) << ";\n}\n";
  constraints += "r,r,r,r,l";
  SmallVector<Value> operands(accumulators);
  llvm::append_range(operands, fragment);
  operands.push_back(rhsDescriptor);
  return inlinePtx(rewriter, loc, structType, operands, text, constraints);
}

/// wgmma.wait_group.sync.aligned: inline PTX whose outputs, the values
/// handed on, are tied to its inputs (f32 in .f registers, i32 in .r), or
/// the NVVM op where it hands on nothing.
struct WarpgroupWaitLowering
    : public ConvertOpToLLVMPattern<tile_dist::WarpgroupWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::WarpgroupWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange values = adaptor.getValues();
    if (values.empty()) {
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, op.getPending());
      rewriter.eraseOp(op);
      return success();
    }
    std::string constraints;
    for (Value value : values)
      constraints += value.getType().isF32() ? "=f," : "=r,";
    for (size_t i = 0, e = values.size(); i < e; ++i)
      constraints += std::to_string(i) + (i + 1 < e ? "," : "");
    std::string text = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPending()) + ";";
    if (values.size() == 1) {
      rewriter.replaceOp(op, inlinePtx(rewriter, loc, values[0].getType(),
                                       values, text, constraints));
      return success();
    }
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), llvm::to_vector(values.getTypes()));
    Value handed =
        inlinePtx(rewriter, loc, structType, values, text, constraints);
    SmallVector<Value> results;
    for (size_t i = 0, e = values.size(); i < e; ++i)
      results.push_back(LLVM::ExtractValueOp::create(
          rewriter, loc, handed, ArrayRef<int64_t>{int64_t(i)}));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// wgmma.mma_async.sync.aligned.m64nNkK with both operands' descriptors,
/// or A's registers and B's descriptor; the accumulator vector travels as
/// the struct of registers the instruction writes.
struct WarpgroupMmaLowering
    : public ConvertOpToLLVMPattern<tile_dist::WarpgroupMmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::WarpgroupMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const LLVMTypeConverter &converter = *getTypeConverter();
    Value rhs = wgmmaDescriptor(rewriter, loc, converter, op.getRhs(),
                                adaptor.getRhs(), adaptor.getRhsOffset(),
                                op.getRhsMatrix());
    VectorType vectorType = op.getAccumulator().getType();
    Type element = vectorType.getElementType();
    int64_t count = vectorType.getNumElements();
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(count, element));
    auto position = [&](int64_t i) {
      return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                      rewriter.getI64IntegerAttr(i));
    };
    auto elements = [&](Value vector, int64_t size) {
      SmallVector<Value> values;
      for (int64_t i = 0; i < size; ++i)
        values.push_back(
            LLVM::ExtractElementOp::create(rewriter, loc, vector, position(i)));
      return values;
    };
    SmallVector<Value> accumulators =
        elements(adaptor.getAccumulator(), count);
    Value mma;
    if (op.getLhsFragment()) {
      mma = fragmentMma(rewriter, loc, op, structType, accumulators,
                        elements(adaptor.getLhsFragment(), 4), rhs);
    } else {
      Value lhs = wgmmaDescriptor(rewriter, loc, converter, op.getLhs(),
                                  adaptor.getLhs(), adaptor.getLhsOffset(),
                                  *op.getLhsMatrix());
      Value registers = LLVM::PoisonOp::create(rewriter, loc, structType);
      for (auto [i, accumulator] : llvm::enumerate(accumulators))
        registers = LLVM::InsertValueOp::create(
            rewriter, loc, registers, accumulator,
            ArrayRef<int64_t>{int64_t(i)});
      bool integers = element.isInteger(32);
      mma = NVVM::WgmmaMmaAsyncOp::create(
          rewriter, loc, structType, registers, lhs, rhs,
          NVVM::MMAShapeAttr::get(rewriter.getContext(), 64, op.getN(),
                                  op.getK()),
          wgmmaType(op.getLhsType()), wgmmaType(op.getRhsType()),
          integers ? NVVM::WGMMATypes::s32 : NVVM::WGMMATypes::f32,
          NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
          NVVM::WGMMAScaleIn::one,
          // A is row-major where k is contiguous, B column-major.
          op.getLhsMatrix()->getMnMajor() ? NVVM::MMALayout::col
                                          : NVVM::MMALayout::row,
          op.getRhsMatrix().getMnMajor() ? NVVM::MMALayout::row
                                         : NVVM::MMALayout::col,
          integers ? NVVM::MMAIntOverflowAttr::get(
                         rewriter.getContext(), NVVM::MMAIntOverflow::wrapped)
                   : NVVM::MMAIntOverflowAttr());
    }
    Value result = LLVM::PoisonOp::create(
        rewriter, loc, converter.convertType(vectorType));
    for (int64_t i = 0; i < count; ++i)
      result = LLVM::InsertElementOp::create(
          rewriter, loc, result,
          LLVM::ExtractValueOp::create(rewriter, loc, mma,
                                       ArrayRef<int64_t>{i}),
          position(i));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A tensor-memory address (i32: lane << 16 | column) as the pointer the
/// tcgen05 ops take.
Value tensorMemoryPointer(ConversionPatternRewriter &rewriter, Location loc,
                          Value address) {
  return LLVM::IntToPtrOp::create(
      rewriter, loc,
      LLVM::LLVMPointerType::get(rewriter.getContext(),
                                 static_cast<unsigned>(
                                     NVVM::NVVMMemorySpace::Tensor)),
      address);
}

/// tcgen05.alloc.cta_group::1 of the op's columns into the slot.
struct TmemAllocLowering
    : public ConvertOpToLLVMPattern<tile_dist::TmemAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TmemAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value slot = sharedElement(rewriter, loc, *getTypeConverter(),
                               op.getSlots(), adaptor.getSlots(),
                               adaptor.getSlot());
    Value columns = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI32Type(),
        rewriter.getI32IntegerAttr(op.getColumns()));
    NVVM::Tcgen05AllocOp::create(rewriter, loc, slot, columns);
    rewriter.eraseOp(op);
    return success();
  }
};

/// tcgen05.dealloc.cta_group::1.
struct TmemDeallocLowering
    : public ConvertOpToLLVMPattern<tile_dist::TmemDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TmemDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value columns = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI32Type(),
        rewriter.getI32IntegerAttr(op.getColumns()));
    NVVM::Tcgen05DeallocOp::create(
        rewriter, loc, tensorMemoryPointer(rewriter, loc, adaptor.getAddress()),
        columns);
    rewriter.eraseOp(op);
    return success();
  }
};

/// tcgen05.ld.sync.aligned.16x256b.xN.b32, then tcgen05.wait::ld, so that
/// the registers hold the words once the op's result is used.
struct TmemLoadLowering : public ConvertOpToLLVMPattern<tile_dist::TmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value words = NVVM::Tcgen05LdOp::create(
        rewriter, loc, op.getResult().getType(), /*pack=*/false,
        NVVM::Tcgen05LdStShape::SHAPE_16X256B,
        tensorMemoryPointer(rewriter, loc, adaptor.getAddress()), Value());
    NVVM::Tcgen05WaitOp::create(rewriter, loc, NVVM::Tcgen05WaitKind::LOAD);
    rewriter.replaceOp(op, words);
    return success();
  }
};

/// tcgen05.st.sync.aligned.<Shape>.xN.b32, then tcgen05.wait::st:
/// tmem_store (16x256b, the mma.sync C/D fragment's layout) and
/// tmem_store_lanes (32x32b, a word per lane and column).
template <typename StoreOp, NVVM::Tcgen05LdStShape Shape>
struct TmemStoreLowering : public ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern<StoreOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, typename StoreOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::Tcgen05StOp::create(
        rewriter, loc, /*unpack=*/false, Shape,
        tensorMemoryPointer(rewriter, loc, adaptor.getAddress()),
        adaptor.getValues(), Value());
    NVVM::Tcgen05WaitOp::create(rewriter, loc, NVVM::Tcgen05WaitKind::STORE);
    rewriter.eraseOp(op);
    return success();
  }
};

/// tcgen05's descriptor (PTX ISA, "Shared memory descriptor" of tcgen05):
/// wgmma's fields, the constant 0b001 in bits 46-48, and the swizzle mode
/// in bits 61-63 (2: 128 bytes, 4: 64, 6: 32).
Value tensorMmaDescriptor(ConversionPatternRewriter &rewriter, Location loc,
                          const LLVMTypeConverter &converter, Value original,
                          Value memref, Value offset,
                          tile_dist::SharedMatrixAttr matrix) {
  uint64_t mode = matrix.getSwizzle() == 128  ? 2
                  : matrix.getSwizzle() == 64 ? 4
                                              : 6;
  return matrixDescriptor(rewriter, loc, converter,
                          cast<MemRefType>(original.getType()), memref, offset,
                          matrix, uint64_t(1) << 46 | mode << 61);
}

/// The instruction kind and the a/b format code (PTX ISA, "Instruction
/// descriptor" of tcgen05) of an operand element type.
std::pair<NVVM::Tcgen05MMAKind, uint32_t> tensorMmaFormat(Type element) {
  StringRef name = tile_dist::WarpgroupMmaOp::ptxTypeName(element);
  if (name == "f16" || name == "bf16")
    return {NVVM::Tcgen05MMAKind::F16, name == "bf16"};
  if (name == "tf32")
    return {NVVM::Tcgen05MMAKind::TF32, 2};
  if (name == "e4m3" || name == "e5m2")
    return {NVVM::Tcgen05MMAKind::F8F6F4, name == "e5m2"};
  return {NVVM::Tcgen05MMAKind::I8, name == "s8"};
}

/// The scale factor ID (bits 30-31) of a block scale's address, in bit
/// `to` of an instruction descriptor.
Value scaleFactorId(ConversionPatternRewriter &rewriter, Location loc,
                    Value address, unsigned to) {
  Type i32 = rewriter.getI32Type();
  auto constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(rewriter, loc, i32,
                                    rewriter.getI32IntegerAttr(v));
  };
  Value id = LLVM::AndOp::create(
      rewriter, loc, LLVM::LShrOp::create(rewriter, loc, address, constant(30)),
      constant(3));
  return LLVM::ShlOp::create(rewriter, loc, id, constant(to));
}

/// tcgen05.mma.cta_group::1.kind::K [d], a_desc, b_desc, idesc, accumulate.
/// The 32-bit instruction descriptor: D's format in bits 4-5 (1: f32, 2:
/// s32), A's and B's in 7-9 and 10-12, whether A and B are mn-major in
/// bits 15 and 16, N >> 3 in 17-22, M >> 4 in 24-28. Block-scaled, it is
/// .kind::mxf8f6f4.block_scale.block32 [d], a_desc, b_desc, idesc, [sfa],
/// [sfb], accumulate, whose descriptor has B's scale factor ID in bits 4-5,
/// the scales' format (1: ue8m0) in bit 23, M >> 7 in 27-28 and A's scale
/// factor ID in 29-30, the IDs taken from the scale addresses (as NVIDIA's
/// tileiras also leaves them there).
struct TensorMmaLowering
    : public ConvertOpToLLVMPattern<tile_dist::TensorMmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TensorMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const LLVMTypeConverter &converter = *getTypeConverter();
    Value lhs = tensorMmaDescriptor(rewriter, loc, converter, op.getLhs(),
                                    adaptor.getLhs(), adaptor.getLhsOffset(),
                                    op.getLhsMatrix());
    Value rhs = tensorMmaDescriptor(rewriter, loc, converter, op.getRhs(),
                                    adaptor.getRhs(), adaptor.getRhsOffset(),
                                    op.getRhsMatrix());
    auto [kind, lhsFormat] = tensorMmaFormat(op.getLhsType());
    uint32_t rhsFormat = tensorMmaFormat(op.getRhsType()).second;
    Value d = tensorMemoryPointer(rewriter, loc, adaptor.getAddress());
    if (op.isBlockScaled()) {
      uint32_t fields = lhsFormat << 7 | rhsFormat << 10 |
                        uint32_t(op.getLhsMatrix().getMnMajor()) << 15 |
                        uint32_t(op.getRhsMatrix().getMnMajor()) << 16 |
                        uint32_t(op.getN() >> 3) << 17 | 1u << 23 |
                        uint32_t(op.getM() >> 7) << 27;
      Value idesc = LLVM::OrOp::create(
          rewriter, loc,
          LLVM::ConstantOp::create(
              rewriter, loc, rewriter.getI32Type(),
              rewriter.getI32IntegerAttr(static_cast<int32_t>(fields))),
          LLVM::OrOp::create(
              rewriter, loc,
              scaleFactorId(rewriter, loc, adaptor.getLhsScale(), 29),
              scaleFactorId(rewriter, loc, adaptor.getRhsScale(), 4)));
      NVVM::Tcgen05MMABlockScaleOp::create(
          rewriter, loc, NVVM::MMABlockScaleKind::MXF8F6F4,
          NVVM::CTAGroupKind::CTA_1, NVVM::Tcgen05MMABlockScale::DEFAULT,
          NVVM::Tcgen05MMACollectorOp::DISCARD, d, lhs, rhs, idesc,
          adaptor.getAccumulate(),
          tensorMemoryPointer(rewriter, loc, adaptor.getLhsScale()),
          tensorMemoryPointer(rewriter, loc, adaptor.getRhsScale()));
      rewriter.eraseOp(op);
      return success();
    }
    uint32_t descriptor =
        (op.isInteger() ? 2u : 1u) << 4 | lhsFormat << 7 | rhsFormat << 10 |
        uint32_t(op.getLhsMatrix().getMnMajor()) << 15 |
        uint32_t(op.getRhsMatrix().getMnMajor()) << 16 |
        uint32_t(op.getN() >> 3) << 17 | uint32_t(op.getM() >> 4) << 24;
    Value idesc = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI32Type(),
        rewriter.getI32IntegerAttr(static_cast<int32_t>(descriptor)));
    NVVM::Tcgen05MMAOp::create(
        rewriter, loc, kind, NVVM::CTAGroupKind::CTA_1,
        NVVM::Tcgen05MMACollectorOp::DISCARD, /*aShift=*/false, d, lhs, rhs,
        idesc, adaptor.getAccumulate(), Value(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

/// tcgen05.commit.cta_group::1.mbarrier::arrive::one on the barrier.
struct TensorMmaCommitLowering
    : public ConvertOpToLLVMPattern<tile_dist::TensorMmaCommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile_dist::TensorMmaCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barrier = sharedElement(rewriter, loc, *getTypeConverter(),
                                  op.getBarriers(), adaptor.getBarriers(),
                                  adaptor.getBarrier());
    NVVM::Tcgen05CommitOp::create(rewriter, loc, barrier, Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct TileDistToLLVMInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;

  void loadDependentDialects(MLIRContext *context) const override {
    context->loadDialect<NVVM::NVVMDialect>();
  }

  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const override {
    target.addIllegalOp<tile_dist::AsyncCopyOp, tile_dist::TensorCopyOp,
                        tile_dist::TensorStoreOp,
                        tile_dist::StoreMatrixOp,
                        tile_dist::MbarrierInitOp,
                        tile_dist::MbarrierExpectTxOp,
                        tile_dist::MbarrierArriveOp,
                        tile_dist::MbarrierWaitOp, tile_dist::MbarrierInvalOp,
                        tile_dist::WarpgroupMmaOp,
                        tile_dist::WarpgroupWaitOp, tile_dist::TmemAllocOp,
                        tile_dist::TmemDeallocOp, tile_dist::TmemLoadOp,
                        tile_dist::TmemStoreOp, tile_dist::TmemStoreLanesOp,
                        tile_dist::TensorMmaOp,
                        tile_dist::TensorMmaCommitOp>();
    patterns.add<AsyncCopyLowering, TensorCopyLowering, TensorStoreLowering,
                 StoreMatrixLowering,
                 MbarrierLowering<tile_dist::MbarrierInitOp>,
                 MbarrierLowering<tile_dist::MbarrierExpectTxOp>,
                 MbarrierLowering<tile_dist::MbarrierArriveOp>,
                 MbarrierLowering<tile_dist::MbarrierWaitOp>,
                 MbarrierLowering<tile_dist::MbarrierInvalOp>,
                 WarpgroupMmaLowering, WarpgroupWaitLowering,
                 TmemAllocLowering, TmemDeallocLowering,
                 TmemLoadLowering,
                 TmemStoreLowering<tile_dist::TmemStoreOp,
                                   NVVM::Tcgen05LdStShape::SHAPE_16X256B>,
                 TmemStoreLowering<tile_dist::TmemStoreLanesOp,
                                   NVVM::Tcgen05LdStShape::SHAPE_32X32B>,
                 TensorMmaLowering,
                 TensorMmaCommitLowering>(converter);
  }
};

} // namespace

void tilechain::registerConvertTileDistToNVVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(
      +[](MLIRContext *, tile_dist::TileDistDialect *dialect) {
        dialect->addInterfaces<TileDistToLLVMInterface>();
      });
}
