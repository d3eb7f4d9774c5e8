#include "tilechain/Layout/LinearLayout.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace tilechain;
using LL = LinearLayout;

/// How many (register, lane, warp) triples hold each flat element.
static std::map<uint64_t, int> owners(const LL &layout) {
  std::map<uint64_t, int> count;
  for (uint64_t w = 0; w < uint64_t(layout.getSize(LL::Warp)); ++w)
    for (uint64_t l = 0; l < uint64_t(layout.getSize(LL::Lane)); ++l)
      for (uint64_t r = 0; r < uint64_t(layout.getSize(LL::Register)); ++r)
        ++count[layout.apply(r, l, w)];
  return count;
}

TEST_CASE("a blocked layout gives each thread contiguous runs, each element "
          "once",
          "[layout]") {
  LL layout = LL::blocked({64, 64}, /*numWarps=*/4, /*contiguous=*/4,
                          /*fastDim=*/1);
  CHECK(layout.str() == "shape [64, 64] reg [1, 2, 512, 1024, 2048] lane "
                        "[4, 8, 16, 32, 64] warp [128, 256]");
  CHECK(layout.hasDisjointParts());
  std::map<uint64_t, int> count = owners(layout);
  CHECK(count.size() == 64 * 64);
  for (auto [flat, n] : count)
    CHECK(n == 1);
  // Lane 3 of warp 1 starts at element 128 + 12 = row 2, column 12.
  CHECK(layout.unflatten(layout.apply(0, 3, 1)) ==
        llvm::SmallVector<int64_t>{2, 12});
  CHECK(layout.unflatten(layout.apply(1, 3, 1)) ==
        llvm::SmallVector<int64_t>{2, 13});
}

TEST_CASE("a tile smaller than the CTA is replicated by the spare lanes and "
          "warps",
          "[layout]") {
  LL layout = LL::blocked({16}, /*numWarps=*/4, /*contiguous=*/1, 0);
  CHECK(layout.str() == "shape [16] reg [] lane [1, 2, 4, 8, 0] warp [0, 0]");
  CHECK(layout.getBroadcastMask(LL::Lane) == 0b10000);
  CHECK(layout.getBroadcastMask(LL::Warp) == 0b11);
  std::map<uint64_t, int> count = owners(layout);
  CHECK(count.size() == 16);
  for (auto [flat, n] : count)
    CHECK(n == 8);
}

TEST_CASE("a column-fast blocked layout walks dim 0 first", "[layout]") {
  LL layout = LL::blocked({8, 4}, /*numWarps=*/1, /*contiguous=*/2, 0);
  // Flat bits: dim 1 is bits 0-1, dim 0 bits 2-4.
  CHECK(layout.str() == "shape [8, 4] reg [4] lane [8, 16, 1, 2, 0] warp []");
  CHECK(layout.unflatten(layout.apply(1, 1, 0)) ==
        llvm::SmallVector<int64_t>{3, 0});
}

TEST_CASE("permute moves each element to its permuted coordinates",
          "[layout]") {
  LL layout = LL::blocked({4, 32}, 2, 2, 1);
  LL permuted = layout.permute({1, 0});
  CHECK(permuted.getShape() == llvm::ArrayRef<int64_t>{32, 4});
  for (uint64_t w = 0; w < 2; ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t r = 0; r < uint64_t(layout.getSize(LL::Register)); ++r) {
        auto before = layout.unflatten(layout.apply(r, l, w));
        auto after = permuted.unflatten(permuted.apply(r, l, w));
        CHECK(after == llvm::SmallVector<int64_t>{before[1], before[0]});
      }
  CHECK(permuted.permute({1, 0}) == layout);
}

TEST_CASE("reshape keeps every basis", "[layout]") {
  LL layout = LL::blocked({4, 32}, 2, 2, 1);
  LL reshaped = layout.reshape({128});
  CHECK(reshaped.getShape() == llvm::ArrayRef<int64_t>{128});
  CHECK(reshaped.getBases(LL::Lane) == layout.getBases(LL::Lane));
  CHECK(reshaped.reshape({4, 32}) == layout);
}

TEST_CASE("dropping a reduced dim turns the bits that walked it into "
          "broadcast bits",
          "[layout]") {
  // 8 rows of 32: the lanes walk a row, the warps alternate rows, and each
  // thread's registers hold every other pair of rows.
  LL layout = LL::blocked({8, 32}, 2, 1, 1);
  CHECK(layout.str() == "shape [8, 32] reg [64, 128] lane [1, 2, 4, 8, 16] "
                        "warp [32]");
  LL rows = layout.dropDim(1);
  CHECK(rows.str() == "shape [8] reg [2, 4] lane [0, 0, 0, 0, 0] warp [1]");
  llvm::SmallVector<unsigned> kept;
  LL compact = rows.compactRegisters(kept);
  CHECK(kept == llvm::SmallVector<unsigned>{0, 1});
  CHECK(compact == rows);

  LL cols = layout.dropDim(0);
  CHECK(cols.str() ==
        "shape [32] reg [0, 0] lane [1, 2, 4, 8, 16] warp [0]");
  CHECK(cols.compactRegisters(kept).str() ==
        "shape [32] reg [] lane [1, 2, 4, 8, 16] warp [0]");
  CHECK(kept.empty());
}

/// Checks that `selection` is right: each register of `target` reads, in the
/// same thread, the register of `source` that holds its (projected) element.
static void checkSelection(const LL &source, const LL &target,
                           llvm::ArrayRef<int64_t> selection) {
  REQUIRE(selection.size() == size_t(target.getSize(LL::Register)));
  for (uint64_t w = 0; w < uint64_t(target.getSize(LL::Warp)); ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t r = 0; r < selection.size(); ++r) {
        auto wanted = target.unflatten(target.apply(r, l, w));
        for (unsigned d = 0; d < wanted.size(); ++d)
          if (source.getShape()[d] == 1)
            wanted[d] = 0;
        CHECK(source.unflatten(source.apply(selection[r], l, w)) == wanted);
      }
}

TEST_CASE("registersFor finds in-thread sources: same layout, reordered "
          "registers, broadcast of a reduced dim",
          "[layout]") {
  LL layout = LL::blocked({8, 32}, 2, 1, 1);
  auto same = layout.registersFor(layout);
  REQUIRE(same);
  CHECK(*same == llvm::SmallVector<int64_t>{0, 1, 2, 3});

  // Swapping the two register bits reorders the registers only.
  LL swapped(layout.getShape(),
             {LL::Bases{128, 64}, LL::Bases(layout.getBases(LL::Lane)),
              LL::Bases(layout.getBases(LL::Warp))});
  auto reordered = layout.registersFor(swapped);
  REQUIRE(reordered);
  CHECK(*reordered == llvm::SmallVector<int64_t>{0, 2, 1, 3});
  checkSelection(layout, swapped, *reordered);

  // Row sums (reduce along dim 1, then reshape to 8x1) broadcast back over
  // the rows' original layout without leaving the thread.
  llvm::SmallVector<unsigned> kept;
  LL sums = layout.dropDim(1).compactRegisters(kept).reshape({8, 1});
  auto broadcast = sums.registersFor(layout);
  REQUIRE(broadcast);
  checkSelection(sums, layout, *broadcast);
}

TEST_CASE("registersFor refuses what needs another thread's element",
          "[layout]") {
  LL layout = LL::blocked({32, 32}, 4, 1, 1);
  CHECK_FALSE(layout.permute({1, 0}).registersFor(layout));
  // A column of sums cannot feed a layout that spreads rows over lanes.
  llvm::SmallVector<unsigned> kept;
  LL sums = LL::blocked({8, 32}, 2, 1, 1).dropDim(0).compactRegisters(kept);
  CHECK_FALSE(sums.reshape({1, 32}).registersFor(LL::blocked({8, 32}, 2, 1, 0)));
}

TEST_CASE("a broadcast's source, laid out by broadcastSource, feeds the "
          "broadcast without leaving the thread",
          "[layout]") {
  // 32x32 in runs of 8 along the rows: registers and two lane bits walk
  // dim 1, three lane bits and the warps walk dim 0.
  LL layout = LL::blocked({32, 32}, 4, 8, 1);
  llvm::SmallVector<unsigned> kept;
  LL rows = layout.broadcastSource({32, 1}).compactRegisters(kept);
  CHECK(rows.str() == "shape [32, 1] reg [] lane [0, 0, 1, 2, 4] warp [8, 16]");
  LL cols = layout.broadcastSource({1, 32}).compactRegisters(kept);
  CHECK(cols.str() == "shape [1, 32] reg [1, 2, 4] lane [8, 16, 0, 0, 0] "
                      "warp [0, 0]");
  for (const LL &source : {rows, cols}) {
    auto selection = source.registersFor(layout);
    REQUIRE(selection);
    checkSelection(source, layout, *selection);
  }
}

TEST_CASE("contiguous registers: the runs a thread can access with one "
          "vector",
          "[layout]") {
  // Runs of 4 along the columns; none along the rows, which the register
  // bits 2-4 walk 8 rows apart.
  LL blocked = LL::blocked({64, 64}, /*numWarps=*/4, /*contiguous=*/4,
                           /*fastDim=*/1);
  CHECK(blocked.getContiguousRegisters(1) == 4);
  CHECK(blocked.getContiguousRegisters(0) == 1);
  // Column-fast: runs of 2 along dim 0, and along dim 1 none.
  LL columns = LL::blocked({8, 4}, /*numWarps=*/1, /*contiguous=*/2, 0);
  CHECK(columns.getContiguousRegisters(0) == 2);
  CHECK(columns.getContiguousRegisters(1) == 1);
  // A run is cut where another basis sets one of its bits: registers 0 and
  // 1 hold columns 0 and 1, but lane 0's basis is column 1 too.
  std::array<LL::Bases, 3> bases{LL::Bases{1, 2}, LL::Bases{1, 0, 0, 0, 0},
                                 LL::Bases{}};
  LL overlapping({1, 4}, bases);
  CHECK(overlapping.getContiguousRegisters(1) == 1);
}

TEST_CASE("register-only bits: the flat index bits no lane or warp sets",
          "[layout]") {
  // reg [1, 2, 512, 1024, 2048] lane [4, .., 64] warp [128, 256].
  LL rows = LL::blocked({64, 64}, /*numWarps=*/4, /*contiguous=*/4, 1);
  CHECK(rows.getRegisterOnlyBits() == 0b111000000011);
  // Walking dim 0 first, the same tile leaves columns 8, 16, 32 (bits 3-5)
  // and rows 1, 2 (bits 6-7) to registers: none of the bits the row-fast
  // layout leaves to them, so an exchange between the two has no rounds.
  LL columns = LL::blocked({64, 64}, /*numWarps=*/4, /*contiguous=*/4, 0);
  CHECK(columns.str() == "shape [64, 64] reg [64, 128, 8, 16, 32] lane "
                         "[256, 512, 1024, 2048, 1] warp [2, 4]");
  CHECK(columns.getRegisterOnlyBits() == 0b11111000);
  // A replicated tile: broadcast bases set nothing.
  LL small = LL::blocked({16}, /*numWarps=*/4, /*contiguous=*/1, 0);
  CHECK(small.getRegisterOnlyBits() == 0);
  LL wide = LL::blocked({1024}, /*numWarps=*/4, /*contiguous=*/4, 0);
  CHECK(wide.getRegisterOnlyBits() == 0b1000000011);
}
