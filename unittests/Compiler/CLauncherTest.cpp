//===- CLauncherTest.cpp - The C launcher of descriptor kernels -*- C++ -*-===//
//
// emitCLauncher (`tilec --emit=c-launcher`) for a kernel with tensor
// descriptor parameters, which the frontend cannot make yet, so the
// metadata is built here: the C signature, the refusals, and the generated
// C compiled with the system's C compiler (as C99, warnings as errors),
// linked against a stub driver that prints what cuTensorMapEncodeTiled and
// cuLaunchKernel received, and run. Likewise a kernel with more than 48 KiB
// of dynamic shared memory, against a stub that refuses its launch, as the
// driver does, unless cuFuncSetAttribute allowed it. And a kernel that reads
// a descriptor's shape and strides, whose hidden parameters the launcher
// fills from the descriptor's C arrays. The lit test
// test/Tools/c_launcher.py covers kernels without descriptors.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <optional>

using namespace tilec;

namespace {

std::string fmt(const char *prefix, unsigned d) {
  return prefix + std::to_string(d);
}

/// `tensordesc<type[block]>` planned as the compiler plans it.
KernelParam descParam(std::string name, std::string type, unsigned bytes,
                      std::vector<int64_t> block) {
  KernelParam p{std::move(name), "tensordesc<...>",
                KernelParam::Kind::TensorDesc, 1024};
  std::string why;
  EXPECT_TRUE(planTensorDescLayout(block, bytes, p.desc, why)) << why;
  p.desc.elemType = std::move(type);
  return p;
}

/// matmul_tma_kernel(a_desc, c_desc, M): fp16 [128, 64] in, fp32 [64, 256]
/// out.
CompiledKernel tmaKernel() {
  CompiledKernel k;
  k.ptx = "ptx";
  k.cubin = std::string("\177ELF\2\1\1", 7);
  KernelMetadata &md = k.metadata;
  md.name = "matmul_tma_kernel";
  md.arch = "sm_90a";
  md.threadsPerBlock = 256;
  md.hasCubin = true;
  md.params = {descParam("a_desc", "fp16", 2, {128, 64}),
               descParam("c_desc", "fp32", 4, {64, 256}),
               {"M", "i32", KernelParam::Kind::Int, 32}};
  return k;
}

/// The launcher's header and source text, or the error's message in `h`.
std::pair<std::string, std::string> emit(const CompiledKernel &k,
                                         llvm::StringRef name = "mm") {
  std::string h, c;
  llvm::raw_string_ostream hos(h), cos(c);
  if (llvm::Error e = emitCLauncher(k, name, hos, cos))
    return {llvm::toString(std::move(e)), ""};
  return {h, c};
}

TEST(CLauncherTest, DescriptorsTakeBaseShapeAndStrides) {
  auto [h, c] = emit(tmaKernel());
  EXPECT_NE(h.find("unsigned int gridZ,\n"
                   "    CUdeviceptr a_desc_base,\n"
                   "    const int64_t a_desc_shape[2],\n"
                   "    const int64_t a_desc_strides[2],\n"
                   "    CUdeviceptr c_desc_base,\n"
                   "    const int64_t c_desc_shape[2],\n"
                   "    const int64_t c_desc_strides[2],\n"
                   "    int32_t M);"),
            std::string::npos)
      << h;
  // The boxes innermost first: fp32 [64, 256] moves [64, 32] boxes.
  EXPECT_NE(c.find("static const cuuint32_t mm_c_desc_box[] = {32, 64};"),
            std::string::npos)
      << c;
  EXPECT_NE(c.find("void *args[] = {&a_desc_map, &c_desc_map, &M, NULL};"),
            std::string::npos)
      << c;
}

TEST(CLauncherTest, RefusesWhatItCannotEncodeOrName) {
  CompiledKernel k = tmaKernel();
  k.metadata.params[0].desc.elemType = "i1";
  EXPECT_EQ(emit(k).first, "tensor descriptor parameter 'a_desc' has "
                           "element type 'i1', which TMA cannot copy");
  k = tmaKernel();
  k.metadata.params[2].name = "a_desc_base";
  EXPECT_EQ(emit(k).first,
            "c-launcher: the C name 'a_desc_base' of parameter 'a_desc_base' "
            "is taken by another; rename the parameter");
  k = tmaKernel();
  k.metadata.params[2].name = "result";
  EXPECT_EQ(emit(k).first, "c-launcher: the C name 'result' of parameter "
                           "'result' is taken by another; rename the "
                           "parameter");
}

/// The driver the generated C links against: prints the encoder's
/// arguments and what the launch's map arguments hold (the fake encoder
/// stamps each map with the order it was encoded in).
constexpr const char *kStubDriver = R"c(
#include "mm.h"
#include <stdio.h>

static int encodes = 0;
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  (void)image;
  *m = (CUmodule)1;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m;
  printf("function %s\n", name);
  *f = (CUfunction)2;
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  return CUDA_SUCCESS;
}
CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type,
    cuuint32_t rank, void *address, const cuuint64_t *dims,
    const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
    CUtensorMapFloatOOBfill oob) {
  cuuint32_t d;
  printf("encode type=%d rank=%u base=%p aligned=%d", (int)type, rank,
         address, (int)((size_t)map % 64 == 0));
  for (d = 0; d < rank; ++d)
    printf(" dim=%llu box=%u es=%u", (unsigned long long)dims[d], box[d],
           elementStrides[d]);
  for (d = 0; d + 1 < rank; ++d)
    printf(" stride=%llu", (unsigned long long)strides[d]);
  printf(" interleave=%d swizzle=%d l2=%d oob=%d\n", (int)interleave,
         (int)swizzle, (int)l2, (int)oob);
  map->opaque[0] = (cuuint64_t)++encodes;
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
    unsigned bx, unsigned by, unsigned bz, unsigned shared, CUstream s,
    void **args, void **extra) {
  (void)f; (void)gy; (void)gz; (void)by; (void)bz; (void)shared; (void)s;
  (void)extra;
  printf("launch grid=%u block=%u maps=%llu,%llu M=%d\n", gx, bx,
         (unsigned long long)((CUtensorMap *)args[0])->opaque[0],
         (unsigned long long)((CUtensorMap *)args[1])->opaque[0],
         *(int32_t *)args[2]);
  return CUDA_SUCCESS;
}

int main(void) {
  const int64_t aShape[2] = {1000, 200}, aStrides[2] = {256, 1};
  const int64_t cShape[2] = {1000, 300}, cStrides[2] = {304, 1};
  const int64_t badStrides[2] = {256, 2};
  CUresult r;
  if (load_mm() != CUDA_SUCCESS)
    return 1;
  r = mm(NULL, 7, 1, 1, 0x10000, aShape, aStrides, 0x20000, cShape, cStrides,
         1000);
  printf("result %d\n", (int)r);
  r = mm(NULL, 7, 1, 1, 0x10000, aShape, badStrides, 0x20000, cShape,
         cStrides, 1000);
  printf("result %d\n", (int)r);
  return 0;
}
)c";

/// Writes the launcher of `k` as NAME.h and NAME.c, compiles it with
/// `driver` (a stub of the driver API with a main) as C99 with warnings as
/// errors, runs it and returns what it printed; nullopt after a failure it
/// has reported.
std::optional<std::string> runWithStubDriver(const std::string &cc,
                                             const CompiledKernel &k,
                                             llvm::StringRef name,
                                             llvm::StringRef driver) {
  llvm::SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tilec-claunch", dir)) {
    ADD_FAILURE() << ec.message();
    return std::nullopt;
  }
  auto path = [&](llvm::StringRef file) {
    llvm::SmallString<128> p = dir;
    llvm::sys::path::append(p, file);
    return std::string(p);
  };
  auto write = [&](llvm::StringRef file, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path(file), ec);
    EXPECT_FALSE(ec) << ec.message();
    os << text;
  };
  auto [h, c] = emit(k, name);
  write(name.str() + ".h", h);
  write(name.str() + ".c", c);
  write("main.c", driver);

  std::string exe = path("launcher"), log = path("log");
  auto logText = [&] {
    auto b = llvm::MemoryBuffer::getFile(log);
    return b ? (*b)->getBuffer().str() : std::string("<no output>");
  };
  std::optional<std::string> result;
  int rc = llvm::sys::ExecuteAndWait(cc,
                                     {cc, "-std=c99", "-Wall", "-Wextra",
                                      "-Werror", "-I" TILEC_CUDA_INCLUDE_DIR,
                                      path(name.str() + ".c"), path("main.c"),
                                      "-o", exe},
                                     std::nullopt, {std::nullopt, log, log});
  if (rc != 0) {
    ADD_FAILURE() << logText() << "\n" << c;
  } else {
    rc = llvm::sys::ExecuteAndWait(exe, {exe}, std::nullopt,
                                   {std::nullopt, log, log});
    if (rc != 0)
      ADD_FAILURE() << "exit " << rc << ": " << logText();
    else
      result = logText();
  }
  llvm::sys::fs::remove_directories(dir);
  return result;
}

TEST(CLauncherTest, GeneratedCEncodesAsTheRuntimeDoes) {
  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc)
    GTEST_SKIP() << "no C compiler (cc) here";
  // The stub defines no cuFuncSetAttribute: a kernel without dynamic shared
  // memory must not call it.
  std::optional<std::string> out =
      runWithStubDriver(*cc, tmaKernel(), "mm", kStubDriver);
  ASSERT_TRUE(out);
  // The same calls runtime::encodeTensorMap makes: dimensions innermost
  // first, strides in bytes, fp16 (6) with a 128-byte swizzle (3) and a
  // [64, 128] box, fp32 (7) with [32, 64]; L2 256B (3), zero fill (0).
  // A last stride other than 1 the generated helper refuses itself
  // (CUDA_ERROR_INVALID_VALUE, 1), before the driver is asked.
  EXPECT_EQ(*out,
            "function matmul_tma_kernel\n"
            "encode type=6 rank=2 base=0x10000 aligned=1 dim=200 box=64 es=1 "
            "dim=1000 box=128 es=1 stride=512 interleave=0 swizzle=3 l2=3 "
            "oob=0\n"
            "encode type=7 rank=2 base=0x20000 aligned=1 dim=300 box=32 es=1 "
            "dim=1000 box=64 es=1 stride=1216 interleave=0 swizzle=3 l2=3 "
            "oob=0\n"
            "launch grid=7 block=256 maps=1,2 M=1000\n"
            "result 0\n"
            "result 1\n");
}

/// tmaKernel() reading a_desc's shape and strides: its hidden parameters
/// follow it.
CompiledKernel hiddenKernel() {
  CompiledKernel k = tmaKernel();
  std::vector<KernelParam> hidden;
  for (unsigned d = 0; d < 4; ++d) {
    bool isShape = d < 2;
    KernelParam p{fmt(isShape ? "a_desc.shape." : "a_desc.strides.", d % 2),
                  isShape ? "i32" : "i64",
                  isShape ? KernelParam::Kind::TensorDescShape
                          : KernelParam::Kind::TensorDescStride,
                  isShape ? 32u : 64u};
    p.dim = d % 2;
    hidden.push_back(p);
  }
  auto &params = k.metadata.params;
  params.insert(params.begin() + 1, hidden.begin(), hidden.end());
  return k;
}

TEST(CLauncherTest, HiddenParametersComeFromTheDescriptor) {
  auto [h, c] = emit(hiddenKernel());
  // The C signature is the descriptor's alone.
  EXPECT_NE(h.find("    const int64_t a_desc_strides[2],\n"
                   "    CUdeviceptr c_desc_base,"),
            std::string::npos)
      << h;
  EXPECT_NE(h.find(" * The kernel reads the shape and strides of `a_desc`: "
                   "the launch\n"
                   " * passes a_desc_shape (as int32) and a_desc_strides to "
                   "it as well. */"),
            std::string::npos)
      << h;
  EXPECT_NE(c.find("void *args[] = {&a_desc_map, &a_desc_shape_0, "
                   "&a_desc_shape_1, &a_desc_strides_0, &a_desc_strides_1, "
                   "&c_desc_map, &M, NULL};"),
            std::string::npos)
      << c;
  EXPECT_NE(c.find("  int32_t a_desc_shape_0;\n"), std::string::npos) << c;
  EXPECT_NE(c.find("  int64_t a_desc_strides_1;\n"), std::string::npos) << c;
  EXPECT_NE(c.find("  a_desc_strides_0 = a_desc_strides[0];\n"),
            std::string::npos)
      << c;
}

/// kStubDriver for hiddenKernel(): the launch prints the hidden arguments.
constexpr const char *kHiddenDriver = R"c(
#include "hd.h"
#include <stdio.h>

CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  (void)image;
  *m = (CUmodule)1;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m; (void)name;
  *f = (CUfunction)2;
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  return CUDA_SUCCESS;
}
CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type,
    cuuint32_t rank, void *address, const cuuint64_t *dims,
    const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
    CUtensorMapFloatOOBfill oob) {
  (void)map; (void)type; (void)rank; (void)address; (void)dims;
  (void)strides; (void)box; (void)elementStrides; (void)interleave;
  (void)swizzle; (void)l2; (void)oob;
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
    unsigned bx, unsigned by, unsigned bz, unsigned shared, CUstream s,
    void **args, void **extra) {
  (void)f; (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz;
  (void)shared; (void)s; (void)extra;
  printf("launch shape=%d,%d strides=%lld,%lld M=%d\n", *(int32_t *)args[1],
         *(int32_t *)args[2], (long long)*(int64_t *)args[3],
         (long long)*(int64_t *)args[4], *(int32_t *)args[6]);
  return CUDA_SUCCESS;
}

int main(void) {
  const int64_t aShape[2] = {1000, 200}, aStrides[2] = {256, 1};
  const int64_t bigShape[2] = {(int64_t)1 << 31, 64}, bigStrides[2] = {64, 1};
  const int64_t cShape[2] = {1000, 300}, cStrides[2] = {304, 1};
  if (load_hd() != CUDA_SUCCESS)
    return 1;
  printf("result %d\n", (int)hd(NULL, 7, 1, 1, 0x10000, aShape, aStrides,
                                0x20000, cShape, cStrides, 1000));
  printf("result %d\n", (int)hd(NULL, 7, 1, 1, 0x10000, bigShape, bigStrides,
                                0x20000, cShape, cStrides, 1000));
  return 0;
}
)c";

TEST(CLauncherTest, GeneratedCFillsHiddenParameters) {
  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc)
    GTEST_SKIP() << "no C compiler (cc) here";
  std::optional<std::string> out =
      runWithStubDriver(*cc, hiddenKernel(), "hd", kHiddenDriver);
  ASSERT_TRUE(out);
  // A row count past the kernel's i32 is CUDA_ERROR_INVALID_VALUE (1).
  EXPECT_EQ(*out, "launch shape=1000,200 strides=256,1 M=1000\n"
                  "result 0\n"
                  "result 1\n");
}

/// matmul_kernel(c_ptr, M) with `bytes` of dynamic shared memory.
CompiledKernel sharedMemoryKernel(int bytes) {
  CompiledKernel k;
  k.ptx = "ptx";
  k.cubin = std::string("\177ELF\2\1\1", 7);
  KernelMetadata &md = k.metadata;
  md.name = "matmul_kernel";
  md.arch = "sm_90a";
  md.threadsPerBlock = 128;
  md.hasCubin = true;
  md.dynamicSharedBytes = bytes;
  md.params = {{"c_ptr", "*fp16", KernelParam::Kind::Pointer, 64},
               {"M", "i32", KernelParam::Kind::Int, 32}};
  return k;
}

/// A driver that, like the real one, refuses a launch with more than 48 KiB
/// of dynamic shared memory unless cuFuncSetAttribute allowed that much,
/// and refuses the attribute itself when `refuse` is set.
constexpr const char *kSharedMemoryDriver = R"c(
#include "big.h"
#include <stdio.h>

static int allowed = 0, refuse = 0;
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  (void)image;
  *m = (CUmodule)1;
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m;
  (void)name;
  *f = (CUfunction)2;
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  printf("unload\n");
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) {
  (void)f;
  printf("set %s %d\n",
         a == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
             ? "max-dynamic-shared" : "other", v);
  if (refuse)
    return CUDA_ERROR_INVALID_VALUE;
  if (a == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    allowed = v;
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
    unsigned bx, unsigned by, unsigned bz, unsigned shared, CUstream s,
    void **args, void **extra) {
  (void)f; (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz;
  (void)s; (void)args; (void)extra;
  if (shared > 48 * 1024 && (int)shared > allowed)
    return CUDA_ERROR_INVALID_VALUE;
  printf("launch shared=%u\n", shared);
  return CUDA_SUCCESS;
}

int main(void) {
  printf("load %d\n", (int)load_big());
  printf("result %d\n", (int)big(NULL, 1, 1, 1, 0x1000, 7));
  unload_big();
  refuse = 1;
  allowed = 0;
  printf("load %d\n", (int)load_big());
  printf("result %d\n", (int)big(NULL, 1, 1, 1, 0x1000, 7));
  return 0;
}
)c";

TEST(CLauncherTest, MoreThan48KiBOfDynamicSharedMemoryIsAskedFor) {
  // Up to 48 KiB a launch needs no attribute.
  EXPECT_EQ(emit(sharedMemoryKernel(48 * 1024), "big")
                .second.find("cuFuncSetAttribute"),
            std::string::npos);
  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc)
    GTEST_SKIP() << "no C compiler (cc) here";
  std::optional<std::string> out = runWithStubDriver(
      *cc, sharedMemoryKernel(100000), "big", kSharedMemoryDriver);
  ASSERT_TRUE(out);
  // The load allows the kernel its 100000 bytes and the launch succeeds; a
  // refused attribute fails the load (CUDA_ERROR_INVALID_VALUE, 1), which
  // leaves nothing loaded to launch (CUDA_ERROR_NOT_INITIALIZED, 3).
  EXPECT_EQ(*out, "set max-dynamic-shared 100000\n"
                  "load 0\n"
                  "launch shared=100000\n"
                  "result 0\n"
                  "unload\n"
                  "set max-dynamic-shared 100000\n"
                  "unload\n"
                  "load 1\n"
                  "result 3\n");
}

} // namespace
