import unittest

from tilechain_harness import manifest

ROW = {
    "file": "k.tileirbc", "bytecode_version": "13.4", "sm_arch": "sm_90,sm_100",
    "symbol": "kern", "calling_convention": "cutile_python_v1", "source": "s.py:k",
    "arguments": "a:array[float32; shape=(64x32); strides_elems=(40,1); -> params: "
                 "ptr<float32> + 2xint32 shape + 2xint32 strides; stride_const=?,1 "
                 "shape_const=1,? stride_div=8,1 shape_div=16,16 base_div=16B] | "
                 "eps:scalar[float32=1e-05; -> 1 param float32] | "
                 "flag:scalar[bool_=True; -> 1 param bool_] | "
                 "T:constant[16; compile-time, no param]",
    "kernel_params_flat": "a.ptr:ptr<float32>, a.shape[0]:int32, a.shape[1]:int32, "
                          "a.stride[0]:int32, a.stride[1]:int32, eps:float32, flag:bool_",
    "grid": "('min(NUM_SMS,8)', 2, 1)", "computes": "", "numpy_reference": "a[:] = 1",
    "tileiras_flags": "", "bytes": "1", "sha256": "x",
}


class ManifestTest(unittest.TestCase):
    def setUp(self):
        self.spec = manifest.parse_row(ROW)

    def test_array_argument(self):
        a = self.spec.argument("a")
        self.assertEqual((a.kind, a.dtype), ("array", "float32"))
        self.assertEqual(a.shape, (64, 32))
        self.assertEqual(a.strides, (40, 1))
        self.assertEqual(a.base_div, 16)
        self.assertEqual(a.shape_div, (16, 16))
        self.assertEqual(a.stride_div, (8, 1))
        # stride_const is not taken for shape_const.
        self.assertEqual(a.shape_const, (1, None))

    def test_scalars_and_constants(self):
        self.assertEqual(self.spec.argument("eps").value, 1e-05)
        self.assertIs(self.spec.argument("flag").value, True)
        self.assertEqual(self.spec.argument("T").kind, "constant")
        self.assertEqual(self.spec.argument("T").value, "16")

    def test_flat_params_in_order(self):
        self.assertEqual(self.spec.params[0], ("a.ptr", "ptr<float32>"))
        self.assertEqual(self.spec.params[4], ("a.stride[1]", "int32"))
        self.assertEqual([p[1] for p in self.spec.params[5:]], ["float32", "bool_"])

    def test_grid_resolves_num_sms(self):
        self.assertEqual(self.spec.grid(num_sms=4), (4, 2, 1))
        self.assertEqual(self.spec.grid(num_sms=132), (8, 2, 1))
        one_d = manifest.parse_row(dict(ROW, grid="(5,)"))
        self.assertEqual(one_d.grid(), (5, 1, 1))

    def test_list_argument(self):
        arg = manifest.parse_argument(
            "arrays:list[3 arrays of int32 ndim=2 shapes=(16x16;16x16;16x16); -> params: "
            "ptr<i64> (device buffer) + i32 length]")
        self.assertEqual((arg.kind, arg.dtype), ("list", "int32"))

    def test_bad_argument_is_an_error(self):
        with self.assertRaises(ValueError):
            manifest.parse_argument("nonsense")


if __name__ == "__main__":
    unittest.main()
