//===- fmt_static.cpp - fmt compiled into the carried binary ----*- C++ -*-===//
//
// Debian ships fmt as a shared library only, and the GPU machine has none.
// tilec's archives call fmt's three out-of-line entry points below; this
// file compiles them from fmt's headers (header-only mode) into
// tilec-jit-carry, `used` so that the compiler emits them although nothing
// in this file calls them.
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
