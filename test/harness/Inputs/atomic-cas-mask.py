"""Runs cuTile's offset_atomic_cas_with_mask (cutile-python
test_atomic_offset_cas_mask, bytecode from cuTile 1.7) on the host backend:
x = 0, expected = -1, desired = 1, 512 elements, the mask true for the
first 256. Prints the distinct results of each half and what x holds."""
import ctypes
import struct
import sys
import tempfile

sys.path.insert(0, sys.argv[3])
from tilechain_harness import host  # noqa: E402

bytecode, bin_dir, _, form = sys.argv[1:5]
SYMBOL = ("offset_atomic_cas_with_mask_Kt1_A1i32_1i16t1_p16_A1i32_1i16t1_p16"
          "_A1i32_1i16t1_p16_A1i32_1i16t1_p16_I128_I256")
n, tile = 512, 128
with tempfile.TemporaryDirectory() as work:
    library = host.compile_host(bytecode, work, bin_dir, tile_form=form)
    arrays = [(ctypes.c_int32 * n)(*([value] * n)) for value in (0, -1, 1, 7)]
    packed = b""
    for array in arrays:  # pointer, shape[0], stride[0]: an 8-byte slot each
        packed += (struct.pack("<Q", ctypes.addressof(array))
                   + struct.pack("<i", n).ljust(8, b"\0")
                   + struct.pack("<i", 1).ljust(8, b"\0"))
    host.launch(library, SYMBOL, packed, ((n + tile - 1) // tile, 1, 1))
    x, _, _, result = arrays
    print("%s: masked-in results %s, masked-off results %s, x %s" % (
        form, sorted(set(result[:n // 2])), sorted(set(result[n // 2:])),
        sorted(set(x))))
