#include "tilechain/Layout/MmaLayouts.h"

#include <catch2/catch.hpp>

#include <set>

using namespace tilechain;
using LL = LinearLayout;

/// (row, column) of register `reg` of lane `lane` in a one-warp layout.
static std::pair<int64_t, int64_t> at(const LL &layout, uint64_t reg,
                                      uint64_t lane) {
  llvm::SmallVector<int64_t> coords =
      layout.unflatten(layout.apply(reg, lane, 0));
  return {coords[0], coords[1]};
}

// The PTX ISA's tables ("Matrix Fragments for mma.m16n8k16 with
// floating point type" and the k8/k32 ones), with groupID = lane >> 2 and
// threadID_in_group = lane % 4; element i of the fragment is register bit
// pattern i here.
TEST_CASE("mma.sync A fragments follow the PTX ISA's tables", "[layout]") {
  for (unsigned bits : {8u, 16u, 32u}) {
    int64_t perRegister = 32 / bits;
    LL a = mmaSyncALayout(bits);
    CHECK(a.getShape() == llvm::ArrayRef<int64_t>{16, 8 * perRegister});
    for (uint64_t lane = 0; lane < 32; ++lane)
      for (uint64_t i = 0; i < uint64_t(4 * perRegister); ++i) {
        int64_t group = lane >> 2, inGroup = lane % 4;
        int64_t reg = i / perRegister, within = i % perRegister;
        int64_t row = group + 8 * (reg & 1);
        int64_t col = inGroup * perRegister + within + 4 * perRegister * (reg >> 1);
        CHECK(at(a, i, lane) == std::make_pair(row, col));
      }
  }
}

TEST_CASE("mma.sync B fragments follow the PTX ISA's tables", "[layout]") {
  for (unsigned bits : {8u, 16u, 32u}) {
    int64_t perRegister = 32 / bits;
    LL b = mmaSyncBLayout(bits);
    CHECK(b.getShape() == llvm::ArrayRef<int64_t>{8 * perRegister, 8});
    for (uint64_t lane = 0; lane < 32; ++lane)
      for (uint64_t i = 0; i < uint64_t(2 * perRegister); ++i) {
        int64_t reg = i / perRegister, within = i % perRegister;
        int64_t row = (lane % 4) * perRegister + within + 4 * perRegister * reg;
        CHECK(at(b, i, lane) == std::make_pair(row, int64_t(lane >> 2)));
      }
  }
}

TEST_CASE("mma.sync C/D fragments follow the PTX ISA's table", "[layout]") {
  LL c = mmaSyncCLayout();
  for (uint64_t lane = 0; lane < 32; ++lane)
    for (uint64_t i = 0; i < 4; ++i)
      CHECK(at(c, i, lane) ==
            std::make_pair(int64_t(lane >> 2) + 8 * int64_t(i >> 1),
                           int64_t(2 * (lane % 4) + (i & 1))));
}

TEST_CASE("an mma.sync result tiles the warps over (m, n), each register "
          "quadruple one instruction's fragment",
          "[layout]") {
  // 128 x 256 over 8 warps: blocks of 64 x 64 (2 x 4 warps), 4 x 8
  // fragments per warp, 128 registers per thread.
  LL layout = mmaSyncResultLayout({128, 256}, 8);
  CHECK(layout.hasDisjointParts());
  CHECK(layout.getSize(LL::Register) == 128);
  std::set<uint64_t> seen;
  for (uint64_t w = 0; w < 8; ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t r = 0; r < 128; ++r)
        seen.insert(layout.apply(r, l, w));
  CHECK(seen.size() == 128 * 256);
  // Registers 4i..4i+3 hold C/D fragment i: fragment 9 of the warp is the
  // second along m (row 16) and the second along n (column 8).
  LL fragment = mmaSyncCLayout();
  for (uint64_t l = 0; l < 32; ++l)
    for (uint64_t r = 0; r < 4; ++r) {
      auto [row, col] = at(fragment, r, l);
      llvm::SmallVector<int64_t> coords =
          layout.unflatten(layout.apply(4 * 9 + r, l, 0));
      CHECK(coords == llvm::SmallVector<int64_t>{16 + row, 8 + col});
    }
  // The warp bits split the larger extent first: n (256 -> 128), then m
  // (128 -> 64), then n again (128 -> 64).
  CHECK(layout.unflatten(layout.apply(0, 0, 1)) ==
        llvm::SmallVector<int64_t>{0, 128});
  CHECK(layout.unflatten(layout.apply(0, 0, 2)) ==
        llvm::SmallVector<int64_t>{64, 0});
  CHECK(layout.unflatten(layout.apply(0, 0, 4)) ==
        llvm::SmallVector<int64_t>{0, 64});
}

TEST_CASE("warps an mma.sync result cannot use walk the batch, then "
          "replicate",
          "[layout]") {
  LL batched = mmaSyncResultLayout({2, 16, 8}, 4);
  CHECK(batched.str() ==
        "shape [2, 16, 8] reg [1, 64] lane [2, 4, 8, 16, 32] warp [128, 0]");
  CHECK(batched.getBroadcastMask(LL::Warp) == 2);
}

// The PTX ISA's wgmma D fragment ("Register Fragments and Shared Memory
// Matrix Layouts" for m64nNk16): warp w of a warpgroup holds rows 16 w +
// g and 16 w + g + 8; element i is column 8 (i / 4) + 2 t + i % 2 of row
// 16 w + g + 8 ((i / 2) % 2), g = lane / 4, t = lane % 4.
TEST_CASE("a wgmma result follows the D fragment, warpgroups splitting m",
          "[layout]") {
  // 128 x 256 over 8 warps: each warpgroup one m64n256 instruction.
  LL layout = wgmmaResultLayout({128, 256}, 8);
  CHECK(layout.hasDisjointParts());
  CHECK(layout.getSize(LL::Register) == 128);
  std::set<uint64_t> seen;
  for (uint64_t w = 0; w < 8; ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t i = 0; i < 128; ++i) {
        llvm::SmallVector<int64_t> coords =
            layout.unflatten(layout.apply(i, l, w));
        int64_t row = 64 * int64_t(w / 4) + 16 * int64_t(w % 4) +
                      int64_t(l / 4) + 8 * int64_t((i / 2) % 2);
        int64_t col = 8 * int64_t(i / 4) + 2 * int64_t(l % 4) + int64_t(i % 2);
        CHECK(coords == llvm::SmallVector<int64_t>{row, col});
        seen.insert(layout.apply(i, l, w));
      }
  CHECK(seen.size() == 128 * 256);
}

TEST_CASE("wgmma warpgroups split n where m has one block, and a block's "
          "instructions follow one another in the registers",
          "[layout]") {
  std::optional<WgmmaTiling> tiling = wgmmaTiling({64, 64}, 8);
  REQUIRE(tiling);
  CHECK(tiling->blockM == 64);
  CHECK(tiling->blockN == 32);
  CHECK(tiling->instructionN == 32);
  LL split = wgmmaResultLayout({64, 64}, 8);
  CHECK(split.unflatten(split.apply(0, 0, 4)) ==
        llvm::SmallVector<int64_t>{0, 32});

  // 256 x 512 over 4 warps: one warpgroup, 4 x 2 instructions of n = 256;
  // instruction j (registers 128 j on) starts at m 64 (j / 2), n 256 (j % 2).
  tiling = wgmmaTiling({256, 512}, 4);
  REQUIRE(tiling);
  CHECK(tiling->instructionN == 256);
  LL many = wgmmaResultLayout({256, 512}, 4);
  for (uint64_t j = 0; j < 8; ++j)
    CHECK(many.unflatten(many.apply(128 * j, 0, 0)) ==
          llvm::SmallVector<int64_t>{64 * int64_t(j / 2), 256 * int64_t(j % 2)});
}

TEST_CASE("wgmma takes no m below 64, no batch, no block under 8 columns",
          "[layout]") {
  CHECK_FALSE(wgmmaTiling({32, 64}, 4));
  CHECK_FALSE(wgmmaTiling({2, 64, 64}, 4));
  CHECK(wgmmaTiling({1, 64, 64}, 4));
  CHECK_FALSE(wgmmaTiling({64, 8}, 8));
  CHECK_FALSE(wgmmaTiling({64, 64}, 6));
}

TEST_CASE("a tcgen05 result read with tcgen05.ld.16x256b: the warp's quarter "
          "of the lanes, a 16-row half per warp of 8, fragments along n",
          "[layout]") {
  // 256 x 128 over 8 warps: row blocks of 128 side by side; warp w reads
  // rows 32 (w % 4) + 16 (w / 4) .. + 15 of each; lane l and register i as
  // in the 16x256b fragment (rows l / 4 and + 8, columns 2 (l % 4) + i % 2
  // every 8), register 64 on the second row block.
  std::optional<TensorMmaTiling> tiling = tensorMmaTiling({256, 128}, 8);
  REQUIRE(tiling);
  CHECK(tiling->rowBlocks == 2);
  CHECK(tiling->blockN == 128);
  CHECK(tiling->halvesPerWarp == 1);
  LL layout = tensorMmaResultLayout({256, 128}, 8);
  CHECK(layout.hasDisjointParts());
  CHECK(layout.getSize(LL::Register) == 128);
  std::set<uint64_t> seen;
  for (uint64_t w = 0; w < 8; ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t i = 0; i < 128; ++i) {
        int64_t row = 128 * int64_t(i / 64) + 32 * int64_t(w % 4) +
                      16 * int64_t(w / 4) + int64_t(l / 4) +
                      8 * int64_t((i / 2) % 2);
        int64_t col = 8 * int64_t((i % 64) / 4) + 2 * int64_t(l % 4) +
                      int64_t(i % 2);
        CHECK(layout.unflatten(layout.apply(i, l, w)) ==
              llvm::SmallVector<int64_t>{row, col});
        seen.insert(layout.apply(i, l, w));
      }
  CHECK(seen.size() == 256 * 128);

  // 4 warps read both halves: register 8 on is the lower half (n = 16).
  LL four = tensorMmaResultLayout({128, 16}, 4);
  CHECK(four.getSize(LL::Register) == 16);
  CHECK(four.unflatten(four.apply(8, 0, 1)) ==
        llvm::SmallVector<int64_t>{48, 0});
  // 16 warps split n between the two sets of 8.
  LL sixteen = tensorMmaResultLayout({128, 256}, 16);
  CHECK(sixteen.unflatten(sixteen.apply(0, 0, 8)) ==
        llvm::SmallVector<int64_t>{0, 128});
}

TEST_CASE("a 64-row tcgen05 result is read from the lower half of each "
          "warp's quarter of the lanes",
          "[layout]") {
  // 8 warps: warp w reads rows 16 (w % 4) .. + 15 (lanes 32 (w % 4) ..
  // + 15, the hardware's M = 64 layout) in column block w / 4; registers
  // and lanes in the 16x256b fragment, as for 128-row blocks.
  std::optional<TensorMmaTiling> tiling = tensorMmaTiling({64, 256}, 8);
  REQUIRE(tiling);
  CHECK(tiling->instructionM == 64);
  CHECK(tiling->rowBlocks == 1);
  CHECK(tiling->blockN == 128);
  CHECK(tiling->instructionN == 256);
  CHECK(tiling->warpsPerColumnBlock() == 4);
  LL layout = tensorMmaResultLayout({64, 256}, 8);
  CHECK(layout.hasDisjointParts());
  CHECK(layout.getSize(LL::Register) == 64);
  std::set<uint64_t> seen;
  for (uint64_t w = 0; w < 8; ++w)
    for (uint64_t l = 0; l < 32; ++l)
      for (uint64_t i = 0; i < 64; ++i) {
        int64_t row = 16 * int64_t(w % 4) + int64_t(l / 4) +
                      8 * int64_t((i / 2) % 2);
        int64_t col = 128 * int64_t(w / 4) + 8 * int64_t(i / 4) +
                      2 * int64_t(l % 4) + int64_t(i % 2);
        CHECK(layout.unflatten(layout.apply(i, l, w)) ==
              llvm::SmallVector<int64_t>{row, col});
        seen.insert(layout.apply(i, l, w));
      }
  CHECK(seen.size() == 64 * 256);

  // 4 warps read all the columns; n need only be a multiple of 8.
  std::optional<TensorMmaTiling> four = tensorMmaTiling({64, 8}, 4);
  REQUIRE(four);
  CHECK(four->blockN == 8);
  CHECK(tensorMmaResultLayout({64, 8}, 4).getSize(LL::Register) == 4);
  CHECK_FALSE(tensorMmaTiling({64, 8}, 8)); // 4 columns a warp
}

TEST_CASE("tcgen05 takes 64 rows or 128-row blocks of a multiple of 16 "
          "columns, no batch",
          "[layout]") {
  CHECK(tensorMmaTiling({64, 64}, 4));
  CHECK_FALSE(tensorMmaTiling({32, 64}, 4));
  CHECK_FALSE(tensorMmaTiling({192, 64}, 4));
  CHECK_FALSE(tensorMmaTiling({128, 24}, 4));
  CHECK_FALSE(tensorMmaTiling({2, 128, 64}, 8));
  CHECK(tensorMmaTiling({1, 128, 64}, 8));
  CHECK_FALSE(tensorMmaTiling({128, 64}, 6));
}
