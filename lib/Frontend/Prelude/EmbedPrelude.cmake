# Writes OUT: one `{"NAME", R"tilec(...)tilec"},` entry per prelude source
# (SOURCES, a comma-separated list), for lib/Frontend/Prelude.cpp. Run with
# cmake -P.
string(REPLACE "," ";" SOURCES "${SOURCES}")
set(content "")
foreach(src IN LISTS SOURCES)
  file(READ "${src}" text)
  get_filename_component(name "${src}" NAME)
  string(FIND "${text}" ")tilec\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${src} contains the raw-string delimiter )tilec\"")
  endif()
  string(APPEND content "{\"${name}\", R\"tilec(${text})tilec\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "${content}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
