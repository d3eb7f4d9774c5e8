// Scans in the parallel form run on the host, all 128 threads of a block,
// and match numpy: a forward f32 prefix sum over 1024 elements (runs of 8
// registers, 32 lanes, 4 warps) and a reverse i32 prefix sum along the rows
// of a 16x64 tile, on 128 threads and in the serial form.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_scan.py %t.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 %s | tile-sched | tile-llc --emit=host-obj -o %t-serial.o
// RUN: %cc -shared -o %t-serial.so %t-serial.o -lm
// RUN: %hpython %S/Inputs/run_scan.py %t-serial.so | FileCheck %s

// CHECK: cumsum: 1024 elements match numpy
// CHECK: reverse row cumsum: 1024 elements match numpy

cuda_tile.module @kernels {
  entry @cumsum(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %n = constant <i32: 1024> : tile<i32>
    %va = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qb = make_partition_view %vb : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<1024xf32> -> tile<1024xf32>
        (%acc: tile<f32>, %e: tile<f32>) {
      %y = addf %acc, %e : tile<f32>
      yield %y : tile<f32>
    }
    %done = store_view_tko weak %s, %qb[%zero] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @reverse_rows(%a: tile<ptr<i32>>, %b: tile<ptr<i32>>) {
    %t0 = make_token : token
    %rows = constant <i32: 16> : tile<i32>
    %cols = constant <i32: 64> : tile<i32>
    %va = make_tensor_view %a, shape = [%rows, %cols], strides = [64, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [%rows, %cols], strides = [64, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<?x?xi32, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x64), tensor_view<?x?xi32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<?x?xi32, strides=[64,1]>>, tile<i32>, tile<i32> -> tile<16x64xi32>, token
    %s = scan %x dim=1 reverse=true identities=[0 : i32] : tile<16x64xi32> -> tile<16x64xi32>
        (%acc: tile<i32>, %e: tile<i32>) {
      %y = addi %acc, %e overflow<none> : tile<i32>
      yield %y : tile<i32>
    }
    %done = store_view_tko weak %s, %qb[%zero, %zero] token = %t0 : tile<16x64xi32>, partition_view<tile=(16x64), tensor_view<?x?xi32, strides=[64,1]>>, tile<i32>, tile<i32> -> token
    return
  }
}
