//===- EmitHost.cpp - host kernels in the LLVM dialect -> object file -----===//
//
// The LLVM half of tile-llc --emit=host-obj: the module populateHostLLCPipeline
// produced is translated for the machine tile-llc runs on, optimized at -O2
// and written as a position-independent relocatable object, so that
// `cc -shared k.o -lm` makes a library a test can load.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Pipeline.h"

#include "tilechain/Emit/OptimizeModule.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

using namespace mlir;

LogicalResult tilechain::emitHost(ModuleOp module, HostEmit emit,
                                  llvm::raw_ostream &os) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return module.emitError() << "no LLVM target for the host '"
                              << triple.str() << "': " << error;
  // A generic CPU of the host's architecture, so that an object built on one
  // machine runs on another.
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, "generic", "", llvm::TargetOptions(), llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Default));
  if (!machine)
    return module.emitError() << "cannot create a target machine for '"
                              << triple.str() << "'";

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "tilechain-host");
  if (!llvmModule)
    return module.emitError("cannot translate to LLVM IR");
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());

  tilechain::optimizeModule(*llvmModule, *machine, llvm::OptimizationLevel::O2);

  if (emit == HostEmit::LLVMIR) {
    llvmModule->print(os, nullptr);
    return success();
  }
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream objectStream(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, objectStream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return module.emitError("the host target cannot emit an object file");
  codegen.run(*llvmModule);
  os << object;
  return success();
}
