//===- CLauncherTest.cpp - The C launcher of descriptor kernels -*- C++ -*-===//
//
// emitCLauncher (`tilec --emit=c-launcher`) for a kernel with tensor
// descriptor parameters, which the frontend cannot make yet, so the
// metadata is built here: the C signature, the refusals, and the generated
// C compiled with the system's C compiler (as C99, warnings as errors),
// linked against a stub driver that prints what cuTensorMapEncodeTiled and
// cuLaunchKernel received, and run. The lit test test/Tools/c_launcher.py
// covers kernels without descriptors.
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
std::pair<std::string, std::string> emit(const CompiledKernel &k) {
  std::string h, c;
  llvm::raw_string_ostream hos(h), cos(c);
  if (llvm::Error e = emitCLauncher(k, "mm", hos, cos))
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

TEST(CLauncherTest, GeneratedCEncodesAsTheRuntimeDoes) {
  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc)
    GTEST_SKIP() << "no C compiler (cc) here";
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-claunch", dir));
  auto path = [&](llvm::StringRef file) {
    llvm::SmallString<128> p = dir;
    llvm::sys::path::append(p, file);
    return std::string(p);
  };
  auto write = [&](llvm::StringRef file, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path(file), ec);
    ASSERT_FALSE(ec) << ec.message();
    os << text;
  };
  auto [h, c] = emit(tmaKernel());
  write("mm.h", h);
  write("mm.c", c);
  write("main.c", kStubDriver);

  std::string exe = path("mm"), log = path("log");
  int rc = llvm::sys::ExecuteAndWait(*cc,
                                     {*cc, "-std=c99", "-Wall", "-Wextra",
                                      "-Werror", "-I" TILEC_CUDA_INCLUDE_DIR,
                                      path("mm.c"), path("main.c"), "-o", exe},
                                     std::nullopt, {std::nullopt, log, log});
  auto logText = [&] {
    auto b = llvm::MemoryBuffer::getFile(log);
    return b ? (*b)->getBuffer().str() : std::string("<no output>");
  };
  ASSERT_EQ(rc, 0) << logText() << "\n" << c;
  rc = llvm::sys::ExecuteAndWait(exe, {exe}, std::nullopt,
                                 {std::nullopt, log, log});
  ASSERT_EQ(rc, 0) << logText();
  // The same calls runtime::encodeTensorMap makes: dimensions innermost
  // first, strides in bytes, fp16 (6) with a 128-byte swizzle (3) and a
  // [64, 128] box, fp32 (7) with [32, 64]; L2 256B (3), zero fill (0).
  // A last stride other than 1 the generated helper refuses itself
  // (CUDA_ERROR_INVALID_VALUE, 1), before the driver is asked.
  EXPECT_EQ(logText(),
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
  llvm::sys::fs::remove_directories(dir);
}

} // namespace
