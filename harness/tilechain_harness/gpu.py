"""Runs a cubin on the GPU (cuda.py): each array's whole buffer goes to the
device and comes back. Not exercised in CI (no GPU there).

cuTile launches every kernel with blockDim (1,1,1) and no dynamic shared
memory, leaving the CTA shape to the kernel's .reqntid (tile kernels,
docs/tile-kernel-contract.md); `block` defaults to that."""
import statistics

from . import params as params_mod
from .cuda import CudaError, Driver

CUTILE_BLOCK = (1, 1, 1)
_driver = None


def driver():
    global _driver
    if _driver is None:
        _driver = Driver()
    return _driver


class Loaded:
    """A cubin's kernel with device copies of a spec's arrays."""

    def __init__(self, cubin, spec, arrays):
        self.cuda = driver()
        self.arrays = arrays
        self.module = self.cuda.load(cubin)
        self.pointers = {}
        try:
            self.function = self.cuda.function(self.module, spec.symbol)
            for name, array in arrays.items():
                pointer = self.cuda.alloc(array.buffer.nbytes)
                self.pointers[name] = pointer
                self.cuda.to_device(pointer, array.buffer.ctypes.data,
                                    array.buffer.nbytes)
            packed = params_mod.pack(spec, self.pointers)
            self.kernel_params = params_mod.KernelParams(packed)
        except BaseException:
            try:
                self.release()
            except CudaError:
                pass  # the first error is the one to report
            raise

    def launch(self, grid, block=CUTILE_BLOCK):
        self.cuda.launch(self.function, grid, block, self.kernel_params.pointer)

    def copy_back(self):
        self.cuda.synchronize()
        for name, array in self.arrays.items():
            self.cuda.to_host(array.buffer.ctypes.data, self.pointers[name],
                              array.buffer.nbytes)

    def release(self):
        for pointer in self.pointers.values():
            self.cuda.free(pointer)
        self.pointers = {}
        self.cuda.unload(self.module)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        try:
            self.release()
        except CudaError:
            # After a fault the context refuses everything: the fault is
            # the error to report, not the frees that follow it.
            if kind is None:
                raise


def launch(cubin, spec, arrays, grid, block=CUTILE_BLOCK):
    """One launch; the arrays come back with what the kernel wrote."""
    with Loaded(cubin, spec, arrays) as loaded:
        loaded.launch(grid, block)
        loaded.copy_back()


def time_launches(loaded, grid, runs=20, block=CUTILE_BLOCK,
                  flush_bytes=512 << 20):
    """Median and minimum milliseconds of `runs` launches, each after a
    write of `flush_bytes` that evicts the L2 cache, timed by CUDA events
    around the launch alone."""
    cuda = loaded.cuda
    scratch = cuda.alloc(flush_bytes)
    start, end = cuda.event(), cuda.event()
    times = []
    try:
        loaded.launch(grid, block)  # warm up: module load, first-touch
        cuda.synchronize()
        for run in range(runs):
            cuda.fill(scratch, run & 0xff, flush_bytes)
            cuda.record(start)
            loaded.launch(grid, block)
            cuda.record(end)
            times.append(cuda.elapsed_ms(start, end))
    finally:
        cuda.destroy_event(start)
        cuda.destroy_event(end)
        cuda.free(scratch)
    return statistics.median(times), min(times)
