"""Kernel results against expected values, with dtype-appropriate tolerances."""
import numpy as np

from . import dtypes


def compare(name, dtype_name, actual_values, expected):
    """None when they match, else a one-line description of the difference."""
    rtol, atol = dtypes.tolerance(dtype_name)
    actual = np.asarray(actual_values)
    if dtype_name in dtypes.STORAGE and dtype_name not in dtypes.BITS_STORED:
        # Round the reference to the argument's type, as the kernel stores it.
        with np.errstate(all="ignore"):
            expected = np.asarray(expected).astype(dtypes.storage_dtype(dtype_name))
    elif dtype_name in dtypes.FLOAT8 or dtype_name == "float8_e8m0fnu":
        expected = dtypes.to_values(dtype_name,
                                    dtypes.from_values(dtype_name, expected))
    if actual.shape != np.shape(expected):
        return "%s: shape %s, expected %s" % (name, actual.shape, np.shape(expected))
    if rtol == 0 and atol == 0:
        bad = actual != expected
    else:
        a = actual.astype(np.float64)
        e = np.asarray(expected).astype(np.float64)
        with np.errstate(all="ignore"):
            bad = ~(np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True))
    count = int(np.count_nonzero(bad))
    if not count:
        return None
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    return "%s: %d of %d elements differ; first at %s: got %r, expected %r" % (
        name, count, actual.size, first, actual[first].item(),
        np.asarray(expected)[first].item())
