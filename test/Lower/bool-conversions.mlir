// RUN: tile-lower %s --gpu-name=sm_90 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Conversions to and from i1 compute what NVIDIA's tileiras 13.5 computes for
// them. Each expectation was read from its PTX for a 16-element kernel
//   y = op(x) (load_view_tko, op, store_view_tko) written as cuda_tile MLIR,
//   tile-read k.mlir --emit=bytecode --bytecode-version=13.4 -o k.tileirbc
//   tileiras k.tileirbc -o k.cubin --gpu-name sm_90 -O3
// with the PTX captured at its ptxas (docs/semantics-from-nvidia.md has the
// kernels and the instructions each one printed).

// ftoi to i1 is "not zero", signed or unsigned alike; f16/bf16/f32/f64 compare
// unordered (NVIDIA: setp.neu.f16 / .bf16 / .f32 / .f64 against 0: NaN true,
// -0.0 false), f8 tests its bits (setp.ne.b16 on the byte: -0.0 true).
// CHECK-LABEL: gpu.func @ftoi_bool(
// CHECK: [[H:%.+]] = arith.extf %arg0 : f16 to f32
// CHECK: [[Z:%.+]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, [[H]], [[Z]] : f32
// CHECK: [[B:%.+]] = arith.extf %arg1 : bf16 to f32
// CHECK: [[Z:%.+]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, [[B]], [[Z]] : f32
// CHECK: [[Z:%.+]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, %arg2, [[Z]] : f32
// CHECK: [[Z:%.+]] = arith.constant 0.000000e+00 : f64
// CHECK: arith.cmpf une, %arg3, [[Z]] : f64
// CHECK: [[E:%.+]] = arith.bitcast %arg4 : f8E4M3FN to i8
// CHECK: [[Z:%.+]] = arith.constant 0 : i8
// CHECK: arith.cmpi ne, [[E]], [[Z]] : i8
// CHECK: [[G:%.+]] = arith.bitcast %arg5 : f8E5M2 to i8
// CHECK: [[Z:%.+]] = arith.constant 0 : i8
// CHECK: arith.cmpi ne, [[G]], [[Z]] : i8
// CHECK-NOT: fpto
// CHECK: gpu.return
cuda_tile.module @m {
  entry @ftoi_bool(%h: tile<f16>, %b: tile<bf16>, %f: tile<f32>, %d: tile<f64>,
                   %e: tile<f8E4M3FN>, %g: tile<f8E5M2>) {
    %0 = ftoi %h unsigned : tile<f16> -> tile<i1>
    %1 = ftoi %b signed : tile<bf16> -> tile<i1>
    %2 = ftoi %f unsigned : tile<f32> -> tile<i1>
    %3 = ftoi %d signed : tile<f64> -> tile<i1>
    %4 = ftoi %e signed : tile<f8E4M3FN> -> tile<i1>
    %5 = ftoi %g unsigned : tile<f8E5M2> -> tile<i1>
    return
  }
}

// -----

// tf32 to i1 tests the bits of the tf32 value (NVIDIA: cvt.rn.tf32.f32, then
// setp.ne.b32 against 0: -0.0 true).
// CHECK-LABEL: gpu.func @ftoi_tf32_bool(
// CHECK: [[T:%.+]] = arith.select
// CHECK: [[BITS:%.+]] = arith.bitcast [[T]] : f32 to i32
// CHECK: [[Z:%.+]] = arith.constant 0 : i32
// CHECK: arith.cmpi ne, [[BITS]], [[Z]] : i32
cuda_tile.module @m {
  entry @ftoi_tf32_bool(%f: tile<f32>) {
    %0 = ftof %f : tile<f32> -> tile<tf32>
    %1 = ftoi %0 unsigned : tile<tf32> -> tile<i1>
    return
  }
}

// -----

// From i1, true is -1 signed and 1 unsigned (NVIDIA: selp -1/1, 0 for exti;
// selp -1.0/1.0, 0.0 for itof, f8 through f16/f32 -1.0 or 1.0). trunci to i1
// keeps the low bit (NVIDIA: and.b16 %rs, 1).
// CHECK-LABEL: gpu.func @from_bool(
// CHECK: arith.extsi %arg0 : i1 to i32
// CHECK: arith.extui %arg0 : i1 to i64
// CHECK: [[S:%.+]] = arith.extsi %arg0 : i1 to i32
// CHECK: arith.sitofp [[S]] : i32 to f32
// CHECK: [[U:%.+]] = arith.extui %arg0 : i1 to i32
// CHECK: arith.uitofp [[U]] : i32 to f16
// CHECK: arith.trunci %arg1 : i32 to i1
cuda_tile.module @m {
  entry @from_bool(%b: tile<i1>, %i: tile<i32>) {
    %0 = exti %b signed : tile<i1> -> tile<i32>
    %1 = exti %b unsigned : tile<i1> -> tile<i64>
    %2 = itof %b signed : tile<i1> -> tile<f32>
    %3 = itof %b unsigned : tile<i1> -> tile<f16>
    %4 = trunci %i : tile<i32> -> tile<i1>
    return
  }
}

// -----

// A bool in memory is a byte: loaded, it is true when not zero (NVIDIA:
// ld.global.b8, setp.ne.b16 against 0), not by its low bit; stored, 0 or 1.
// CHECK-LABEL: gpu.func @bool_memory(
// CHECK: [[BYTE:%.+]] = llvm.load {{.*}} -> i8
// CHECK: [[Z:%.+]] = arith.constant 0 : i8
// CHECK: [[B:%.+]] = arith.cmpi ne, [[BYTE]], [[Z]] : i8
// CHECK: [[OUT:%.+]] = arith.extui [[B]] : i1 to i8
// CHECK: llvm.store [[OUT]], {{.*}} : i8
cuda_tile.module @m {
  entry @bool_memory(%p: tile<ptr<i1>>, %q: tile<ptr<i1>>) {
    %t0 = make_token : token
    %b, %t1 = load_ptr_tko weak %p token = %t0 : tile<ptr<i1>> -> tile<i1>, token
    %t2 = store_ptr_tko weak %q, %b token = %t1 : tile<ptr<i1>>, tile<i1> -> token
    return
  }
}
