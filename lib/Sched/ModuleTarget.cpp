//===- ModuleTarget.cpp - the target a kernel's gpu.module records --------===//
#include "ModuleTarget.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

std::optional<tilechain::TargetInfo>
tilechain::moduleTarget(gpu::GPUFuncOp func) {
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  ArrayAttr targets = module ? module.getTargetsAttr() : ArrayAttr();
  auto target = targets && targets.size() == 1
                    ? dyn_cast<NVVM::NVVMTargetAttr>(targets[0])
                    : NVVM::NVVMTargetAttr();
  if (!target)
    return std::nullopt;
  return parseTarget(target.getChip());
}
