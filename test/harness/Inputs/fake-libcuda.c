/* A stand-in for libcuda.so.1 with the prototypes of the CUDA driver API
   calls harness/tilechain_harness/cuda.py makes, for testing the GPU path
   of harness/run_bundle.py without a GPU: a "cubin" is a host library of
   tile-llc --emit=host-obj, a launch runs its K__host for every block (as
   harness/tilechain_harness/host.py does), memory is the host's. With
   FAKE_LIBCUDA_REJECT_ONE_THREAD set, a launch of one thread per block
   fails as a driver that ignored a tile kernel's .reqntid might; with
   FAKE_LIBCUDA_ASSERT set, every launch ends in a failed device assert, an
   error that loses the context. Its tensor map encoder writes its arguments
   back, one field each (below). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext, *CUmodule, *CUstream;
typedef void (*HostKernel)(void **params, uint32_t *blocks);
typedef HostKernel CUfunction;
typedef double *CUevent;

enum { CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1,
       CUDA_ERROR_INVALID_IMAGE = 200, CUDA_ERROR_NOT_FOUND = 500,
       CUDA_ERROR_ASSERT = 710 };

/* Set by a launch under FAKE_LIBCUDA_ASSERT: the next synchronization
   reports the assert. */
static int assertFailed;

CUresult cuInit(unsigned flags) { (void)flags; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  (void)device;
  *context = (CUcontext)1;
  return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext context) { (void)context; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) {
  return assertFailed ? CUDA_ERROR_ASSERT : CUDA_SUCCESS;
}
CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = error == CUDA_ERROR_INVALID_VALUE   ? "CUDA_ERROR_INVALID_VALUE"
          : error == CUDA_ERROR_INVALID_IMAGE ? "CUDA_ERROR_INVALID_IMAGE"
          : error == CUDA_ERROR_NOT_FOUND   ? "CUDA_ERROR_NOT_FOUND"
          : error == CUDA_ERROR_ASSERT      ? "CUDA_ERROR_ASSERT"
                                            : "CUDA_ERROR_UNKNOWN";
  return CUDA_SUCCESS;
}
CUresult cuDriverGetVersion(int *version) { *version = 13000; return CUDA_SUCCESS; }
CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  (void)device;
  snprintf(name, (size_t)length, "fake libcuda (host)");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device) {
  (void)device;
  /* 16: multiprocessors, 75/76: compute capability major/minor */
  *value = attribute == 16 ? 4 : attribute == 75 ? 9 : 0;
  return CUDA_SUCCESS;
}

/* The image is an ELF shared object: its size is where its section headers
   end; it is written to a file and opened. */
CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  const Elf64_Ehdr *header = image;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_type != ET_DYN)
    return CUDA_ERROR_INVALID_IMAGE;
  size_t size = header->e_shoff + (size_t)header->e_shnum * header->e_shentsize;
  char path[] = "/tmp/fake-libcuda-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return CUDA_ERROR_INVALID_IMAGE;
  ssize_t written = write(fd, image, size);
  close(fd);
  void *handle = written == (ssize_t)size ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
  unlink(path);
  if (!handle)
    return CUDA_ERROR_INVALID_IMAGE;
  *module = handle;
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule module) { dlclose(module); return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  char host[1024];
  snprintf(host, sizeof host, "%s__host", name);
  *function = (CUfunction)dlsym(module, host);
  return *function ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}
CUresult cuFuncGetAttribute(int *value, int attribute, CUfunction function) {
  (void)attribute;
  (void)function;
  *value = 0;
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction function, unsigned gx, unsigned gy,
                        unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, CUstream stream, void **params,
                        void **extra) {
  (void)shared, (void)stream, (void)extra;
  if (getenv("FAKE_LIBCUDA_REJECT_ONE_THREAD") && bx * by * bz == 1)
    return CUDA_ERROR_INVALID_VALUE;
  if (getenv("FAKE_LIBCUDA_ASSERT")) {
    assertFailed = 1;
    return CUDA_SUCCESS;
  }
  uint32_t blocks[6] = {0, 0, 0, gx, gy, gz};
  for (blocks[2] = 0; blocks[2] < gz; ++blocks[2])
    for (blocks[1] = 0; blocks[1] < gy; ++blocks[1])
      for (blocks[0] = 0; blocks[0] < gx; ++blocks[0])
        function(params, blocks);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  *pointer = (CUdeviceptr)(uintptr_t)aligned_alloc(256, (bytes + 255) / 256 * 256);
  return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr pointer) {
  free((void *)(uintptr_t)pointer);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr to, const void *from, size_t bytes) {
  memcpy((void *)(uintptr_t)to, from, bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *to, CUdeviceptr from, size_t bytes) {
  memcpy(to, (const void *)(uintptr_t)from, bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD8Async(CUdeviceptr to, unsigned char value, size_t bytes,
                         CUstream stream) {
  (void)stream;
  memset((void *)(uintptr_t)to, value, bytes);
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned flags) {
  (void)flags;
  *event = malloc(sizeof(double));
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent event, CUstream stream) {
  (void)stream;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  *event = now.tv_sec * 1e3 + now.tv_nsec / 1e6;
  return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(CUevent event) { (void)event; return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *milliseconds, CUevent start, CUevent end) {
  *milliseconds = (float)(*end - *start);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent event) { free(event); return CUDA_SUCCESS; }

/* Not the driver's layout: each argument in a place of its own, so that a
   test sees what the caller passed. w0 the address; w1 data type, rank,
   interleave, swizzle, L2 promotion, out-of-bounds fill, a byte each; w2-w6
   the dims; w7-w10 the strides; w11 the box and w12 the element strides, a
   byte a dimension. Swizzles past 128 B are refused, as on an H100. */
CUresult cuTensorMapEncodeTiled(uint64_t *map, int type, uint32_t rank,
                                void *address, const uint64_t *dims,
                                const uint64_t *strides, const uint32_t *box,
                                const uint32_t *elementStrides, int interleave,
                                int swizzle, int l2, int oob) {
  if (rank < 1 || rank > 5 || swizzle > 3)
    return CUDA_ERROR_INVALID_VALUE;
  memset(map, 0, 128);
  map[0] = (uint64_t)(uintptr_t)address;
  map[1] = (uint64_t)type | (uint64_t)rank << 8 | (uint64_t)interleave << 16 |
           (uint64_t)swizzle << 24 | (uint64_t)l2 << 32 | (uint64_t)oob << 40;
  for (uint32_t i = 0; i < rank; ++i) {
    map[2 + i] = dims[i];
    if (i + 1 < rank)
      map[7 + i] = strides[i];
    map[11] |= (uint64_t)box[i] << (8 * i);
    map[12] |= (uint64_t)elementStrides[i] << (8 * i);
  }
  return CUDA_SUCCESS;
}
