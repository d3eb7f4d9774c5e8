// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-assign-layouts --split-input-file | FileCheck %s

// An f16 gather as cuTile writes it. 16-byte aligned runs of 8 pointers are
// proven (div_by 16 on the base and the extent), so the load and the store
// want runs of 8 elements per thread; by default the i32/i64 index tiles
// would take runs of 4. The assignment gives the whole index computation the
// access's layout: iota, the index add, its widening, the offset and the
// mask. The loaded tile is recorded in its pointers' layout, which the
// load leaves it in. The broadcasts and their scalars are not marked:
// broadcasts take any layout.
// CHECK-LABEL: entry @gather_f16
// CHECK: iota {tile_dist.layout = #[[RUN8:tile_dist.linear<\[1024\], register = \[1, 2, 4\], lane = \[8, 16, 32, 64, 128\], warp = \[256, 512\]>]]}
// CHECK: addi %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: exti %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: cmpi less_than %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: offset %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: offset %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: load_ptr_tko {{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK-NOT: tile_dist.layout
// CHECK: return
cuda_tile.module @kernels {
  entry @gather_f16(%src: tile<ptr<f16>>, %dst: tile<ptr<f16>>, %n: tile<i32>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f16>>
    %adst = assume div_by<16>, %dst : tile<ptr<f16>>
    %an = assume div_by<16>, %n : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bx, %c1024 : tile<i32>
    %iota = iota : tile<1024xi32>
    %r = reshape %start : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    %idx = addi %b, %iota : tile<1024xi32>
    %idx64 = exti %idx signed : tile<1024xi32> -> tile<1024xi64>
    %rn = reshape %an : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    %rs = reshape %asrc : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bs = broadcast %rs : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %ps = offset %bs, %idx64 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %rd = reshape %adst : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bd = broadcast %rd : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %pd = offset %bd, %idx64 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %v, %t = load_ptr_tko weak %ps, %mask : tile<1024xptr<f16>>, tile<1024xi1> -> tile<1024xf16>, token
    %t2 = store_ptr_tko weak %pd, %v, %mask : tile<1024xptr<f16>>, tile<1024xf16>, tile<1024xi1> -> token
    return
  }
}

// -----

// A 2-D gather: rows and columns are 1-D index tiles broadcast to 32x32.
// Each 1-D tile takes the slice of the access's layout that its broadcast
// reads (bits that walk the other dim repeat), so every thread computes the
// rows and columns it needs and no exchange is left.
// CHECK-LABEL: entry @gather_2d
// CHECK: %[[ROWS:.+]] = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>}
// CHECK: %[[COLS:.+]] = iota {tile_dist.layout = #tile_dist.linear<[32], register = [1, 2, 4], lane = [8, 16, 0, 0, 0], warp = [0, 0]>}
// CHECK: exti %{{.+}} {tile_dist.layout = #tile_dist.linear<[32, 1], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>}
// CHECK: exti %{{.+}} {tile_dist.layout = #tile_dist.linear<[1, 32], register = [1, 2, 4], lane = [8, 16, 0, 0, 0], warp = [0, 0]>}
// CHECK: addi %{{.+}} {tile_dist.layout = #tile_dist.linear<[32, 32], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]>}
cuda_tile.module @kernels {
  entry @gather_2d(%src: tile<ptr<f16>>, %stride: tile<i32>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f16>>
    %astride = assume div_by<8>, %stride : tile<i32>
    %rows = iota : tile<32xi32>
    %cols = iota : tile<32xi32>
    %r2 = reshape %rows : tile<32xi32> -> tile<32x1xi32>
    %c2 = reshape %cols : tile<32xi32> -> tile<1x32xi32>
    %r64 = exti %r2 signed : tile<32x1xi32> -> tile<32x1xi64>
    %c64 = exti %c2 signed : tile<1x32xi32> -> tile<1x32xi64>
    %s64 = exti %astride signed : tile<i32> -> tile<i64>
    %s2 = reshape %s64 : tile<i64> -> tile<1x1xi64>
    %sb = broadcast %s2 : tile<1x1xi64> -> tile<32x32xi64>
    %rb = broadcast %r64 : tile<32x1xi64> -> tile<32x32xi64>
    %cb = broadcast %c64 : tile<1x32xi64> -> tile<32x32xi64>
    %rowoff = muli %rb, %sb : tile<32x32xi64>
    %off = addi %rowoff, %cb : tile<32x32xi64>
    %rs = reshape %asrc : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %bs = broadcast %rs : tile<1x1xptr<f16>> -> tile<32x32xptr<f16>>
    %ps = offset %bs, %off : tile<32x32xptr<f16>>, tile<32x32xi64> -> tile<32x32xptr<f16>>
    %v, %t = load_ptr_tko weak %ps : tile<32x32xptr<f16>> -> tile<32x32xf16>, token
    return
  }
}

// -----

// No access layout is chosen where no vector access is proven (no div_by
// on the base), for atomic orderings (accessed element by element), and
// into a stored value from its store: the bf16 value is exchanged at the
// store, not its f32 source. The index arithmetic and the conversions then
// take the iota's default layout forward, as the materialization builds
// them.
// CHECK-LABEL: entry @unaligned
// CHECK: iota {tile_dist.layout = #[[DEFAULT:tile_dist.linear<\[1024\], register = \[1, 2, 512\], lane = \[4, 8, 16, 32, 64\], warp = \[128, 256\]>]]}
// CHECK: offset %{{.+}} {tile_dist.layout = #[[DEFAULT]]}
// CHECK: load_ptr_tko
// CHECK-LABEL: entry @relaxed
// CHECK: iota {tile_dist.layout = #[[DEFAULT]]}
// CHECK: offset %{{.+}} {tile_dist.layout = #[[DEFAULT]]}
// CHECK-LABEL: entry @stored_value
// CHECK: iota {tile_dist.layout = #[[RUN8:.+]]}
// CHECK: itof %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: ftof %{{.+}} {tile_dist.layout = #[[RUN8]]}
// CHECK: return
cuda_tile.module @kernels {
  entry @unaligned(%src: tile<ptr<f16>>) {
    %iota = iota : tile<1024xi32>
    %rs = reshape %src : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bs = broadcast %rs : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %ps = offset %bs, %iota : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %v, %t = load_ptr_tko weak %ps : tile<1024xptr<f16>> -> tile<1024xf16>, token
    return
  }
  entry @relaxed(%src: tile<ptr<f16>>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f16>>
    %iota = iota : tile<1024xi32>
    %rs = reshape %asrc : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bs = broadcast %rs : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %ps = offset %bs, %iota : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %v, %t = load_ptr_tko relaxed device %ps : tile<1024xptr<f16>> -> tile<1024xf16>, token
    return
  }
  entry @stored_value(%dst: tile<ptr<bf16>>) {
    %adst = assume div_by<16>, %dst : tile<ptr<bf16>>
    %iota = iota : tile<1024xi32>
    %f = itof %iota signed : tile<1024xi32> -> tile<1024xf32>
    %h = ftof %f : tile<1024xf32> -> tile<1024xbf16>
    %rd = reshape %adst : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %bd = broadcast %rd : tile<1xptr<bf16>> -> tile<1024xptr<bf16>>
    %pd = offset %bd, %iota : tile<1024xptr<bf16>>, tile<1024xi32> -> tile<1024xptr<bf16>>
    %t = store_ptr_tko weak %pd, %h : tile<1024xptr<bf16>>, tile<1024xbf16> -> token
    return
  }
}

// -----

// Forward from an mma on tensor cores: its result is recorded in its
// instruction's accumulator layout (wgmma's, for 128x128 over 8 warps); the
// conversion of that result takes it from its operand; a permute, a
// reduction and a reshape take the layouts derived from their sources'
// (the rows' reduction keeps the row bits, its registers compacted).
// CHECK-LABEL: entry @mma_result
// CHECK: mmaf {{.+}}tile_dist.layout = #[[WGMMA:tile_dist.linear<\[128, 128\], register = \[1, 1024, 8, 16, 32, 64\], lane = \[2, 4, 128, 256, 512\], warp = \[2048, 4096, 8192\]>]]
// CHECK: ftof %{{.+}} {tile_dist.layout = #[[WGMMA]]}
// CHECK: permute %{{.+}} {tile_dist.layout = #tile_dist.linear<[128, 128], register = [128, 8, 1024, 2048, 4096, 8192], lane = [256, 512, 1, 2, 4], warp = [16, 32, 64]>}
// CHECK: reduce %{{.+}} {tile_dist.layout = #tile_dist.linear<[128], register = [8], lane = [0, 0, 1, 2, 4], warp = [16, 32, 64]>}
// CHECK: reshape %{{.+}} {tile_dist.layout = #tile_dist.linear<[128, 1], register = [8], lane = [0, 0, 1, 2, 4], warp = [16, 32, 64]>}
cuda_tile.module @kernels {
  entry @mma_result(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %s = mmaf %x, %y, %init {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %h = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    %p = permute %s [1, 0] : tile<128x128xf32> -> tile<128x128xf32>
    %m = reduce %s dim=1 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%acc: tile<f32>, %next: tile<f32>) {
      %sum = addf %acc, %next : tile<f32>
      yield %sum : tile<f32>
    }
    %col = reshape %m : tile<128xf32> -> tile<128x1xf32>
    return
  }
}

// -----

// An mma on CUDA cores (fma): each thread computes the result elements it
// holds of the accumulator, so the result takes the accumulator's layout,
// or its type's default where the accumulator is a splat; the reduction of
// it takes the derived layout. Before, neither was recorded, and a loop
// could not carry what derives from such a result in its own layout.
// CHECK-LABEL: entry @fma_result
// CHECK: mmaf {{.+}}tile_dist.layout = #[[DEFAULT:tile_dist.linear<\[64, 64\], register = \[1, 2, 1024, 2048\], lane = \[4, 8, 16, 32, 64\], warp = \[128, 256, 512\]>]], tile_dist.mma = #tile_dist.mma<fma>
// CHECK: reduce %{{.+}} {tile_dist.layout = #tile_dist.linear<[64], register = [16, 32], lane = [0, 0, 0, 0, 1], warp = [2, 4, 8]>}
// CHECK: permute %{{.+}} {tile_dist.layout = #[[PERMUTED:tile_dist.linear<\[64, 64\], register = \[64, 128, 16, 32\], lane = \[256, 512, 1024, 2048, 1\], warp = \[2, 4, 8\]>]]}
// CHECK: mmaf {{.+}}tile_dist.layout = #[[PERMUTED]], tile_dist.mma = #tile_dist.mma<fma>
cuda_tile.module @kernels {
  entry @fma_result(%a: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %s = mmaf %x, %x, %init {tile_dist.mma = #tile_dist.mma<fma>} : tile<64x64xf32>, tile<64x64xf32>, tile<64x64xf32>
    %m = reduce %s dim=1 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
        (%acc: tile<f32>, %next: tile<f32>) {
      %sum = addf %acc, %next : tile<f32>
      yield %sum : tile<f32>
    }
    %p = permute %x [1, 0] : tile<64x64xf32> -> tile<64x64xf32>
    %t = mmaf %x, %x, %p {tile_dist.mma = #tile_dist.mma<fma>} : tile<64x64xf32>, tile<64x64xf32>, tile<64x64xf32>
    return
  }
}

// -----

// A loop carries its values in the layouts its body computes them in:
// recorded on the loop (tile_dist.carried_layouts), one entry per carried
// value, unit where the default layout stays (the rank-0 count). Here the
// accumulator of a wgmma (its instruction's layout) and a running row
// maximum, computed as a reduction of the mma's result reshaped to a
// column and combined with the carried value (the reduction's layout,
// reshaped). The walk goes on from the loop's results: their conversion and
// reshape take those layouts, and so does the maximum inside the body,
// whose first operand is the carried value.
// CHECK-LABEL: entry @carried
// CHECK: mmaf {{.+}}tile_dist.layout = #[[WGMMA:tile_dist.linear<\[128, 128\], register = \[1, 1024, 8, 16, 32, 64\], lane = \[2, 4, 128, 256, 512\], warp = \[2048, 4096, 8192\]>]]
// CHECK: reshape %{{.+}} {tile_dist.layout = #[[COLUMN:tile_dist.linear<\[128, 1\], register = \[8\], lane = \[0, 0, 1, 2, 4\], warp = \[16, 32, 64\]>]]}
// CHECK: maxf %{{.+}} {tile_dist.layout = #[[COLUMN]]}
// CHECK: tile_dist.carried_layouts = [#[[WGMMA]], #[[COLUMN]], unit]
// CHECK: ftof %{{.+}} {tile_dist.layout = #[[WGMMA]]}
// CHECK: reshape %{{.+}} {tile_dist.layout = #tile_dist.linear<[128], register = [8], lane = [0, 0, 1, 2, 4], warp = [16, 32, 64]>}
cuda_tile.module @kernels {
  entry @carried(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %e: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %ve = make_tensor_view %e, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %qe = make_partition_view %ve : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %lowest = constant <f32: -1.0e+30> : tile<128x1xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %acc, %max, %count = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%c = %init, %m = %lowest, %i = %zero) -> (tile<128x128xf32>, tile<128x1xf32>, tile<i32>) {
      %s = mmaf %x, %y, %c {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %r = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<128x128xf32> -> tile<128xf32>
          (%lhs: tile<f32>, %rhs: tile<f32>) {
        %bigger = maxf %lhs, %rhs : tile<f32>
        yield %bigger : tile<f32>
      }
      %col = reshape %r : tile<128xf32> -> tile<128x1xf32>
      %next = maxf %m, %col : tile<128x1xf32>
      %j = addi %i, %one : tile<i32>
      continue %s, %next, %j : tile<128x128xf32>, tile<128x1xf32>, tile<i32>
    }
    %h = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    %flat = reshape %max : tile<128x1xf32> -> tile<128xf32>
    %stored = store_view_tko weak %flat, %qe[%zero] token = %t0 : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A causal mask compares rows with columns: its cmpi has only broadcasts of
// different sources for operands, and takes the layout its users want, as
// the materialization would choose it: the select's user adds it to the
// mma's result, so the cmpi, the andi and the select are recorded in
// wgmma's accumulator layout, and the mask costs no exchange.
// CHECK-LABEL: entry @causal_mask
// CHECK: mmaf {{.+}}tile_dist.layout = #[[WGMMA:tile_dist.linear<\[128, 128\], register = \[1, 1024, 8, 16, 32, 64\], lane = \[2, 4, 128, 256, 512\], warp = \[2048, 4096, 8192\]>]]
// CHECK: cmpi greater_than_or_equal {{.+}} {tile_dist.layout = #[[WGMMA]]}
// CHECK: andi {{.+}} {tile_dist.layout = #[[WGMMA]]}
// CHECK: select {{.+}} {tile_dist.layout = #[[WGMMA]]}
// CHECK: addf {{.+}} {tile_dist.layout = #[[WGMMA]]}
cuda_tile.module @kernels {
  entry @causal_mask(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %s = mmaf %x, %y, %init {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %i = iota : tile<128xi32>
    %ri = reshape %i : tile<128xi32> -> tile<128x1xi32>
    %ci = reshape %i : tile<128xi32> -> tile<1x128xi32>
    %rows = broadcast %ri : tile<128x1xi32> -> tile<128x128xi32>
    %cols = broadcast %ci : tile<1x128xi32> -> tile<128x128xi32>
    %below = cmpi greater_than_or_equal %rows, %cols, signed : tile<128x128xi32> -> tile<128x128xi1>
    %true = constant <i1: true> : tile<128x128xi1>
    %keep = andi %true, %below : tile<128x128xi1>
    %z = constant <f32: 0.0> : tile<128x128xf32>
    %ninf = constant <f32: 0xFF800000> : tile<128x128xf32>
    %bias = select %keep, %z, %ninf : tile<128x128xi1>, tile<128x128xf32>
    %masked = addf %s, %bias : tile<128x128xf32>
    %done = store_view_tko weak %masked, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A gather whose pointers have no proven runs (no anchor): the bounds mask
// and the row offsets, computed from broadcasts of different sources with
// no user that wants a layout, take their first operand's type's default
// (i64: runs of 2), as the materialization builds them; the offsets, the
// pointers and the loaded tile follow.
// CHECK-LABEL: entry @unaligned_gather
// CHECK: cmpi less_than {{.+}} {tile_dist.layout = #[[I64:tile_dist.linear<\[128, 32\], register = \[1, 2, 1024, 2048\], lane = \[4, 8, 16, 32, 64\], warp = \[128, 256, 512\]>]]}
// CHECK: muli {{.+}} {tile_dist.layout = #[[I64]]}
// CHECK: addi {{.+}} {tile_dist.layout = #[[I64]]}
// CHECK: offset {{.+}} {tile_dist.layout = #[[I64]]}
// CHECK: load_ptr_tko {{.+}} {tile_dist.layout = #[[I64]]}
cuda_tile.module @kernels {
  entry @unaligned_gather(%src: tile<ptr<bf16>>, %n: tile<i64>, %stride: tile<i64>) {
    %t0 = make_token : token
    %i = iota : tile<128xi64>
    %ri = reshape %i : tile<128xi64> -> tile<128x1xi64>
    %rows = broadcast %ri : tile<128x1xi64> -> tile<128x32xi64>
    %j = iota : tile<32xi64>
    %cj = reshape %j : tile<32xi64> -> tile<1x32xi64>
    %cols = broadcast %cj : tile<1x32xi64> -> tile<128x32xi64>
    %rn = reshape %n : tile<i64> -> tile<1x1xi64>
    %bn = broadcast %rn : tile<1x1xi64> -> tile<128x32xi64>
    %in = cmpi less_than %rows, %bn, unsigned : tile<128x32xi64> -> tile<128x32xi1>
    %rs = reshape %stride : tile<i64> -> tile<1x1xi64>
    %bs = broadcast %rs : tile<1x1xi64> -> tile<128x32xi64>
    %rowoff = muli %rows, %bs : tile<128x32xi64>
    %off = addi %rowoff, %cols : tile<128x32xi64>
    %rp = reshape %src : tile<ptr<bf16>> -> tile<1x1xptr<bf16>>
    %base = broadcast %rp : tile<1x1xptr<bf16>> -> tile<128x32xptr<bf16>>
    %ptrs = offset %base, %off : tile<128x32xptr<bf16>>, tile<128x32xi64> -> tile<128x32xptr<bf16>>
    %v, %tv = load_ptr_tko weak %ptrs, %in token=%t0 : tile<128x32xptr<bf16>>, tile<128x32xi1> -> tile<128x32xbf16>, token
    return
  }
}

// -----

// Slices and cats of an mma result. The right half's columns are register
// bits of wgmma's layout, so each thread holds its part of it and the
// extract reselects registers: the slice of the layout. The lower half's
// rows are warp bits, so that slice is read from shared memory into its
// type's default layout. The cat of two right halves joins them in their
// layout with one more register bit (the column 64 one), which is wgmma's
// layout again.
// CHECK-LABEL: entry @slices
// CHECK: mmaf {{.+}}tile_dist.layout = #[[WGMMA:tile_dist.linear<\[128, 128\], register = \[1, 1024, 8, 16, 32, 64\], lane = \[2, 4, 128, 256, 512\], warp = \[2048, 4096, 8192\]>]]
// CHECK: extract {{.+}} {tile_dist.layout = #tile_dist.linear<[128, 64], register = [1, 512, 8, 16, 32], lane = [2, 4, 64, 128, 256], warp = [1024, 2048, 4096]>}
// CHECK: extract {{.+}} {tile_dist.layout = #tile_dist.linear<[64, 128], register = [1, 2, 1024, 2048, 4096], lane = [4, 8, 16, 32, 64], warp = [128, 256, 512]>}
// CHECK: cat {{.+}} {tile_dist.layout = #[[WGMMA]]}
cuda_tile.module @kernels {
  entry @slices(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %s = mmaf %x, %y, %init {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %right = extract %s[%zero, %one] : tile<128x128xf32> -> tile<128x64xf32>
    %lower = extract %s[%one, %zero] : tile<128x128xf32> -> tile<64x128xf32>
    %swapped = cat %right, %right dim = 1 : tile<128x64xf32>, tile<128x64xf32> -> tile<128x128xf32>
    return
  }
}

// -----

// A pack splits each i64 a thread holds into its 8 bytes, which three new
// low register bits walk (splitLayout); an unpack joins them in its type's
// default layout, here the iota's again.
// CHECK-LABEL: entry @pack
// CHECK: iota {tile_dist.layout = #[[I64:tile_dist.linear<\[64\], register = \[\], lane = \[1, 2, 4, 8, 16\], warp = \[32, 0\]>]]}
// CHECK: pack %{{.+}} {tile_dist.layout = #tile_dist.linear<[512], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 0]>}
// CHECK: unpack %{{.+}} {tile_dist.layout = #[[I64]]}
cuda_tile.module @kernels {
  entry @pack(%a: tile<ptr<i64>>) {
    %i = iota : tile<64xi64>
    %bytes = pack %i : tile<64xi64> -> tile<512xi8>
    %back = unpack %bytes : tile<512xi8> -> tile<64xi64>
    return
  }
}
