"""Runs a cuTile kernel's bytecode on the host backend with numpy arrays as
its array arguments: the helper of the harness tests that check cuTile 1.7
kernels (atomic-cas-mask, arg-reduce, tiled-view-atomic)."""
import struct
import subprocess
import sys
import tempfile


def entry_symbol(bin_dir, bytecode):
    """The kernel's name, from tile-read's text."""
    text = subprocess.run([bin_dir + "/tile-read", bytecode], capture_output=True,
                          text=True, check=True).stdout
    return next(line.split("@")[1].split("(")[0] for line in text.splitlines()
                if "entry @" in line)


def array_slots(array):
    """cuTile's flat parameters of an array, an 8-byte slot each: the
    pointer, the shape, the strides in elements."""
    return (struct.pack("<Q", array.ctypes.data)
            + b"".join(struct.pack("<i", v).ljust(8, b"\0") for v in array.shape)
            + b"".join(struct.pack("<i", s // array.itemsize).ljust(8, b"\0")
                       for s in array.strides))


def run(harness, bin_dir, bytecode, arrays, grid, form="parallel"):
    """Compiles `bytecode` for the host in `form` and runs it on `grid`,
    with `arrays` (numpy, written in place) as its arguments."""
    sys.path.insert(0, harness)
    from tilechain_harness import host
    with tempfile.TemporaryDirectory() as work:
        library = host.compile_host(bytecode, work, bin_dir, tile_form=form)
        host.launch(library, entry_symbol(bin_dir, bytecode),
                    b"".join(array_slots(a) for a in arrays), grid)
