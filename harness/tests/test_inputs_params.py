import ctypes
import struct
import unittest

import numpy as np

from tilechain_harness import check, dtypes, inputs, manifest, params
from test_manifest import ROW


class InputsTest(unittest.TestCase):
    def test_alignment_shape_and_strides(self):
        spec = manifest.parse_row(ROW)
        a = inputs.allocate(spec, seed=1)["a"]
        self.assertEqual(a.address % 16, 0)
        self.assertEqual(a.address % inputs.BASE_ALIGNMENT, 0)
        self.assertEqual(a.view.shape, (64, 32))
        self.assertEqual(a.view.strides, (40 * 4, 4))
        # The padded columns are reachable memory, the view skips them.
        self.assertEqual(a.buffer.nbytes, (63 * 40 + 32) * 4)
        self.assertTrue(np.all(np.abs(a.view) <= 1.0))

    def test_positive_values_for_sqrt_and_nonzero_divisors(self):
        spec = manifest.parse_row(dict(ROW, numpy_reference="a[:] = np.sqrt(a)"))
        self.assertTrue(np.all(inputs.allocate(spec)["a"].view > 0))
        ints = ROW["arguments"].replace("float32; shape", "int32; shape")
        spec = manifest.parse_row(dict(ROW, arguments=ints, numpy_reference="z = x // y"))
        self.assertTrue(np.all(inputs.allocate(spec)["a"].view != 0))

    def test_flat_indices_stay_inside_the_arrays_they_index(self):
        # test__sparse_2d_copy_load_offset: y.flat[offsets] = x.flat[offsets]
        row = dict(ROW, arguments=" | ".join([
            "x:array[float32; shape=(8x8); strides_elems=(8,1); -> params: x; base_div=16B]",
            "y:array[float32; shape=(4x4); strides_elems=(4,1); -> params: x; base_div=16B]",
            "offsets:array[int64; shape=(64); strides_elems=(1); -> params: x; base_div=16B]"]),
            kernel_params_flat="", numpy_reference="y.flat[offsets] = x.flat[offsets]")
        spec = manifest.parse_row(row)
        self.assertEqual(inputs.flat_index_bounds(spec), {"offsets": 16})
        offsets = inputs.allocate(spec)["offsets"].view
        self.assertTrue(np.all((offsets >= 0) & (offsets < 16)))

    def test_zero_init(self):
        spec = manifest.parse_row(dict(ROW, numpy_reference="see bwd; a (64,N) zero-init"))
        self.assertTrue(np.all(inputs.allocate(spec)["a"].view == 0))

    def test_scratch_arrays_start_at_zero_and_are_not_results(self):
        two = ROW["arguments"].replace("a:array", "LOCKS:array", 1) + " | " + \
            ROW["arguments"].split(" | ")[0]
        spec = manifest.parse_row(dict(
            ROW, arguments=two, numpy_reference="a[:] = a * 2",
            computes="sums into a under a spin lock (LOCKS zero-init)"))
        self.assertEqual(inputs.scratch(spec), {"LOCKS"})
        arrays = inputs.allocate(spec)
        self.assertTrue(np.all(arrays["LOCKS"].view == 0))
        self.assertFalse(np.all(arrays["a"].view == 0))
        self.assertEqual(set(check.expected_results(spec, arrays)), {"a"})
        prose = dict(ROW, computes="(atomic_cas/xchg on Locks, zero-initialised)",
                     arguments=ROW["arguments"].replace("a:array", "Locks:array", 1))
        self.assertEqual(inputs.scratch(manifest.parse_row(prose)), {"Locks"})

    def test_asserted_conditions_hold(self):
        arguments = ROW["arguments"].replace("float32; shape", "bool_; shape")
        spec = manifest.parse_row(dict(
            ROW, arguments=arguments,
            numpy_reference="y = x (traps if any a false)"))
        self.assertEqual(inputs.asserted(spec), {"a"})
        self.assertTrue(np.all(inputs.allocate(spec, seed=3)["a"].view))
        spec = manifest.parse_row(dict(ROW, arguments=arguments))
        self.assertFalse(np.all(inputs.allocate(spec, seed=3)["a"].view))

    def test_accumulated_partials_start_at_zero(self):
        spec = manifest.parse_row(dict(ROW, computes="DX, and partial a/DB accumulated per group"))
        self.assertEqual(inputs.zero_initialized(spec), {"a", "DB"})
        self.assertTrue(np.all(inputs.allocate(spec)["a"].view == 0))

    def test_float16_values_are_float32(self):
        values = dtypes.to_values("float16", np.array([1.0, 2049.0], dtype=np.float16))
        self.assertEqual(values.dtype, np.float32)
        # A float32 mean of float16 inputs keeps bits float16 cannot hold.
        self.assertEqual(np.mean(values), np.float32(1024.5))

    def test_bfloat16_round_trip(self):
        values = np.array([1.0, -2.5, 3.140625, 1.00390625], dtype=np.float32)
        bits = dtypes.f32_to_bf16(values)
        self.assertEqual(bits[0], 0x3F80)
        np.testing.assert_array_equal(dtypes.bf16_to_f32(bits)[:3], values[:3])
        # 1 + 2^-8 is halfway between two bf16 values: rounds to even (1.0).
        self.assertEqual(dtypes.bf16_to_f32(bits)[3], 1.0)


    def test_float8_codes_decode_exactly(self):
        codes = np.array([0x38, 0x01, 0x7E, 0xC0, 0x7F], dtype=np.uint8)
        e4m3 = dtypes.to_values("float8_e4m3fn", codes)
        # 1.0, the least subnormal 2^-9, the largest 448, -2.0 and NaN.
        np.testing.assert_array_equal(e4m3[:4], [1.0, 2.0 ** -9, 448.0, -2.0])
        self.assertTrue(np.isnan(e4m3[4]))
        e5m2 = dtypes.to_values("float8_e5m2", np.array([0x3C, 0x7B, 0x7C], np.uint8))
        np.testing.assert_array_equal(e5m2, [1.0, 57344.0, np.inf])
        e8m0 = dtypes.to_values("float8_e8m0fnu", np.array([127, 125, 0, 255], np.uint8))
        np.testing.assert_array_equal(e8m0[:3], [1.0, 0.25, 2.0 ** -127])
        self.assertTrue(np.isnan(e8m0[3]))

    def test_float8_inputs_store_the_nearest_finite_code(self):
        values = np.array([0.3, -0.7, 500.0, 0.0], dtype=np.float32)
        codes = dtypes.from_values("float8_e4m3fn", values)
        self.assertEqual(codes.dtype, np.uint8)
        np.testing.assert_array_equal(dtypes.to_values("float8_e4m3fn", codes),
                                      [0.3125, -0.6875, 448.0, 0.0])
        scales = dtypes.from_values("float8_e8m0fnu", np.array([0.25, 1.0, 4.0]))
        np.testing.assert_array_equal(scales, [125, 127, 129])


class PackTest(unittest.TestCase):
    def test_slots_match_cutile(self):
        spec = manifest.parse_row(ROW)
        packed = params.pack(spec, {"a": 0x1122334455667700})
        self.assertEqual(len(packed), 7 * 8)
        self.assertEqual(packed[0:8], bytes.fromhex("0077665544332211"))
        self.assertEqual(packed[8:16], struct.pack("<i", 64) + bytes(4))
        self.assertEqual(packed[16:24], struct.pack("<i", 32) + bytes(4))
        self.assertEqual(packed[24:32], struct.pack("<i", 40) + bytes(4))
        self.assertEqual(packed[40:48], struct.pack("<f", 1e-05) + bytes(4))
        self.assertEqual(packed[48:56], b"\x01" + bytes(7))

    def test_int64_and_negative(self):
        self.assertEqual(params.pack_slot("int64", -2), struct.pack("<q", -2))
        self.assertEqual(params.pack_slot("int32", -1), b"\xff" * 4 + bytes(4))
        with self.assertRaises(ValueError):
            params.pack_slot("float8_e4m3fn", 1)

    def test_kernel_params_point_at_slots(self):
        packed = struct.pack("<qq", 7, -9)
        kp = params.KernelParams(packed)
        pointers = (ctypes.c_void_p * 2).from_address(kp.pointer)
        self.assertEqual(ctypes.c_int64.from_address(pointers[0]).value, 7)
        self.assertEqual(ctypes.c_int64.from_address(pointers[1]).value, -9)


if __name__ == "__main__":
    unittest.main()
