// RUN: tile-lower %s --tilechain-test-axis-info --split-input-file --verify-diagnostics > /dev/null

// A 1-D gather as cuTile writes it: block * 1024 + iota, bounded by an
// extent divisible by 16, offsetting a 16-byte aligned base. The pointers
// run 1024 long with 16-byte aligned starts; the mask is constant over
// runs of 16 (16 divides both the run starts and the extent); `<=` moves
// the bound off that alignment, so its mask has no runs.
cuda_tile.module @kernels {
  entry @gather(%base: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %abase = assume div_by<16>, %base : tile<ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %an = assume div_by<16>, %n : tile<i32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %start = muli %bx, %c1024 : tile<i32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %iota = iota : tile<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %r = reshape %start : tile<i32> -> tile<1xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
    %idx = addi %b, %iota : tile<1024xi32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
    %idx64 = exti %idx signed : tile<1024xi32> -> tile<1024xi64>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %rn = reshape %an : tile<i32> -> tile<1xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
    %mask = cmpi less_than %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %le = cmpi less_than_or_equal %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %rb = reshape %abase : tile<ptr<f32>> -> tile<1xptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
    %bb = broadcast %rb : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1]}}
    %ptrs = offset %bb, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    return
  }
}

// -----

// A 2-D tile of row * stride + column: runs along dim 1 start at multiples
// of the stride (4); along dim 0 the values are not consecutive, and only 1
// divides them all. A run that only some mask bound cuts is not constant.
cuda_tile.module @kernels {
  entry @rows(%stride: tile<i32>, %n: tile<i32>) {
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
    %s = assume div_by<4>, %stride : tile<i32>
    // expected-remark @below {{contiguity = [8], divisibility = [1073741824], constancy = [1]}}
    %rows = iota : tile<8xi32>
    // expected-remark @below {{contiguity = [8, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
    %r2 = reshape %rows : tile<8xi32> -> tile<8x1xi32>
    // expected-remark @below {{contiguity = [8, 1], divisibility = [1073741824, 1], constancy = [1, 16]}}
    %rb = broadcast %r2 : tile<8x1xi32> -> tile<8x16xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [4, 4], constancy = [1, 1]}}
    %s2 = reshape %s : tile<i32> -> tile<1x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [4, 4], constancy = [8, 16]}}
    %sb = broadcast %s2 : tile<1x1xi32> -> tile<8x16xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [4, 4], constancy = [1, 16]}}
    %rowStart = muli %rb, %sb : tile<8x16xi32>
    // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1]}}
    %cols = iota : tile<16xi32>
    // expected-remark @below {{contiguity = [1, 16], divisibility = [1, 1073741824], constancy = [1, 1]}}
    %c2 = reshape %cols : tile<16xi32> -> tile<1x16xi32>
    // expected-remark @below {{contiguity = [1, 16], divisibility = [1, 1073741824], constancy = [8, 1]}}
    %cb = broadcast %c2 : tile<1x16xi32> -> tile<8x16xi32>
    // expected-remark @below {{contiguity = [1, 16], divisibility = [1, 4], constancy = [1, 1]}}
    %idx = addi %rowStart, %cb : tile<8x16xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
    %n2 = reshape %n : tile<i32> -> tile<1x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [8, 16]}}
    %nb = broadcast %n2 : tile<1x1xi32> -> tile<8x16xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
    %mask = cmpi less_than %idx, %nb, signed : tile<8x16xi32> -> tile<8x16xi1>
    return
  }
}

// -----

// A for loop's induction variable is a multiple of what divides both its
// lower bound and its step; other loop-carried values are unknown.
cuda_tile.module @kernels {
  entry @loop(%n: tile<i32>) {
    // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
    %c64 = constant <i32: 64> : tile<i32>
    for %k in (%c0 to %n, step %c64) : tile<i32> {
      // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
      %r = reshape %k : tile<i32> -> tile<1xi32>
    }
    return
  }
}
