//===- TileHostObject.cpp - the .nv.host object of tile kernels -----------===//
//
// The layout follows what NVIDIA's tileiras 13.5 embeds (observed with
// readelf/objdump on the .nv.host of its cubins); what the driver does with
// it is unconfirmed without a GPU. Where NVIDIA's pre-load function, for
// version 1, also queries a device attribute through `table` and ignores
// the answer, ours does not call anything: the object references no symbol
// but the GOT, as NVIDIA's does. Its functions have unwind tables
// (.eh_frame), as NVIDIA's do, so the driver sees the same kinds of
// sections and relocations.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Link/TileHostObject.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

extern "C" {
void LLVMInitializeX86TargetInfo();
void LLVMInitializeX86Target();
void LLVMInitializeX86TargetMC();
void LLVMInitializeX86AsmPrinter();
}

using namespace tilechain;

namespace {

constexpr llvm::StringLiteral kHostTriple = "x86_64-unknown-linux-gnu";

/// The callbacks vector's constant slots; the driver reads them.
constexpr uint64_t kCallbacksVersion = 2;
constexpr uint64_t kFunctionTableSize = 64;
constexpr uint64_t kCallbacksSlot7 = 2;
constexpr unsigned kFunctionTableSlots = kFunctionTableSize / 8;
/// The slot of the private copy that the pre-load function zeroes.
constexpr unsigned kPreLoadClearedSlot = 2;

/// The tensor-map data type code and element bytes of an element type as
/// the PTX names it (docs/tensor-map-encoding.md: NVIDIA's codes, not the
/// driver API's enum).
std::optional<std::pair<uint64_t, uint64_t>>
tensorMapDataType(llvm::StringRef type) {
  return llvm::StringSwitch<std::optional<std::pair<uint64_t, uint64_t>>>(type)
      .Cases({"i8", "si8", "ui8", "f8E4M3FN", "f8E5M2"}, std::pair{0, 1})
      .Cases({"i16", "si16", "ui16"}, std::pair{1, 2})
      .Cases({"i32", "si32", "ui32"}, std::pair{2, 4})
      .Cases({"i64", "si64", "ui64"}, std::pair{4, 8})
      .Case("f16", std::pair{6, 2})
      .Case("f32", std::pair{7, 4})
      .Case("f64", std::pair{9, 8})
      .Case("bf16", std::pair{10, 2})
      .Default(std::nullopt);
}

/// The swizzle field (word 1 bits 13-14) of a swizzle span in bytes.
std::optional<uint64_t> tensorMapSwizzle(int64_t bytes) {
  switch (bytes) {
  case 0:
    return 0;
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return std::nullopt;
  }
}

/// Word 1's constant bits: bits 0-3 and 18 are set in every map NVIDIA's
/// tool writes (their meaning is not known).
constexpr uint64_t kWord1Constant = 0x2 | uint64_t(1) << 18;
/// Word 1's bit set when the tensor spans 128 KiB or more.
constexpr uint64_t kLargeTensorBit = uint64_t(1) << 21;
constexpr uint64_t kLargeTensorBytes = 0x20000;
constexpr uint64_t kAddressMask = 0x01fffffffffffff0;
constexpr unsigned kTensorMapWords = 8;

/// Encodes `map` into the first 64 bytes of its parameter, reading the
/// tensor's base, extents and strides from `params`.
llvm::Error encodeTensorMap(llvm::IRBuilder<> &builder, llvm::Value *params,
                            const TileHostKernel &kernel,
                            const TensorMapParameter &map) {
  auto fail = [&](const llvm::Twine &why) {
    return llvm::createStringError("kernel '" + kernel.name +
                                   "': tensor map in parameter " +
                                   std::to_string(map.param) + ": " + why);
  };
  std::optional<std::pair<uint64_t, uint64_t>> dataType =
      tensorMapDataType(map.elementType);
  if (!dataType)
    return fail("no tensor-map data type for " + map.elementType);
  auto [typeCode, elementBytes] = *dataType;
  std::optional<uint64_t> swizzle = tensorMapSwizzle(map.swizzle);
  size_t rank = map.box.size();
  if (!swizzle || rank < 1 || rank > 5 || map.sizes.size() != rank ||
      map.strides.size() + 1 != rank)
    return fail("malformed");
  llvm::Type *i64 = builder.getInt64Ty();
  auto constant = [&](uint64_t v) { return builder.getInt64(v); };
  auto at = [&](uint64_t offset) {
    return builder.CreateConstGEP1_64(builder.getInt8Ty(), params, offset);
  };
  auto read = [&](const TensorMapValue &v) -> llvm::Expected<llvm::Value *> {
    if (!v.isParameter)
      return constant(v.value);
    if (v.value >= kernel.parameterOffsets.size())
      return fail("no parameter " + std::to_string(v.value));
    uint64_t size = kernel.parameterSizes[v.value];
    if (size != 4 && size != 8)
      return fail("parameter " + std::to_string(v.value) + " has " +
                  std::to_string(size) + " bytes");
    llvm::Value *value = builder.CreateAlignedLoad(
        builder.getIntNTy(8 * size), at(kernel.parameterOffsets[v.value]),
        llvm::Align(1));
    return builder.CreateZExt(value, i64);
  };
  llvm::SmallVector<llvm::Value *> sizes, strides;
  for (const TensorMapValue &v : map.sizes) {
    llvm::Expected<llvm::Value *> size = read(v);
    if (!size)
      return size.takeError();
    sizes.push_back(*size);
  }
  for (const TensorMapValue &v : map.strides) {
    llvm::Expected<llvm::Value *> stride = read(v);
    if (!stride)
      return stride.takeError();
    strides.push_back(builder.CreateMul(*stride, constant(elementBytes)));
  }
  llvm::Expected<llvm::Value *> base = read(map.base);
  if (!base)
    return base.takeError();

  std::array<llvm::Value *, kTensorMapWords> words;
  words.fill(constant(0));
  words[0] = builder.CreateAnd(*base, constant(kAddressMask));
  // The bytes the tensor spans, from its first element to past its last.
  llvm::Value *span = builder.CreateMul(sizes[0], constant(elementBytes));
  for (size_t d = 1; d < rank; ++d)
    span = builder.CreateAdd(
        span, builder.CreateMul(builder.CreateSub(sizes[d], constant(1)),
                                strides[d - 1]));
  llvm::Value *large = builder.CreateSelect(
      builder.CreateICmpUGE(span, constant(kLargeTensorBytes)),
      constant(kLargeTensorBit), constant(0));
  uint64_t word1 = kWord1Constant | uint64_t(rank - 1) << 4 | typeCode << 7 |
                   *swizzle << 13;
  words[1] = builder.CreateOr(constant(word1), large);
  // A 32-bit field at byte `byte`.
  auto setField32 = [&](unsigned byte, llvm::Value *value) {
    value = builder.CreateAnd(value, constant(0xffffffff));
    words[byte / 8] = builder.CreateOr(
        words[byte / 8], builder.CreateShl(value, byte % 8 * 8));
  };
  // Strides of dims 1-4 in bytes, without their low 4 bits, from byte 12 on;
  // extents less one from byte 32 on.
  for (size_t d = 1; d < rank; ++d)
    setField32(12 + 4 * (d - 1), builder.CreateLShr(strides[d - 1], 4));
  for (size_t d = 0; d < rank; ++d)
    setField32(32 + 4 * d, builder.CreateSub(sizes[d], constant(1)));
  // Box extents less one, a byte each from byte 55 on.
  uint64_t boxBytes[2] = {0, 0};
  for (size_t d = 0; d < rank; ++d) {
    if (map.box[d] < 1 || map.box[d] > 256)
      return fail("box extent " + std::to_string(map.box[d]));
    unsigned byte = 55 + d;
    boxBytes[byte / 8 - 6] |= uint64_t(map.box[d] - 1) << (byte % 8 * 8);
  }
  words[6] = builder.CreateOr(words[6], constant(boxBytes[0]));
  words[7] = builder.CreateOr(words[7], constant(boxBytes[1]));
  uint64_t slot = kernel.parameterOffsets[map.param];
  for (unsigned w = 0; w < kTensorMapWords; ++w)
    builder.CreateAlignedStore(words[w], at(slot + 8 * w), llvm::Align(1));
  return llvm::Error::success();
}

/// int __CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_<index>(a, b, c, params):
/// the kernel's tensor maps, encoded into their parameters.
llvm::Expected<llvm::Function *>
buildArgumentsChangeCallback(llvm::Module &module, unsigned index,
                             const TileHostKernel &kernel) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context),
                                       {ptr, ptr, ptr, ptr}, false);
  auto *function = llvm::Function::Create(
      type, llvm::GlobalValue::InternalLinkage,
      "__CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_" + llvm::Twine(index), module);
  function->setUWTableKind(llvm::UWTableKind::Async);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "", function));
  for (const TensorMapParameter &map : kernel.tensorMaps) {
    if (map.param >= kernel.parameterOffsets.size())
      return llvm::createStringError("kernel '" + kernel.name +
                                     "' has no parameter " +
                                     std::to_string(map.param));
    if (llvm::Error error =
            encodeTensorMap(builder, function->getArg(3), kernel, map))
      return std::move(error);
  }
  builder.CreateRet(builder.getInt32(0));
  return function;
}

/// int __CUDA_TILEIR_ON_PRE_LOAD(table, handle, int version, void **out).
llvm::Function *buildPreLoad(llvm::Module &module,
                             llvm::GlobalVariable *callbacks) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(context);
  llvm::Type *i32 = llvm::Type::getInt32Ty(context);
  auto *type = llvm::FunctionType::get(i32, {ptr, ptr, i32, ptr}, false);
  auto *function =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                             "__CUDA_TILEIR_ON_PRE_LOAD", module);
  function->setUWTableKind(llvm::UWTableKind::Async);

  llvm::Type *vectorType = callbacks->getValueType();
  auto *copy = new llvm::GlobalVariable(
      module, vectorType, /*isConstant=*/false,
      llvm::GlobalValue::InternalLinkage,
      llvm::Constant::getNullValue(vectorType),
      "__CUDA_TILEIR_CALLBACKS_ON_PRE_LOAD");
  copy->setAlignment(llvm::Align(16));

  auto *entry = llvm::BasicBlock::Create(context, "", function);
  auto *unsupported = llvm::BasicBlock::Create(context, "", function);
  auto *install = llvm::BasicBlock::Create(context, "", function);
  llvm::IRBuilder<> builder(entry);
  llvm::Value *version = function->getArg(2);
  builder.CreateCondBr(builder.CreateICmpEQ(version, builder.getInt32(0)),
                       unsupported, install);

  builder.SetInsertPoint(unsupported);
  builder.CreateRet(builder.getInt32(1));

  // Slot by slot, so that the copy needs no memcpy from a C library.
  builder.SetInsertPoint(install);
  auto *vectorStruct = llvm::cast<llvm::StructType>(vectorType);
  for (unsigned slot = 0; slot < vectorStruct->getNumElements(); ++slot) {
    llvm::Type *slotType = vectorStruct->getElementType(slot);
    llvm::Value *value = llvm::Constant::getNullValue(slotType);
    if (slot != kPreLoadClearedSlot)
      value = builder.CreateLoad(
          slotType, builder.CreateStructGEP(vectorType, callbacks, slot));
    builder.CreateStore(value, builder.CreateStructGEP(vectorType, copy, slot));
  }
  builder.CreateStore(copy, function->getArg(3));
  builder.CreateRet(builder.getInt32(0));
  return function;
}

} // namespace

llvm::Expected<TileHostKernel>
tilechain::describeTileKernel(llvm::StringRef ptx, llvm::StringRef chip,
                              std::string name) {
  TileHostKernel kernel{std::move(name)};
  llvm::Expected<std::vector<TensorMapParameter>> maps =
      getTensorMapParameters(ptx, kernel.name);
  if (!maps)
    return maps.takeError();
  if (maps->empty())
    return kernel;
  unsigned smVersion = 0;
  llvm::StringRef digits = chip;
  if (!digits.consume_front("sm_") ||
      digits.take_while(llvm::isDigit).getAsInteger(10, smVersion))
    return llvm::createStringError("cannot read the target '" + chip.str() +
                                   "'");
  std::optional<uint64_t> bankBase = parameterBankBase(smVersion);
  if (!bankBase)
    return llvm::createStringError("kernel '" + kernel.name +
                                   "' has tensor maps, which " + chip.str() +
                                   " does not have");
  llvm::Expected<std::vector<PTXParameter>> params =
      getKernelParameters(ptx, kernel.name);
  if (!params)
    return params.takeError();
  kernel.tensorMaps = std::move(*maps);
  kernel.parameterOffsets = parameterOffsets(*params, *bankBase);
  for (const PTXParameter &param : *params)
    kernel.parameterSizes.push_back(param.size);
  return kernel;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
tilechain::buildTileHostModule(llvm::LLVMContext &context,
                               llvm::ArrayRef<TileHostKernel> kernels) {
  auto module = std::make_unique<llvm::Module>("tilechain-nv-host", context);
  module->setTargetTriple(llvm::Triple(kHostTriple));
  llvm::Type *ptr = llvm::PointerType::getUnqual(context);
  llvm::Type *i64 = llvm::Type::getInt64Ty(context);

  auto *tableType = llvm::ArrayType::get(ptr, kFunctionTableSlots);
  llvm::SmallVector<llvm::Constant *> tables;
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    llvm::Constant *nameData =
        llvm::ConstantDataArray::getString(context, kernel.name);
    auto *name = new llvm::GlobalVariable(
        *module, nameData->getType(), /*isConstant=*/true,
        llvm::GlobalValue::InternalLinkage, nameData,
        "__CUDA_TILEIR_FUNC_NAME_" + llvm::Twine(index));
    llvm::SmallVector<llvm::Constant *> slots(
        kFunctionTableSlots, llvm::ConstantPointerNull::get(
                                 llvm::PointerType::getUnqual(context)));
    slots[0] = name;
    llvm::Expected<llvm::Function *> callback =
        buildArgumentsChangeCallback(*module, index, kernel);
    if (!callback)
      return callback.takeError();
    slots[5] = *callback;
    tables.push_back(llvm::ConstantArray::get(tableType, slots));
  }
  auto *tablesType = llvm::ArrayType::get(tableType, kernels.size());
  auto *functionTables = new llvm::GlobalVariable(
      *module, tablesType, /*isConstant=*/true,
      llvm::GlobalValue::InternalLinkage,
      llvm::ConstantArray::get(tablesType, tables),
      "__CUDA_TILEIR_FUNC_CALLBACKS");
  functionTables->setAlignment(llvm::Align(16));

  auto *vectorType = llvm::StructType::get(
      context, {i64, i64, i64, i64, i64, ptr, i64, i64, ptr});
  auto *callbacks = new llvm::GlobalVariable(
      *module, vectorType, /*isConstant=*/true,
      llvm::GlobalValue::ExternalLinkage, nullptr, "__CUDA_TILEIR_CALLBACKS");
  callbacks->setAlignment(llvm::Align(16));
  // NVIDIA's pre-load copies the vector as it is in memory when it runs; so
  // does ours, rather than the initializer the optimizer would fold in.
  callbacks->setExternallyInitialized(true);
  llvm::Function *preLoad = buildPreLoad(*module, callbacks);
  auto u64 = [&](uint64_t value) { return llvm::ConstantInt::get(i64, value); };
  callbacks->setInitializer(llvm::ConstantStruct::get(
      vectorType, {u64(kCallbacksVersion), u64(0), u64(0), u64(0),
                   u64(kFunctionTableSize), functionTables,
                   u64(kernels.size()), u64(kCallbacksSlot7), preLoad}));
  return module;
}

llvm::Expected<std::string>
tilechain::buildTileHostObject(llvm::ArrayRef<TileHostKernel> kernels) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  });
  llvm::Triple triple(kHostTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no x86-64 LLVM target: " + error);
  // Neither optimized nor scheduled: the driver runs these functions when a
  // launch's arguments change, to encode a few tensor maps at most, and
  // LLVM's -O2 pipeline with -O2 code generation cost tile-link 5 ms of
  // its own 12 on every compile.
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, "x86-64", "", llvm::TargetOptions(), llvm::Reloc::PIC_,
      llvm::CodeModel::Large, llvm::CodeGenOptLevel::None));
  if (!machine)
    return llvm::createStringError("cannot create an x86-64 target machine");

  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> built =
      buildTileHostModule(context, kernels);
  if (!built)
    return built.takeError();
  std::unique_ptr<llvm::Module> module = std::move(*built);
  module->setDataLayout(machine->createDataLayout());
  std::string verifierMessage;
  llvm::raw_string_ostream verifierStream(verifierMessage);
  if (llvm::verifyModule(*module, &verifierStream))
    return llvm::createStringError("invalid .nv.host module: " +
                                   verifierMessage);

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream objectStream(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, objectStream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the x86-64 target cannot emit an object");
  codegen.run(*module);
  return std::string(object.str());
}
