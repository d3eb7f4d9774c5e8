#include "tilechain/Emit/TensorMapPTX.h"

#include <catch2/catch.hpp>

using namespace tilechain;

namespace {

/// A kernel header as the NVPTX AsmPrinter writes it, with two 128-byte
/// parameters after the visible ones.
const char *const kKernel = R"(.version 9.2
.target sm_90a
.address_size 64

	// .globl	k
.visible .entry k(
	.param .u64 .ptr .global .align 1 k_param_0,
	.param .u32 k_param_1,
	.param .align 64 .b8 k_param_2[128],
	.param .align 64 .b8 k_param_3[128]
)
.reqntid 128, 1, 1
.language 7
{
	ret;

})";

TensorMapParameter sampleMap() {
  TensorMapParameter map;
  map.param = 2;
  map.elementType = "f16";
  map.base = {true, 0};
  map.sizes = {{true, 1}, {false, 64}};
  map.strides = {{false, 128}};
  map.box = {64, 128};
  map.swizzle = 128;
  return map;
}

} // namespace

TEST_CASE("a tensor map prints and parses back", "[tensor-map]") {
  TensorMapParameter map = sampleMap();
  std::string line = printTensorMap(map);
  CHECK(line == "// .tensormap 2 f16 base=arg0 sizes=arg1,64 strides=128 "
                "box=64,128 swizzle=128");
  llvm::Expected<TensorMapParameter> parsed = parseTensorMap("\t" + line);
  REQUIRE(bool(parsed));
  CHECK(*parsed == map);

  for (const char *bad :
       {"// .tensormap 2 f16 base=arg0 sizes=arg1 strides=128 box=64,128 "
        "swizzle=128",
        "// .tensormap 2 f16 base=argx sizes=arg1,64 strides=128 box=64,128 "
        "swizzle=128",
        "// .tensormap 2 f16 base=arg0 sizes=arg1,64 strides=128 box=64,128"}) {
    llvm::Expected<TensorMapParameter> wrong = parseTensorMap(bad);
    CHECK(!wrong);
    llvm::consumeError(wrong.takeError());
  }
}

TEST_CASE("tensor-map parameters are hidden and described in the header",
          "[tensor-map]") {
  TensorMapParameter second = sampleMap();
  second.param = 3;
  second.base = {true, 1};
  llvm::Expected<std::string> marked =
      addTensorMapParameters(kKernel, {{"k", {sampleMap(), second}}});
  REQUIRE(bool(marked));
  CHECK(marked->find("\t.hidden\t.param .align 64 .b8 k_param_2[128],\n"
                     "\t.hidden\t.param .align 64 .b8 k_param_3[128]\n)") !=
        std::string::npos);
  CHECK(marked->find("\t.param .u32 k_param_1,\n") != std::string::npos);
  llvm::Expected<std::vector<TensorMapParameter>> maps =
      getTensorMapParameters(*marked, "k");
  REQUIRE(bool(maps));
  CHECK(*maps == std::vector<TensorMapParameter>{sampleMap(), second});

  // The hidden parameters keep their sizes and alignments.
  llvm::Expected<std::vector<PTXParameter>> params =
      getKernelParameters(*marked, "k");
  REQUIRE(bool(params));
  REQUIRE(params->size() == 4);
  CHECK((*params)[0].size == 8);
  CHECK((*params)[1].size == 4);
  CHECK((*params)[2].size == 128);
  CHECK((*params)[2].alignment == 64);

  TensorMapParameter missing = sampleMap();
  missing.param = 4;
  llvm::Expected<std::string> wrong =
      addTensorMapParameters(kKernel, {{"k", {missing}}});
  CHECK(!wrong);
  llvm::consumeError(wrong.takeError());
}

TEST_CASE("hidden parameters are 64-byte aligned in the constant bank",
          "[tensor-map]") {
  // NVIDIA's f16 matmul: 3 x (pointer, 4 x i32), then three tensor maps.
  std::vector<PTXParameter> params;
  for (int array = 0; array < 3; ++array) {
    params.push_back({8, 8});
    for (int i = 0; i < 4; ++i)
      params.push_back({4, 4});
  }
  for (int map = 0; map < 3; ++map)
    params.push_back({128, 64});
  // docs/tensor-map-encoding.md: 0x70, 0xf0, 0x170 on sm_90; 0x80, 0x100,
  // 0x180 on sm_100 and sm_120.
  std::vector<uint64_t> sm90 = parameterOffsets(params, *parameterBankBase(90));
  CHECK(sm90[5] == 0x18);
  CHECK(std::vector<uint64_t>(sm90.end() - 3, sm90.end()) ==
        std::vector<uint64_t>{0x70, 0xf0, 0x170});
  for (unsigned sm : {100u, 120u}) {
    std::vector<uint64_t> offsets =
        parameterOffsets(params, *parameterBankBase(sm));
    CHECK(std::vector<uint64_t>(offsets.end() - 3, offsets.end()) ==
          std::vector<uint64_t>{0x80, 0x100, 0x180});
  }
  CHECK(!parameterBankBase(89));
}
