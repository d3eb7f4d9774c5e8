"""Runs a cubin on the GPU through the CUDA driver API (cuda-python).

Not exercised in CI (no GPU there); kept to the few driver calls a launch
needs. Each array's whole buffer goes to the device and comes back.
"""
from . import params as params_mod


def _check(result):
    error, *values = result
    if int(error) != 0:
        raise RuntimeError("CUDA driver error %d" % int(error))
    return values[0] if len(values) == 1 else values


def launch(cubin, spec, arrays, grid):
    from cuda.bindings import driver as cu

    _check(cu.cuInit(0))
    device = _check(cu.cuDeviceGet(0))
    context = _check(cu.cuDevicePrimaryCtxRetain(device))
    _check(cu.cuCtxSetCurrent(context))
    module = _check(cu.cuModuleLoadData(cubin))
    function = _check(cu.cuModuleGetFunction(module, spec.symbol.encode()))
    device_ptrs = {}
    try:
        for name, array in arrays.items():
            ptr = _check(cu.cuMemAlloc(array.buffer.nbytes))
            device_ptrs[name] = ptr
            _check(cu.cuMemcpyHtoD(ptr, array.buffer.ctypes.data, array.buffer.nbytes))
        packed = params_mod.pack(spec, {n: int(p) for n, p in device_ptrs.items()})
        kernel_params = params_mod.KernelParams(packed)
        _check(cu.cuLaunchKernel(function, grid[0], grid[1], grid[2], 1, 1, 1,
                                 0, 0, kernel_params.pointer, 0))
        _check(cu.cuCtxSynchronize())
        for name, array in arrays.items():
            _check(cu.cuMemcpyDtoH(array.buffer.ctypes.data, device_ptrs[name],
                                   array.buffer.nbytes))
    finally:
        for ptr in device_ptrs.values():
            cu.cuMemFree(ptr)
        cu.cuModuleUnload(module)
