// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel | tile-sched --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads --tilechain-materialize-layout-conversions | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel | tile-sched --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads --tilechain-materialize-layout-conversions | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --gpu-name=sm_89 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads --remarks-filter-missed=Kernel 2>&1 | FileCheck %s --check-prefix=SM89

// A 128x256 f32 transpose crosses the CTA through 131072 bytes of shared
// memory: past the 48 KiB a plain static array may have, within the opt-in
// limit per CTA of sm_90 (227 KiB) and sm_80 (163 KiB), which a tile
// kernel's static array may use (ptxas --enable-extended-smem=true), and
// past sm_89's (99 KiB), where it goes in two rounds of 65536 bytes
// (harness/parallel-exchange-rounds.mlir). A print of the same tile
// gathers it whole for thread 0, which sm_89 cannot: that kernel stays
// serial and says why.
// SM90-LABEL: gpu.func @transpose(
// SM90-SAME: workgroup(%{{.+}} : memref<131072xi8, #gpu.address_space<workgroup>>
// SM90-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// SM80-LABEL: gpu.func @transpose(
// SM80-SAME: workgroup(%{{.+}} : memref<131072xi8, #gpu.address_space<workgroup>>
// SM89: remark: [Missed] RemarkKernelSerialForm | Category:Kernel | Function=print_tile | Reason="'cuda_tile.print_tko' {{.*}}its tiles need 131072 bytes of shared memory, more than 101376
// SM89-LABEL: gpu.func @transpose(
// SM89-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// SM89-LABEL: gpu.func @print_tile(
// SM89-SAME: nvvm.reqntid = array<i32: 1, 1, 1>
cuda_tile.module @kernels {
  entry @transpose(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %n16 = assume div_by<16>, %n : tile<i32>
    %va = make_tensor_view %pa, shape = [%n16, %n16], strides = [%n16, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vb = make_tensor_view %pb, shape = [%n16, %n16], strides = [%n16, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(256x128), tensor_view<?x?xf32, strides=[?,1]>>
    %x, %tx = load_view_tko weak %qa[%bx, %by] token = %t0 : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x256xf32>, token
    %p = permute %x [1, 0] : tile<128x256xf32> -> tile<256x128xf32>
    %done = store_view_tko weak %p, %qb[%by, %bx] token = %t0 : tile<256x128xf32>, partition_view<tile=(256x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @print_tile(%a: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> tile<128x256xf32>, token
    %p = print_tko "%f\n", %x : tile<128x256xf32> -> token
    return
  }
}
