//===- FmtStatic.cpp - fmt compiled into libtilec.so ------------*- C++ -*-===//
//
// Debian ships fmt as a shared library only, and libtilec.so must load where
// there is none (the GPU machine, a Python wheel). tilec's archives call
// fmt's out-of-line entry points below; this file compiles them from fmt's
// headers (header-only mode) into the library, `used` so that the compiler
// emits them although nothing here calls them. (test/GPU/fmt_static.cpp does
// the same for the carried JIT binary.)
//
//===----------------------------------------------------------------------===//

#define FMT_HEADER_ONLY
#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace {
[[gnu::used]] std::string (*const keepVformat)(
    fmt::string_view, fmt::format_args) = &fmt::vformat;
[[gnu::used]] void (*const keepVprintFile)(std::FILE *, fmt::string_view,
                                           fmt::format_args) = &fmt::vprint;
[[gnu::used]] void (*const keepVprint)(fmt::string_view,
                                       fmt::format_args) = &fmt::vprint;
} // namespace
