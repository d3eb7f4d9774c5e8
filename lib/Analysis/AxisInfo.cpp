//===- AxisInfo.cpp - contiguity and divisibility of integer/pointer tiles ===//
//
// One forward walk in program order: every op is visited after the ops that
// define its operands (cuda_tile's regions are structured), so each rule
// reads facts already found. The rules only ever shorten runs or lower
// divisors relative to what the operands allow, so a missing rule costs
// speed, never correctness.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Analysis/AxisInfo.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

AxisInfo AxisInfo::unknown(unsigned rank) {
  AxisInfo info;
  info.contiguity.assign(rank, 1);
  info.divisibility.assign(rank, 1);
  info.constancy.assign(rank, 1);
  return info;
}

bool AxisInfo::operator==(const AxisInfo &other) const {
  return contiguity == other.contiguity &&
         divisibility == other.divisibility && constancy == other.constancy;
}

namespace {

/// A tile's shape, [1] for rank 0; empty for values that are not tiles.
SmallVector<int64_t> shapeOf(Value v) {
  auto tile = dyn_cast<ct::TileType>(v.getType());
  if (!tile)
    return {};
  if (tile.getShape().empty())
    return {1};
  return SmallVector<int64_t>(tile.getShape());
}

int64_t powerOfTwoDivisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisor;
  uint64_t magnitude = value < 0 ? 0 - uint64_t(value) : uint64_t(value);
  return std::min<int64_t>(int64_t(magnitude & (0 - magnitude)),
                           AxisInfo::kMaxDivisor);
}

int64_t saturatingProduct(int64_t a, int64_t b) {
  return std::min<int64_t>(AxisInfo::kMaxDivisor,
                           std::min<int64_t>(a, AxisInfo::kMaxDivisor) *
                               std::min<int64_t>(b, AxisInfo::kMaxDivisor));
}

/// The divisor of the first value of every group of `group` elements along
/// `dim`: a group inside a longer consecutive run starts `group`-aligned
/// steps past the run's first value.
int64_t divisorAt(const AxisInfo &info, unsigned dim, int64_t group) {
  if (info.contiguity[dim] > group)
    return std::min(info.divisibility[dim], group);
  return info.divisibility[dim];
}

/// A divisor of every value of the tile: the divisor of a dim along which
/// every value starts a run holds for all of them.
int64_t everyValueDivisor(const AxisInfo &info) {
  int64_t divisor = 1;
  for (unsigned d = 0; d < info.getRank(); ++d)
    divisor = std::max(divisor, divisorAt(info, d, 1));
  return divisor;
}

/// The splat integer value of a constant tile, if it is one.
std::optional<int64_t> splatValue(Value v) {
  auto constant = v.getDefiningOp<ct::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APInt>().getSExtValue();
}

int64_t pointeeBytes(Value pointerTile) {
  auto tile = cast<ct::TileType>(pointerTile.getType());
  Type pointee = cast<ct::PointerType>(tile.getElementType()).getPointeeType();
  if (pointee.isIntOrFloat() && pointee.getIntOrFloatBitWidth() % 8 == 0)
    return pointee.getIntOrFloatBitWidth() / 8;
  return 0;
}

/// Facts of `lhs + rhs` (or of `ptr + off * scale` bytes, `scale` being the
/// pointee size): runs survive where one side counts up and the other
/// stays put.
AxisInfo sum(const AxisInfo &lhs, const AxisInfo &rhs, int64_t rhsScale) {
  AxisInfo result = AxisInfo::unknown(lhs.getRank());
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t run = std::max(std::min(lhs.contiguity[d], rhs.constancy[d]),
                           std::min(lhs.constancy[d], rhs.contiguity[d]));
    result.contiguity[d] = run;
    result.constancy[d] = std::min(lhs.constancy[d], rhs.constancy[d]);
    result.divisibility[d] =
        std::min(divisorAt(lhs, d, run),
                 saturatingProduct(divisorAt(rhs, d, run), rhsScale));
  }
  return result;
}

/// Runs of equal results of `lhs < rhs` where `lhs` counts up and `rhs`
/// stays put: a run of g values starting at a multiple of g lies wholly
/// below or wholly at/above a bound that is itself a multiple of g.
int64_t boundaryFreeRun(const AxisInfo &up, const AxisInfo &bound,
                        unsigned d) {
  return std::min({up.contiguity[d], bound.constancy[d], up.divisibility[d],
                   bound.divisibility[d]});
}

} // namespace

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) { visit(op); });
}

AxisInfo AxisInfoAnalysis::getInfo(Value value) const {
  auto it = facts.find(value);
  if (it != facts.end())
    return it->second;
  return AxisInfo::unknown(std::max<size_t>(1, shapeOf(value).size()));
}

void AxisInfoAnalysis::visit(Operation *op) {
  if (auto forOp = dyn_cast<ct::ForOp>(op)) {
    // The induction variable steps from the lower bound by the step.
    AxisInfo iv = AxisInfo::unknown(1);
    iv.divisibility[0] = std::min(getInfo(forOp.getLowerBound()).divisibility[0],
                                  getInfo(forOp.getStep()).divisibility[0]);
    set(forOp.getRegion().front().getArgument(0), iv);
    return;
  }
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  SmallVector<int64_t> shape = shapeOf(result);
  if (shape.empty())
    return;
  unsigned rank = shape.size();
  AxisInfo info = AxisInfo::unknown(rank);

  if (std::optional<int64_t> splat = splatValue(result)) {
    info.constancy = shape;
    info.divisibility.assign(rank, powerOfTwoDivisor(*splat));
  } else if (isa<ct::IotaOp>(op)) {
    info.contiguity = shape;
    info.divisibility.assign(rank, AxisInfo::kMaxDivisor);
  } else if (auto assume = dyn_cast<ct::AssumeOp>(op)) {
    if (shapeOf(assume.getValue()).size() != rank)
      return;
    info = getInfo(assume.getValue());
    Attribute predicate = assume.getPredicate();
    if (auto divBy = dyn_cast<ct::DivByAttr>(predicate)) {
      if (!divBy.getEvery())
        for (int64_t &divisor : info.divisibility)
          divisor = std::max(
              divisor, powerOfTwoDivisor(int64_t(divBy.getDivisor())));
    } else if (auto same = dyn_cast<ct::SameElementsAttr>(predicate)) {
      for (auto [constancy, group] :
           llvm::zip(info.constancy, same.getValues().asArrayRef()))
        constancy = std::max(constancy, powerOfTwoDivisor(group));
    }
  } else if (auto broadcast = dyn_cast<ct::BroadcastOp>(op)) {
    AxisInfo source = getInfo(broadcast.getSource());
    SmallVector<int64_t> from = shapeOf(broadcast.getSource());
    if (from.size() != rank)
      return;
    info = source;
    for (unsigned d = 0; d < rank; ++d)
      if (from[d] == 1 && shape[d] != 1) {
        info.contiguity[d] = 1;
        info.constancy[d] = shape[d];
        info.divisibility[d] = everyValueDivisor(source);
      }
  } else if (auto reshape = dyn_cast<ct::ReshapeOp>(op)) {
    // Only reshapes that add or drop unit dims keep the facts.
    AxisInfo source = getInfo(reshape.getSource());
    SmallVector<int64_t> from = shapeOf(reshape.getSource());
    SmallVector<unsigned> fromDims, toDims;
    for (unsigned d = 0; d < from.size(); ++d)
      if (from[d] != 1)
        fromDims.push_back(d);
    for (unsigned d = 0; d < rank; ++d)
      if (shape[d] != 1)
        toDims.push_back(d);
    if (fromDims.size() != toDims.size() ||
        llvm::any_of(llvm::zip(fromDims, toDims), [&](auto pair) {
          return from[std::get<0>(pair)] != shape[std::get<1>(pair)];
        }))
      return;
    // Along a unit dim every value starts a run.
    info.divisibility.assign(rank, everyValueDivisor(source));
    for (auto [f, t] : llvm::zip(fromDims, toDims)) {
      info.contiguity[t] = source.contiguity[f];
      info.divisibility[t] = source.divisibility[f];
      info.constancy[t] = source.constancy[f];
    }
  } else if (auto add = dyn_cast<ct::AddIOp>(op)) {
    info = sum(getInfo(add.getLhs()), getInfo(add.getRhs()), 1);
  } else if (auto sub = dyn_cast<ct::SubIOp>(op)) {
    // lhs - rhs counts up only where lhs does and rhs stays put.
    AxisInfo lhs = getInfo(sub.getLhs()), rhs = getInfo(sub.getRhs());
    for (unsigned d = 0; d < rank; ++d) {
      info.contiguity[d] = std::min(lhs.contiguity[d], rhs.constancy[d]);
      info.constancy[d] = std::min(lhs.constancy[d], rhs.constancy[d]);
      info.divisibility[d] =
          std::min(divisorAt(lhs, d, info.contiguity[d]),
                   divisorAt(rhs, d, info.contiguity[d]));
    }
  } else if (auto mul = dyn_cast<ct::MulIOp>(op)) {
    AxisInfo lhs = getInfo(mul.getLhs()), rhs = getInfo(mul.getRhs());
    if (splatValue(mul.getRhs()) == int64_t(1))
      info = lhs;
    else if (splatValue(mul.getLhs()) == int64_t(1))
      info = rhs;
    else
      for (unsigned d = 0; d < rank; ++d) {
        info.constancy[d] = std::min(lhs.constancy[d], rhs.constancy[d]);
        info.divisibility[d] = saturatingProduct(divisorAt(lhs, d, 1),
                                                 divisorAt(rhs, d, 1));
      }
  } else if (auto ext = dyn_cast<ct::ExtIOp>(op)) {
    info = getInfo(ext.getFrom());
  } else if (auto offset = dyn_cast<ct::OffsetOp>(op)) {
    if (int64_t bytes = pointeeBytes(result))
      info = sum(getInfo(offset.getPtr()), getInfo(offset.getOffset()), bytes);
  } else if (auto cmp = dyn_cast<ct::CmpIOp>(op)) {
    AxisInfo lhs = getInfo(cmp.getLhs()), rhs = getInfo(cmp.getRhs());
    ct::ComparisonPredicate predicate = cmp.getComparisonPredicate();
    bool upBelowBound = predicate == ct::ComparisonPredicate::LESS_THAN ||
                        predicate == ct::ComparisonPredicate::GREATER_THAN_OR_EQUAL;
    bool boundBelowUp = predicate == ct::ComparisonPredicate::GREATER_THAN ||
                        predicate == ct::ComparisonPredicate::LESS_THAN_OR_EQUAL;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t run = std::min(lhs.constancy[d], rhs.constancy[d]);
      if (upBelowBound)
        run = std::max(run, boundaryFreeRun(lhs, rhs, d));
      if (boundBelowUp)
        run = std::max(run, boundaryFreeRun(rhs, lhs, d));
      info.constancy[d] = run;
    }
  } else if (isa<ct::AndIOp, ct::OrIOp, ct::XOrIOp>(op)) {
    AxisInfo lhs = getInfo(op->getOperand(0)), rhs = getInfo(op->getOperand(1));
    for (unsigned d = 0; d < rank; ++d)
      info.constancy[d] = std::min(lhs.constancy[d], rhs.constancy[d]);
  } else {
    return;
  }
  set(result, std::move(info));
}

int64_t tilechain::provenRunLength(const AxisInfo &pointers,
                                   const AxisInfo *mask, unsigned dim,
                                   int64_t bytes) {
  int64_t width = std::min<int64_t>({pointers.contiguity[dim], 16 / bytes,
                                     pointers.divisibility[dim] / bytes});
  if (mask)
    width = std::min(width, mask->constancy[dim]);
  return width;
}
