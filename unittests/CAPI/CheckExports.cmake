#===- CheckExports.cmake - what libtilec.so exports and needs -------------===#
#
# cmake -DLIB=libtilec.so -P CheckExports.cmake: fails unless every defined
# dynamic symbol is a tilec_* function of the C API, and no LLVM, MLIR,
# fmt, libstdc++ or libgcc_s is needed at run time (the library must load
# on a machine without them).
#
#===----------------------------------------------------------------------===#

execute_process(COMMAND nm -D --defined-only ${LIB}
  OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm -D ${LIB} failed")
endif()
string(REPLACE "\n" ";" lines "${syms}")
set(count 0)
foreach(line ${lines})
  string(REGEX MATCH "[^ ]+$" name "${line}")
  if(name STREQUAL "" OR name MATCHES "^TILEC_1$")
    continue()
  endif()
  if(NOT name MATCHES "^tilec_[a-z0-9_]+(@@TILEC_1)?$")
    message(FATAL_ERROR "libtilec.so exports '${name}', not of the C API")
  endif()
  math(EXPR count "${count} + 1")
endforeach()
if(count LESS 30)
  message(FATAL_ERROR "libtilec.so exports only ${count} tilec_* symbols")
endif()
execute_process(COMMAND readelf -d ${LIB} OUTPUT_VARIABLE dyn)
string(REGEX MATCHALL "Shared library: \\[[^]]*\\]" needed "${dyn}")
foreach(n ${needed})
  if(n MATCHES "LLVM|MLIR|fmt|stdc\\+\\+|gcc_s")
    message(FATAL_ERROR "libtilec.so needs ${n} at run time")
  endif()
endforeach()
message(STATUS "libtilec.so: ${count} tilec_* symbols; needs ${needed}")
