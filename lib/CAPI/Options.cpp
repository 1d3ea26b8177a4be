//===- Options.cpp - C API compile options ----------------------*- C++ -*-===//
//
// tilec_options: a tilec::CompileOptions behind a handle. The setters only
// store; the values are checked when a kernel is compiled (tilec_compile),
// where a bad one is an error naming it, as from the command line.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include <cstring>

extern "C" {

tilec_options *tilec_options_create(void) { return new tilec_options(); }

tilec_options *tilec_options_clone(const tilec_options *options) {
  return options ? new tilec_options(*options) : new tilec_options();
}

void tilec_options_free(tilec_options *options) { delete options; }

void tilec_options_set_kernel(tilec_options *options, const char *name) {
  if (options)
    options->options.kernelName = name ? name : "";
}

void tilec_options_set_signature(tilec_options *options,
                                 const char *signature) {
  if (options)
    options->options.signature = signature ? signature : "";
}

void tilec_options_add_define(tilec_options *options, const char *name,
                              const char *value) {
  if (options && name && value)
    options->options.defines.emplace_back(name, value);
}

void tilec_options_set_num_warps(tilec_options *options, int n) {
  if (options)
    options->options.numWarps = n;
}

void tilec_options_set_num_stages(tilec_options *options, int n) {
  if (options)
    options->options.numStages = n;
}

void tilec_options_set_arch(tilec_options *options, const char *arch) {
  if (options && arch)
    options->options.arch = arch;
}

void tilec_options_set_opt_level(tilec_options *options, int level) {
  if (options)
    options->options.optLevel = level;
}

void tilec_options_set_fp_fusion(tilec_options *options, int on) {
  if (options)
    options->options.fpFusion = on != 0;
}

void tilec_options_set_debug(tilec_options *options, int on) {
  if (options)
    options->options.debug = on != 0;
}

void tilec_options_set_assemble(tilec_options *options,
                                tilec_assemble assemble) {
  if (!options)
    return;
  using Assemble = tilec::CompileOptions::Assemble;
  switch (assemble) {
  case TILEC_ASSEMBLE_ALWAYS:
    options->options.assemble = Assemble::Always;
    return;
  case TILEC_ASSEMBLE_NEVER:
    options->options.assemble = Assemble::Never;
    return;
  case TILEC_ASSEMBLE_IF_AVAILABLE:
  default:
    options->options.assemble = Assemble::IfAvailable;
    return;
  }
}

void tilec_options_add_module(tilec_options *options, const char *name,
                              const char *filename, const char *text,
                              ptrdiff_t length) {
  if (!options || !name || !text)
    return;
  size_t size = length < 0 ? std::strlen(text) : static_cast<size_t>(length);
  options->options.modules.push_back(
      {name, filename ? filename : name, std::string(text, size)});
}

void tilec_options_add_include_dir(tilec_options *options,
                                   const char *dir) {
  if (options && dir && *dir)
    options->options.includeDirs.emplace_back(dir);
}

void tilec_options_set_global(tilec_options *options, const char *module,
                              const char *name, const char *value) {
  if (options && name && value)
    options->options.globalValues.push_back(
        {module ? module : "", name, value});
}

} // extern "C"
