//===- CLauncher.cpp - The AOT launcher: .h/.c for one cubin ---*- C++ -*-===//
//
// `tilec --emit=c-launcher -o NAME` writes NAME.h and NAME.c: the cubin as a
// byte array and three functions over the CUDA driver API alone, so that a
// host program can ship a kernel without the compiler (Triton's AOT
// `compile.py` does the same). The generated C needs cuda.h and libcuda and
// nothing of tilec.
//
// A tensor descriptor parameter `d` becomes three C parameters, `d_base`,
// `d_shape[rank]` and `d_strides[rank]` (elements, outermost first, as in
// Triton's TensorDescriptor), which the launch encodes with
// cuTensorMapEncodeTiled exactly as the JIT's runtime::encodeTensorMap does:
// dimensions innermost first, strides in bytes, the box and swizzle of the
// parameter's TensorDescLayout, zeros out of bounds. It leaves the checks to
// the driver, whose CUresult it returns. When the kernel reads `d.shape` or
// `d.strides`, its hidden parameters (KernelParam::Kind::TensorDescShape,
// TensorDescStride) are filled from `d_shape` and `d_strides` too: they are
// no C parameters of their own.
//
// A kernel that takes more than 48 KiB of dynamic shared memory (pipelined
// matmuls do) cannot launch until it is allowed that much: load_NAME calls
// cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES) for it, as the JIT does
// before its launches, and fails the load when the driver refuses.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"

#include "Runtime/TensorMapTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

using namespace tilec;

static bool isCIdentifier(llvm::StringRef s) {
  if (s.empty() || !(std::isalpha(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s, [](char c) { return std::isalnum(c) || c == '_'; });
}

/// The C type a parameter is passed as: the same width and representation
/// as the kernel's `.param` (fp16 and bf16 travel as their bits).
static std::string cType(const KernelParam &p) {
  if (p.kind == KernelParam::Kind::Pointer)
    return "CUdeviceptr";
  if (p.kind == KernelParam::Kind::Float) {
    if (p.bits == 32)
      return "float";
    if (p.bits == 64)
      return "double";
    return fmt::format("uint{}_t /* {} bits */", p.bits);
  }
  bool isUnsigned = llvm::StringRef(p.type).starts_with("u") || p.bits == 1;
  unsigned bits = p.bits <= 8 ? 8 : p.bits;
  return fmt::format("{}int{}_t", isUnsigned ? "u" : "", bits);
}

/// The CU_TENSOR_MAP_DATA_TYPE_* enumerator of a signature element type, or
/// nullptr when TMA cannot copy it.
static const char *tensorMapDataType(llvm::StringRef elemType) {
#define TILEC_ELEMENT_TYPE(name, type, bytes)                                  \
  if (elemType == name)                                                        \
    return "CU_TENSOR_MAP_DATA_TYPE_" #type;
  TILEC_TENSOR_MAP_ELEMENT_TYPES(TILEC_ELEMENT_TYPE)
#undef TILEC_ELEMENT_TYPE
  return nullptr;
}

/// The C parameters of kernel parameter `p` named `n`, each after ",\n    ".
static std::string cParams(const KernelParam &p, const std::string &n) {
  if (!p.isPassed())
    return "";
  if (p.kind != KernelParam::Kind::TensorDesc)
    return fmt::format(",\n    {} {}", cType(p), n);
  size_t rank = p.desc.blockShape.size();
  return fmt::format(",\n    CUdeviceptr {0}_base,\n    const int64_t "
                     "{0}_shape[{1}],\n    const int64_t {0}_strides[{1}]",
                     n, rank);
}

/// The shared helper that encodes a descriptor's map, the box of each
/// descriptor parameter, and the encoding statements of the launch; empty
/// when the kernel takes no descriptor. The helper reverses Triton's
/// outermost-first order into the driver's and turns strides into bytes;
/// `bytes + 1` skips the innermost stride, which the driver does not take.
static llvm::Error emitTensorDescs(const KernelMetadata &md,
                                   llvm::ArrayRef<std::string> names,
                                   llvm::StringRef name, std::string &helpers,
                                   std::string &encodes) {
  llvm::StringRef lastDesc;
  for (auto [p, n] : llvm::zip(md.params, names)) {
    if (!p.isPassed()) {
      // A hidden shape (i32, as the kernel reads it) or stride.
      bool isShape = p.kind == KernelParam::Kind::TensorDescShape;
      if (isShape)
        encodes += fmt::format(
            "  if ({0}_shape[{1}] > INT32_MAX)\n"
            "    return CUDA_ERROR_INVALID_VALUE;\n"
            "  {2} = (int32_t){0}_shape[{1}];\n",
            lastDesc.str(), p.dim, n);
      else
        encodes += fmt::format("  {2} = {0}_strides[{1}];\n", lastDesc.str(),
                               p.dim, n);
      continue;
    }
    if (p.kind != KernelParam::Kind::TensorDesc)
      continue;
    lastDesc = n;
    const char *type = tensorMapDataType(p.desc.elemType);
    if (!type)
      return llvm::createStringError(fmt::format(
          "tensor descriptor parameter '{}' has element type '{}', which "
          "TMA cannot copy",
          p.name, p.desc.elemType));
    std::string box;
    for (int64_t d : llvm::reverse(p.desc.boxShape))
      box += fmt::format("{}{}", box.empty() ? "" : ", ", d);
    helpers += fmt::format("static const cuuint32_t {}_{}_box[] = {{{}}};\n",
                           name.str(), n, box);
    encodes += fmt::format(
        "  result = {0}_encode(&{1}_map, {2}, {3}, {4},\n"
        "      {1}_base, {1}_shape, {1}_strides, {0}_{1}_box,\n"
        "      CU_TENSOR_MAP_SWIZZLE_{5});\n"
        "  if (result != CUDA_SUCCESS)\n    return result;\n",
        name.str(), n, type, p.desc.elemBytes, p.desc.blockShape.size(),
        p.desc.swizzleBytes ? fmt::format("{}B", p.desc.swizzleBytes)
                            : std::string("NONE"));
  }
  if (encodes.empty())
    return llvm::Error::success();
  helpers = fmt::format(
      "#if defined(__GNUC__)\n#define TILEC_ALIGN64 "
      "__attribute__((aligned(64)))\n"
      "#else\n#define TILEC_ALIGN64\n#endif\n\n"
      "/* The map of a tensor descriptor: Triton's shape and strides "
      "(elements,\n"
      " * outermost first) in the driver's order (innermost first, strides in\n"
      " * bytes, none for the contiguous dimension), the compiled box and\n"
      " * swizzle, zeros out of bounds. */\n"
      "static CUresult {0}_encode(CUtensorMap *map, CUtensorMapDataType type,\n"
      "    unsigned elemBytes, unsigned rank, CUdeviceptr base,\n"
      "    const int64_t *shape, const int64_t *strides, const cuuint32_t "
      "*box,\n"
      "    CUtensorMapSwizzle swizzle) {{\n"
      "  static const cuuint32_t ones[5] = {{1, 1, 1, 1, 1}};\n"
      "  cuuint64_t dims[5], bytes[5];\n"
      "  unsigned d;\n"
      "  for (d = 0; d < rank; ++d) {{\n"
      "    if (shape[rank - 1 - d] <= 0 || strides[rank - 1 - d] <= 0)\n"
      "      return CUDA_ERROR_INVALID_VALUE;\n"
      "    dims[d] = (cuuint64_t)shape[rank - 1 - d];\n"
      "    bytes[d] = (cuuint64_t)strides[rank - 1 - d] * elemBytes;\n"
      "  }}\n"
      "  if (bytes[0] != elemBytes)\n    return CUDA_ERROR_INVALID_VALUE;\n"
      "  return cuTensorMapEncodeTiled(map, type, rank, (void "
      "*)(uintptr_t)base,\n"
      "      dims,"
      " bytes + 1, box, ones, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,\n"
      "      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, "
      "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);\n"
      "}}\n\n{1}\n",
      name.str(), helpers);
  return llvm::Error::success();
}

/// Parameter names as C identifiers that collide with nothing the launcher
/// declares.
static std::vector<std::string> cNames(const KernelMetadata &md) {
  static const llvm::StringSet<> reserved = {
      "stream",   "gridX",    "gridY",  "gridZ",   "args",     "auto",
      "break",    "case",     "char",   "const",   "continue", "default",
      "do",       "double",   "else",   "enum",    "extern",   "float",
      "for",      "goto",     "if",     "inline",  "int",      "long",
      "register", "restrict", "return", "short",   "signed",   "sizeof",
      "static",   "struct",   "switch", "typedef", "union",    "unsigned",
      "void",     "volatile", "while"};
  std::vector<std::string> names;
  llvm::StringSet<> used;
  for (const KernelParam &p : md.params) {
    // A tuple leaf `shape.0` becomes `shape_0`, unless that is taken.
    std::string n = p.name;
    std::replace(n.begin(), n.end(), '.', '_');
    if (!isCIdentifier(n) || reserved.contains(n) || used.contains(n))
      n = fmt::format("arg{}", names.size());
    used.insert(n);
    names.push_back(n);
  }
  return names;
}

llvm::Error tilec::emitCLauncher(const CompiledKernel &kernel,
                                 llvm::StringRef name,
                                 llvm::raw_ostream &header,
                                 llvm::raw_ostream &source) {
  const KernelMetadata &md = kernel.metadata;
  if (!isCIdentifier(name))
    return llvm::createStringError(fmt::format(
        "c-launcher name '{}' is not a C identifier (it names the functions "
        "load_NAME, unload_NAME and NAME)",
        name.str()));
  if (!md.hasCubin)
    return llvm::createStringError(
        "c-launcher needs a cubin, and ptxas did not make one: " +
        md.cubinNote);

  std::vector<std::string> names = cNames(md);
  std::string params;
  for (auto [p, n] : llvm::zip(md.params, names))
    params += cParams(p, n);
  std::string helpers, encodes;
  if (llvm::Error e = emitTensorDescs(md, names, name, helpers, encodes))
    return e;
  // A descriptor's C names (`d_base`, `d_map`, ...) or the launch's
  // `result` could meet another parameter's name.
  llvm::StringSet<> declared;
  for (auto [p, n] : llvm::zip(md.params, names)) {
    bool isDesc = p.kind == KernelParam::Kind::TensorDesc;
    for (const char *suffix : {"", "_base", "_shape", "_strides", "_map"}) {
      if (isDesc == (*suffix == 0))
        continue;
      std::string c = n + suffix;
      if (!declared.insert(c).second || (!encodes.empty() && c == "result"))
        return llvm::createStringError(fmt::format(
            "c-launcher: the C name '{}' of parameter '{}' is taken by "
            "another; rename the parameter",
            c, p.name));
    }
  }
  std::string signature = fmt::format(
      "CUresult {}(CUstream stream, unsigned int gridX, unsigned int gridY,\n"
      "    unsigned int gridZ{})",
      name.str(), params);
  std::string guard = "TILEC_LAUNCHER_" + name.upper() + "_H";
  // The kernel's hidden parameters, which the launch fills.
  std::string hiddenNote;
  for (size_t i = 0; i < md.params.size(); ++i)
    if (md.params[i].kind == KernelParam::Kind::TensorDesc &&
        i + 1 < md.params.size() && !md.params[i + 1].isPassed())
      hiddenNote += fmt::format(
          "\n * The kernel reads the shape and strides of `{0}`: the launch\n"
          " * passes {0}_shape (as int32) and {0}_strides to it as well.",
          names[i]);

  header << fmt::format(
      "/* {0}.h: launcher of kernel '{1}' for {2}, {3} threads per block.\n"
      " * Generated by {4}; do not edit.\n"
      " * Uses the CUDA driver API only: link with -lcuda. */\n"
      "#ifndef {5}\n#define {5}\n\n"
      "#include <cuda.h>\n#include <stdint.h>\n\n"
      "#ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n"
      "/* Loads the embedded cubin into the current context; again after a\n"
      " * load is a no-op. */\n"
      "CUresult load_{0}(void);\n\n"
      "/* Unloads the module (a no-op when it is not loaded). */\n"
      "void unload_{0}(void);\n\n"
      "/* Launches '{1}' on `stream` over gridX * gridY * gridZ blocks.\n"
      " * CUDA_ERROR_NOT_INITIALIZED before load_{0}; like cuLaunchKernel,\n"
      " * the launch is asynchronous.{7} */\n"
      "{6};\n\n"
      "#ifdef __cplusplus\n}}\n#endif\n\n#endif /* {5} */\n",
      name.str(), md.name, md.arch, md.threadsPerBlock, getCompilerVersion(),
      guard, signature, hiddenNote);

  source << fmt::format(
      "/* {0}.c: the cubin of kernel '{1}' ({2}; {3} registers, {4} bytes of\n"
      " * shared memory) and its launcher. Generated by {5}; do not edit. */\n"
      "#include \"{0}.h\"\n\n#include <stddef.h>\n\n",
      name.str(), md.name, md.arch, md.registers, md.sharedBytes,
      getCompilerVersion());
  source << fmt::format("#if defined(__GNUC__)\n__attribute__((aligned(64)))\n"
                        "#endif\nstatic const unsigned char {}_cubin[{}] = {{",
                        name.str(), kernel.cubin.size());
  for (size_t i = 0; i < kernel.cubin.size(); ++i) {
    if (i % 16 == 0)
      source << "\n   ";
    source << fmt::format(" 0x{:02x},",
                          static_cast<unsigned char>(kernel.cubin[i]));
  }
  source << "\n};\n\n";

  std::string argList, locals;
  for (auto [p, n] : llvm::zip(md.params, names)) {
    bool isDesc = p.kind == KernelParam::Kind::TensorDesc;
    argList += fmt::format("&{}{}, ", n, isDesc ? "_map" : "");
    // The kernel's `.param .align 64 .b8 d[128]`; cuda.h aligns CUtensorMap
    // only from C11 on.
    if (isDesc)
      locals += fmt::format("  TILEC_ALIGN64 CUtensorMap {}_map;\n", n);
    if (!p.isPassed())
      locals += fmt::format("  {} {};\n", cType(p), n);
  }
  if (!encodes.empty())
    locals += "  CUresult result;\n";
  // The most dynamic shared memory a launch gets without asking (the JIT's
  // kDefaultDynamicSharedBytes).
  constexpr int kDefaultDynamicSharedBytes = 48 * 1024;
  std::string allowShared;
  if (md.dynamicSharedBytes > kDefaultDynamicSharedBytes)
    allowShared = fmt::format(
        "  /* {1} bytes of dynamic shared memory: more than a launch gets\n"
        "   * without asking. */\n"
        "  if (r == CUDA_SUCCESS)\n"
        "    r = cuFuncSetAttribute({0}_function,\n"
        "        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, {1});\n",
        name.str(), md.dynamicSharedBytes);
  source << helpers;
  source << fmt::format(
      "static CUmodule {0}_module = NULL;\n"
      "static CUfunction {0}_function = NULL;\n\n"
      "CUresult load_{0}(void) {{\n"
      "  CUresult r;\n"
      "  if ({0}_function)\n    return CUDA_SUCCESS;\n"
      "  r = cuModuleLoadData(&{0}_module, {0}_cubin);\n"
      "  if (r != CUDA_SUCCESS)\n    return r;\n"
      "  r = cuModuleGetFunction(&{0}_function, {0}_module, \"{1}\");\n"
      "{8}"
      "  if (r != CUDA_SUCCESS) {{\n"
      "    cuModuleUnload({0}_module);\n"
      "    {0}_module = NULL;\n"
      "    {0}_function = NULL;\n"
      "  }}\n"
      "  return r;\n"
      "}}\n\n"
      "void unload_{0}(void) {{\n"
      "  if ({0}_module)\n    cuModuleUnload({0}_module);\n"
      "  {0}_module = NULL;\n"
      "  {0}_function = NULL;\n"
      "}}\n\n"
      "{2} {{\n"
      "{6}"
      "  void *args[] = {{{3}NULL}};\n"
      "  if (!{0}_function)\n    return CUDA_ERROR_NOT_INITIALIZED;\n"
      "  if (gridX == 0 || gridY == 0 || gridZ == 0)\n"
      "    return CUDA_ERROR_INVALID_VALUE;\n"
      "{7}"
      "  return cuLaunchKernel({0}_function, gridX, gridY, gridZ, {4}, 1, 1, "
      "{5},\n                        stream, args, NULL);\n"
      "}}\n",
      name.str(), md.name, signature, argList, md.threadsPerBlock,
      md.dynamicSharedBytes, locals, encodes, allowShared);
  return llvm::Error::success();
}
