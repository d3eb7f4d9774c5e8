// Shape ops through every stage to ptxas. A non-splat constant is a
// read-only global in the PTX, read where a runtime index selects it;
// pack stores single bytes; offset scales the count by the pointee size.
// REQUIRES: ptxas, libdevice
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_90 | tile-sched | tile-llc -o %t/k.ptx
// RUN: tile-link %t/k.ptx -o %t/k.cubin
// RUN: FileCheck %s < %t/k.ptx
// The 4x2 literal, little-endian f32 bytes: 1.0 = 0x3f800000, 2.0, ... 8.0.
// CHECK: .global .align 4 .b8 __tile_constant[32] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64, 0, 0, 160, 64, 0, 0, 192, 64, 0, 0, 224, 64, 0, 0, 0, 65};
// CHECK-LABEL: .entry k(
// The literal's half at runtime index %i: 2x2 f32 = 16 bytes per index.
// CHECK-DAG: mul.wide.s32 %rd{{[0-9]+}}, %r{{[0-9]+}}, 16;
// CHECK-DAG: ld.global.nc.v4.b32
// offset: i32 counts sign-extended, times sizeof(f32).
// CHECK-DAG: mul.wide.s32 {{.*}}, 4;
// CHECK-DAG: ld.global.b32
// CHECK-DAG: st.global.b32
// pack: one byte store per byte of the 8 floats.
// CHECK-DAG: st.global.b8

cuda_tile.module @m {
  entry @k(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>, %bytes: tile<ptr<i8>>, %lit: tile<ptr<f32>>, %i: tile<i32>) {
    %t = make_token : token
    // Pointers to in[0..7]: one pointer, broadcast, offset by iota.
    %p1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %p8 = broadcast %p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %n8 = iota : tile<8xi32>
    %ptrs = offset %p8, %n8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %x, %tk = load_ptr_tko weak %ptrs token = %t : tile<8xptr<f32>> -> tile<8xf32>, token
    // (2x4)^T beside a 4x2 literal, then the runtime-selected 2x4 slice.
    %m = reshape %x : tile<8xf32> -> tile<2x4xf32>
    %mt = permute %m [1, 0] : tile<2x4xf32> -> tile<4x2xf32>
    %c = constant <f32: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tile<4x2xf32>
    %w = cat %mt, %c dim = 1 : tile<4x2xf32>, tile<4x2xf32> -> tile<4x4xf32>
    %zero = constant <i32: 0> : tile<i32>
    %s = extract %w[%i, %zero] : tile<4x4xf32> -> tile<2x4xf32>
    %back = insert %s, %w[%zero, %zero] : tile<2x4xf32> -> tile<4x4xf32>
    %top = extract %back[%zero, %zero] : tile<4x4xf32> -> tile<2x4xf32>
    %flat = reshape %top : tile<2x4xf32> -> tile<8xf32>
    %q1 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %q8 = broadcast %q1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %qs = offset %q8, %n8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %st = store_ptr_tko weak %qs, %flat token = %t : tile<8xptr<f32>>, tile<8xf32> -> token
    // Half of the literal, chosen at run time, read from its global.
    %half = extract %c[%i, %zero] : tile<4x2xf32> -> tile<2x2xf32>
    %half4 = reshape %half : tile<2x2xf32> -> tile<4xf32>
    %l1 = reshape %lit : tile<ptr<f32>> -> tile<1xptr<f32>>
    %l4 = broadcast %l1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %n4 = iota : tile<4xi64>
    %ls = offset %l4, %n4 : tile<4xptr<f32>>, tile<4xi64> -> tile<4xptr<f32>>
    %st3 = store_ptr_tko weak %ls, %half4 token = %t : tile<4xptr<f32>>, tile<4xf32> -> token
    // The loaded floats as 32 bytes.
    %b = pack %x : tile<8xf32> -> tile<32xi8>
    %b1 = reshape %bytes : tile<ptr<i8>> -> tile<1xptr<i8>>
    %b32 = broadcast %b1 : tile<1xptr<i8>> -> tile<32xptr<i8>>
    %n32 = iota : tile<32xi32>
    %bs = offset %b32, %n32 : tile<32xptr<i8>>, tile<32xi32> -> tile<32xptr<i8>>
    %st2 = store_ptr_tko weak %bs, %b token = %t : tile<32xptr<i8>>, tile<32xi8> -> token
    return
  }
}
