// Every conversion to and from i1, pack, unpack and signed i1 comparison
// included, runs on the host over values that tell the readings apart (-0.0,
// NaN, bytes other than 0 and 1, even integers), and
// Inputs/run_bool_conversions.py checks the bits
// NVIDIA's tileiras 13.5 computes for the same ops (docs/semantics-from-
// nvidia.md has each command and the PTX it printed).
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_bool_conversions.py %t.so | FileCheck %s

// CHECK: bool_conversions: 18 rows match NVIDIA's tileiras 13.5

cuda_tile.module @kernels {
  entry @bool_conversions(%h: tile<ptr<f16>>, %bf: tile<ptr<bf16>>, %f: tile<ptr<f32>>, %d: tile<ptr<f64>>, %e4: tile<ptr<f8E4M3FN>>, %e5: tile<ptr<f8E5M2>>, %tf: tile<ptr<f32>>, %raw: tile<ptr<i1>>,
                          %ints: tile<ptr<i32>>, %ob: tile<ptr<i1>>, %oi: tile<ptr<i32>>, %of: tile<ptr<f32>>,
                          %opk: tile<ptr<i8>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %c6 = constant <i32: 6> : tile<i32>
    %c7 = constant <i32: 7> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %c9 = constant <i32: 9> : tile<i32>
    %c10 = constant <i32: 10> : tile<i32>
    %c11 = constant <i32: 11> : tile<i32>
    %c12 = constant <i32: 12> : tile<i32>
    %vh = make_tensor_view %h, shape = [8], strides = [1] : tensor_view<8xf16, strides=[1]>
    %qh = make_partition_view %vh : partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>
    %vbf = make_tensor_view %bf, shape = [8], strides = [1] : tensor_view<8xbf16, strides=[1]>
    %qbf = make_partition_view %vbf : partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>
    %vf = make_tensor_view %f, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %qf = make_partition_view %vf : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %vd = make_tensor_view %d, shape = [8], strides = [1] : tensor_view<8xf64, strides=[1]>
    %qd = make_partition_view %vd : partition_view<tile=(8), tensor_view<8xf64, strides=[1]>>
    %ve4 = make_tensor_view %e4, shape = [8], strides = [1] : tensor_view<8xf8E4M3FN, strides=[1]>
    %qe4 = make_partition_view %ve4 : partition_view<tile=(8), tensor_view<8xf8E4M3FN, strides=[1]>>
    %ve5 = make_tensor_view %e5, shape = [8], strides = [1] : tensor_view<8xf8E5M2, strides=[1]>
    %qe5 = make_partition_view %ve5 : partition_view<tile=(8), tensor_view<8xf8E5M2, strides=[1]>>
    %vtf = make_tensor_view %tf, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %qtf = make_partition_view %vtf : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %vraw = make_tensor_view %raw, shape = [8], strides = [1] : tensor_view<8xi1, strides=[1]>
    %qraw = make_partition_view %vraw : partition_view<tile=(8), tensor_view<8xi1, strides=[1]>>
    %vints = make_tensor_view %ints, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %qints = make_partition_view %vints : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %vob = make_tensor_view %ob, shape = [104], strides = [1] : tensor_view<104xi1, strides=[1]>
    %qob = make_partition_view %vob : partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>
    %voi = make_tensor_view %oi, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %qoi = make_partition_view %voi : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>
    %vof = make_tensor_view %of, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %qof = make_partition_view %vof : partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>
    %xh, %lh = load_view_tko weak %qh[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>, tile<i32> -> tile<8xf16>, token
    %xbf, %lbf = load_view_tko weak %qbf[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>, tile<i32> -> tile<8xbf16>, token
    %xf, %lf = load_view_tko weak %qf[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %xd, %ld = load_view_tko weak %qd[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf64, strides=[1]>>, tile<i32> -> tile<8xf64>, token
    %xe4, %le4 = load_view_tko weak %qe4[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<8xf8E4M3FN>, token
    %xe5, %le5 = load_view_tko weak %qe5[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf8E5M2, strides=[1]>>, tile<i32> -> tile<8xf8E5M2>, token
    %xtf, %ltf = load_view_tko weak %qtf[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %xraw, %lraw = load_view_tko weak %qraw[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xi1, strides=[1]>>, tile<i32> -> tile<8xi1>, token
    %xints, %lints = load_view_tko weak %qints[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %nz_h = ftoi %xh signed : tile<8xf16> -> tile<8xi1>
    %s1 = store_view_tko weak %nz_h, %qob[%c0] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %nz_bf = ftoi %xbf unsigned : tile<8xbf16> -> tile<8xi1>
    %s2 = store_view_tko weak %nz_bf, %qob[%c1] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %nz_f = ftoi %xf signed : tile<8xf32> -> tile<8xi1>
    %s3 = store_view_tko weak %nz_f, %qob[%c2] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %nz_d = ftoi %xd unsigned : tile<8xf64> -> tile<8xi1>
    %s4 = store_view_tko weak %nz_d, %qob[%c3] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %nz_e4 = ftoi %xe4 signed : tile<8xf8E4M3FN> -> tile<8xi1>
    %s5 = store_view_tko weak %nz_e4, %qob[%c4] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %nz_e5 = ftoi %xe5 unsigned : tile<8xf8E5M2> -> tile<8xi1>
    %s6 = store_view_tko weak %nz_e5, %qob[%c5] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %tf32 = ftof %xtf : tile<8xf32> -> tile<8xtf32>
    %btf = ftoi %tf32 signed : tile<8xtf32> -> tile<8xi1>
    %s7 = store_view_tko weak %btf, %qob[%c6] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %s8 = store_view_tko weak %xraw, %qob[%c7] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %bints = trunci %xints : tile<8xi32> -> tile<8xi1>
    %s9 = store_view_tko weak %bints, %qob[%c8] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %sext = exti %xraw signed : tile<8xi1> -> tile<8xi32>
    %s10 = store_view_tko weak %sext, %qoi[%c0] token = %t0 : tile<8xi32>, partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    %zext = exti %xraw unsigned : tile<8xi1> -> tile<8xi32>
    %s11 = store_view_tko weak %zext, %qoi[%c1] token = %t0 : tile<8xi32>, partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    %sf = itof %xraw signed : tile<8xi1> -> tile<8xf32>
    %s12 = store_view_tko weak %sf, %qof[%c0] token = %t0 : tile<8xf32>, partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    %uf = itof %xraw unsigned : tile<8xi1> -> tile<8xf32>
    %s13 = store_view_tko weak %uf, %qof[%c1] token = %t0 : tile<8xf32>, partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    %packed = pack %xraw : tile<8xi1> -> tile<1xi8>
    %vopk = make_tensor_view %opk, shape = [1], strides = [1] : tensor_view<1xi8, strides=[1]>
    %qopk = make_partition_view %vopk : partition_view<tile=(1), tensor_view<1xi8, strides=[1]>>
    %s14 = store_view_tko weak %packed, %qopk[%c0] token = %t0 : tile<1xi8>, partition_view<tile=(1), tensor_view<1xi8, strides=[1]>>, tile<i32> -> token
    %unpacked = unpack %packed : tile<1xi8> -> tile<8xi1>
    %s15 = store_view_tko weak %unpacked, %qob[%c9] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %byte = constant <i8: [-106]> : tile<1xi8>
    %bits = unpack %byte : tile<1xi8> -> tile<8xi1>
    %s16 = store_view_tko weak %bits, %qob[%c10] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %ones = constant <i1: true> : tile<8xi1>
    %not = xori %xraw, %ones : tile<8xi1>
    %less = cmpi less_than %xraw, %not, signed : tile<8xi1> -> tile<8xi1>
    %s17 = store_view_tko weak %less, %qob[%c11] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    %max = maxi %xraw, %not signed : tile<8xi1>
    %s18 = store_view_tko weak %max, %qob[%c12] token = %t0 : tile<8xi1>, partition_view<tile=(8), tensor_view<104xi1, strides=[1]>>, tile<i32> -> token
    return
  }
}
