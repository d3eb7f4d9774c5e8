// RUN: tile-lower %s --gpu-name=sm_90 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Each elementwise op becomes its per-element scalar code (rank-0 tiles are
// scalars, so no loops appear here; see the last case for a tile).

// Non-default rounding names the rounded NVVM instruction.
// CHECK-LABEL: gpu.func @addf_rz(
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%arg0, %arg1) : (f32, f32) -> f32
cuda_tile.module @m {
  entry @addf_rz(%a: tile<f32>, %b: tile<f32>) {
    %0 = addf %a, %b rounding<zero> : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @addf_default(
// CHECK: arith.addf %arg0, %arg1 : f32
cuda_tile.module @m {
  entry @addf_default(%a: tile<f32>, %b: tile<f32>) {
    %0 = addf %a, %b : tile<f32>
    return
  }
}

// -----

// a - b is a + (-b): NVVM has only the rounded add.
// CHECK-LABEL: gpu.func @subf_rm_ftz(
// CHECK: [[NEG:%.+]] = arith.negf %arg1 : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.ftz.f"(%arg0, [[NEG]])
cuda_tile.module @m {
  entry @subf_rm_ftz(%a: tile<f32>, %b: tile<f32>) {
    %0 = subf %a, %b rounding<negative_inf> flush_to_zero : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @mulf_rp_f64(
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rp.d"(%arg0, %arg1) : (f64, f64) -> f64
cuda_tile.module @m {
  entry @mulf_rp_f64(%a: tile<f64>, %b: tile<f64>) {
    %0 = mulf %a, %b rounding<positive_inf> : tile<f64>
    return
  }
}

// -----

// f16 with a directed mode: exact in f32, then rounded again the same way.
// CHECK-LABEL: gpu.func @addf_f16_rz(
// CHECK: [[A:%.+]] = arith.extf %arg0 : f16 to f32
// CHECK: [[B:%.+]] = arith.extf %arg1 : f16 to f32
// CHECK: [[S:%.+]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"([[A]], [[B]])
// CHECK: [[H:%.+]] = llvm.inline_asm "cvt.rz.f16.f32 $0, $1;", "=h,f" [[S]] : (f32) -> i16
// CHECK: arith.bitcast [[H]] : i16 to f16
cuda_tile.module @m {
  entry @addf_f16_rz(%a: tile<f16>, %b: tile<f16>) {
    %0 = addf %a, %b rounding<zero> : tile<f16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @divf_approx(
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%arg0, %arg1)
cuda_tile.module @m {
  entry @divf_approx(%a: tile<f32>, %b: tile<f32>) {
    %0 = divf %a, %b rounding<approx> : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @divf_full_ftz(
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full.ftz"(%arg0, %arg1)
cuda_tile.module @m {
  entry @divf_full_ftz(%a: tile<f32>, %b: tile<f32>) {
    %0 = divf %a, %b rounding<full> flush_to_zero : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @divf_bf16(
// CHECK: arith.divf %arg0, %arg1 : bf16
cuda_tile.module @m {
  entry @divf_bf16(%a: tile<bf16>, %b: tile<bf16>) {
    %0 = divf %a, %b : tile<bf16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @remf(
// CHECK: arith.remf %arg0, %arg1 : f32
cuda_tile.module @m {
  entry @remf(%a: tile<f32>, %b: tile<f32>) {
    %0 = remf %a, %b : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @negf_absf(
// CHECK: arith.negf %arg0 : bf16
// CHECK: math.absf %arg0 : bf16
cuda_tile.module @m {
  entry @negf_absf(%a: tile<bf16>) {
    %0 = negf %a : tile<bf16>
    %1 = absf %a : tile<bf16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @fma_rz(
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rz.f"(%arg0, %arg1, %arg2)
cuda_tile.module @m {
  entry @fma_rz(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) {
    %0 = fma %a, %b, %c rounding<zero> : tile<f32>
    return
  }
}

// -----

// A 16-bit fma rounds once (LLVM would round in f32 and again).
// CHECK-LABEL: gpu.func @fma_bf16(
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rn.bf16"(%arg0, %arg1, %arg0) : (bf16, bf16, bf16) -> bf16
cuda_tile.module @m {
  entry @fma_bf16(%a: tile<bf16>, %b: tile<bf16>) {
    %0 = fma %a, %b, %a : tile<bf16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @fma_f64(
// CHECK: math.fma %arg0, %arg0, %arg0 : f64
cuda_tile.module @m {
  entry @fma_f64(%a: tile<f64>) {
    %0 = fma %a, %a, %a : tile<f64>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @maxf(
// CHECK: arith.maxnumf %arg0, %arg1 : f32
cuda_tile.module @m {
  entry @maxf(%a: tile<f32>, %b: tile<f32>) {
    %0 = maxf %a, %b : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @maxf_nan(
// CHECK: arith.maximumf %arg0, %arg1 : f32
cuda_tile.module @m {
  entry @maxf_nan(%a: tile<f32>, %b: tile<f32>) {
    %0 = maxf %a, %b propagate_nan : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @minf_ftz_nan(
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.ftz.nan.f"(%arg0, %arg1)
cuda_tile.module @m {
  entry @minf_ftz_nan(%a: tile<f32>, %b: tile<f32>) {
    %0 = minf %a, %b flush_to_zero propagate_nan : tile<f32>
    return
  }
}

// -----

// Overflow flags are dropped: no poison.
// CHECK-LABEL: gpu.func @addi_nsw(
// CHECK: arith.addi %arg0, %arg1 : i32
cuda_tile.module @m {
  entry @addi_nsw(%i: tile<i32>, %j: tile<i32>) {
    %0 = addi %i, %j overflow<no_signed_wrap> : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @subi_muli(
// CHECK: arith.subi %arg0, %arg1 : i32
// CHECK: arith.muli %arg0, %arg1 : i32
cuda_tile.module @m {
  entry @subi_muli(%i: tile<i32>, %j: tile<i32>) {
    %0 = subi %i, %j : tile<i32>
    %1 = muli %i, %j : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @divi_zero(
// CHECK: arith.divui %arg0, %arg1 : i32
// CHECK: gpu.return
cuda_tile.module @m {
  entry @divi_zero(%i: tile<i32>, %j: tile<i32>) {
    %0 = divi %i, %j unsigned : tile<i32>
    return
  }
}

// -----

// Floor division steps down when the remainder's sign differs from the divisor's.
// CHECK-LABEL: gpu.func @divi_floor(
// CHECK: [[Q:%.+]] = arith.divsi %arg0, %arg1
// CHECK: [[R:%.+]] = arith.remsi %arg0, %arg1
// CHECK: [[NZ:%.+]] = arith.cmpi ne, [[R]], [[ZERO:%.+]] :
// CHECK: [[RN:%.+]] = arith.cmpi slt, [[R]], [[ZERO]]
// CHECK: [[DN:%.+]] = arith.cmpi slt, %arg1, [[ZERO]]
// CHECK: [[NEG:%.+]] = arith.xori [[RN]], [[DN]]
// CHECK: [[ADJ:%.+]] = arith.andi [[NZ]], [[NEG]]
// CHECK: [[DOWN:%.+]] = arith.addi [[Q]], %c-1_i32
// CHECK: arith.select [[ADJ]], [[DOWN]], [[Q]]
cuda_tile.module @m {
  entry @divi_floor(%i: tile<i32>, %j: tile<i32>) {
    %0 = divi %i, %j signed rounding<negative_inf> : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @divi_ceil_unsigned(
// CHECK: [[Q:%.+]] = arith.divui %arg0, %arg1
// CHECK: [[R:%.+]] = arith.remui %arg0, %arg1
// CHECK: [[NZ:%.+]] = arith.cmpi ne, [[R]]
// CHECK: [[UP:%.+]] = arith.addi [[Q]], %c1_i32
// CHECK: arith.select [[NZ]], [[UP]], [[Q]]
cuda_tile.module @m {
  entry @divi_ceil_unsigned(%i: tile<i32>, %j: tile<i32>) {
    %0 = divi %i, %j unsigned rounding<positive_inf> : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @remi(
// CHECK: arith.remsi %arg0, %arg1
// CHECK: arith.remui %arg0, %arg1
cuda_tile.module @m {
  entry @remi(%i: tile<i32>, %j: tile<i32>) {
    %0 = remi %i, %j signed : tile<i32>
    %1 = remi %i, %j unsigned : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @negi_absi(
// CHECK: [[Z:%.+]] = arith.constant 0 : i16
// CHECK: arith.subi [[Z]], %arg0
// CHECK: [[LT:%.+]] = arith.cmpi slt, %arg0, [[Z2:%.+]] :
// CHECK: [[N:%.+]] = arith.subi [[Z2]], %arg0
// CHECK: arith.select [[LT]], [[N]], %arg0
cuda_tile.module @m {
  entry @negi_absi(%i: tile<i16>) {
    %0 = negi %i : tile<i16>
    %1 = absi %i : tile<i16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @maxi_mini(
// CHECK: arith.maxsi %arg0, %arg1
// CHECK: arith.minui %arg0, %arg1
cuda_tile.module @m {
  entry @maxi_mini(%i: tile<i32>, %j: tile<i32>) {
    %0 = maxi %i, %j signed : tile<i32>
    %1 = mini %i, %j unsigned : tile<i32>
    return
  }
}

// -----

// Shifts by the width or more give 0 (or the sign fill), never poison.
// CHECK-LABEL: gpu.func @shli(
// CHECK: [[FAR:%.+]] = arith.cmpi uge, %arg1, %c32_i32
// CHECK: [[S:%.+]] = arith.shli %arg0, %arg1
// CHECK: arith.select [[FAR]], %c0_i32, [[S]]
cuda_tile.module @m {
  entry @shli(%i: tile<i32>, %j: tile<i32>) {
    %0 = shli %i, %j : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @shri_signed(
// CHECK: [[FAR:%.+]] = arith.cmpi uge, %arg1, %c64_i64
// CHECK: [[AMT:%.+]] = arith.select [[FAR]], %c63_i64, %arg1
// CHECK: arith.shrsi %arg0, [[AMT]]
cuda_tile.module @m {
  entry @shri_signed(%i: tile<i64>, %j: tile<i64>) {
    %0 = shri %i, %j signed : tile<i64>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @shri_unsigned(
// CHECK: [[FAR:%.+]] = arith.cmpi uge, %arg1, %c32_i32
// CHECK: [[S:%.+]] = arith.shrui %arg0, %arg1
// CHECK: arith.select [[FAR]], %c0_i32, [[S]]
cuda_tile.module @m {
  entry @shri_unsigned(%i: tile<i32>, %j: tile<i32>) {
    %0 = shri %i, %j unsigned : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @bitwise(
// CHECK: arith.andi %arg0, %arg1
// CHECK: arith.ori %arg0, %arg1
// CHECK: arith.xori %arg0, %arg1
cuda_tile.module @m {
  entry @bitwise(%i: tile<i32>, %j: tile<i32>) {
    %0 = andi %i, %j : tile<i32>
    %1 = ori %i, %j : tile<i32>
    %2 = xori %i, %j : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @mulhii(
// CHECK: %low, %high = arith.mului_extended %arg0, %arg1 : i32
cuda_tile.module @m {
  entry @mulhii(%i: tile<i32>, %j: tile<i32>) {
    %0 = mulhii %i, %j : tile<i32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @cmpf(
// CHECK: arith.cmpf ult, %arg0, %arg1
// CHECK: arith.cmpf one, %arg0, %arg1
cuda_tile.module @m {
  entry @cmpf(%a: tile<f32>, %b: tile<f32>) {
    %0 = cmpf less_than unordered %a, %b : tile<f32> -> tile<i1>
    %1 = cmpf not_equal ordered %a, %b : tile<f32> -> tile<i1>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @cmpi(
// CHECK: arith.cmpi uge, %arg0, %arg1
// CHECK: arith.cmpi slt, %arg0, %arg1
cuda_tile.module @m {
  entry @cmpi(%i: tile<i32>, %j: tile<i32>) {
    %0 = cmpi greater_than_or_equal %i, %j, unsigned : tile<i32> -> tile<i1>
    %1 = cmpi less_than %i, %j, signed : tile<i32> -> tile<i1>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @select(
// CHECK: arith.select %arg0, %arg1, %arg2 : i64
cuda_tile.module @m {
  entry @select(%c: tile<i1>, %p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %0 = select %c, %p, %q : tile<i1>, tile<ptr<f32>>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @math_plain(
// CHECK: math.ceil %arg0
// CHECK: math.floor %arg0
// CHECK: math.cos %arg0
// CHECK: math.cosh %arg0
// CHECK: math.sin %arg0
// CHECK: math.sinh %arg0
// CHECK: math.tan %arg0
// CHECK: math.log %arg0
// CHECK: math.log2 %arg0
// CHECK: math.exp %arg0
// CHECK: math.tanh %arg0
// CHECK: math.exp2 %arg0
// CHECK: math.rsqrt %arg0
// CHECK: math.sqrt %arg0
cuda_tile.module @m {
  entry @math_plain(%a: tile<f32>) {
    %0 = ceil %a : tile<f32>
    %1 = floor %a : tile<f32>
    %2 = cos %a : tile<f32>
    %3 = cosh %a : tile<f32>
    %4 = sin %a : tile<f32>
    %5 = sinh %a : tile<f32>
    %6 = tan %a : tile<f32>
    %7 = log %a : tile<f32>
    %8 = log2 %a : tile<f32>
    %9 = exp %a : tile<f32>
    %10 = tanh %a : tile<f32>
    %11 = exp2 %a : tile<f32>
    %12 = rsqrt %a : tile<f32>
    %13 = sqrt %a : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @exp_approx(
// CHECK: [[L:%.+]] = arith.constant 1.44269502 : f32
// CHECK: [[X:%.+]] = arith.mulf %arg0, [[L]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"([[X]])
cuda_tile.module @m {
  entry @exp_approx(%a: tile<f32>) {
    %0 = exp %a rounding<approx> : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @tanh_approx(
// CHECK: llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f" %arg0
cuda_tile.module @m {
  entry @tanh_approx(%a: tile<f32>) {
    %0 = tanh %a rounding<approx> : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @exp2_ftz(
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%arg0)
cuda_tile.module @m {
  entry @exp2_ftz(%a: tile<f32>) {
    %0 = exp2 %a flush_to_zero : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @rsqrt_ftz(
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%arg0)
cuda_tile.module @m {
  entry @rsqrt_ftz(%a: tile<f32>) {
    %0 = rsqrt %a flush_to_zero : tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @sqrt_rounding(
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rp.d"(%arg1)
cuda_tile.module @m {
  entry @sqrt_rounding(%a: tile<f32>, %d: tile<f64>) {
    %0 = sqrt %a rounding<approx> : tile<f32>
    %1 = sqrt %d rounding<positive_inf> : tile<f64>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @pow_atan2(
// CHECK: math.powf %arg0, %arg1 : f16
// CHECK: math.atan2 %arg0, %arg1 : f16
cuda_tile.module @m {
  entry @pow_atan2(%a: tile<f16>, %b: tile<f16>) {
    %0 = pow %a, %b : tile<f16>
    %1 = atan2 %a, %b : tile<f16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @fpowi(
// CHECK: [[N:%.+]] = arith.extsi %arg1 : i16 to i32
// CHECK: math.fpowi %arg0, [[N]] : f64, i32
cuda_tile.module @m {
  entry @fpowi(%a: tile<f64>, %n: tile<i16>) {
    %0 = fpowi %a, %n : tile<f64>, tile<i16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @exti_trunci(
// CHECK: arith.extsi %arg0 : i8 to i32
// CHECK: arith.extui %arg0 : i8 to i64
// CHECK: arith.trunci %arg1 : i64 to i16
cuda_tile.module @m {
  entry @exti_trunci(%i: tile<i8>, %j: tile<i64>) {
    %0 = exti %i signed : tile<i8> -> tile<i32>
    %1 = exti %i unsigned : tile<i8> -> tile<i64>
    %2 = trunci %j : tile<i64> -> tile<i16>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @itof(
// CHECK: [[W:%.+]] = arith.extsi %arg0 : i16 to i32
// CHECK: arith.sitofp [[W]] : i32 to f32
// CHECK: arith.uitofp %arg1 : i64 to f16
cuda_tile.module @m {
  entry @itof(%i: tile<i16>, %j: tile<i64>) {
    %0 = itof %i signed : tile<i16> -> tile<f32>
    %1 = itof %j unsigned : tile<i64> -> tile<f16>
    return
  }
}

// -----

// bf16 and tf32 from an integer: round to odd in f32, then to nearest (one
// rounding). The magnitude keeps its 24 leading bits (toward zero, converted
// exactly) and the bits below them set the last bit.
// CHECK-LABEL: gpu.func @itof_bf16(
// CHECK: [[NEG:%.+]] = arith.cmpi slt, %arg0, %c0_i32
// CHECK: [[NEGATED:%.+]] = arith.subi %{{.+}}, %arg0 : i32
// CHECK: [[MAG:%.+]] = arith.select [[NEG]], [[NEGATED]], %arg0 : i32
// CHECK: [[LZ:%.+]] = "llvm.intr.ctlz"([[MAG]]) <{is_zero_poison = false}> : (i32) -> i32
// CHECK: [[EXCESS:%.+]] = arith.subi %c8_i32, [[LZ]] : i32
// CHECK: [[DROP:%.+]] = arith.maxsi [[EXCESS]], %{{.+}} : i32
// CHECK: [[LOW:%.+]] = arith.andi [[MAG]], %{{.+}} : i32
// CHECK: [[INEXACT:%.+]] = arith.cmpi ne, [[LOW]], %{{.+}} : i32
// CHECK: [[KEPT:%.+]] = arith.xori [[MAG]], [[LOW]] : i32
// CHECK: [[RZ:%.+]] = arith.uitofp [[KEPT]] : i32 to f32
// CHECK: [[MINUS:%.+]] = arith.negf [[RZ]] : f32
// CHECK: [[SIGNED:%.+]] = arith.select [[NEG]], [[MINUS]], [[RZ]] : f32
// CHECK: [[BITS:%.+]] = arith.bitcast [[SIGNED]] : f32 to i32
// CHECK: [[STICKY:%.+]] = arith.extui [[INEXACT]] : i1 to i32
// CHECK: [[ODD:%.+]] = arith.ori [[BITS]], [[STICKY]]
// CHECK: [[F:%.+]] = arith.bitcast [[ODD]] : i32 to f32
// CHECK: arith.truncf [[F]] : f32 to bf16
// CHECK: "llvm.intr.ctlz"(%arg1) <{is_zero_poison = false}> : (i64) -> i64
// CHECK: arith.subi %c40_i64, %{{.+}} : i64
// CHECK: [[ODD64:%.+]] = arith.ori
// CHECK: [[F64:%.+]] = arith.bitcast [[ODD64]] : i32 to f32
// CHECK: arith.bitcast [[F64]] : f32 to i32
// CHECK: arith.andi %{{.+}}, %c-8192_i32
cuda_tile.module @m {
  entry @itof_bf16(%i: tile<i32>, %u: tile<i64>) {
    %0 = itof %i signed : tile<i32> -> tile<bf16>
    %1 = itof %u unsigned : tile<i64> -> tile<tf32>
    return
  }
}

// -----

// Out-of-range values saturate and NaN gives 0, as PTX cvt.rzi does.
// CHECK-LABEL: gpu.func @ftoi(
// CHECK: [[W:%.+]] = arith.extf %arg0 : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.fptosi.sat.i8.f32"([[W]]) : (f32) -> i8
// CHECK: llvm.call_intrinsic "llvm.fptoui.sat.i64.f64"(%arg1) : (f64) -> i64
cuda_tile.module @m {
  entry @ftoi(%a: tile<f16>, %b: tile<f64>) {
    %0 = ftoi %a signed : tile<f16> -> tile<i8>
    %1 = ftoi %b unsigned : tile<f64> -> tile<i64>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @ftof_widen_narrow(
// CHECK: arith.extf %arg0 : f16 to f64
// CHECK: arith.truncf %arg1 : f32 to bf16
// CHECK: [[W:%.+]] = arith.extf %arg0 : f16 to f32
// CHECK: arith.truncf [[W]] : f32 to bf16
cuda_tile.module @m {
  entry @ftof_widen_narrow(%a: tile<f16>, %b: tile<f32>) {
    %0 = ftof %a : tile<f16> -> tile<f64>
    %1 = ftof %b : tile<f32> -> tile<bf16>
    %2 = ftof %a : tile<f16> -> tile<bf16>
    return
  }
}

// -----

// bf16, tf32 and f8 from f64: round to odd in f32 (the nearest f32, one unit
// toward zero where it rounded away from zero, the last bit set where it is
// inexact), then to nearest: one rounding.
// CHECK-LABEL: gpu.func @ftof_f64_bf16(
// CHECK: [[NEAR:%.+]] = arith.truncf %arg0 : f64 to f32
// CHECK: [[BACK:%.+]] = arith.extf [[NEAR]] : f32 to f64
// CHECK: [[XBITS:%.+]] = arith.bitcast %arg0 : f64 to i64
// CHECK: [[XMAG:%.+]] = arith.andi [[XBITS]], %c9223372036854775807_i64
// CHECK: [[BBITS:%.+]] = arith.bitcast [[BACK]] : f64 to i64
// CHECK: [[BMAG:%.+]] = arith.andi [[BBITS]], %c9223372036854775807_i64
// CHECK: [[AWAY:%.+]] = arith.cmpi ugt, [[BMAG]], [[XMAG]] : i64
// CHECK: [[NBITS:%.+]] = arith.bitcast [[NEAR]] : f32 to i32
// CHECK: [[STEP:%.+]] = arith.extui [[AWAY]] : i1 to i32
// CHECK: [[RZBITS:%.+]] = arith.subi [[NBITS]], [[STEP]] : i32
// CHECK: [[RZ:%.+]] = arith.bitcast [[RZBITS]] : i32 to f32
// CHECK: [[INEXACT:%.+]] = arith.cmpf une, [[BACK]], %arg0 : f64
// CHECK: [[BITS:%.+]] = arith.bitcast [[RZ]] : f32 to i32
// CHECK: [[STICKY:%.+]] = arith.extui [[INEXACT]] : i1 to i32
// CHECK: [[ODD:%.+]] = arith.ori [[BITS]], [[STICKY]]
// CHECK: [[F:%.+]] = arith.bitcast [[ODD]] : i32 to f32
// CHECK: arith.truncf [[F]] : f32 to bf16
// CHECK: arith.cmpf une
// CHECK: [[ODD2:%.+]] = arith.ori
// CHECK: [[F2:%.+]] = arith.bitcast [[ODD2]] : i32 to f32
// CHECK: arith.bitcast [[F2]] : f32 to i32
// CHECK: arith.andi %{{.+}}, %c-8192_i32
// CHECK: arith.cmpf une
// CHECK: [[ODD3:%.+]] = arith.ori
// CHECK: [[F3:%.+]] = arith.bitcast [[ODD3]] : i32 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%{{.+}}, [[F3]]) : (f32, f32) -> i16
cuda_tile.module @m {
  entry @ftof_f64_bf16(%d: tile<f64>) {
    %0 = ftof %d : tile<f64> -> tile<bf16>
    %1 = ftof %d : tile<f64> -> tile<tf32>
    %2 = ftof %d : tile<f64> -> tile<f8E4M3FN>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @ftof_to_f8(
// CHECK: [[P:%.+]] = llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%cst, %arg0) : (f32, f32) -> i16
// CHECK: [[B:%.+]] = arith.trunci [[P]] : i16 to i8
// CHECK: arith.bitcast [[B]] : i8 to f8E4M3FN
cuda_tile.module @m {
  entry @ftof_to_f8(%a: tile<f32>) {
    %0 = ftof %a : tile<f32> -> tile<f8E4M3FN>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @ftof_from_f8(
// CHECK: [[B:%.+]] = arith.bitcast %arg0 : f8E5M2 to i8
// CHECK: [[P:%.+]] = arith.extui [[B]] : i8 to i16
// CHECK: [[H:%.+]] = llvm.call_intrinsic "llvm.nvvm.e5m2x2.to.f16x2.rn"([[P]]) : (i16) -> vector<2xf16>
// CHECK: [[E:%.+]] = llvm.extractelement [[H]]
// CHECK: arith.extf [[E]] : f16 to f32
cuda_tile.module @m {
  entry @ftof_from_f8(%a: tile<f8E5M2>) {
    %0 = ftof %a : tile<f8E5M2> -> tile<f32>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @bitcast(
// CHECK: arith.bitcast %arg0 : f32 to i32
// CHECK: gpu.return
cuda_tile.module @m {
  entry @bitcast(%a: tile<f32>, %b: tile<i32>) {
    %0 = bitcast %a : tile<f32> -> tile<i32>
    %1 = bitcast %b : tile<i32> -> tile<i32>
    return
  }
}

// -----

// Pointers are i64 addresses: the casts change nothing.
// CHECK-LABEL: gpu.func @pointer_casts(
// CHECK: arith.select %arg0, %arg1, %arg2 : i64
cuda_tile.module @m {
  entry @pointer_casts(%c: tile<i1>, %p: tile<ptr<f32>>, %i: tile<i64>) {
    %0 = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i8>>
    %1 = ptr_to_int %0 : tile<ptr<i8>> -> tile<i64>
    %2 = int_to_ptr %i : tile<i64> -> tile<ptr<f16>>
    %3 = select %c, %1, %i : tile<i1>, tile<i64>
    return
  }
}

// -----

// tf32 lives as f32; rounding into it clears 13 mantissa bits to nearest
// even (adding 0xFFF plus the last kept bit), keeping NaN.
// CHECK-LABEL: gpu.func @ftof_tf32(%arg0: f32, %arg1: f16)
// CHECK: [[BITS:%.+]] = arith.bitcast %arg0 : f32 to i32
// CHECK: [[LAST:%.+]] = arith.shrui [[BITS]], %c13_i32
// CHECK: [[ODD:%.+]] = arith.andi [[LAST]], %c1_i32
// CHECK: [[BIAS:%.+]] = arith.addi %c4095_i32, [[ODD]]
// CHECK: [[SUM:%.+]] = arith.addi [[BITS]], [[BIAS]]
// CHECK: [[CUT:%.+]] = arith.andi [[SUM]], %c-8192_i32
// CHECK: [[R:%.+]] = arith.bitcast [[CUT]] : i32 to f32
// CHECK: [[NAN:%.+]] = arith.cmpf uno, %arg0, %arg0
// CHECK: arith.select [[NAN]], %arg0, [[R]] : f32
// CHECK: arith.extf %arg1 : f16 to f32
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @ftof_tf32(%a: tile<f32>, %h: tile<f16>) {
    %0 = ftof %a : tile<f32> -> tile<tf32>
    %1 = ftof %h : tile<f16> -> tile<tf32>
    %2 = ftof %0 : tile<tf32> -> tile<f32>
    return
  }
}

// -----

// Integers into f8 round once through f32; f8 into integers widens exactly.
// CHECK-LABEL: gpu.func @int_f8(%arg0: i16, %arg1: f8E4M3FN)
// CHECK: [[W:%.+]] = arith.extui %arg0 : i16 to i32
// CHECK: [[F:%.+]] = arith.uitofp [[W]] : i32 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ff.to.e5m2x2.rn"(%{{.+}}, [[F]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.e4m3x2.to.f16x2.rn"
// CHECK: [[H:%.+]] = llvm.extractelement
// CHECK: [[X:%.+]] = arith.extf [[H]] : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.fptosi.sat.i32.f32"([[X]])
cuda_tile.module @m {
  entry @int_f8(%i: tile<i16>, %a: tile<f8E4M3FN>) {
    %0 = itof %i unsigned : tile<i16> -> tile<f8E5M2>
    %1 = ftoi %a signed : tile<f8E4M3FN> -> tile<i32>
    return
  }
}

// -----

// A tile of rank >= 1: a fresh buffer filled by a loop nest over the result.
// CHECK-LABEL: gpu.func @tile_loop(
// CHECK: %[[OUT:.+]] = memref.alloca() : memref<4xi64>
// CHECK: scf.for %[[I:.+]] =
// CHECK: %[[X:.+]] = memref.load %{{.+}}[%[[I]]] : memref<4xi32>
// CHECK: %[[Y:.+]] = arith.extsi %[[X]] : i32 to i64
// CHECK: memref.store %[[Y]], %[[OUT]][%[[I]]] : memref<4xi64>
cuda_tile.module @m {
  entry @tile_loop(%p: tile<ptr<i32>>, %n: tile<i32>, %i: tile<i32>) {
    %t = make_token : token
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
    %x, %t1 = load_view_tko weak %pv[%i] token = %t : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %y = exti %x signed : tile<4xi32> -> tile<4xi64>
    return
  }
}

// -----

// In place, but only in a buffer that is the operand's own: an identity
// broadcast shares its source's buffer, so the andi on it must not write
// there while the source is still read (by the reshape that is stored).
// Found by tile-gen (seeds 7600049, 7600085, 7600117): the serial form
// stored (2 & 15) | 1 where the program stores 2.
// CHECK-LABEL: gpu.func @not_in_a_shared_buffer(
// CHECK: %[[SOURCE:.+]] = memref.alloca() : memref<1x1xi32>
// CHECK: memref.store %arg1, %[[SOURCE]][
// CHECK: arith.andi
// CHECK-NOT: memref.store %{{.+}}, %[[SOURCE]][
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @not_in_a_shared_buffer(%a: tile<ptr<i32>>, %s: tile<i32>) {
    %t = make_token : token
    %c1 = constant <i32: 1> : tile<i32>
    %v = make_tensor_view %a, shape = [%c1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pv = make_partition_view %v : partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>
    %x = reshape %s : tile<i32> -> tile<1x1xi32>
    %y = broadcast %x : tile<1x1xi32> -> tile<1x1xi32>
    %m = constant <i32: 15> : tile<1x1xi32>
    %one = constant <i32: 1> : tile<1x1xi32>
    %z = andi %y, %m : tile<1x1xi32>
    %w = ori %z, %one : tile<1x1xi32>
    %r = reshape %x : tile<1x1xi32> -> tile<1xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %done = store_view_tko weak %r, %pv[%c0] token = %t : tile<1xi32>, partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
