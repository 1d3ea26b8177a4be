//===- Compile.cpp - C API: compiling a kernel and its metadata -*- C++ -*-===//
//
// tilec_compile and the accessors of tilec_compiled: the PTX, the cubin and
// the KernelMetadata the compile driver read from the emitted kernel, field
// by field or as one JSON object. Compiles go through the process-wide
// KernelCache, as jit::loadKernel's do, so the C API, the C++ JIT and
// `tilec --emit=cubin` share entries.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "tilec/KernelCache.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tilec;

static const KernelMetadata *getMetadata(const tilec_compiled *compiled) {
  return compiled && compiled->kernel ? &compiled->kernel->metadata : nullptr;
}

static tilec_param_kind toC(KernelParam::Kind kind) {
  switch (kind) {
  case KernelParam::Kind::Pointer:
    return TILEC_PARAM_POINTER;
  case KernelParam::Kind::Int:
    return TILEC_PARAM_INT;
  case KernelParam::Kind::Float:
    return TILEC_PARAM_FLOAT;
  case KernelParam::Kind::TensorDesc:
    return TILEC_PARAM_TENSORDESC;
  case KernelParam::Kind::TensorDescShape:
    return TILEC_PARAM_TENSORDESC_SHAPE;
  case KernelParam::Kind::TensorDescStride:
    return TILEC_PARAM_TENSORDESC_STRIDE;
  }
  return TILEC_PARAM_INT;
}

static const char *getKindName(KernelParam::Kind kind) {
  switch (kind) {
  case KernelParam::Kind::Pointer:
    return "pointer";
  case KernelParam::Kind::Int:
    return "int";
  case KernelParam::Kind::Float:
    return "float";
  case KernelParam::Kind::TensorDesc:
    return "tensordesc";
  case KernelParam::Kind::TensorDescShape:
    return "tensordesc_shape";
  case KernelParam::Kind::TensorDescStride:
    return "tensordesc_stride";
  }
  return "int";
}

extern "C" {

tilec_status tilec_compile(const char *source, ptrdiff_t length,
                           const char *filename, const tilec_options *options,
                           unsigned flags, tilec_compiled **out,
                           tilec_error **error) {
  if (!source || !out)
    return capi::reportInvalid("tilec_compile: source and out must not be "
                               "NULL",
                               error);
  *out = nullptr;
  llvm::StringRef text(source, length < 0 ? std::strlen(source)
                                          : static_cast<size_t>(length));
  llvm::StringRef name = filename && *filename ? filename : "<source>";
  CompileOptions defaults;
  const CompileOptions &opts = options ? options->options : defaults;
  auto compiled = std::make_unique<tilec_compiled>();
  if (flags & TILEC_COMPILE_NO_CACHE) {
    llvm::Expected<CompiledKernel> k = compileKernel(text, name, opts);
    if (!k)
      return capi::report(k.takeError(), error);
    compiled->kernel = std::make_shared<const CompiledKernel>(std::move(*k));
  } else {
    llvm::Expected<std::shared_ptr<const CompiledKernel>> k =
        KernelCache::getGlobal().getOrCompile(text, name, opts);
    if (!k)
      return capi::report(k.takeError(), error);
    compiled->kernel = std::move(*k);
  }
  *out = compiled.release();
  return TILEC_OK;
}

tilec_status tilec_compile_file(const char *path, const tilec_options *options,
                                unsigned flags, tilec_compiled **out,
                                tilec_error **error) {
  if (!path || !out)
    return capi::reportInvalid("tilec_compile_file: path and out must not be "
                               "NULL",
                               error);
  *out = nullptr;
  llvm::Expected<std::string> source = readKernelFile(path);
  if (!source)
    return capi::report(source.takeError(), error);
  return tilec_compile(source->c_str(), static_cast<ptrdiff_t>(source->size()),
                       path, options, flags, out, error);
}

void tilec_compiled_free(tilec_compiled *compiled) { delete compiled; }

const char *tilec_compiled_ptx(const tilec_compiled *compiled, size_t *size) {
  if (!getMetadata(compiled)) {
    if (size)
      *size = 0;
    return nullptr;
  }
  if (size)
    *size = compiled->kernel->ptx.size();
  return compiled->kernel->ptx.c_str();
}

const void *tilec_compiled_cubin(const tilec_compiled *compiled,
                                 size_t *size) {
  const KernelMetadata *md = getMetadata(compiled);
  if (!md || !md->hasCubin) {
    if (size)
      *size = 0;
    return nullptr;
  }
  if (size)
    *size = compiled->kernel->cubin.size();
  return compiled->kernel->cubin.data();
}

int64_t tilec_compiled_int(const tilec_compiled *compiled,
                           tilec_metadata_int field) {
  const KernelMetadata *md = getMetadata(compiled);
  if (!md)
    return 0;
  switch (field) {
  case TILEC_MD_NUM_WARPS:
    return md->numWarps;
  case TILEC_MD_THREADS_PER_BLOCK:
    return md->threadsPerBlock;
  case TILEC_MD_REGISTERS:
    return md->registers;
  case TILEC_MD_SPILL_STORES:
    return md->spillStores;
  case TILEC_MD_SPILL_LOADS:
    return md->spillLoads;
  case TILEC_MD_STACK_BYTES:
    return md->stackBytes;
  case TILEC_MD_SHARED_BYTES:
    return md->sharedBytes;
  case TILEC_MD_DYNAMIC_SHARED_BYTES:
    return md->dynamicSharedBytes;
  case TILEC_MD_MIN_CTAS_PER_SM:
    return md->minCtasPerSM;
  case TILEC_MD_HAS_CUBIN:
    return md->hasCubin;
  case TILEC_MD_NUM_PARAMS:
    return static_cast<int64_t>(md->params.size());
  }
  return 0;
}

const char *tilec_compiled_string(const tilec_compiled *compiled,
                                  tilec_metadata_string field) {
  const KernelMetadata *md = getMetadata(compiled);
  if (!md)
    return "";
  switch (field) {
  case TILEC_MD_NAME:
    return md->name.c_str();
  case TILEC_MD_ARCH:
    return md->arch.c_str();
  case TILEC_MD_COMPILE_LOG:
    return md->compileLog.c_str();
  case TILEC_MD_CUBIN_NOTE:
    return md->cubinNote.c_str();
  }
  return "";
}

int tilec_compiled_param(const tilec_compiled *compiled, size_t index,
                         tilec_param *out) {
  const KernelMetadata *md = getMetadata(compiled);
  if (!md || !out || index >= md->params.size())
    return 1;
  const KernelParam &p = md->params[index];
  out->name = p.name.c_str();
  out->type = p.type.c_str();
  out->kind = toC(p.kind);
  out->bits = p.bits;
  return 0;
}

char *tilec_compiled_metadata_json(const tilec_compiled *compiled) {
  const KernelMetadata *md = getMetadata(compiled);
  if (!md)
    return capi::copyString("{}");
  llvm::json::Array params;
  for (const KernelParam &p : md->params)
    params.push_back(llvm::json::Object{{"name", p.name},
                                        {"type", p.type},
                                        {"kind", getKindName(p.kind)},
                                        {"bits", p.bits}});
  llvm::json::Object object{
      {"name", md->name},
      {"arch", md->arch},
      {"num_warps", md->numWarps},
      {"threads_per_block", md->threadsPerBlock},
      {"registers", md->registers},
      {"spill_stores", md->spillStores},
      {"spill_loads", md->spillLoads},
      {"stack_bytes", md->stackBytes},
      {"shared_bytes", md->sharedBytes},
      {"dynamic_shared_bytes", md->dynamicSharedBytes},
      {"min_ctas_per_sm", md->minCtasPerSM},
      {"has_cubin", md->hasCubin},
      {"cubin_note", md->cubinNote},
      {"compile_log", md->compileLog},
      {"params", std::move(params)},
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(object));
  return capi::copyString(text);
}

} // extern "C"
