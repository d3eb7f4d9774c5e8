// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-view-stores | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-view-stores | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=BUILT
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter-failed=Memory -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// An edited plan is built as recorded: the accumulator stored by the
// threads, with tile-sched's choice as the reason it does not go by TMA.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-view-stores \
// RUN:   | sed '0,/#tile_dist.store<tensor_map>/s//#tile_dist.store<threads>/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=THREADS
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-view-stores \
// RUN:   | sed '0,/#tile_dist.store<tensor_map>/s//#tile_dist.store<threads>/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter-failed=Memory -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS-REMARKS

// A TMA store the store cannot take is refused, with why.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-view-stores \
// RUN:   | sed 's/#tile_dist.store<threads>/#tile_dist.store<tensor_map>/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=REFUSED

// How each view store goes is tile-sched's plan on the tile program
// (tilechain-plan-view-stores), recorded on the store as tile_dist.store on
// chips with TMA. The 128x128 f32 accumulator of a wgmma loop is held in
// runs of two elements of its rows (8 bytes): the threads' stores would be
// narrow, so it goes by TMA through shared memory. sm_80 has no TMA, and
// nothing is recorded there.
// SM80-NOT: tile_dist.store
// SM90-LABEL: entry @accumulator
// SM90: store_view_tko {{.*}}tile_dist.store = #tile_dist.store<tensor_map>
// BUILT-LABEL: gpu.func @accumulator(
// BUILT: tile_dist.tensor_store
// BUILT: gpu.return
// THREADS-REMARKS: remark: [Failure] RemarkMemoryTmaStoreFailed | Category:Memory | Function=accumulator | Reason="tile-sched chose it"
// THREADS-LABEL: gpu.func @accumulator(
// THREADS-NOT: tile_dist.tensor_store
// THREADS: gpu.return
cuda_tile.module @kernels {
  entry @accumulator(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s0 = mmaf %x0, %y0, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %s0 : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same accumulator stored through a view whose base is not known to be
// 16-byte aligned: a tensor map cannot describe it, so the threads store
// it, and the remark says why not TMA. An edited `tensor_map` is refused
// for the same reason.
// SM90-LABEL: entry @unaligned
// SM90: store_view_tko {{.*}}tile_dist.store = #tile_dist.store<threads>
// REMARKS: remark: [Failure] RemarkMemoryTmaStoreFailed | Category:Memory | Function=unaligned | Reason="its tensor's base or strides are not known to be multiples of 16 bytes"
// BUILT-LABEL: gpu.func @unaligned(
// BUILT-NOT: tile_dist.tensor_store
// BUILT: gpu.return
// REFUSED: error: 'tile_dist.store' records tensor_map, which this store cannot take: its tensor's base or strides are not known to be multiples of 16 bytes
cuda_tile.module @kernels {
  entry @unaligned(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s0 = mmaf %x0, %y0, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %s0 : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A copy: the loaded tile is held in its default layout, runs of four f32
// (16 bytes) along its rows, which the threads store whole. Nothing asks
// for TMA, and no remark says why not.
// SM90-LABEL: entry @copy
// SM90: store_view_tko {{.*}}tile_dist.store = #tile_dist.store<threads>
// REMARKS-NOT: Function=copy
// BUILT-LABEL: gpu.func @copy(
// BUILT-NOT: tile_dist.tensor_store
// BUILT: gpu.return
cuda_tile.module @kernels {
  entry @copy(%s: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %s16 = assume div_by<16>, %s : tile<ptr<f32>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %vs = make_tensor_view %s16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %vd = make_tensor_view %d16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qs = make_partition_view %vs : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qs[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %done = store_view_tko weak %x, %qd[%zero, %zero] token = %tx : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
