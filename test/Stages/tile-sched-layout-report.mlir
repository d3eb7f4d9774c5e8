// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel \
// RUN:   | tile-sched --split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:       --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines \
// RUN:       --tilechain-plan-view-stores --tilechain-alloc-mma-rings \
// RUN:       --tilechain-expand-mma-pipelines --tilechain-materialize-threads=report-layouts -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// A record edited after tile-lower recorded the layouts (the matmul's
// instruction from wgmma to mma_sync): the result is still held in the
// layout recorded, its fragments moved into it (followRecordedLayout).
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel \
// RUN:   | sed 's/#tile_dist.mma<wgmma>/#tile_dist.mma<mma_sync>/' \
// RUN:   | tile-sched --split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:       --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines \
// RUN:       --tilechain-plan-view-stores --tilechain-alloc-mma-rings \
// RUN:       --tilechain-expand-mma-pipelines --tilechain-materialize-threads=report-layouts -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EDITED

// tilechain-materialize-threads{report-layouts} says where the layout of
// each tile result came from (utils/layout-gap.py counts them over the
// corpus; docs/tile-async.md). A gather whose index tiles tile-lower gave
// the access's layout: those are recorded, and so is the loaded tile, in
// its pointers' layout; broadcasts are held as their source's registers.
// CHECK: cuda_tile.iota result 0 layout: recorded
// CHECK: cuda_tile.reshape result 0 layout: default
// CHECK: cuda_tile.broadcast result 0 layout: broadcast
// CHECK: cuda_tile.addi result 0 layout: recorded
// CHECK: cuda_tile.load_ptr_tko result 0 layout: recorded
cuda_tile.module @kernels {
  entry @gather_f16(%src: tile<ptr<f16>>, %dst: tile<ptr<f16>>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f16>>
    %adst = assume div_by<16>, %dst : tile<ptr<f16>>
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bx, %c1024 : tile<i32>
    %iota = iota : tile<1024xi32>
    %r = reshape %start : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    %idx = addi %b, %iota : tile<1024xi32>
    %rs = reshape %asrc : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bs = broadcast %rs : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %ps = offset %bs, %idx : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %rd = reshape %adst : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bd = broadcast %rd : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %pd = offset %bd, %idx : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %v, %t = load_ptr_tko weak %ps : tile<1024xptr<f16>> -> tile<1024xf16>, token
    %t2 = store_ptr_tko weak %pd, %v : tile<1024xptr<f16>>, tile<1024xf16> -> token
    return
  }
}

// -----

// A wgmma matmul: its loads are copied into the mma's stages by TMA, not
// lowered; the mma's result holds wgmma's accumulator fragments, which
// tile-lower records, and so does the loop that carries it
// (tile_dist.carried_layouts), also where the instruction was edited.
// CHECK: cuda_tile.constant result 0 layout: broadcast
// CHECK: cuda_tile.load_view_tko result 0 layout: not lowered
// CHECK: cuda_tile.load_view_tko result 0 layout: not lowered
// CHECK: cuda_tile.mmaf result 0 layout: recorded
// EDITED: cuda_tile.mmaf result 0 layout: recorded
// CHECK: cuda_tile.for result 0 layout: recorded
// EDITED: cuda_tile.for result 0 layout: recorded
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
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

// A causal mask compares broadcasts of two different sources, so neither
// the comparison nor the select on it has a whole operand to take a layout
// from. tile-lower records the layout their users want, which the
// materialization would have chosen (layoutWantedByUsers): that of the
// whole tile the mask is added to (a transposed tile, whose layout walks
// columns fastest).
// CHECK: cuda_tile.permute result 0 layout: recorded
// CHECK: cuda_tile.cmpi result 0 layout: recorded
// CHECK-NOT: chosen
// CHECK: cuda_tile.select result 0 layout: recorded
// CHECK: cuda_tile.addf result 0 layout: recorded
cuda_tile.module @kernels {
  entry @causal_mask(%b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %lo = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %f = itof %i signed : tile<1024xi32> -> tile<1024xf32>
    %y = reshape %f : tile<1024xf32> -> tile<32x32xf32>
    %x = permute %y [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %r = iota : tile<32xi32>
    %rows = reshape %r : tile<32xi32> -> tile<32x1xi32>
    %cols = reshape %r : tile<32xi32> -> tile<1x32xi32>
    %rb = broadcast %rows : tile<32x1xi32> -> tile<32x32xi32>
    %cb = broadcast %cols : tile<1x32xi32> -> tile<32x32xi32>
    %keep = cmpi greater_than_or_equal %rb, %cb, signed : tile<32x32xi32> -> tile<32x32xi1>
    %zero = constant <f32: 0.0> : tile<32x32xf32>
    %lowest = constant <f32: -1.0e+30> : tile<32x32xf32>
    %bias = select %keep, %zero, %lowest : tile<32x32xi1>, tile<32x32xf32>
    %z = addf %x, %bias : tile<32x32xf32>
    %vb = make_tensor_view %b, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %done = store_view_tko weak %z, %qb[%lo, %lo] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
