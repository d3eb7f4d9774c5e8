//===- EmitTarget.cpp - gpu.module in the LLVM dialect -> LLVM IR / PTX ---===//
//
// The LLVM half of tile-llc. Everything the NVPTX back end needs (chip, PTX
// features, -O level) comes from the gpu.module's #nvvm.target, which
// tile-lower recorded from --gpu-name; the PTX ISA version is the chip's
// minimum, chosen by the NVPTX subtarget, except in modules with tile
// kernels, whose `.language 7` needs 9.2 (TileKernelPTX.h), and in modules
// for a chip NVPTX does not know, whose PTX is retargeted (RetargetPTX.h).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Emit/RetargetPTX.h"
#include "tilechain/Emit/TensorMapPTX.h"
#include "tilechain/Emit/TileKernelPTX.h"

#include "tilechain/Target/PTXIdentifier.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace mlir;

namespace {

void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

llvm::CodeGenOptLevel toCodeGenLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

llvm::OptimizationLevel toOptimizationLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// NVVMReflect answers __CUDA_FTZ from a module flag, but the precision knobs
/// only from its `nvvm-reflect-add` command-line list, which is process-wide;
/// a later occurrence of a name overrides an earlier one.
LogicalResult setReflectValue(llvm::StringRef name, bool value,
                              Operation *anchor) {
  llvm::cl::Option *list =
      llvm::cl::getRegisteredOptions().lookup("nvvm-reflect-add");
  std::string setting = (name + "=" + (value ? "1" : "0")).str();
  if (!list || list->addOccurrence(/*pos=*/1, "nvvm-reflect-add", setting))
    return anchor->emitError() << "cannot set NVVMReflect value " << setting;
  return success();
}

bool callsLibdevice(const llvm::Module &module) {
  return llvm::any_of(module.functions(), [](const llvm::Function &function) {
    return function.isDeclaration() && function.getName().starts_with("__nv_");
  });
}

/// Links the libdevice functions `module` calls and makes them internal, so
/// that the optimizer drops what it inlines.
LogicalResult linkLibdevice(llvm::Module &module, llvm::StringRef path,
                            Operation *anchor) {
  if (path.empty())
    return anchor->emitError(
        "the module calls libdevice but no libdevice is configured (set "
        "TILECHAIN_LIBDEVICE or --libdevice)");
  llvm::SMDiagnostic parseError;
  std::unique_ptr<llvm::Module> libdevice =
      llvm::parseIRFile(path, parseError, module.getContext());
  if (!libdevice)
    return anchor->emitError() << "cannot read libdevice '" << path
                               << "': " << parseError.getMessage();
  libdevice->setTargetTriple(module.getTargetTriple());
  libdevice->setDataLayout(module.getDataLayout());

  llvm::StringSet<> definedBefore;
  for (const llvm::Function &function : module.functions())
    if (!function.isDeclaration())
      definedBefore.insert(function.getName());
  if (llvm::Linker::linkModules(module, std::move(libdevice),
                                llvm::Linker::LinkOnlyNeeded))
    return anchor->emitError() << "cannot link libdevice '" << path << "'";
  for (llvm::Function &function : module.functions())
    if (!function.isDeclaration() &&
        !definedBefore.contains(function.getName()))
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  return success();
}

LogicalResult optimize(llvm::Module &module, llvm::TargetMachine &machine,
                       unsigned optLevel, Operation *anchor) {
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);

  // Reflection first, so that libdevice's unused configuration arms are dead
  // before the O-level pipeline (O0 included) sees them.
  llvm::ModulePassManager passes;
  if (llvm::Error error = builder.parsePassPipeline(passes, "nvvm-reflect"))
    return anchor->emitError() << "cannot build the NVVMReflect pass: "
                               << llvm::toString(std::move(error));
  llvm::OptimizationLevel level = toOptimizationLevel(optLevel);
  if (level == llvm::OptimizationLevel::O0)
    passes.addPass(builder.buildO0DefaultPipeline(level));
  else
    passes.addPass(builder.buildPerModuleDefaultPipeline(level));
  passes.run(module, moduleAnalyses);
  return success();
}

/// What the callback reads for a tile_dist.tensor_map entry ("argN" or an
/// integer).
std::optional<tilechain::TensorMapValue> tensorMapValue(Attribute entry) {
  if (auto integer = dyn_cast_or_null<IntegerAttr>(entry))
    return tilechain::TensorMapValue{false, integer.getValue().getZExtValue()};
  auto name = dyn_cast_or_null<StringAttr>(entry);
  tilechain::TensorMapValue v{true, 0};
  if (!name || !name.getValue().starts_with("arg") ||
      name.getValue().drop_front(3).getAsInteger(10, v.value))
    return std::nullopt;
  return v;
}

/// The tensor map a kTensorMapsAttrName entry describes.
FailureOr<tilechain::TensorMapParameter> tensorMapParameter(Attribute entry,
                                                           Operation *anchor) {
  auto fields = dyn_cast<DictionaryAttr>(entry);
  auto param = fields ? fields.getAs<IntegerAttr>("param") : IntegerAttr();
  auto type = fields ? fields.getAs<TypeAttr>("type") : TypeAttr();
  auto sizes = fields ? fields.getAs<ArrayAttr>("sizes") : ArrayAttr();
  auto strides = fields ? fields.getAs<ArrayAttr>("strides") : ArrayAttr();
  auto box = fields ? fields.getAs<DenseI64ArrayAttr>("box")
                    : DenseI64ArrayAttr();
  auto swizzle = fields ? fields.getAs<IntegerAttr>("swizzle") : IntegerAttr();
  std::optional<tilechain::TensorMapValue> base =
      fields ? tensorMapValue(fields.get("base")) : std::nullopt;
  if (!param || !type || !sizes || !strides || !box || !swizzle || !base)
    return anchor->emitError() << "malformed tensor map description "
                               << entry;
  tilechain::TensorMapParameter map;
  map.param = param.getInt();
  llvm::raw_string_ostream typeName(map.elementType);
  type.getValue().print(typeName);
  map.base = *base;
  for (auto [list, out] : {std::pair{sizes, &map.sizes},
                           std::pair{strides, &map.strides}})
    for (Attribute item : list) {
      std::optional<tilechain::TensorMapValue> v = tensorMapValue(item);
      if (!v)
        return anchor->emitError() << "malformed tensor map description "
                                   << entry;
      out->push_back(*v);
    }
  map.box.assign(box.asArrayRef().begin(), box.asArrayRef().end());
  map.swizzle = swizzle.getInt();
  return map;
}

/// The kernels of `gpuModule` in the tile-kernel form, by LLVM function,
/// and their tensor maps, by name. A tensor-map parameter becomes what
/// NVPTX prints as `.param .align 64 .b8 P[128]`, read in place through its
/// address (byval, nvvm.grid_constant).
FailureOr<SmallVector<llvm::Function *>> findTileKernelFunctions(
    gpu::GPUModuleOp gpuModule, llvm::Module &module,
    std::map<std::string, std::vector<tilechain::TensorMapParameter>> &maps) {
  SmallVector<llvm::Function *> tileKernels;
  llvm::LLVMContext &context = module.getContext();
  for (auto func : gpuModule.getOps<LLVM::LLVMFuncOp>()) {
    if (!func->hasAttr(tilechain::kTileKernelAttrName))
      continue;
    llvm::Function *function = module.getFunction(func.getSymName());
    if (!function)
      return func.emitError("tile kernel missing from the LLVM module");
    tileKernels.push_back(function);
    auto entries = func->getAttrOfType<ArrayAttr>(tilechain::kTensorMapsAttrName);
    if (!entries)
      continue;
    std::vector<tilechain::TensorMapParameter> &kernelMaps =
        maps[function->getName().str()];
    for (Attribute entry : entries) {
      FailureOr<tilechain::TensorMapParameter> map =
          tensorMapParameter(entry, func);
      if (failed(map))
        return failure();
      if (map->param >= function->arg_size())
        return func.emitError("a tensor map names a parameter the kernel "
                              "does not have");
      unsigned i = map->param;
      function->removeParamAttr(i, llvm::Attribute::Alignment);
      function->addParamAttr(
          i, llvm::Attribute::getWithByValType(
                 context, llvm::ArrayType::get(llvm::Type::getInt8Ty(context),
                                               128)));
      function->addParamAttr(
          i, llvm::Attribute::getWithAlignment(context, llvm::Align(64)));
      function->addParamAttr(
          i, llvm::Attribute::get(context, "nvvm.grid_constant"));
      kernelMaps.push_back(std::move(*map));
    }
  }
  return tileKernels;
}

LogicalResult emitPTX(
    llvm::Module &module, llvm::TargetMachine &machine,
    ArrayRef<llvm::Function *> tileKernels,
    const std::map<std::string, std::vector<tilechain::TensorMapParameter>>
        &tensorMaps,
    llvm::raw_ostream &os, Operation *anchor) {
  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream ptxStream(ptx);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, ptxStream, nullptr,
                                  llvm::CodeGenFileType::AssemblyFile))
    return anchor->emitError("the NVPTX target cannot emit PTX");
  codegen.run(module);
  if (auto chip = anchor->getAttrOfType<StringAttr>(tilechain::kPTXChipAttrName)) {
    llvm::Expected<std::string> retargeted =
        tilechain::retargetPTX(ptx, chip.getValue());
    if (!retargeted)
      return anchor->emitError()
             << "cannot write the PTX for " << chip.getValue() << ": "
             << llvm::toString(retargeted.takeError());
    ptx.assign(*retargeted);
  }
  os << tilechain::kPTXStageMarker << "\n";
  if (tileKernels.empty()) {
    os << ptx;
    return success();
  }
  // Names as the back end printed them (it renames what PTX cannot spell).
  std::vector<std::string> names;
  for (llvm::Function *function : tileKernels)
    names.push_back(function->getName().str());
  llvm::Expected<std::string> marked =
      tilechain::addTileKernelDirectives(ptx, names);
  if (!marked)
    return anchor->emitError() << "cannot mark the tile kernels in the PTX: "
                               << llvm::toString(marked.takeError());
  if (tensorMaps.empty()) {
    os << *marked;
    return success();
  }
  llvm::Expected<std::string> described =
      tilechain::addTensorMapParameters(*marked, tensorMaps);
  if (!described)
    return anchor->emitError()
           << "cannot mark the tensor-map parameters in the PTX: "
           << llvm::toString(described.takeError());
  os << *described;
  return success();
}

/// Every name NVPTX prints must be a PTX identifier, or its printer aborts
/// ("Symbol name with unsupported characters"). NVPTX itself renames '.'
/// and '@' in names of local linkage.
LogicalResult checkSymbolNames(const llvm::Module &module, Operation *anchor) {
  for (const llvm::GlobalValue &value : module.global_values()) {
    if (value.getName().empty() ||
        (isa<llvm::Function>(value) &&
         cast<llvm::Function>(value).isIntrinsic()))
      continue;
    std::string name = value.getName().str();
    if (value.hasLocalLinkage()) {
      llvm::replace(name, '.', '_');
      llvm::replace(name, '@', '_');
    }
    std::string why = tilechain::whyNotPTXIdentifier(name);
    if (why.empty())
      continue;
    std::string escaped;
    llvm::raw_string_ostream os(escaped);
    llvm::printEscapedString(value.getName(), os);
    return anchor->emitError() << "symbol \"" << escaped
                               << "\" is not a PTX identifier: " << why;
  }
  return success();
}

} // namespace

LogicalResult tilechain::emitTarget(ModuleOp module, const LLCOptions &options,
                                    LLCEmit emit, llvm::raw_ostream &os) {
  auto gpuModules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.size() != 1)
    return module.emitError() << "expected exactly one gpu.module, found "
                              << gpuModules.size();
  gpu::GPUModuleOp gpuModule = gpuModules.front();
  ArrayAttr targets = gpuModule.getTargetsAttr();
  auto target = targets && targets.size() == 1
                    ? dyn_cast<NVVM::NVVMTargetAttr>(targets[0])
                    : NVVM::NVVMTargetAttr();
  if (!target)
    return gpuModule.emitError("expected exactly one #nvvm.target");

  initializeNVPTX();
  llvm::Triple triple(target.getTriple());
  std::string error;
  const llvm::Target *nvptx = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!nvptx)
    return gpuModule.emitError() << "no LLVM target for '" << target.getTriple()
                                 << "': " << error;
  unsigned optLevel = target.getO();
  std::unique_ptr<llvm::TargetMachine> machine(nvptx->createTargetMachine(
      triple, target.getChip(), target.getFeatures(), llvm::TargetOptions(),
      std::nullopt, std::nullopt, toCodeGenLevel(optLevel)));
  if (!machine)
    return gpuModule.emitError() << "the NVPTX target does not support '"
                                 << target.getChip() << "'";

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(gpuModule, context, gpuModule.getName());
  if (!llvmModule)
    return gpuModule.emitError("cannot translate to LLVM IR");
  if (failed(checkSymbolNames(*llvmModule, gpuModule)))
    return failure();
  std::map<std::string, std::vector<tilechain::TensorMapParameter>>
      tensorMaps;
  FailureOr<SmallVector<llvm::Function *>> tileKernels =
      findTileKernelFunctions(gpuModule, *llvmModule, tensorMaps);
  if (failed(tileKernels))
    return failure();
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                            options.ftz ? 1 : 0);
  if (failed(setReflectValue("__CUDA_PREC_DIV", options.precDiv, gpuModule)) ||
      failed(setReflectValue("__CUDA_PREC_SQRT", options.precSqrt, gpuModule)))
    return failure();

  if (callsLibdevice(*llvmModule) &&
      failed(linkLibdevice(*llvmModule, options.libdevicePath, gpuModule)))
    return failure();
  if (failed(optimize(*llvmModule, *machine, optLevel, gpuModule)))
    return failure();

  if (emit == LLCEmit::LLVMIR) {
    llvmModule->print(os, nullptr);
    return success();
  }
  return emitPTX(*llvmModule, *machine, *tileKernels, tensorMaps, os,
                 gpuModule);
}
