"""The few CUDA driver calls a launch and a timing need, through ctypes on
libcuda: the GPU machines have the driver and numpy, not necessarily
cuda-python. $TILECHAIN_LIBCUDA names another library with the same calls:
test/harness/Inputs/fake-libcuda.c, which runs host libraries, is how CI
exercises this without a GPU."""
import ctypes
import os

# Errors after which the context is unusable: the process must end.
STICKY_ERRORS = {
    700: "CUDA_ERROR_ILLEGAL_ADDRESS", 702: "CUDA_ERROR_LAUNCH_TIMEOUT",
    710: "CUDA_ERROR_ASSERT", 714: "CUDA_ERROR_HARDWARE_STACK_ERROR",
    715: "CUDA_ERROR_ILLEGAL_INSTRUCTION", 716: "CUDA_ERROR_MISALIGNED_ADDRESS",
    717: "CUDA_ERROR_INVALID_ADDRESS_SPACE", 718: "CUDA_ERROR_INVALID_PC",
    719: "CUDA_ERROR_LAUNCH_FAILED",
}

CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0
CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1
CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3
CU_FUNC_ATTRIBUTE_NUM_REGS = 4
CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38


class CudaError(RuntimeError):
    def __init__(self, call, code, name):
        super().__init__("%s: %s (%d)" % (call, name, code))
        self.code = code
        self.sticky = code in STICKY_ERRORS


class Driver:
    """Device 0's primary context, made current on construction."""

    def __init__(self):
        self.lib = ctypes.CDLL(os.environ.get("TILECHAIN_LIBCUDA", "libcuda.so.1"))
        self._call("cuInit", 0)
        device = ctypes.c_int()
        self._call("cuDeviceGet", ctypes.byref(device), 0)
        self.device = device.value
        context = ctypes.c_void_p()
        self._call("cuDevicePrimaryCtxRetain", ctypes.byref(context),
                   self.device)
        self._call("cuCtxSetCurrent", context)

    def _call(self, name, *args):
        code = getattr(self.lib, name)(*args)
        if code != 0:
            text = ctypes.c_char_p()
            self.lib.cuGetErrorName(code, ctypes.byref(text))
            raise CudaError(name, code, (text.value or b"?").decode())

    def _int_out(self, name, *args):
        value = ctypes.c_int()
        self._call(name, ctypes.byref(value), *args)
        return value.value

    # The machine.
    def driver_version(self):
        return self._int_out("cuDriverGetVersion")

    def name(self):
        buffer = ctypes.create_string_buffer(256)
        self._call("cuDeviceGetName", buffer, 256, self.device)
        return buffer.value.decode()

    def attribute(self, attribute):
        return self._int_out("cuDeviceGetAttribute", attribute, self.device)

    def sm_count(self):
        return self.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)

    def compute_capability(self):
        return (self.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                self.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR))

    # Code.
    def load(self, image):
        """A module from cubin bytes (the buffer must outlive the call)."""
        module = ctypes.c_void_p()
        buffer = ctypes.create_string_buffer(image, len(image))
        self._call("cuModuleLoadData", ctypes.byref(module), buffer)
        return module

    def unload(self, module):
        self._call("cuModuleUnload", module)

    def function(self, module, symbol):
        function = ctypes.c_void_p()
        self._call("cuModuleGetFunction", ctypes.byref(function), module,
                   symbol.encode())
        return function

    def function_attribute(self, function, attribute):
        return self._int_out("cuFuncGetAttribute", attribute, function)

    def launch(self, function, grid, block, kernel_params, stream=None):
        """kernel_params: the address of the void* array (params.KernelParams)."""
        self._call("cuLaunchKernel", function,
                   ctypes.c_uint(grid[0]), ctypes.c_uint(grid[1]),
                   ctypes.c_uint(grid[2]), ctypes.c_uint(block[0]),
                   ctypes.c_uint(block[1]), ctypes.c_uint(block[2]),
                   ctypes.c_uint(0), stream, ctypes.c_void_p(kernel_params),
                   None)

    def synchronize(self):
        self._call("cuCtxSynchronize")

    # Memory.
    def alloc(self, nbytes):
        pointer = ctypes.c_uint64()
        self._call("cuMemAlloc_v2", ctypes.byref(pointer),
                   ctypes.c_size_t(max(nbytes, 1)))
        return pointer.value

    def free(self, pointer):
        self._call("cuMemFree_v2", ctypes.c_uint64(pointer))

    def to_device(self, pointer, host_address, nbytes):
        self._call("cuMemcpyHtoD_v2", ctypes.c_uint64(pointer),
                   ctypes.c_void_p(host_address), ctypes.c_size_t(nbytes))

    def to_host(self, host_address, pointer, nbytes):
        self._call("cuMemcpyDtoH_v2", ctypes.c_void_p(host_address),
                   ctypes.c_uint64(pointer), ctypes.c_size_t(nbytes))

    def fill(self, pointer, byte, nbytes):
        self._call("cuMemsetD8Async", ctypes.c_uint64(pointer),
                   ctypes.c_ubyte(byte), ctypes.c_size_t(nbytes), None)

    # Timing.
    def event(self):
        event = ctypes.c_void_p()
        self._call("cuEventCreate", ctypes.byref(event), 0)
        return event

    def record(self, event):
        self._call("cuEventRecord", event, None)

    def elapsed_ms(self, start, end):
        self._call("cuEventSynchronize", end)
        value = ctypes.c_float()
        self._call("cuEventElapsedTime", ctypes.byref(value), start, end)
        return value.value

    def destroy_event(self, event):
        self._call("cuEventDestroy_v2", event)
