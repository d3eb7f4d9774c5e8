//===- Format.h - numbers that appear in Tile IR bytecode -----------------===//
//
// See docs/bytecode-format.md. Internal to lib/Read.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_BYTECODE_FORMAT_H
#define TILECHAIN_LIB_BYTECODE_FORMAT_H

#include <cstdint>

namespace tilechain::bytecode {

constexpr uint8_t kMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};

enum SectionId : uint8_t {
  kEndSection = 0,
  kStringSection = 1,
  kFuncSection = 2,
  kDebugSection = 3,
  kConstantSection = 4,
  kTypeSection = 5,
  kGlobalSection = 6,
  kProducerSection = 7, // 13.3: the string index of the module's producer
  kNumSections = 8,
};

enum class TypeTag : uint64_t {
  I1 = 0, I8 = 1, I16 = 2, I32 = 3, I64 = 4,
  F16 = 5, BF16 = 6, F32 = 7, TF32 = 8, F64 = 9,
  F8E4M3FN = 10, F8E5M2 = 11,
  Pointer = 12, Tile = 13, TensorView = 14, PartitionView = 15,
  Function = 16, Token = 17,
  F8E8M0FNU = 18,         // 13.2
  F4E2M1FN = 19,          // 13.3
  GatherScatterView = 20, // 13.3
  StridedView = 21,       // 13.3
  I4 = 22,                // 13.3
  F8E5M3FNU = 130,        // 13.4
};

/// The scalar element types added after 13.1: a file older than `since`
/// (major * 100 + minor) has no tag for them, so the writer refuses them
/// there and the reader rejects the tag, with NVIDIA's message.
struct LaterScalarType {
  TypeTag tag;
  const char *name;
  uint16_t since;
};
inline constexpr LaterScalarType kLaterScalarTypes[] = {
    {TypeTag::F8E8M0FNU, "Float8E8M0FNU", 1302},
    {TypeTag::F4E2M1FN, "Float4E2M1FN", 1303},
    {TypeTag::I4, "Int4", 1303}};

/// The entry of kLaterScalarTypes for `tag`, or null.
inline const LaterScalarType *laterScalarType(TypeTag tag) {
  for (const LaterScalarType &later : kLaterScalarTypes)
    if (later.tag == tag)
      return &later;
  return nullptr;
}

enum class AttrTag : uint64_t {
  Integer = 1, Float = 2, Bool = 3, Type = 4, String = 5, Array = 6,
  DenseElements = 7, DivBy = 8, SameElements = 9, Dictionary = 10,
  OptimizationHints = 11, Bounded = 12,
};

enum class DebugTag : uint64_t {
  Unknown = 0, CompileUnit = 1, File = 2, LexicalBlock = 3, Loc = 4,
  Subprogram = 5, CallSite = 6,
};

enum FunctionFlag : uint8_t {
  kFunctionPrivate = 0x01,
  kFunctionKernel = 0x02,
  kFunctionHasHints = 0x04,   // before 13.5; from 13.5 entries always have hints
  kFunctionExternImpl = 0x04, // 13.5: a SIMT preview implementation
};

/// The header's version tag: bit 0 marks public-preview content (13.5+, the
/// newest version only); no other bit is defined.
constexpr uint16_t kPreviewTag = 0x0001;

/// 13.5 debug info: the flags varint that ends a subprogram record.
constexpr uint64_t kSubprogramDeclaration = 0x1;

} // namespace tilechain::bytecode

#endif // TILECHAIN_LIB_BYTECODE_FORMAT_H
