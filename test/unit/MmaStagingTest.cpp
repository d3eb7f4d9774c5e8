// The mma operands' chunk arrays (lib/Sched/Materialize/MmaStaging.h and
// include/tilechain/Lower/MmaPipelines.h): the padding of mma.sync's
// k-contiguous rows, and the swizzled arrays of wgmma.
#include "MmaStaging.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

#include <set>

using tilechain::contiguousRowLength;

// An mma.sync fragment read has lane group g (lane / 4) read row g, its four
// lanes four consecutive words, so the 8 rows must start on 8 different
// groups of 4 banks for the read to have no bank conflict.
TEST_CASE("k-contiguous chunk rows start 8 fragment rows on 8 bank groups",
          "[mma]") {
  for (int64_t bytes : {1, 2, 4})
    for (int64_t kc = 1; kc <= 64; kc *= 2) {
      if (kc * bytes % 16 != 0)
        continue; // no mma.sync reads rows shorter than 16 bytes
      int64_t row = contiguousRowLength(kc, bytes);
      CAPTURE(bytes, kc, row);
      CHECK(row >= kc);
      CHECK(row * bytes % 16 == 0); // rows stay 16-byte aligned
      CHECK(row - kc <= 16 / bytes); // at most 16 bytes of padding
      std::set<int64_t> groups;
      for (int64_t r = 0; r < 8; ++r)
        groups.insert(r * row * bytes / 16 % 8);
      CHECK(groups.size() == 8);
    }
}

// The swizzled wgmma arrays (tile_dist.shared_matrix): every element of a
// chunk has its own slot, each 16-byte run along the contiguous dim stays
// whole (cp.async copies it as one), and the map is linear over the bits
// of (k, x), so that a thread's slot XOR a register's is the element's.
TEST_CASE("swizzled chunk arrays are bijective, keep 16-byte runs and are "
          "linear over the coordinate bits",
          "[mma]") {
  mlir::MLIRContext context;
  using tilechain::mma::ChunkOrder;
  for (mlir::Type type : {mlir::Type(mlir::Float16Type::get(&context)),
                          mlir::Type(mlir::Float32Type::get(&context)),
                          mlir::Type(mlir::IntegerType::get(&context, 8))})
    for (ChunkOrder order : {ChunkOrder::KContiguous, ChunkOrder::MNContiguous})
      for (int64_t swizzle : {32, 64, 128}) {
        int64_t e = tilechain::sharedElementBytes(type);
        if (order == ChunkOrder::MNContiguous && e != 2)
          continue;
        int64_t kc = swizzle / e, width = 128;
        tilechain::mma::StagedOperand operand;
        operand.form.order = order;
        operand.form.swizzle = swizzle;
        operand.sharedType = type;
        bool contiguous = order == ChunkOrder::KContiguous;
        operand.rows = contiguous ? width : kc;
        operand.rowLength = contiguous ? kc : width;
        CAPTURE(e, contiguous, swizzle);
        std::set<int64_t> slots;
        for (int64_t k = 0; k < kc; ++k)
          for (int64_t x = 0; x < width; ++x) {
            int64_t slot = tilechain::mma::arraySlot(operand, 0, k, x);
            slots.insert(slot);
            CHECK(slot < kc * width);
            // The next element of a run is the next slot.
            bool runContinues = contiguous ? (k + 1) * e % 16 != 0
                                           : (x + 1) * e % 16 != 0;
            if (runContinues)
              CHECK(tilechain::mma::arraySlot(operand, 0,
                                              contiguous ? k + 1 : k,
                                              contiguous ? x : x + 1) ==
                    slot + 1);
            // Linear: split (k, x) into its low and high halves of bits.
            int64_t kLow = k & 3, xLow = x & 9;
            CHECK((tilechain::mma::arraySlot(operand, 0, kLow, xLow) ^
                   tilechain::mma::arraySlot(operand, 0, k - kLow, x - xLow)) ==
                  slot);
          }
        CHECK(int64_t(slots.size()) == kc * width);
      }
}
