// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// An empty module keeps its block.
// CHECK: cuda_tile.module @empty {
// CHECK-NEXT: }
cuda_tile.module @empty {}
