// A tile of rank 2 printed in the parallel form through LLVM and ptxas:
// thread 0 reads the gathered tile from shared memory by its coordinates
// (a memref.expand_shape there once stopped tile-llc: "LLVM Translation
// failed for operation: builtin.unrealized_conversion_cast").
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-read %s | tile-lower --gpu-name=sm_90 --tile-form=parallel | tile-sched | tile-llc --emit=ptx -o %t/print.ptx
// RUN: tile-link %t/print.ptx -o %t/print.cubin
// RUN: FileCheck %s < %t/print.ptx

// CHECK-LABEL: .entry prints_2d(
// CHECK: .reqntid 128, 1, 1
// CHECK: .shared .align 16 .b8 {{.+}}[32];
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: call.uni (retval0), vprintf,
cuda_tile.module @kernels {
  entry @prints_2d() {
    %t0 = make_token : token
    %x = iota : tile<8xi32>
    %y = reshape %x : tile<8xi32> -> tile<2x4xi32>
    %t1 = print_tko "%d\n", %y token = %t0 : tile<2x4xi32> -> token
    return
  }
}
