#===- TilecSanitizers.cmake - sanitizer and fuzzer builds of tilec -------===#
#
# TILEC_SANITIZE: a list of sanitizers (address, undefined; commas or
# semicolons) for tilec's own code, compile and link. LLVM and MLIR are
# Debian's prebuilt, uninstrumented libraries: their code is not checked, but
# every call tilec makes into them is. UndefinedBehaviorSanitizer does not
# recover, so a finding ends the program and fails its test.
#
# TILEC_FUZZ: also instrument tilec's code for libFuzzer's coverage
# (-fsanitize=fuzzer-no-link) and build the fuzz targets of fuzz/ (clang
# only). docs/build.md says how to use both.
#
#===----------------------------------------------------------------------===#

set(TILEC_SANITIZE "" CACHE STRING
  "Sanitizers for tilec's code: address, undefined (docs/build.md)")
option(TILEC_FUZZ "Build the libFuzzer targets of fuzz/ (needs clang)" OFF)

string(REPLACE "," ";" tilecSanitizers "${TILEC_SANITIZE}")
foreach(s IN LISTS tilecSanitizers)
  if(NOT s MATCHES "^(address|undefined)$")
    message(FATAL_ERROR "TILEC_SANITIZE: unknown sanitizer '${s}' "
      "(known: address, undefined)")
  endif()
endforeach()

if(tilecSanitizers)
  list(JOIN tilecSanitizers "," tilecSanitizeFlag)
  message(STATUS "tilec: building with -fsanitize=${tilecSanitizeFlag}")
  add_compile_options(-fsanitize=${tilecSanitizeFlag} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${tilecSanitizeFlag})
  if("undefined" IN_LIST tilecSanitizers)
    add_compile_options(-fno-sanitize-recover=all)
    add_link_options(-fno-sanitize-recover=all)
  endif()
  # A shared library leaves the sanitizer runtime to the program that loads
  # it, so LLVM's -z defs (every symbol resolved at link) cannot hold.
  foreach(kind SHARED MODULE)
    string(REPLACE "-Wl,-z,defs" "" CMAKE_${kind}_LINKER_FLAGS
      "${CMAKE_${kind}_LINKER_FLAGS}")
  endforeach()
  # The runtime options every program needs (SanitizerOptions.c says why),
  # linked into each target defined after this: an object library's object
  # goes into every program as it is, where the runtime's weak defaults
  # give way to it. (Named in lower case so that tilec_collect_archives,
  # which gathers the Tilec* archives, passes it by.)
  add_library(tilec_sanitizer_options OBJECT
    ${CMAKE_CURRENT_LIST_DIR}/SanitizerOptions.c)
  link_libraries(tilec_sanitizer_options)
endif()

if(TILEC_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TILEC_FUZZ needs clang (libFuzzer), not "
      "${CMAKE_CXX_COMPILER_ID}: configure with "
      "-DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22")
  endif()
  if(NOT "address" IN_LIST tilecSanitizers)
    message(WARNING "TILEC_FUZZ without TILEC_SANITIZE=address finds only "
      "crashes, not memory errors")
  endif()
  # Coverage for libFuzzer in all of tilec's code; only the fuzz targets
  # link libFuzzer itself (-fsanitize=fuzzer, fuzz/CMakeLists.txt).
  add_compile_options(-fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=fuzzer-no-link)
endif()
