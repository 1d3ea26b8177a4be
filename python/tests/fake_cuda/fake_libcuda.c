/*===- fake_libcuda.c - A recording libcuda for python/tilec's tests -----===*\
|*                                                                          *|
|* libtilec-python-fake-cuda.so: every CUDA driver entry point tilec's      *|
|* runtime opens (lib/Runtime/CudaDriver.h), so that python/tilec launches  *|
|* kernels where there is no GPU ($TILEC_LIBCUDA). It runs nothing: one     *|
|* device (compute capability 9.0), any image loads, and cuLaunchKernel     *|
|* records what reached it (grid, block, stream, the first arguments as     *|
|* 8-byte words; a tensor map holds the address it was encoded for), which *|
|* the tests read through the fake_* functions below.                       *|
|* Because a launch costs next to nothing here, timing a launch through it  *|
|* measures the host path of the Python package alone.                      *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The driver's types, as far as the recorded calls need them. */
typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
typedef void *CUevent;
typedef uint64_t CUdeviceptr;

#define OK 0
#define ERROR_INVALID_VALUE 1
#define ERROR_INVALID_DEVICE 101
#define MAX_WORDS 32

static int context;
static int launches;
static unsigned grid[3], block[3];
static uint64_t stream;
static int argCount = 0;
static uint64_t words[MAX_WORDS];
static CUresult launchResult = OK;
static unsigned mapRank;
static uint64_t mapDims[5], mapStrides[5];
static unsigned mapBox[5];

/* What the tests read and set. */
int fake_launches(void) { return launches; }
void fake_set_arg_count(int n) { argCount = n < MAX_WORDS ? n : MAX_WORDS; }
void fake_set_launch_result(int result) { launchResult = result; }
void fake_last_launch(unsigned *g, unsigned *b, uint64_t *s, uint64_t *w) {
  memcpy(g, grid, sizeof(grid));
  memcpy(b, block, sizeof(block));
  *s = stream;
  memcpy(w, words, sizeof(uint64_t) * (size_t)argCount);
}

/* The last cuTensorMapEncodeTiled: rank, sizes, byte strides (rank - 1
 * of them) and box. */
unsigned fake_last_tensor_map(uint64_t *dims, uint64_t *strides,
                              unsigned *box) {
  memcpy(dims, mapDims, sizeof(mapDims));
  memcpy(strides, mapStrides, sizeof(mapStrides));
  memcpy(box, mapBox, sizeof(mapBox));
  return mapRank;
}

CUresult cuGetErrorName(CUresult r, const char **s) {
  *s = r == ERROR_INVALID_VALUE ? "CUDA_ERROR_INVALID_VALUE"
                                : "CUDA_ERROR_FAKE";
  return OK;
}
CUresult cuGetErrorString(CUresult r, const char **s) {
  (void)r;
  *s = "error in the fake driver";
  return OK;
}
CUresult cuInit(unsigned flags) {
  (void)flags;
  return OK;
}
CUresult cuDriverGetVersion(int *v) {
  *v = 12080;
  return OK;
}
CUresult cuDeviceGetCount(int *c) {
  *c = 1;
  return OK;
}
CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = 0;
  return ordinal == 0 ? OK : ERROR_INVALID_DEVICE;
}
/* CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR (75) and _MINOR (76). */
CUresult cuDeviceGetAttribute(int *v, int attribute, CUdevice d) {
  (void)d;
  *v = attribute == 75 ? 9 : attribute == 76 ? 0 : 1024;
  return OK;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  snprintf(name, (size_t)len, "fake GPU (records launches)");
  return OK;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  (void)d;
  *c = &context;
  return OK;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
  (void)d;
  return OK;
}
CUresult cuCtxSetCurrent(CUcontext c) {
  (void)c;
  return OK;
}
CUresult cuCtxGetCurrent(CUcontext *c) {
  *c = &context;
  return OK;
}
CUresult cuCtxSynchronize(void) { return OK; }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n,
                            void *options, void **values) {
  (void)image, (void)n, (void)options, (void)values;
  *m = malloc(1);
  return OK;
}
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  return cuModuleLoadDataEx(m, image, 0, NULL, NULL);
}
CUresult cuModuleUnload(CUmodule m) {
  free(m);
  return OK;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)name;
  *f = m;
  return OK;
}
/* CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK is 0. */
CUresult cuFuncGetAttribute(int *v, int attribute, CUfunction f) {
  (void)f;
  *v = attribute == 0 ? 1024 : 0;
  return OK;
}
CUresult cuFuncSetAttribute(CUfunction f, int attribute, int v) {
  (void)f, (void)attribute, (void)v;
  return OK;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream s, void **args, void **extra) {
  (void)f, (void)shared, (void)extra;
  if (launchResult != OK)
    return launchResult;
  ++launches;
  grid[0] = gx, grid[1] = gy, grid[2] = gz;
  block[0] = bx, block[1] = by, block[2] = bz;
  stream = (uint64_t)(uintptr_t)s;
  /* tilec's runtime passes every argument in an 8-byte slot. */
  for (int i = 0; i < argCount; ++i)
    memcpy(&words[i], args[i], 8);
  return OK;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  *p = (CUdeviceptr)(uintptr_t)malloc(bytes ? bytes : 1);
  return OK;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  return OK;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t bytes) {
  memcpy((void *)(uintptr_t)d, h, bytes);
  return OK;
}
CUresult cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t bytes) {
  memcpy(h, (void *)(uintptr_t)d, bytes);
  return OK;
}
CUresult cuMemsetD32_v2(CUdeviceptr d, unsigned value, size_t n) {
  for (size_t i = 0; i < n; ++i)
    ((unsigned *)(uintptr_t)d)[i] = value;
  return OK;
}
CUresult cuStreamCreate(CUstream *s, unsigned flags) {
  (void)flags;
  *s = malloc(1);
  return OK;
}
CUresult cuStreamDestroy_v2(CUstream s) {
  free(s);
  return OK;
}
CUresult cuStreamSynchronize(CUstream s) {
  (void)s;
  return OK;
}
CUresult cuEventCreate(CUevent *e, unsigned flags) {
  (void)flags;
  *e = malloc(1);
  return OK;
}
CUresult cuEventRecord(CUevent e, CUstream s) {
  (void)e, (void)s;
  return OK;
}
CUresult cuEventSynchronize(CUevent e) {
  (void)e;
  return OK;
}
CUresult cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b) {
  (void)a, (void)b;
  *ms = 1.0f;
  return OK;
}
CUresult cuEventDestroy_v2(CUevent e) {
  free(e);
  return OK;
}
/* Checks nothing: keeps what the tests read, and writes the address into
 * the map's first 8 bytes, which a launch passes on. */
CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank,
                                void *address, const uint64_t *dims,
                                const uint64_t *strides, const unsigned *box,
                                const unsigned *elementStrides,
                                int interleave, int swizzle, int l2,
                                int oobFill) {
  (void)type, (void)elementStrides, (void)interleave, (void)swizzle, (void)l2,
      (void)oobFill;
  if (rank < 1 || rank > 5)
    return ERROR_INVALID_VALUE;
  mapRank = rank;
  memset(mapDims, 0, sizeof(mapDims));
  memset(mapStrides, 0, sizeof(mapStrides));
  memcpy(mapDims, dims, sizeof(uint64_t) * rank);
  memcpy(mapStrides, strides, sizeof(uint64_t) * (rank - 1));
  memcpy(mapBox, box, sizeof(unsigned) * rank);
  memset(map, 0, 128);
  uint64_t a = (uint64_t)(uintptr_t)address;
  memcpy(map, &a, 8);
  return OK;
}
