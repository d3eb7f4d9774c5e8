//===- BufferLifetimes.cpp - when a buffer is in use, and where it fits ---===//
#include "BufferLifetimes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

tilechain::ProgramOrder::ProgramOrder(Operation *root) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    position[op] = static_cast<int64_t>(ops.size());
    ops.push_back(op);
  });
}

int64_t tilechain::ProgramOrder::endOf(Operation *op) const {
  int64_t end = (*this)[op];
  op->walk([&](Operation *nested) { end = std::max(end, (*this)[nested]); });
  return end;
}

int64_t tilechain::useEnd(Operation *user, Operation *birth,
                          const ProgramOrder &order) {
  Operation *outermostLoop = nullptr;
  for (Operation *parent = user->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<gpu::GPUFuncOp>(parent) || parent->isAncestor(birth))
      break;
    if (isa<LoopLikeOpInterface>(parent))
      outermostLoop = parent;
  }
  return outermostLoop ? order.endOf(outermostLoop) : order[user];
}

void tilechain::collectMemRefUsers(Value value,
                                   SmallVectorImpl<Operation *> &users) {
  for (Operation *user : value.getUsers()) {
    users.push_back(user);
    for (Value result : user->getResults())
      if (isa<MemRefType>(result.getType()))
        collectMemRefUsers(result, users);
  }
}

int64_t tilechain::lowestFreeOffset(
    int64_t bytes, int64_t alignment,
    ArrayRef<std::pair<int64_t, int64_t>> taken) {
  SmallVector<std::pair<int64_t, int64_t>> sorted(taken);
  llvm::sort(sorted);
  int64_t offset = 0;
  for (auto [from, to] : sorted) {
    if (offset + bytes <= from)
      break;
    offset = std::max<int64_t>(offset, llvm::alignTo(to, alignment));
  }
  return offset;
}
