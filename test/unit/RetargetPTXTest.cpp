#include "tilechain/Emit/RetargetPTX.h"

#include <catch2/catch.hpp>

using namespace tilechain;

TEST_CASE("sm_107 is lowered as sm_100, other chips as themselves",
          "[retarget]") {
  CHECK(loweringChip("sm_107") == "sm_100");
  CHECK(loweringChip("sm_100") == "sm_100");
  CHECK(loweringChip("sm_90a") == "sm_90a");
  CHECK(minPTXVersionOf("sm_107") == 94u);
  CHECK_FALSE(minPTXVersionOf("sm_100").has_value());
}

TEST_CASE("retargeted PTX names the chip, keeps its suffix and options, and "
          "has the chip's PTX version",
          "[retarget]") {
  auto ptx = retargetPTX("//\n.version 9.2\n.target sm_100a, debug\n"
                         ".address_size 64\n",
                         "sm_107");
  REQUIRE(bool(ptx));
  CHECK(*ptx == "//\n.version 9.4\n.target sm_107a, debug\n"
                ".address_size 64\n");
  auto plain = retargetPTX(".version 8.6\n.target sm_100\n", "sm_107");
  REQUIRE(bool(plain));
  CHECK(*plain == ".version 9.4\n.target sm_107\n");
  auto newer = retargetPTX(".version 9.5\n.target sm_100a\n", "sm_107");
  REQUIRE(bool(newer));
  CHECK(*newer == ".version 9.5\n.target sm_107a\n");
}

TEST_CASE("retargeting fails on PTX without its directives", "[retarget]") {
  auto noTarget = retargetPTX(".version 9.2\n", "sm_107");
  REQUIRE_FALSE(bool(noTarget));
  CHECK(llvm::toString(noTarget.takeError()) ==
        "the PTX has no .target directive");
  auto noVersion = retargetPTX(".target sm_100a\n", "sm_107");
  REQUIRE_FALSE(bool(noVersion));
  CHECK(llvm::toString(noVersion.takeError()) ==
        "the PTX has no .version directive");
}
