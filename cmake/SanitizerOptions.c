//===- SanitizerOptions.c - sanitizer build runtime options -*- C -*-===//
//
// Linked into every program of a -DTILEC_SANITIZE build
// (cmake/TilecSanitizers.cmake), so that tilec, tilec-opt, the unit tests,
// the fuzzers and the programs the build itself runs (the sample cubins)
// behave the same under lit, ctest, fuzz/run.sh or by hand. ASAN_OPTIONS,
// UBSAN_OPTIONS and LSAN_OPTIONS in the environment are read after these
// and override them. docs/build.md explains each choice.
//
//===----------------------------------------------------------------------===//

// Each option:
// - allow_user_poisoning=0: LLVM's BumpPtrAllocator (llvm/Support/
//   Allocator.h) poisons a new slab and unpoisons each allocation from it,
//   but only where it was compiled with ASan. Its inline functions exist
//   both in tilec's instrumented code and in Debian's uninstrumented MLIR
//   archives, the linker keeps one copy of each, and memory handed out by an
//   uninstrumented copy stays poisoned: every MLIRContext fails with a
//   use-after-poison that is not there. Poisoning by hand is the only thing
//   this turns off; heap, stack and global checks are untouched.
// - abort_on_error=1: a report ends the program with SIGABRT rather than
//   exit code 1, which lit's `not` would take for an expected error.
const char *__asan_default_options(void) {
  return "allow_user_poisoning=0:abort_on_error=1";
}

// -fno-sanitize-recover=all already stops at the first report; the stack
// says where, and the abort keeps `not` from passing it.
const char *__ubsan_default_options(void) {
  return "print_stacktrace=1:abort_on_error=1";
}
