// Pointer-tile vector accesses on the host backend, all 128 threads of each
// block: a gather of 1024 floats per block, bounded by n = 1040 (a multiple
// of 16, so the mask is constant over each thread's runs of 4 pointers).
// Block 1 has 4 runs inside the bound and 252 outside: the loads outside
// take the padding (-1) without touching memory, the masked store writes
// only inside, the unmasked one everywhere.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so gather --grid 2 \
// RUN:   --buffer src:float32:2048:iota --buffer padded:float32:2048 --buffer masked:float32:2048 \
// RUN:   --expect 'padded=np.where(np.arange(2048) < 1040, src, -1)' \
// RUN:   --expect 'masked=np.where(np.arange(2048) < 1040, src, 0)' | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=FORM

// CHECK: gather: padded matches (2048 values)
// CHECK: gather: masked matches (2048 values)
// FORM-COUNT-2: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// FORM-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>

cuda_tile.module @kernels {
  entry @gather(%src: tile<ptr<f32>>, %padded: tile<ptr<f32>>, %masked: tile<ptr<f32>>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f32>>
    %apad = assume div_by<16>, %padded : tile<ptr<f32>>
    %amask = assume div_by<16>, %masked : tile<ptr<f32>>
    %n = constant <i32: 1040> : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bx, %c1024 : tile<i32>
    %iota = iota : tile<1024xi32>
    %r = reshape %start : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    %idx = addi %b, %iota : tile<1024xi32>
    %idx64 = exti %idx signed : tile<1024xi32> -> tile<1024xi64>
    %rn = reshape %n : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    %rs = reshape %asrc : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bs = broadcast %rs : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %ps = offset %bs, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %rp = reshape %apad : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pp = offset %bp, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %rm = reshape %amask : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bm = broadcast %rm : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pm = offset %bm, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %cpad = constant <f32: -1.0> : tile<1024xf32>
    %v, %t = load_ptr_tko weak %ps, %mask, %cpad : tile<1024xptr<f32>>, tile<1024xi1>, tile<1024xf32> -> tile<1024xf32>, token
    %t2 = store_ptr_tko weak %pp, %v : tile<1024xptr<f32>>, tile<1024xf32> -> token
    %t3 = store_ptr_tko weak %pm, %v, %mask : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}
