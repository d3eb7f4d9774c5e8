// Slices, cat, pack/unpack and scans in the parallel form through LLVM's
// NVPTX back end and ptxas for sm_80, sm_90, sm_100 and sm_120: registers
// only (no local memory); the extract and cat move no data between threads,
// the scan shuffles up across lanes and meets across warps in shared memory.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: for sm in sm_80 sm_90 sm_100 sm_120; do \
// RUN:   tile-read %s | tile-lower --gpu-name=$sm --tile-form=parallel | tile-sched \
// RUN:     | tile-llc --emit=ptx -o %t/$sm.ptx && tile-link %t/$sm.ptx -o %t/$sm.cubin || exit 1; \
// RUN: done
// RUN: FileCheck %s < %t/sm_90.ptx

// CHECK-NOT: .local
// CHECK-LABEL: .entry halves_swapped(
// CHECK: .reqntid 128, 1, 1
// CHECK-NOT: bar.sync
// CHECK: ld.global
// CHECK-NOT: bar.sync
// CHECK: st.global
// CHECK-LABEL: .entry cumsum(
// CHECK: shfl.sync.up.b32
// CHECK: bar.sync 0;
// CHECK: st.global
// CHECK-NOT: .local
cuda_tile.module @kernels {
  entry @halves_swapped(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %n = constant <i32: 1024> : tile<i32>
    %va = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qb = make_partition_view %vb : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %lo = extract %x[%zero] : tile<1024xf32> -> tile<512xf32>
    %hi = extract %x[%one] : tile<1024xf32> -> tile<512xf32>
    %y = cat %hi, %lo dim = 0 : tile<512xf32>, tile<512xf32> -> tile<1024xf32>
    %done = store_view_tko weak %y, %qb[%zero] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
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
}
