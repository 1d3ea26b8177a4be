//===- CAPITest.cpp - The C API: compiling and metadata ---------*- C++ -*-===//
//
// include/tilec/tilec.h without a GPU: versions, compiling real kernels to
// PTX through the process-wide cache, the metadata read from the emitted
// kernel (names, unsigned types, constexprs left out, tensor descriptors),
// the located diagnostics of a kernel that does not compile, bad options,
// the cache's counters, and the intermediate levels of tilec_emit.
//
//===----------------------------------------------------------------------===//

#include "tilec/tilec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>

namespace {

/// The process-wide cache of the C API writes to a fresh directory: set
/// before any test makes the cache.
struct FreshCacheDirectory {
  FreshCacheDirectory() {
    llvm::SmallString<128> path;
    if (!llvm::sys::fs::createUniqueDirectory("tilec-capi-cache", path))
      ::setenv("TILEC_CACHE_DIR", path.c_str(), 1);
    dir = std::string(path);
  }
  ~FreshCacheDirectory() { llvm::sys::fs::remove_directories(dir); }
  std::string dir;
};
const FreshCacheDirectory freshCache;

const char *const kAddKernel =
    TILEC_EXAMPLES_DIR "/vector_add.py";

/// Options for a PTX-only compile (no ptxas needed).
tilec_options *ptxOptions(const char *kernel, const char *signature) {
  tilec_options *o = tilec_options_create();
  tilec_options_set_kernel(o, kernel);
  tilec_options_set_signature(o, signature);
  tilec_options_set_assemble(o, TILEC_ASSEMBLE_NEVER);
  return o;
}

/// Compiles `source` and expects success.
tilec_compiled *compileOk(const char *source, const tilec_options *o,
                          unsigned flags = 0) {
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  tilec_status s = tilec_compile(source, -1, "k.py", o, flags, &c, &e);
  EXPECT_EQ(s, TILEC_OK) << tilec_error_message(e);
  tilec_error_free(e);
  return c;
}

TEST(CAPITest, Versions) {
  EXPECT_EQ(tilec_api_version() / 1000, TILEC_API_VERSION_MAJOR);
  EXPECT_EQ(std::string(tilec_compiler_version()).rfind("tilec ", 0), 0u);
}

TEST(CAPITest, CompilesAFileWithItsMetadata) {
  tilec_options *o =
      ptxOptions("add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 1024");
  tilec_options_set_num_warps(o, 8);
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_compile_file(kAddKernel, o, 0, &c, &e), TILEC_OK)
      << tilec_error_message(e);
  size_t size = 0;
  std::string ptx = tilec_compiled_ptx(c, &size);
  EXPECT_EQ(ptx.size(), size);
  EXPECT_NE(ptx.find(".entry add_kernel"), std::string::npos);
  EXPECT_EQ(tilec_compiled_cubin(c, &size), nullptr);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(tilec_compiled_int(c, TILEC_MD_HAS_CUBIN), 0);
  EXPECT_EQ(tilec_compiled_int(c, TILEC_MD_NUM_WARPS), 8);
  EXPECT_EQ(tilec_compiled_int(c, TILEC_MD_THREADS_PER_BLOCK), 256);
  EXPECT_STREQ(tilec_compiled_string(c, TILEC_MD_NAME), "add_kernel");
  EXPECT_STREQ(tilec_compiled_string(c, TILEC_MD_ARCH), "sm_90a");
  ASSERT_EQ(tilec_compiled_int(c, TILEC_MD_NUM_PARAMS), 4);
  const char *names[] = {"x_ptr", "y_ptr", "out_ptr", "n_elements"};
  for (size_t i = 0; i < 4; ++i) {
    tilec_param p;
    ASSERT_EQ(tilec_compiled_param(c, i, &p), 0);
    EXPECT_STREQ(p.name, names[i]);
    EXPECT_STREQ(p.type, i < 3 ? "*fp32" : "i32");
    EXPECT_EQ(p.kind, i < 3 ? TILEC_PARAM_POINTER : TILEC_PARAM_INT);
    EXPECT_EQ(p.bits, i < 3 ? 64u : 32u);
  }
  tilec_param p;
  EXPECT_NE(tilec_compiled_param(c, 4, &p), 0);

  char *json = tilec_compiled_metadata_json(c);
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(json);
  tilec_free(json);
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  const llvm::json::Object *obj = v->getAsObject();
  ASSERT_NE(obj, nullptr);
  EXPECT_EQ(obj->getString("name"), "add_kernel");
  EXPECT_EQ(obj->getInteger("num_warps"), 8);
  const llvm::json::Array *params = obj->getArray("params");
  ASSERT_NE(params, nullptr);
  ASSERT_EQ(params->size(), 4u);
  EXPECT_EQ((*params)[3].getAsObject()->getString("name"), "n_elements");
  EXPECT_EQ((*params)[0].getAsObject()->getString("kind"), "pointer");
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPITest, ParametersComeFromTheEmittedKernel) {
  // Constexprs (bound in the signature, by a define or a default) are not
  // parameters; `:1` integers stay in the ABI; unsigned types keep their
  // spelling although MLIR's integers are signless.
  const char *source = "import triton\n"
                       "import triton.language as tl\n"
                       "@triton.jit\n"
                       "def k(out, BLOCK: tl.constexpr, n, count, scale,\n"
                       "      one, FLAG: tl.constexpr, D: tl.constexpr = 2):\n"
                       "    offs = tl.arange(0, BLOCK)\n"
                       "    tl.store(out + offs, offs.to(tl.uint32) + n,\n"
                       "             mask=offs < count * one)\n";
  tilec_options *o = ptxOptions("k", "*u32:16, 64, u32, i64, fp32, i32:1");
  tilec_options_add_define(o, "FLAG", "True");
  tilec_compiled *c = compileOk(source, o);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(tilec_compiled_int(c, TILEC_MD_NUM_PARAMS), 5);
  struct Want {
    const char *name, *type;
    tilec_param_kind kind;
    unsigned bits;
  } want[] = {{"out", "*u32", TILEC_PARAM_POINTER, 64},
              {"n", "u32", TILEC_PARAM_INT, 32},
              {"count", "i64", TILEC_PARAM_INT, 64},
              {"scale", "fp32", TILEC_PARAM_FLOAT, 32},
              {"one", "i32", TILEC_PARAM_INT, 32}};
  for (size_t i = 0; i < 5; ++i) {
    tilec_param p;
    ASSERT_EQ(tilec_compiled_param(c, i, &p), 0);
    EXPECT_STREQ(p.name, want[i].name);
    EXPECT_STREQ(p.type, want[i].type);
    EXPECT_EQ(p.kind, want[i].kind);
    EXPECT_EQ(p.bits, want[i].bits);
  }
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPITest, TensorDescriptorParameters) {
  tilec_options *o = ptxOptions(
      "matmul_tma_kernel",
      "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, "
      "tensordesc<fp16[128,128]>, i32, i32, i32, 128, 128, 64, 8");
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_compile_file(TILEC_EXAMPLES_DIR "/matmul_tma.py", o, 0, &c,
                               &e),
            TILEC_OK)
      << tilec_error_message(e);
  ASSERT_EQ(tilec_compiled_int(c, TILEC_MD_NUM_PARAMS), 6);
  tilec_param p;
  ASSERT_EQ(tilec_compiled_param(c, 2, &p), 0);
  EXPECT_STREQ(p.type, "tensordesc<fp16[128, 128]>");
  EXPECT_EQ(p.kind, TILEC_PARAM_TENSORDESC);
  EXPECT_EQ(p.bits, 1024u);
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPITest, DescriptorShapeAndStridesAreHiddenParameters) {
  const char *source =
      "import triton\nimport triton.language as tl\n"
      "@triton.jit\ndef k(d, out):\n"
      "    tl.store(out, d.shape[0] * d.strides[0] + d.shape[1])\n";
  tilec_options *o = ptxOptions("k", "tensordesc<fp16[64, 64]>, *i64");
  tilec_options_set_arch(o, "sm_90a");
  tilec_compiled *c = compileOk(source, o);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(tilec_compiled_int(c, TILEC_MD_NUM_PARAMS), 6);
  struct {
    const char *name, *type;
    tilec_param_kind kind;
    unsigned bits;
  } want[] = {{"d", "tensordesc<fp16[64, 64]>", TILEC_PARAM_TENSORDESC, 1024},
              {"d.shape.0", "i32", TILEC_PARAM_TENSORDESC_SHAPE, 32},
              {"d.shape.1", "i32", TILEC_PARAM_TENSORDESC_SHAPE, 32},
              {"d.strides.0", "i64", TILEC_PARAM_TENSORDESC_STRIDE, 64},
              {"d.strides.1", "i64", TILEC_PARAM_TENSORDESC_STRIDE, 64},
              {"out", "*i64", TILEC_PARAM_POINTER, 64}};
  for (size_t i = 0; i < 6; ++i) {
    tilec_param p;
    ASSERT_EQ(tilec_compiled_param(c, i, &p), 0);
    EXPECT_STREQ(p.name, want[i].name);
    EXPECT_STREQ(p.type, want[i].type);
    EXPECT_EQ(p.kind, want[i].kind) << i;
    EXPECT_EQ(p.bits, want[i].bits) << i;
  }
  char *json = tilec_compiled_metadata_json(c);
  std::string text(json);
  tilec_free(json);
  EXPECT_NE(text.find("\"tensordesc_shape\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"tensordesc_stride\""), std::string::npos) << text;
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPITest, CompileErrorsAreTheLocatedDiagnostics) {
  const char *source = "import triton\nimport triton.language as tl\n"
                       "@triton.jit\ndef f(p):\n    x = tl.arange(0, 100)\n";
  tilec_options *o = ptxOptions("f", "*fp32");
  tilec_compiled *c = reinterpret_cast<tilec_compiled *>(1);
  tilec_error *e = nullptr;
  EXPECT_EQ(tilec_compile(source, -1, "mem.py", o, 0, &c, &e),
            TILEC_ERROR_COMPILE);
  EXPECT_EQ(c, nullptr);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(tilec_error_status(e), TILEC_ERROR_COMPILE);
  EXPECT_EQ(std::string(tilec_error_message(e)),
            "mem.py:5:9: error: 'tl.arange' range must be a power of two, "
            "got 100\n"
            "    x = tl.arange(0, 100)\n"
            "        ^");
  tilec_error_free(e);
  // No error object asked for: the status alone.
  EXPECT_EQ(tilec_compile(source, -1, "mem.py", o, 0, &c, nullptr),
            TILEC_ERROR_COMPILE);
  tilec_options_free(o);
}

TEST(CAPITest, BadOptionsAndFilesAreErrors) {
  const char *source = "import triton\n@triton.jit\ndef k(X):\n    pass\n";
  tilec_options *o = ptxOptions("k", "*fp32");
  tilec_options_set_num_warps(o, 64);
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  EXPECT_EQ(tilec_compile(source, -1, "k.py", o, 0, &c, &e),
            TILEC_ERROR_INVALID);
  EXPECT_STREQ(tilec_error_message(e),
               "num_warps must be a power of two from 1 to 32, got 64");
  tilec_error_free(e);
  tilec_options_set_num_warps(o, 4);
  tilec_options_set_arch(o, "sm_70");
  e = nullptr;
  EXPECT_EQ(tilec_compile(source, -1, "k.py", o, 0, &c, &e),
            TILEC_ERROR_INVALID);
  EXPECT_NE(std::string(tilec_error_message(e)).find("sm_70"),
            std::string::npos);
  tilec_error_free(e);
  e = nullptr;
  EXPECT_EQ(tilec_compile_file("/nonexistent/k.py", o, 0, &c, &e),
            TILEC_ERROR_INVALID);
  EXPECT_STREQ(tilec_error_message(e), "cannot read kernel file "
                                       "'/nonexistent/k.py': No such file "
                                       "or directory");
  tilec_error_free(e);
  e = nullptr;
  EXPECT_EQ(tilec_compile(nullptr, 0, "k.py", o, 0, &c, &e),
            TILEC_ERROR_INVALID);
  tilec_error_free(e);
  tilec_options_free(o);
}

TEST(CAPITest, LengthDelimitedSource) {
  // The source need not end in NUL: the length bounds it.
  std::string text = "import triton\n@triton.jit\ndef k(X):\n    pass\n";
  std::string padded = text + "@@@ not python";
  tilec_options *o = ptxOptions("k", "*fp32");
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  EXPECT_EQ(tilec_compile(padded.data(), static_cast<ptrdiff_t>(text.size()),
                          "k.py", o, TILEC_COMPILE_NO_CACHE, &c, &e),
            TILEC_OK)
      << tilec_error_message(e);
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPITest, CompilesGoThroughTheCache) {
  // A kernel no other test compiles: the first compile misses, the second
  // hits memory, and TILEC_COMPILE_NO_CACHE counts nothing.
  const char *source = "import triton\nimport triton.language as tl\n"
                       "@triton.jit\ndef cached(X):\n"
                       "    tl.store(X, 42)\n";
  tilec_options *o = ptxOptions("cached", "*i32");
  char *dir = tilec_cache_directory();
  EXPECT_EQ(std::string(dir), freshCache.dir);
  tilec_free(dir);
  tilec_cache_stats before, after;
  tilec_cache_get_stats(&before);
  tilec_compiled_free(compileOk(source, o));
  tilec_compiled_free(compileOk(source, o));
  tilec_cache_get_stats(&after);
  EXPECT_EQ(after.misses, before.misses + 1);
  EXPECT_EQ(after.memory_hits, before.memory_hits + 1);
  // From disk once memory is forgotten.
  tilec_cache_clear_memory();
  tilec_compiled_free(compileOk(source, o));
  tilec_cache_stats disk;
  tilec_cache_get_stats(&disk);
  EXPECT_EQ(disk.disk_hits, after.disk_hits + 1);
  tilec_compiled_free(compileOk(source, o, TILEC_COMPILE_NO_CACHE));
  tilec_cache_stats bypass;
  tilec_cache_get_stats(&bypass);
  EXPECT_EQ(bypass.misses, disk.misses);
  EXPECT_EQ(bypass.memory_hits, disk.memory_hits);
  tilec_options_free(o);
}

/// A kernel whose helper and constexprs come from another module, imported
/// by name and as a module.
const char *const kUsesHelpers = "import triton\n"
                                 "import triton.language as tl\n"
                                 "from mylib.helpers import twice, SCALE\n"
                                 "import mylib.helpers as h\n"
                                 "import mylib\n"
                                 "@triton.jit\n"
                                 "def k(out):\n"
                                 "    v = twice(h.BLOCK) + SCALE\n"
                                 "    tl.store(out, mylib.helpers.twice(v))\n";
const char *const kHelpers = "import triton\n"
                             "import triton.language as tl\n"
                             "BLOCK = tl.constexpr(4)\n"
                             "SCALE = tl.constexpr(compute_scale())\n"
                             "@triton.jit\n"
                             "def twice(x):\n"
                             "    return x * 2\n"
                             "@triton.jit\n"
                             "def bad(x):\n"
                             "    return tl.arange(0, 100)\n";

TEST(CAPITest, HelpersAndGlobalsFromOtherModules) {
  // SCALE is computed by Python code tilec does not evaluate: the host's
  // value stands in for it. (2 * 4 + 7) * 2 = 30.
  tilec_options *o = ptxOptions("k", "*i32");
  tilec_options_add_module(o, "mylib.helpers", "/src/mylib/helpers.py",
                           kHelpers, -1);
  tilec_options_set_global(o, "mylib.helpers", "SCALE", "7");
  char *text = nullptr;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_emit(kUsesHelpers, -1, "k.py", o, "tile", &text, &e),
            TILEC_OK)
      << tilec_error_message(e);
  EXPECT_NE(std::string(text).find("arith.constant 30 : i32"),
            std::string::npos)
      << text;
  tilec_free(text);
  tilec_compiled_free(compileOk(kUsesHelpers, o));

  // The kernel's own file can be given values too; an unknown module is an
  // error at the kernel.
  tilec_options_set_global(o, "", "UNUSED", "1");
  tilec_options_set_global(o, "nolib", "X", "1");
  e = nullptr;
  EXPECT_EQ(tilec_emit(kUsesHelpers, -1, "k.py", o, "tile", &text, &e),
            TILEC_ERROR_COMPILE);
  EXPECT_NE(std::string(tilec_error_message(e))
                .find("k.py:7:5: error: the value of 'X' is given for module "
                      "'nolib', which is not among the modules handed to the "
                      "compiler"),
            std::string::npos)
      << tilec_error_message(e);
  tilec_error_free(e);
  tilec_options_free(o);
}

TEST(CAPITest, HostModulesTakePrecedenceOverTheFileSystem) {
  // The kernel's package holds its own mylib/helpers.py (twice is x * 3,
  // BLOCK is 8): the module the host hands over is the one compiled, as
  // Python would run the host's copy. (2 * 4 + 7) * 2 = 30, not 51.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-capi-host", dir));
  auto write = [&](const std::string &rel, const char *text) {
    std::string path = std::string(dir) + "/" + rel;
    FILE *f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr) << path;
    std::fputs(text, f);
    std::fclose(f);
  };
  ASSERT_FALSE(
      llvm::sys::fs::create_directory(std::string(dir) + "/mylib"));
  write("mylib/__init__.py", "");
  write("mylib/helpers.py", "import triton\n"
                            "import triton.language as tl\n"
                            "BLOCK = tl.constexpr(8)\n"
                            "SCALE = tl.constexpr(1)\n"
                            "@triton.jit\n"
                            "def twice(x):\n"
                            "    return x * 3\n");
  std::string kernelPath = std::string(dir) + "/k.py";
  write("k.py", kUsesHelpers);
  tilec_options *o = ptxOptions("k", "*i32");
  tilec_options_add_module(o, "mylib.helpers", "/src/mylib/helpers.py",
                           kHelpers, -1);
  tilec_options_set_global(o, "mylib.helpers", "SCALE", "7");
  char *text = nullptr;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_emit(kUsesHelpers, -1, kernelPath.c_str(), o, "tile", &text,
                       &e),
            TILEC_OK)
      << tilec_error_message(e);
  EXPECT_NE(std::string(text).find("arith.constant 30 : i32"),
            std::string::npos)
      << text;
  tilec_free(text);
  tilec_options_free(o);

  // Without the host's module, the file system's copy is the one compiled:
  // (3 * 8 + 1) * 3 = 75.
  tilec_options *plain = ptxOptions("k", "*i32");
  text = nullptr;
  e = nullptr;
  ASSERT_EQ(tilec_emit(kUsesHelpers, -1, kernelPath.c_str(), plain, "tile",
                       &text, &e),
            TILEC_OK)
      << tilec_error_message(e);
  EXPECT_NE(std::string(text).find("arith.constant 75 : i32"),
            std::string::npos)
      << text;
  tilec_free(text);
  tilec_options_free(plain);
  llvm::sys::fs::remove_directories(dir);
}

TEST(CAPITest, IncludeDirsAreSearchedForImports) {
  // The kernel imports mylib.helpers, which is neither handed over nor in
  // the kernel's package: found only through the include directory.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-capi-inc", dir));
  ASSERT_FALSE(llvm::sys::fs::create_directory(std::string(dir) + "/mylib"));
  for (auto [rel, text] :
       {std::pair<const char *, const char *>{"mylib/__init__.py", ""},
        {"mylib/helpers.py", "import triton\n"
                             "import triton.language as tl\n"
                             "BLOCK = tl.constexpr(8)\n"
                             "SCALE = tl.constexpr(1)\n"
                             "@triton.jit\n"
                             "def twice(x):\n"
                             "    return x * 3\n"}}) {
    std::string path = std::string(dir) + "/" + rel;
    FILE *f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr) << path;
    std::fputs(text, f);
    std::fclose(f);
  }
  char *text = nullptr;
  tilec_error *e = nullptr;
  tilec_options *plain = ptxOptions("k", "*i32");
  EXPECT_EQ(tilec_emit(kUsesHelpers, -1, "/elsewhere/k.py", plain, "tile",
                       &text, &e),
            TILEC_ERROR_COMPILE);
  EXPECT_NE(std::string(tilec_error_message(e)).find("mylib"),
            std::string::npos)
      << tilec_error_message(e);
  tilec_error_free(e);
  tilec_options_free(plain);

  tilec_options *o = ptxOptions("k", "*i32");
  tilec_options_add_include_dir(o, dir.c_str());
  e = nullptr;
  ASSERT_EQ(tilec_emit(kUsesHelpers, -1, "/elsewhere/k.py", o, "tile", &text,
                       &e),
            TILEC_OK)
      << tilec_error_message(e);
  // (3 * 8 + 1) * 3 = 75, from the include directory's helpers.
  EXPECT_NE(std::string(text).find("arith.constant 75 : i32"),
            std::string::npos)
      << text;
  tilec_free(text);
  tilec_options_free(o);
  llvm::sys::fs::remove_directories(dir);
}

TEST(CAPITest, ErrorsInAnotherModulePointAtItsFile) {
  const char *kernel = "import triton\n"
                       "from mylib.helpers import bad\n"
                       "@triton.jit\n"
                       "def k(out):\n"
                       "    bad(out)\n";
  tilec_options *o = ptxOptions("k", "*i32");
  tilec_options_add_module(o, "mylib.helpers", "/src/mylib/helpers.py",
                           kHelpers, -1);
  tilec_options_set_global(o, "mylib.helpers", "SCALE", "7");
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  EXPECT_EQ(tilec_compile(kernel, -1, "/src/k.py", o, 0, &c, &e),
            TILEC_ERROR_COMPILE);
  std::string message = tilec_error_message(e);
  EXPECT_NE(message.find("/src/mylib/helpers.py:10:12: error: 'tl.arange' "
                         "range must be a power of two, got 100\n"
                         "    return tl.arange(0, 100)\n"
                         "           ^"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("/src/k.py:5:5: note: called from"),
            std::string::npos)
      << message;
  tilec_error_free(e);

  // Without the host's value, SCALE's definition is what the compiler
  // reads, and the call it makes is refused where it is.
  tilec_options *plain = ptxOptions("k", "*i32");
  tilec_options_add_module(plain, "mylib.helpers", "/src/mylib/helpers.py",
                           kHelpers, -1);
  e = nullptr;
  EXPECT_EQ(tilec_compile(kUsesHelpers, -1, "/src/k.py", plain, 0, &c, &e),
            TILEC_ERROR_COMPILE);
  EXPECT_NE(std::string(tilec_error_message(e)).find("/src/mylib/helpers.py:4:"),
            std::string::npos)
      << tilec_error_message(e);
  tilec_error_free(e);
  tilec_options_free(plain);
  tilec_options_free(o);
}

TEST(CAPITest, EmitsEveryIntermediateLevel) {
  std::string source;
  {
    tilec_options *o =
        ptxOptions("add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, 1024");
    struct Level {
      const char *name, *expect;
    } levels[] = {{"tile-raw", "func.func @add_kernel"},
                  {"tile", "tile.load"},
                  {"tilegpu", "#tilegpu"},
                  {"llvm-mlir", "llvm.func @add_kernel"},
                  {"llvm", "define ptx_kernel void @add_kernel"}};
    FILE *f = std::fopen(kAddKernel, "rb");
    ASSERT_NE(f, nullptr);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
      source.append(buf, n);
    std::fclose(f);
    for (const Level &l : levels) {
      char *text = nullptr;
      tilec_error *e = nullptr;
      ASSERT_EQ(tilec_emit(source.c_str(), -1, "vector_add.py", o, l.name,
                           &text, &e),
                TILEC_OK)
          << l.name << ": " << tilec_error_message(e);
      EXPECT_NE(std::string(text).find(l.expect), std::string::npos)
          << l.name << ":\n"
          << text;
      tilec_free(text);
    }
    char *text = nullptr;
    tilec_error *e = nullptr;
    EXPECT_EQ(tilec_emit(source.c_str(), -1, "v.py", o, "ptx", &text, &e),
              TILEC_ERROR_INVALID);
    EXPECT_STREQ(tilec_error_message(e),
                 "unknown level 'ptx' (expected tile-raw, tile, tilegpu, "
                 "llvm-mlir or llvm)");
    tilec_error_free(e);
    // Errors are diagnostics, as from tilec_compile.
    e = nullptr;
    tilec_options_set_signature(o, "*fp32:16");
    EXPECT_EQ(tilec_emit(source.c_str(), -1, "v.py", o, "tile", &text, &e),
              TILEC_ERROR_COMPILE);
    EXPECT_NE(std::string(tilec_error_message(e)).find("v.py:"),
              std::string::npos)
        << tilec_error_message(e);
    tilec_error_free(e);
    tilec_options_free(o);
  }
}

} // namespace
