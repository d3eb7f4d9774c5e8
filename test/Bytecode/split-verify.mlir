// Each chunk is read on its own, and diagnostics are checked in place.
// RUN: tile-read %s --split-input-file --verify-diagnostics
// A failing chunk fails the run (exit 5) and nothing is written.
// RUN: rm -f %t; tile-read %s --split-input-file -o %t 2> /dev/null; test $? -eq 5
// RUN: test ! -e %t

cuda_tile.module @first {
}

// -----

cuda_tile.module @second {
  // expected-note @+2 {{see current operation}}
  // expected-error @+1 {{unregistered operation 'cuda_tile.nope' found in dialect ('cuda_tile')}}
  "cuda_tile.nope"() : () -> ()
}
