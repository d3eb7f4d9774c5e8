// Elementwise ops through every stage to ptxas: the PTX holds the exact
// instruction each rounding mode or approximation asks for, and libdevice
// calls (e.g. __nv_expf for exp, __nv_fmodf for remf) are linked and inlined.
// REQUIRES: ptxas, libdevice
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_90 | tile-sched | tile-llc -o %t/k.ptx
// RUN: tile-link %t/k.ptx -o %t/k.cubin
// RUN: FileCheck %s < %t/k.ptx
// RUN: not grep __nv_ %t/k.ptx
// sm_89 has the f8 conversions from PTX 8.1 on (its minimum ISA is 7.8).
// RUN: tile-lower %s --gpu-name=sm_89 | tile-sched | tile-llc -o %t/k89.ptx
// RUN: tile-link %t/k89.ptx -o %t/k89.cubin
// RUN: FileCheck %s --check-prefix=SM89 < %t/k89.ptx
// SM89: .version 8.1
// SM89: cvt.rn.satfinite.e4m3x2.f32
// CHECK-DAG: add.rz.f32
// CHECK-DAG: mul.rp.ftz.f32
// CHECK-DAG: div.approx.f32
// CHECK-DAG: fma.rm.f64
// CHECK-DAG: fma.rn.bf16
// CHECK-DAG: cvt.rz.f16.f32
// CHECK-DAG: tanh.approx.f32
// CHECK-DAG: ex2.approx.ftz.f32
// CHECK-DAG: cvt.rn.f32.f64
// CHECK-DAG: cvt.rn.bf16.f32
// CHECK-DAG: and.b32 {{.*}}, -8192;
// CHECK-DAG: cvt.rn.satfinite.e4m3x2.f32
// CHECK-DAG: cvt.rzi.s16.f32

cuda_tile.module @m {
  entry @k(%in0: tile<ptr<f32>>, %out0: tile<ptr<f32>>, %in1: tile<ptr<f32>>, %out1: tile<ptr<f32>>, %in2: tile<ptr<f32>>, %out2: tile<ptr<f32>>, %in3: tile<ptr<f64>>, %out3: tile<ptr<f64>>, %in4: tile<ptr<bf16>>, %out4: tile<ptr<bf16>>, %in5: tile<ptr<f16>>, %out5: tile<ptr<f16>>, %in6: tile<ptr<f32>>, %out6: tile<ptr<f32>>, %in7: tile<ptr<f32>>, %out7: tile<ptr<f32>>, %in8: tile<ptr<f32>>, %out8: tile<ptr<f32>>, %in9: tile<ptr<f16>>, %out9: tile<ptr<f16>>, %in10: tile<ptr<i32>>, %out10: tile<ptr<i32>>, %in11: tile<ptr<f64>>, %out11: tile<ptr<bf16>>, %in12: tile<ptr<f32>>, %out12: tile<ptr<tf32>>, %in13: tile<ptr<f32>>, %out13: tile<ptr<f8E4M3FN>>, %in14: tile<ptr<f32>>, %out14: tile<ptr<i8>>, %n: tile<i32>) {
    %t = make_token : token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv0 = make_tensor_view %in0, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv0 = make_partition_view %tv0 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x0, %tk0 = load_view_tko weak %pv0[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r0 = addf %x0, %x0 rounding<zero> : tile<4xf32>
    %tvo0 = make_tensor_view %out0, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo0 = make_partition_view %tvo0 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st0 = store_view_tko weak %r0, %pvo0[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv1 = make_tensor_view %in1, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv1 = make_partition_view %tv1 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x1, %tk1 = load_view_tko weak %pv1[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r1 = mulf %x1, %x1 rounding<positive_inf> flush_to_zero : tile<4xf32>
    %tvo1 = make_tensor_view %out1, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo1 = make_partition_view %tvo1 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st1 = store_view_tko weak %r1, %pvo1[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %in2, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x2, %tk2 = load_view_tko weak %pv2[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r2 = divf %x2, %x2 rounding<approx> : tile<4xf32>
    %tvo2 = make_tensor_view %out2, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo2 = make_partition_view %tvo2 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st2 = store_view_tko weak %r2, %pvo2[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %in3, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
    %pv3 = make_partition_view %tv3 : partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>
    %x3, %tk3 = load_view_tko weak %pv3[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>, tile<i32> -> tile<4xf64>, token
    %r3 = fma %x3, %x3, %x3 rounding<negative_inf> : tile<4xf64>
    %tvo3 = make_tensor_view %out3, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
    %pvo3 = make_partition_view %tvo3 : partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>
    %st3 = store_view_tko weak %r3, %pvo3[%bx] token = %t : tile<4xf64>, partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>, tile<i32> -> token
    %tv4 = make_tensor_view %in4, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
    %pv4 = make_partition_view %tv4 : partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>
    %x4, %tk4 = load_view_tko weak %pv4[%bx] token = %t : partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<4xbf16>, token
    %r4 = fma %x4, %x4, %x4 : tile<4xbf16>
    %tvo4 = make_tensor_view %out4, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
    %pvo4 = make_partition_view %tvo4 : partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>
    %st4 = store_view_tko weak %r4, %pvo4[%bx] token = %t : tile<4xbf16>, partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> token
    %tv5 = make_tensor_view %in5, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pv5 = make_partition_view %tv5 : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>
    %x5, %tk5 = load_view_tko weak %pv5[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<4xf16>, token
    %r5 = subf %x5, %x5 rounding<zero> : tile<4xf16>
    %tvo5 = make_tensor_view %out5, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pvo5 = make_partition_view %tvo5 : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>
    %st5 = store_view_tko weak %r5, %pvo5[%bx] token = %t : tile<4xf16>, partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    %tv6 = make_tensor_view %in6, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv6 = make_partition_view %tv6 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x6, %tk6 = load_view_tko weak %pv6[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r6 = tanh %x6 rounding<approx> : tile<4xf32>
    %tvo6 = make_tensor_view %out6, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo6 = make_partition_view %tvo6 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st6 = store_view_tko weak %r6, %pvo6[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv7 = make_tensor_view %in7, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv7 = make_partition_view %tv7 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x7, %tk7 = load_view_tko weak %pv7[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r7 = exp2 %x7 flush_to_zero : tile<4xf32>
    %tvo7 = make_tensor_view %out7, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo7 = make_partition_view %tvo7 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st7 = store_view_tko weak %r7, %pvo7[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv8 = make_tensor_view %in8, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv8 = make_partition_view %tv8 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x8, %tk8 = load_view_tko weak %pv8[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r8 = exp %x8 : tile<4xf32>
    %tvo8 = make_tensor_view %out8, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pvo8 = make_partition_view %tvo8 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %st8 = store_view_tko weak %r8, %pvo8[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv9 = make_tensor_view %in9, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pv9 = make_partition_view %tv9 : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>
    %x9, %tk9 = load_view_tko weak %pv9[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<4xf16>, token
    %r9 = remf %x9, %x9 : tile<4xf16>
    %tvo9 = make_tensor_view %out9, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pvo9 = make_partition_view %tvo9 : partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>
    %st9 = store_view_tko weak %r9, %pvo9[%bx] token = %t : tile<4xf16>, partition_view<tile=(4), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    %tv10 = make_tensor_view %in10, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pv10 = make_partition_view %tv10 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
    %x10, %tk10 = load_view_tko weak %pv10[%bx] token = %t : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %r10 = divi %x10, %x10 signed rounding<negative_inf> : tile<4xi32>
    %tvo10 = make_tensor_view %out10, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pvo10 = make_partition_view %tvo10 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
    %st10 = store_view_tko weak %r10, %pvo10[%bx] token = %t : tile<4xi32>, partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
    %tv11 = make_tensor_view %in11, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
    %pv11 = make_partition_view %tv11 : partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>
    %x11, %tk11 = load_view_tko weak %pv11[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf64, strides=[1]>>, tile<i32> -> tile<4xf64>, token
    %r11 = ftof %x11 : tile<4xf64> -> tile<4xbf16>
    %tvo11 = make_tensor_view %out11, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
    %pvo11 = make_partition_view %tvo11 : partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>
    %st11 = store_view_tko weak %r11, %pvo11[%bx] token = %t : tile<4xbf16>, partition_view<tile=(4), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> token
    %tv12 = make_tensor_view %in12, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv12 = make_partition_view %tv12 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x12, %tk12 = load_view_tko weak %pv12[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r12 = ftof %x12 : tile<4xf32> -> tile<4xtf32>
    %tvo12 = make_tensor_view %out12, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xtf32, strides=[1]>
    %pvo12 = make_partition_view %tvo12 : partition_view<tile=(4), tensor_view<?xtf32, strides=[1]>>
    %st12 = store_view_tko weak %r12, %pvo12[%bx] token = %t : tile<4xtf32>, partition_view<tile=(4), tensor_view<?xtf32, strides=[1]>>, tile<i32> -> token
    %tv13 = make_tensor_view %in13, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv13 = make_partition_view %tv13 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x13, %tk13 = load_view_tko weak %pv13[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r13 = ftof %x13 : tile<4xf32> -> tile<4xf8E4M3FN>
    %tvo13 = make_tensor_view %out13, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E4M3FN, strides=[1]>
    %pvo13 = make_partition_view %tvo13 : partition_view<tile=(4), tensor_view<?xf8E4M3FN, strides=[1]>>
    %st13 = store_view_tko weak %r13, %pvo13[%bx] token = %t : tile<4xf8E4M3FN>, partition_view<tile=(4), tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %tv14 = make_tensor_view %in14, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv14 = make_partition_view %tv14 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %x14, %tk14 = load_view_tko weak %pv14[%bx] token = %t : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %r14 = ftoi %x14 signed : tile<4xf32> -> tile<4xi8>
    %tvo14 = make_tensor_view %out14, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
    %pvo14 = make_partition_view %tvo14 : partition_view<tile=(4), tensor_view<?xi8, strides=[1]>>
    %st14 = store_view_tko weak %r14, %pvo14[%bx] token = %t : tile<4xi8>, partition_view<tile=(4), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
    return
  }
}
