//===- TypeDecoder.cpp - type records of the type section -----------------===//
#include "Format.h"
#include "ReaderState.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilechain::bytecode;

static Type scalarType(MLIRContext *ctx, TypeTag tag) {
  switch (tag) {
  case TypeTag::I1: return IntegerType::get(ctx, 1);
  case TypeTag::I4: return IntegerType::get(ctx, 4);
  case TypeTag::I8: return IntegerType::get(ctx, 8);
  case TypeTag::I16: return IntegerType::get(ctx, 16);
  case TypeTag::I32: return IntegerType::get(ctx, 32);
  case TypeTag::I64: return IntegerType::get(ctx, 64);
  case TypeTag::F16: return Float16Type::get(ctx);
  case TypeTag::BF16: return BFloat16Type::get(ctx);
  case TypeTag::F32: return Float32Type::get(ctx);
  case TypeTag::TF32: return FloatTF32Type::get(ctx);
  case TypeTag::F64: return Float64Type::get(ctx);
  case TypeTag::F8E4M3FN: return Float8E4M3FNType::get(ctx);
  case TypeTag::F8E5M2: return Float8E5M2Type::get(ctx);
  case TypeTag::F8E8M0FNU: return Float8E8M0FNUType::get(ctx);
  case TypeTag::F4E2M1FN: return Float4E2M1FNType::get(ctx);
  case TypeTag::Token: return cuda_tile::TokenType::get(ctx);
  default: return {};
  }
}

static Type decodeFunctionType(ReaderState &state, ByteReader &record) {
  SmallVector<Type> groups[2];
  for (SmallVector<Type> &group : groups) {
    uint64_t count;
    if (!record.readVarInt(count) || count > record.remaining()) {
      emitReadError(state.ctx, record) << "failed to read function type arity";
      return {};
    }
    for (uint64_t i = 0; i < count; ++i) {
      Type type = state.readType(record);
      if (!type)
        return {};
      group.push_back(type);
    }
  }
  return FunctionType::get(state.ctx, groups[0], groups[1]);
}

// Dialect types are built from their public textual syntax, which is the
// stable contract of the cuda_tile dialect.

static const char *const kPaddingNames[] = {"zero", "neg_zero", "nan",
                                            "pos_inf", "neg_inf"};
static const char *const kPointerClassNames[] = {"none", "unicast",
                                                 "multicast"};

static bool readIntList(ReaderState &state, ByteReader &record, unsigned width,
                        SmallVectorImpl<int64_t> &values) {
  uint64_t count;
  if (!record.readVarInt(count) || count > record.remaining() / width) {
    emitReadError(state.ctx, record) << "failed to read integer list";
    return false;
  }
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t raw = 0;
    for (unsigned b = 0; b < width; ++b) {
      uint8_t byte;
      record.readByte(byte);
      raw |= static_cast<uint64_t>(byte) << (8 * b);
    }
    values.push_back(llvm::SignExtend64(raw, 8 * width));
  }
  return true;
}

static void printDims(llvm::raw_ostream &os, ArrayRef<int64_t> dims,
                      StringRef sep) {
  llvm::interleave(
      dims, os,
      [&](int64_t dim) {
        if (dim == std::numeric_limits<int64_t>::min())
          os << "?";
        else
          os << dim;
      },
      sep);
}

static Type parseTypeText(MLIRContext *ctx, const std::string &text) {
  // Parse quietly: a rejected type is reported as one decoding error.
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
  size_t consumed = 0;
  Type type = parseType(text, ctx, &consumed);
  return consumed == text.size() ? type : Type();
}

/// Reads the optional padding value of a view type: a flags bit (13.3+) or a
/// presence byte followed by a varint (13.1, 13.2).
static bool readPadding(ReaderState &state, ByteReader &record, bool unified,
                        uint64_t flags, std::string &out) {
  uint64_t value;
  if (unified) {
    if (!(flags & 1))
      return true;
    uint8_t byte;
    if (!record.readByte(byte))
      return false;
    value = byte;
  } else {
    uint8_t present;
    if (!record.readByte(present))
      return false;
    if (!present)
      return true;
    if (!record.readVarInt(value))
      return false;
  }
  if (value >= std::size(kPaddingNames)) {
    emitReadError(state.ctx, record) << "invalid integer value for enum type: " << value;
    return false;
  }
  out = std::string("padding_value = ") + kPaddingNames[value] + ", ";
  return true;
}

static Type decodeDialectType(ReaderState &state, ByteReader &record,
                              TypeTag tag) {
  bool isV134 = state.version.packed() >= 1304;
  bool unifiedFlags = state.version.packed() >= 1303;
  std::string text;
  llvm::raw_string_ostream os(text);
  uint64_t flags = 0;
  auto printType = [&](Type type) { type.print(os); };
  switch (tag) {
  case TypeTag::Pointer:
  case TypeTag::TensorView: {
    // 13.4+: flags bit 0 marks a pointer classification, one byte at the end.
    if (isV134 && !record.readVarInt(flags))
      return {};
    if (flags & ~uint64_t(1)) {
      emitReadError(state.ctx, record)
          << "unused bits set in optional parameter flags";
      return {};
    }
    Type element = state.readType(record);
    if (!element)
      return {};
    SmallVector<int64_t> shape, strides;
    if (tag == TypeTag::TensorView &&
        (!readIntList(state, record, 8, shape) ||
         !readIntList(state, record, 8, strides)))
      return {};
    StringRef pointerClass;
    if (flags & 1) {
      ByteReader at = record; // errors name the byte's offset, as NVIDIA's
      uint8_t value;
      if (!record.readByte(value))
        return {};
      if (value >= std::size(kPointerClassNames)) {
        emitReadError(state.ctx, at)
            << "invalid integer value for enum type: " << unsigned(value);
        return {};
      }
      // 13.4 has only `none`; unicast and multicast came with 13.5.
      if (value > 0 && state.version.packed() < 1305) {
        emitReadError(state.ctx, at)
            << "enum value " << unsigned(value)
            << " is not available in bytecode version "
            << state.version.str();
        return {};
      }
      pointerClass = kPointerClassNames[value];
    }
    if (tag == TypeTag::Pointer) {
      os << "!cuda_tile.ptr<";
      printType(element);
      if (!pointerClass.empty())
        os << ", <" << pointerClass << ">";
      os << ">";
      break;
    }
    os << "!cuda_tile.tensor_view<";
    printDims(os, shape, "x");
    os << (shape.empty() ? "" : "x");
    printType(element);
    if (!strides.empty()) {
      os << ", strides=[";
      printDims(os, strides, ",");
      os << "]";
    }
    if (!pointerClass.empty())
      os << ", #cuda_tile.ptr_attr<" << pointerClass << ">";
    os << ">";
    break;
  }
  case TypeTag::Tile: {
    Type element = state.readType(record);
    SmallVector<int64_t> shape;
    if (!element || !readIntList(state, record, 8, shape))
      return {};
    os << "!cuda_tile.tile<";
    printDims(os, shape, "x");
    os << (shape.empty() ? "" : "x");
    printType(element);
    os << ">";
    break;
  }
  case TypeTag::PartitionView:
  case TypeTag::StridedView:
  case TypeTag::GatherScatterView: {
    if (unifiedFlags && !record.readVarInt(flags))
      return {};
    SmallVector<int64_t> tileShape, traversal, dimMap;
    if (!readIntList(state, record, 4, tileShape))
      return {};
    if (tag == TypeTag::StridedView &&
        !readIntList(state, record, 4, traversal))
      return {};
    Type view = state.readType(record);
    if (!view)
      return {};
    uint64_t sparseDim = 0;
    if (tag == TypeTag::GatherScatterView ? !record.readVarInt(sparseDim)
                                          : !readIntList(state, record, 4, dimMap))
      return {};
    std::string padding;
    if (!readPadding(state, record, unifiedFlags, flags, padding))
      return {};
    os << (tag == TypeTag::PartitionView ? "!cuda_tile.partition_view<"
           : tag == TypeTag::StridedView ? "!cuda_tile.strided_view<"
                                         : "!cuda_tile.gather_scatter_view<");
    os << "tile=(";
    printDims(os, tileShape, "x");
    os << "), ";
    if (tag == TypeTag::StridedView) {
      os << "traversal_strides=[";
      printDims(os, traversal, ", ");
      os << "], ";
    }
    os << padding;
    printType(view);
    if (tag == TypeTag::GatherScatterView) {
      os << ", sparse_dim=" << sparseDim;
    } else {
      os << ", dim_map=[";
      printDims(os, dimMap, ", ");
      os << "]";
    }
    os << ">";
    break;
  }
  default:
    emitReadError(state.ctx, record) << "unknown type tag: " << static_cast<uint64_t>(tag);
    return {};
  }
  Type type = parseTypeText(state.ctx, text);
  if (!type)
    emitReadError(state.ctx, record) << "invalid type " << text;
  return type;
}

Type tilechain::bytecode::decodeTypeRecord(ReaderState &state,
                                           ByteReader &record) {
  uint64_t rawTag;
  if (!record.readVarInt(rawTag)) {
    emitReadError(state.ctx, record) << "failed to read type tag";
    return {};
  }
  auto tag = static_cast<TypeTag>(rawTag);
  if (const LaterScalarType *later = laterScalarType(tag))
    if (state.version.packed() < later->since) {
      // NVIDIA's reader says this without an offset.
      emitError(UnknownLoc::get(state.ctx))
          << "type '" << later->name << "' requires bytecode version "
          << later->since / 100 << "." << later->since % 100
          << "+, file version is " << state.version.str();
      return {};
    }
  if (Type scalar = scalarType(state.ctx, tag))
    return scalar;
  if (tag == TypeTag::Function)
    return decodeFunctionType(state, record);
  return decodeDialectType(state, record, tag);
}
