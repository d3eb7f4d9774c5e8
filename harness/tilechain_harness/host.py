"""Compiles a corpus kernel for the host and runs it on the CPU."""
import ctypes
import os
import subprocess

from . import params as params_mod


def compile_host(bytecode, out_dir, bin_dir, gpu_name="sm_90", cc="cc",
                 tile_form="serial", diagnostics=None, timeout=None):
    """tile-read | tile-lower | tile-sched | tile-llc --emit=host-obj, then a
    shared library; returns its path. Raises CalledProcessError with the
    failing stage's stderr (TimeoutExpired after `timeout` seconds in one
    stage). A list passed as `diagnostics` receives the stderr of every
    stage that succeeded (tile-lower's remark when a kernel stays serial in
    the parallel form, RemarkKernelSerialForm)."""
    tool = lambda name: os.path.join(bin_dir, name)
    obj = os.path.join(out_dir, "kernel.o")
    lib = os.path.join(out_dir, "kernel.so")
    stages = [[tool("tile-read"), bytecode],
              [tool("tile-lower"), "--gpu-name", gpu_name,
               "--tile-form=" + tile_form, "--remarks-filter-missed=Kernel"],
              [tool("tile-sched")],
              [tool("tile-llc"), "--emit=host-obj", "-o", obj]]
    data = None
    for stage in stages:
        done = subprocess.run(stage, input=data, capture_output=True,
                              timeout=timeout)
        if done.returncode != 0:
            raise subprocess.CalledProcessError(
                done.returncode, stage, done.stdout, done.stderr)
        if diagnostics is not None and done.stderr:
            diagnostics.append(done.stderr.decode(errors="replace"))
        data = done.stdout
    subprocess.run([cc, "-shared", "-o", lib, obj, "-lm"], check=True,
                   capture_output=True)
    return lib


def launch(library, symbol, packed, grid):
    """Runs `symbol`__host for every block of `grid` (x, y, z)."""
    lib = ctypes.CDLL(library)
    kernel = getattr(lib, symbol + "__host")
    kernel.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    kernel.restype = None
    kernel_params = params_mod.KernelParams(packed)
    gx, gy, gz = grid
    words = (ctypes.c_uint32 * 6)(0, 0, 0, gx, gy, gz)
    for z in range(gz):
        for y in range(gy):
            for x in range(gx):
                words[0], words[1], words[2] = x, y, z
                kernel(kernel_params.pointer, words)
