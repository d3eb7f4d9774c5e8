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
#include "tilechain/Pipeline/TileHostObject.h"

#include "OptimizeModule.h"

#include "llvm/ADT/SmallString.h"
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

/// int __CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_<index>(a, b, c, params).
llvm::Function *buildArgumentsChangeCallback(llvm::Module &module,
                                             unsigned index) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context),
                                       {ptr, ptr, ptr, ptr}, false);
  auto *function = llvm::Function::Create(
      type, llvm::GlobalValue::InternalLinkage,
      "__CUDA_TILEIR_FUNC_ON_ARGUMENTS_CHANGE_" + llvm::Twine(index), module);
  function->setUWTableKind(llvm::UWTableKind::Async);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "", function));
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

std::unique_ptr<llvm::Module>
tilechain::buildTileHostModule(llvm::LLVMContext &context,
                               llvm::ArrayRef<std::string> kernels) {
  auto module = std::make_unique<llvm::Module>("tilechain-nv-host", context);
  module->setTargetTriple(llvm::Triple(kHostTriple));
  llvm::Type *ptr = llvm::PointerType::getUnqual(context);
  llvm::Type *i64 = llvm::Type::getInt64Ty(context);

  auto *tableType = llvm::ArrayType::get(ptr, kFunctionTableSlots);
  llvm::SmallVector<llvm::Constant *> tables;
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    llvm::Constant *nameData =
        llvm::ConstantDataArray::getString(context, kernel);
    auto *name = new llvm::GlobalVariable(
        *module, nameData->getType(), /*isConstant=*/true,
        llvm::GlobalValue::InternalLinkage, nameData,
        "__CUDA_TILEIR_FUNC_NAME_" + llvm::Twine(index));
    llvm::SmallVector<llvm::Constant *> slots(
        kFunctionTableSlots, llvm::ConstantPointerNull::get(
                                 llvm::PointerType::getUnqual(context)));
    slots[0] = name;
    slots[5] = buildArgumentsChangeCallback(*module, index);
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
tilechain::buildTileHostObject(llvm::ArrayRef<std::string> kernels) {
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
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, "x86-64", "", llvm::TargetOptions(), llvm::Reloc::PIC_,
      llvm::CodeModel::Large, llvm::CodeGenOptLevel::Default));
  if (!machine)
    return llvm::createStringError("cannot create an x86-64 target machine");

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = buildTileHostModule(context, kernels);
  module->setDataLayout(machine->createDataLayout());
  std::string verifierMessage;
  llvm::raw_string_ostream verifierStream(verifierMessage);
  if (llvm::verifyModule(*module, &verifierStream))
    return llvm::createStringError("invalid .nv.host module: " +
                                   verifierMessage);

  optimizeModule(*module, *machine, llvm::OptimizationLevel::O2);

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream objectStream(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, objectStream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the x86-64 target cannot emit an object");
  codegen.run(*module);
  return std::string(object.str());
}
