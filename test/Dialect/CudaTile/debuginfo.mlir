// RUN: tile-read %s --mlir-print-debuginfo | FileCheck %s

// Debug-info attributes print once as aliases; di_loc is a location.

// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"foo.py" in "/tmp/">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[FILE]]>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 1, name = "k", linkageName = "k_0", compileUnit = #[[CU]], scopeLine = 2>
// CHECK-DAG: #[[BLOCK:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[SP]], file = #[[FILE]], line = 3, column = 4>
// CHECK-DAG: #[[SRC:loc[0-9]*]] = loc("/tmp/foo.py":7:8)
// CHECK-DAG: #[[IN_SP:loc[0-9]*]] = #cuda_tile.di_loc<#[[SRC]] in #[[SP]]>
// CHECK-DAG: #[[IN_BLOCK:loc[0-9]*]] = #cuda_tile.di_loc<#[[SRC]] in #[[BLOCK]]>
// CHECK-DAG: cuda_tile.module @a {
// CHECK-DAG: } loc(#[[IN_SP]])
// CHECK-DAG: } loc(#[[IN_BLOCK]])
#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k",
                               linkageName = "k_0", compileUnit = #cu,
                               scopeLine = 2>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3,
                                     column = 4>
#src = loc("/tmp/foo.py":7:8)
cuda_tile.module @a {
} loc(#cuda_tile.di_loc<#src in #sp>)
cuda_tile.module @b {
} loc(#cuda_tile.di_loc<#src in #block>)
