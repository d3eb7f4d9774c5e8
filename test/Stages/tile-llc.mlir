// RUN: tile-llc %s -o %t.ptx && FileCheck %s --input-file=%t.ptx --match-full-lines
// RUN: tile-llc %s --emit=llvm | FileCheck %s --check-prefix=LLVM
// RUN: tile-llc %s --emit=llvm --ftz | FileCheck %s --check-prefix=FTZ
// The module calls no libdevice function, so none is read.
// RUN: tile-llc %s --libdevice=%t.missing.bc | FileCheck %s

// The PTX starts with the marker tile-link checks; the ISA version is the
// chip's minimum.
// CHECK: // tilechain.stage = tile-llc
// CHECK: .version 8.7
// CHECK-NEXT: .target sm_120
// CHECK-NEXT: .address_size 64

// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: !{i32 4, !"nvvm-reflect-ftz", i32 0}
// FTZ: !{i32 4, !"nvvm-reflect-ftz", i32 1}

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @probe [#nvvm.target<O = 3, chip = "sm_120">] {
  }
}
