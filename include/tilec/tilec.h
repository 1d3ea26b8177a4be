/*===- tilec.h - The C API of tilec ----------------------------*- C -*-===*\
|*                                                                          *|
|* Compile a Triton-language kernel from source text to PTX and cubin with  *|
|* its metadata, through the kernel cache; load it into a GPU's primary     *|
|* context and launch it, through the CUDA driver API (opened at run time,  *|
|* never linked). This is what libtilec.so exports, and all it exports: no  *|
|* C++ type crosses it, so any language binds it (python/tilec does, with   *|
|* ctypes), and it depends on no Python version. docs/embedding.md.         *|
|*                                                                          *|
|* Conventions:                                                             *|
|*  - Objects are opaque handles made by tilec_*_create/compile/get/load    *|
|*    and released by the matching tilec_*_free (which accepts NULL).       *|
|*  - A fallible call returns a tilec_status and, when `error` is not NULL  *|
|*    and the call failed, stores a new tilec_error there that the caller   *|
|*    frees. Its message is the text tilec prints: for a kernel that does   *|
|*    not compile, the located diagnostics (`k.py:5:9: error: ...`, the     *|
|*    source line and a caret).                                             *|
|*  - Strings going in are NUL-terminated UTF-8 unless a length is given;   *|
|*    strings coming out live as long as the object they come from, except  *|
|*    those returned as `char *`, which the caller frees with tilec_free.   *|
|*  - Every call may be made from any thread; a handle may be used from     *|
|*    several threads at once except while it is being freed (and an       *|
|*    options handle while it is being changed).                            *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TILEC_TILEC_H
#define TILEC_TILEC_H

#include <stddef.h>
#include <stdint.h>

#if defined(TILEC_CAPI_BUILD)
#define TILEC_API __attribute__((visibility("default")))
#else
#define TILEC_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface. The major version changes when a function
 * is removed or changes meaning (the soname follows it: libtilec.so.1); the
 * minor one when functions are added. */
#define TILEC_API_VERSION_MAJOR 1
#define TILEC_API_VERSION_MINOR 2

/* TILEC_API_VERSION_MAJOR * 1000 + TILEC_API_VERSION_MINOR of the library
 * actually loaded; a binding checks the major version before any call. */
TILEC_API int tilec_api_version(void);
/* "tilec 0.1.0 (build <id>) llvm 22.1.x": the compiler in every cache key. */
TILEC_API const char *tilec_compiler_version(void);
/* Frees a `char *` returned by this library. */
TILEC_API void tilec_free(void *text);

/*===--------------------------------------------------------------------===*
 * Errors
 *===--------------------------------------------------------------------===*/

typedef enum tilec_status {
  TILEC_OK = 0,
  /* The kernel does not compile; the message is the located diagnostics. */
  TILEC_ERROR_COMPILE = 1,
  /* A launch's arguments do not match the kernel's parameters. */
  TILEC_ERROR_ARGUMENT = 2,
  /* A CUDA driver call failed (tilec_error_cuda_result says which). */
  TILEC_ERROR_CUDA = 3,
  /* No CUDA driver, only its stub, or no GPU. */
  TILEC_ERROR_NO_DRIVER = 4,
  /* Anything else: a bad option, an unreadable file, a NULL handle. */
  TILEC_ERROR_INVALID = 5,
} tilec_status;

typedef struct tilec_error tilec_error;

TILEC_API tilec_status tilec_error_status(const tilec_error *error);
/* The message, without a final newline. */
TILEC_API const char *tilec_error_message(const tilec_error *error);
/* The CUresult of a TILEC_ERROR_CUDA error, else 0. */
TILEC_API int tilec_error_cuda_result(const tilec_error *error);
TILEC_API void tilec_error_free(tilec_error *error);

/*===--------------------------------------------------------------------===*
 * Compile options
 *===--------------------------------------------------------------------===*/

typedef struct tilec_options tilec_options;

/* Defaults: the source's only kernel, an empty signature, num_warps 4,
 * num_stages 3, sm_90a, opt level 3, fp fusion on, debug off, a cubin when
 * ptxas is found. Every option is part of the cache key. */
TILEC_API tilec_options *tilec_options_create(void);
TILEC_API tilec_options *tilec_options_clone(const tilec_options *options);
TILEC_API void tilec_options_free(tilec_options *options);

/* The @jit function to compile (NULL or "": the source's only one). */
TILEC_API void tilec_options_set_kernel(tilec_options *options,
                                        const char *name);
/* Triton's AOT signature, as `tilec -s` takes it:
 * "*fp32:16, *fp32:16, i32:16, 1024". */
TILEC_API void tilec_options_set_signature(tilec_options *options,
                                           const char *signature);
/* Binds constexpr parameter `name` to `value` (`tilec -D NAME=VALUE`): an
 * integer, a float, True/False or a dtype such as tl.float16. */
TILEC_API void tilec_options_add_define(tilec_options *options,
                                        const char *name, const char *value);
TILEC_API void tilec_options_set_num_warps(tilec_options *options, int n);
TILEC_API void tilec_options_set_num_stages(tilec_options *options, int n);
/* "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a". */
TILEC_API void tilec_options_set_arch(tilec_options *options,
                                      const char *arch);
TILEC_API void tilec_options_set_opt_level(tilec_options *options, int level);
TILEC_API void tilec_options_set_fp_fusion(tilec_options *options, int on);
/* Triton's TRITON_DEBUG: device asserts compiled in. */
TILEC_API void tilec_options_set_debug(tilec_options *options, int on);

typedef enum tilec_assemble {
  /* ptxas when found, else PTX only (the driver JIT-compiles it). */
  TILEC_ASSEMBLE_IF_AVAILABLE = 0,
  /* ptxas; a missing ptxas is an error. */
  TILEC_ASSEMBLE_ALWAYS = 1,
  /* PTX only. */
  TILEC_ASSEMBLE_NEVER = 2,
} tilec_assemble;
TILEC_API void tilec_options_set_assemble(tilec_options *options,
                                          tilec_assemble assemble);

/* Hands over another Python module the kernel's @jit helpers or constexpr
 * globals come from: `name` is its dotted name as the kernel's files import
 * it ("mylib.helpers"), `filename` names it in diagnostics, `text` is its
 * source (`length` bytes; -1: NUL-terminated). */
TILEC_API void tilec_options_add_module(tilec_options *options,
                                        const char *name,
                                        const char *filename,
                                        const char *text, ptrdiff_t length);
/* Adds a directory to the import search of the kernel's files (`tilec -I
 * DIR`), searched in the order added, after the kernel file's own package
 * and before $PYTHONPATH (API 1.1). */
TILEC_API void tilec_options_add_include_dir(tilec_options *options,
                                             const char *dir);
/* The value Python gave module-level `name` in `module` ("" or NULL: the
 * kernel's file; else a module added above), used in place of the name's
 * definition there: an integer, a float, True/False, None or a dtype. */
TILEC_API void tilec_options_set_global(tilec_options *options,
                                        const char *module, const char *name,
                                        const char *value);

/*===--------------------------------------------------------------------===*
 * Compiling
 *===--------------------------------------------------------------------===*/

typedef struct tilec_compiled tilec_compiled;

/* Bypass the kernel cache: compile, store nothing. */
#define TILEC_COMPILE_NO_CACHE 1u

/* Compiles kernel source `source` (`length` bytes; -1: NUL-terminated),
 * named `filename` in diagnostics, to PTX and (as the options say) a cubin,
 * through the process-wide kernel cache (memory and $TILEC_CACHE_DIR, else
 * ~/.cache/tilec) unless `flags` has TILEC_COMPILE_NO_CACHE. */
TILEC_API tilec_status tilec_compile(const char *source, ptrdiff_t length,
                                     const char *filename,
                                     const tilec_options *options,
                                     unsigned flags, tilec_compiled **out,
                                     tilec_error **error);
/* The same for a kernel file. */
TILEC_API tilec_status tilec_compile_file(const char *path,
                                          const tilec_options *options,
                                          unsigned flags, tilec_compiled **out,
                                          tilec_error **error);
TILEC_API void tilec_compiled_free(tilec_compiled *compiled);

/* The PTX text (NUL-terminated) and the cubin (NULL and 0 when none was
 * assembled). */
TILEC_API const char *tilec_compiled_ptx(const tilec_compiled *compiled,
                                         size_t *size);
TILEC_API const void *tilec_compiled_cubin(const tilec_compiled *compiled,
                                           size_t *size);

typedef enum tilec_metadata_int {
  TILEC_MD_NUM_WARPS = 0,
  TILEC_MD_THREADS_PER_BLOCK = 1,
  /* From ptxas (0 without a cubin). */
  TILEC_MD_REGISTERS = 2,
  TILEC_MD_SPILL_STORES = 3,
  TILEC_MD_SPILL_LOADS = 4,
  TILEC_MD_STACK_BYTES = 5,
  /* Static shared memory. */
  TILEC_MD_SHARED_BYTES = 6,
  /* Dynamic shared memory every launch passes. */
  TILEC_MD_DYNAMIC_SHARED_BYTES = 7,
  TILEC_MD_MIN_CTAS_PER_SM = 8,
  TILEC_MD_HAS_CUBIN = 9,
  TILEC_MD_NUM_PARAMS = 10,
} tilec_metadata_int;
TILEC_API int64_t tilec_compiled_int(const tilec_compiled *compiled,
                                     tilec_metadata_int field);

typedef enum tilec_metadata_string {
  /* The `.entry` name. */
  TILEC_MD_NAME = 0,
  TILEC_MD_ARCH = 1,
  /* Warnings from the compiler and ptxas's report. */
  TILEC_MD_COMPILE_LOG = 2,
  /* Why there is no cubin, or "". */
  TILEC_MD_CUBIN_NOTE = 3,
} tilec_metadata_string;
TILEC_API const char *tilec_compiled_string(const tilec_compiled *compiled,
                                            tilec_metadata_string field);

typedef enum tilec_param_kind {
  TILEC_PARAM_POINTER = 0,
  TILEC_PARAM_INT = 1,
  TILEC_PARAM_FLOAT = 2,
  TILEC_PARAM_TENSORDESC = 3,
  /* The hidden parameters of a tensor descriptor whose shape or strides the
   * kernel reads: right after it, one i32 per dimension of its tensor's
   * shape, then one i64 per dimension of its strides (elements), outermost
   * first. A launch fills them from the descriptor's tilec_tensordesc: they
   * are not among its arguments (API 1.2). */
  TILEC_PARAM_TENSORDESC_SHAPE = 4,
  TILEC_PARAM_TENSORDESC_STRIDE = 5,
} tilec_param_kind;

/* One parameter, as the emitted kernel takes it: a runtime (not constexpr)
 * parameter of the source, or a hidden one. A tuple argument is flattened
 * as Triton flattens it: one parameter per leaf that is not a constexpr or
 * None, in order. A descriptor `d`'s hidden parameters are named
 * "d.shape.0", ..., "d.strides.0", .... */
typedef struct tilec_param {
  /* The parameter's name in the source; a leaf of a tuple argument is named
   * by its path, the tuple's name and the indices: "shape.0", "t.1.2". */
  const char *name;
  /* The signature entry without its specialization: "*fp32", "i32",
   * "tensordesc<fp16[128, 64]>". */
  const char *type;
  tilec_param_kind kind;
  /* The width passed to cuLaunchKernel: 64 for a pointer, the scalar's
   * width (1 for i1), 1024 for a tensor descriptor. */
  unsigned bits;
} tilec_param;

/* Parameter `index` (< TILEC_MD_NUM_PARAMS) into `*out`; 0 on success. */
TILEC_API int tilec_compiled_param(const tilec_compiled *compiled,
                                   size_t index, tilec_param *out);
/* All the metadata as one JSON object (name, arch, num_warps, registers,
 * ..., params: [{name, type, kind, bits}]), for bindings that would rather
 * make one call. Free with tilec_free. */
TILEC_API char *tilec_compiled_metadata_json(const tilec_compiled *compiled);

/* The kernel at an intermediate level, as `tilec --emit=LEVEL` prints it:
 * "tile", "tilegpu", "llvm-mlir" (the LLVM dialect) or "llvm" (LLVM IR).
 * Not cached. On success `*text` is set; free it with tilec_free. */
TILEC_API tilec_status tilec_emit(const char *source, ptrdiff_t length,
                                  const char *filename,
                                  const tilec_options *options,
                                  const char *level, char **text,
                                  tilec_error **error);

/*===--------------------------------------------------------------------===*
 * The kernel cache
 *===--------------------------------------------------------------------===*/

typedef struct tilec_cache_stats {
  unsigned memory_hits;
  unsigned disk_hits;
  unsigned misses;
  unsigned corrupt_entries;
  unsigned write_failures;
} tilec_cache_stats;

TILEC_API void tilec_cache_get_stats(tilec_cache_stats *out);
/* The directory the process-wide cache writes to ("" for memory only).
 * Free with tilec_free. */
TILEC_API char *tilec_cache_directory(void);
/* Forgets the in-memory entries (the disk is untouched). */
TILEC_API void tilec_cache_clear_memory(void);

/*===--------------------------------------------------------------------===*
 * Devices, loading, launching
 *===--------------------------------------------------------------------===*/

typedef struct tilec_device tilec_device;
typedef struct tilec_kernel tilec_kernel;

/* The number of GPUs (TILEC_ERROR_NO_DRIVER without a driver). */
TILEC_API tilec_status tilec_device_count(int *count, tilec_error **error);
/* GPU `ordinal` and its primary context (the one PyTorch uses), which the
 * handle retains and makes current on the calling thread. */
TILEC_API tilec_status tilec_device_get(int ordinal, tilec_device **out,
                                        tilec_error **error);
TILEC_API void tilec_device_free(tilec_device *device);
/* The compute capability times ten (90 for an H200). */
TILEC_API int tilec_device_compute_capability(const tilec_device *device);
/* "sm_80", ..., "sm_90a": the arch to compile for this device. */
TILEC_API const char *tilec_device_arch(const tilec_device *device);
TILEC_API tilec_status tilec_device_synchronize(const tilec_device *device,
                                                tilec_error **error);

/* Loads `compiled` (its cubin, else its PTX through the driver's JIT) into
 * the device's primary context. The kernel keeps what it needs of
 * `compiled`, which may be freed first. */
TILEC_API tilec_status tilec_kernel_load(const tilec_device *device,
                                         const tilec_compiled *compiled,
                                         tilec_kernel **out,
                                         tilec_error **error);
TILEC_API void tilec_kernel_free(tilec_kernel *kernel);
/* The compiled kernel it runs (owned by the kernel). */
TILEC_API const tilec_compiled *
tilec_kernel_compiled(const tilec_kernel *kernel);

/* A tensor for a tensordesc parameter: base address, then shape and strides
 * in elements, outermost first (strides[rank - 1] == 1). */
typedef struct tilec_tensordesc {
  uint64_t base;
  int rank;
  int64_t shape[5];
  int64_t strides[5];
} tilec_tensordesc;

/* One launch argument: `kind` says which member holds it. */
typedef struct tilec_arg {
  tilec_param_kind kind;
  union {
    uint64_t pointer;
    int64_t integer;
    double floating;
    const tilec_tensordesc *tensordesc;
  } value;
} tilec_arg;

/* Launches on `stream` (a CUstream; NULL: the legacy default stream) with
 * the block of the kernel's num_warps, after checking the arguments against
 * its parameters (count, kind, integer range): a mismatch is
 * TILEC_ERROR_ARGUMENT and nothing reaches the GPU. `args` holds one
 * argument per parameter but the hidden ones (TILEC_PARAM_TENSORDESC_SHAPE
 * and _STRIDE), which the launch fills from their descriptor's argument.
 * Asynchronous. */
TILEC_API tilec_status tilec_kernel_launch(const tilec_kernel *kernel,
                                           unsigned grid_x, unsigned grid_y,
                                           unsigned grid_z, void *stream,
                                           const tilec_arg *args,
                                           size_t num_args,
                                           tilec_error **error);
/* The same with the arguments as 8-byte slots, one per parameter, each read
 * as the parameter's kind says: a uint64_t address for a pointer, an
 * int64_t for an integer, a double for a float (tensor descriptors need
 * tilec_kernel_launch). The fast path for bindings that pack arguments in
 * one call (Python's struct.pack). */
TILEC_API tilec_status tilec_kernel_launch_slots(const tilec_kernel *kernel,
                                                 unsigned grid_x,
                                                 unsigned grid_y,
                                                 unsigned grid_z, void *stream,
                                                 const void *slots,
                                                 size_t num_slots,
                                                 tilec_error **error);
/* The same launch from one buffer (API 1.1), for bindings where each
 * argument of a foreign call costs (Python's ctypes): `packet` holds, in
 * the host's byte order, the header
 *   uint64_t kernel;        the tilec_kernel * as an integer
 *   uint64_t num_slots;
 *   uint32_t grid[3];       x, y, z
 *   uint32_t reserved;      0
 *   uint64_t stream;        the CUstream as an integer (0: legacy default)
 * (40 bytes), then `num_slots` 8-byte slots as tilec_kernel_launch_slots
 * reads them. The same checks; nothing of the packet is kept. */
TILEC_API tilec_status tilec_kernel_launch_packet(const void *packet,
                                                  tilec_error **error);

#ifdef __cplusplus
}
#endif

#endif /* TILEC_TILEC_H */
