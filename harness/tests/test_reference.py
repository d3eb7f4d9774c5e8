import unittest

import numpy as np

from tilechain_harness import compare, manifest, reference
from test_manifest import ROW


def spec_of(arguments, ref):
    return manifest.parse_row(dict(ROW, arguments=arguments, kernel_params_flat="",
                                   numpy_reference=ref))


def arr(name, dtype, shape):
    dims = "x".join(map(str, shape))
    strides = ",".join(str(int(np.prod(shape[i + 1:]))) for i in range(len(shape)))
    return ("%s:array[%s; shape=(%s); strides_elems=(%s); -> params: x; base_div=16B]"
            % (name, dtype, dims, strides))


class ReferenceTest(unittest.TestCase):
    def setUp(self):
        self.rng = np.random.default_rng(0)

    def values(self, *shapes):
        return [self.rng.uniform(0.5, 2, size=s).astype(np.float32) for s in shapes]

    def test_elementwise_expression(self):
        spec = spec_of(" | ".join(arr(n, "float32", (8,)) for n in "abc"), "c = a + b")
        a, b, c = self.values(8, 8, 8)
        expected = reference.evaluate(spec, {"a": a, "b": b, "c": c})
        np.testing.assert_array_equal(expected["c"], a + b)
        # Inputs must come back unchanged.
        np.testing.assert_array_equal(expected["a"], a)

    def test_matmul_with_dtype(self):
        spec = spec_of(" | ".join([arr("A", "float16", (4, 8)), arr("B", "float16", (8, 2)),
                                   arr("C", "float16", (4, 2))]),
                       "C = (A.astype(np.float32) @ B.astype(np.float32)).astype(C.dtype)")
        A, B, C = [v.astype(np.float16) for v in self.values((4, 8), (8, 2), (4, 2))]
        got = reference.evaluate(spec, {"A": A, "B": B, "C": C})["C"]
        np.testing.assert_allclose(got, A.astype(np.float32) @ B.astype(np.float32), rtol=1e-3)

    def test_cast_note_and_aliases(self):
        spec = spec_of(arr("input", "float32", (4, 3)) + " | " + arr("output", "float32", (4,)),
                       "y = np.sum(x, axis=1, keepdims=False) (cast to float32)")
        x, y = self.values((4, 3), 4)
        got = reference.evaluate(spec, {"input": x, "output": y})["output"]
        np.testing.assert_allclose(got, x.sum(1), rtol=1e-6)

    def test_atomic_reference_spelling(self):
        spec = spec_of(" | ".join(arr(n, "int32", (4,)) for n in "xyz"),
                       "z_ref = x0.copy(); x_ref = and(x0, y)")
        x, y, z = (np.array(v, dtype=np.int32) for v in ([1, 2, 3, 4], [3, 3, 1, 0], [0] * 4))
        got = reference.evaluate(spec, {"x": x, "y": y, "z": z})
        np.testing.assert_array_equal(got["x"], x & y)
        np.testing.assert_array_equal(got["z"], x)

    def test_block_scales_by_their_short_names(self):
        spec = spec_of(" | ".join([arr("A", "float8_e4m3fn", (2, 64)),
                                   arr("A_scale", "float8_e8m0fnu", (2, 2)),
                                   arr("B", "float8_e4m3fn", (64, 3)),
                                   arr("B_scale", "float8_e8m0fnu", (2, 3)),
                                   arr("C", "float32", (2, 3))]),
                       "C = (A.f32 * np.repeat(A_s.f32,32,1)) @ "
                       "(B.f32 * np.repeat(B_s.f32,32,0))")
        a, b, c = self.values((2, 64), (64, 3), (2, 3))
        sa, sb = np.full((2, 2), 2.0, np.float32), np.full((2, 3), 0.5, np.float32)
        sa[1, 1] = 4.0
        got = reference.evaluate(spec, {"A": a, "A_scale": sa, "B": b,
                                        "B_scale": sb, "C": c})["C"]
        scaled = a * np.repeat(sa, 32, 1)
        np.testing.assert_allclose(got, scaled @ (b * 0.5), rtol=1e-6)

    def test_with_value(self):
        spec = spec_of(arr("x", "float32", (4,)) + " | " + arr("z", "float32", (4,)),
                       "z = x + y with y=2.5")
        x, z = self.values(4, 4)
        np.testing.assert_allclose(reference.evaluate(spec, {"x": x, "z": z})["z"], x + 2.5)

    def test_fmha_causal(self):
        shape = (1, 2, 4, 8)
        args = " | ".join([arr(n, "float16", shape) for n in ("Q", "K", "V", "Out")] +
                          ["qk_scale:scalar[float32=0.5; -> 1 param float32]",
                           "input_pos:scalar[int32=0; -> 1 param int32]",
                           "CAUSAL:constant[True; compile-time, no param]"])
        spec = spec_of(args, "Out = softmax(Q K^T / sqrt(d) + causal mask) V")
        q, k, v, out = self.values(shape, shape, shape, shape)
        got = reference.evaluate(spec, {"Q": q, "K": k, "V": v, "Out": out})["Out"]
        # The first query sees only the first key.
        np.testing.assert_allclose(got[0, :, 0], v[0, :, 0], rtol=1e-6)

    def test_layer_norm_backward_partial_sums_by_group(self):
        names = {"DX": (4, 3), "DY": (4, 3), "DW": (2, 3), "DB": (2, 3), "X": (4, 3),
                 "W": (3,), "Mean": (4,), "Rstd": (4,)}
        spec = spec_of(" | ".join(arr(n, "float32", s) for n, s in names.items()),
                       "DW[g]=sum over rows r%64==g of DY*xhat; DB[g]=sum of DY")
        values = dict(zip(names, self.values(*names.values())))
        got = reference.evaluate(spec, values)
        dy = values["DY"]
        np.testing.assert_allclose(got["DB"], [dy[0] + dy[2], dy[1] + dy[3]], rtol=1e-6)
        xhat = (values["X"] - values["Mean"][:, None]) * values["Rstd"][:, None]
        np.testing.assert_allclose(got["DW"][1], (dy * xhat)[1] + (dy * xhat)[3], rtol=1e-5)

    def test_complex_result_has_no_reference(self):
        spec = spec_of(arr("x", "float32", (4, 2)) + " | " + arr("y", "float32", (4, 2)),
                       "y = np.fft.fft(x, axis=-1)")
        x, y = self.values((4, 2), (4, 2))
        with self.assertRaises(reference.NoReference):
            reference.evaluate(spec, {"x": x, "y": y})

    def test_prose_has_no_reference(self):
        spec = spec_of(arr("x", "float32", (4,)), "see samples/LayerNorm.py backward")
        with self.assertRaises(reference.NoReference):
            reference.evaluate(spec, {"x": self.values(4)[0]})

    def test_tf32_round(self):
        x = np.array([1 + 2 ** -11, 1 + 3 * 2 ** -11], dtype=np.float32)
        np.testing.assert_array_equal(reference.tf32_round(x), [1.0, 1 + 2 ** -9])


    def test_tf32_inputs_round_operands_not_the_unchanged_arguments(self):
        spec = spec_of(" | ".join([arr("A", "float32", (1, 2)), arr("B", "float32", (2, 1)),
                                   arr("C", "float32", (1, 1))]), "C = A @ B")
        A = np.array([[1 + 2 ** -12, 1.0]], dtype=np.float32)
        B = np.ones((2, 1), dtype=np.float32)
        C = np.zeros((1, 1), dtype=np.float32)
        got = reference.evaluate(spec, {"A": A, "B": B, "C": C}, tf32_inputs=True)
        self.assertEqual(got["C"][0, 0], 2.0)
        np.testing.assert_array_equal(got["A"], A)
        self.assertEqual(reference.evaluate(spec, {"A": A, "B": B, "C": C})["C"][0, 0],
                         np.float32(2 + 2 ** -12))

    def test_i32_names_int32(self):
        # test__mma_kernel__int8_accint32: C = C0 + A.astype(i32) @ B.astype(i32)
        spec = spec_of(" | ".join([arr("A", "int8", (1, 2)), arr("B", "int8", (2, 1)),
                                   arr("C", "int32", (1, 1))]),
                       "C = C0 + A.astype(i32) @ B.astype(i32)")
        A = np.array([[100, 100]], dtype=np.int8)
        B = np.array([[100], [-1]], dtype=np.int8)
        C = np.array([[1]], dtype=np.int32)
        got = reference.evaluate(spec, {"A": A, "B": B, "C": C})
        self.assertEqual(got["C"][0, 0], 1 + 10000 - 100)

    def test_split_k_into_float16_rounds_each_split(self):
        # tk__matmul_split_k_kernel__float16: each split's float32 sum is
        # rounded to float16 and added to C in float16.
        spec = spec_of(" | ".join([
            arr("A", "float16", (1, 2)), arr("B", "float16", (2, 1)),
            arr("C", "float16", (1, 1)), arr("LOCKS", "int32", (1,)),
            arr("COUNTS", "int32", (1,)),
            "tk:constant[1; compile-time, no param]",
            "SPLIT_K:constant[2; compile-time, no param]"]), "C = A @ B")
        A = np.array([[1 + 2 ** -11, 2 ** -11]], dtype=np.float32)
        B = np.ones((2, 1), dtype=np.float32)
        zero = np.zeros(1, dtype=np.int32)
        got = reference.evaluate(spec, {"A": A, "B": B, "C": np.zeros((1, 1), np.float32),
                                        "LOCKS": zero, "COUNTS": zero})
        # f16(f16(1 + 2^-11) + f16(2^-11)) = f16(1 + 2^-11) = 1, where the
        # float32 sum rounds to 1 + 2^-10.
        self.assertEqual(got["C"][0, 0], 1.0)

    def test_tf32_calls_round_only_their_operands(self):
        # test__mma_tf32_kernel: the accumulator C is not rounded to tf32.
        spec = spec_of(" | ".join([arr("A", "float32", (1, 1)), arr("B", "float32", (1, 1)),
                                   arr("C", "float32", (1, 1))]), "C = C0 + tf32(A) @ tf32(B)")
        A = np.array([[1 + 2 ** -12]], dtype=np.float32)
        B = np.ones((1, 1), dtype=np.float32)
        C = np.array([[1 + 2 ** -12]], dtype=np.float32)
        got = reference.evaluate(spec, {"A": A, "B": B, "C": C}, tf32_inputs=True)
        self.assertEqual(got["C"][0, 0], np.float32(2 + 2 ** -12))


class CompareTest(unittest.TestCase):
    def test_tolerances_by_dtype(self):
        a = np.array([1.0, 2.0], dtype=np.float16)
        self.assertIsNone(compare.compare("y", "float16", a, np.array([1.004, 2.0])))
        self.assertIn("1 of 2", compare.compare("y", "float32", a.astype(np.float32),
                                                 np.array([1.004, 2.0])))
        self.assertIn("differ", compare.compare("y", "int32", np.array([1, 2]),
                                                np.array([1, 3])))


if __name__ == "__main__":
    unittest.main()
