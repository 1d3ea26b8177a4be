#===- SamplesFused.cmake - the fused samples on a GPU ---------------------===#
#
# Included by test/GPU/CMakeLists.txt where ptxas is found. The cubins of
# examples/dropout.py, examples/adamw.py and examples/w4a16.py (into the
# samples directory, beside the other samples' cubins), checked by
# tilec-gpu-samples-fused (samples_fused.cpp) against float64 references:
# on a GPU (ctest gpu-samples-fused) and, through the CPU stand-ins of
# FakeCudaFused.cpp in libtilec-fake-cuda, without one (gpu-samples-fused-
# host, and the planted faults it must catch).
#
#===----------------------------------------------------------------------===#

# Dropout: BLOCK 1024, 4 warps, fp32 and bf16; .d16 for n divisible by 16.
foreach(dt fp32 bf16)
  foreach(kernel dropout_fwd_kernel dropout_bwd_kernel)
    tilec_sample_cubins(${kernel}.${dt}.b1024 dropout.py ${kernel}
      "*${dt}:16, *${dt}:16, @N@, i32, fp32, i32, 1024" 4)
  endforeach()
endforeach()
# AdamW: CHUNK 16384, BLOCK 1024, 4 warps.
tilec_sample_cubin(adamw_kernel.bf16.b1024.cubin adamw.py adamw_kernel
  "*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, fp32, fp32, i32, 16384, 1024"
  4)
# W4A16: KERNEL.fp16.bBLOCK_N.sSPLIT_K.wWARPS (GROUP 128; GEMM BLOCK_M 16).
foreach(spec 256:1:4 128:4:1)
  string(REPLACE ":" ";" bsw ${spec})
  list(GET bsw 0 bn)
  list(GET bsw 1 sk)
  list(GET bsw 2 warps)
  tilec_sample_cubin(w4a16_gemv_kernel.fp16.b${bn}.s${sk}.w${warps}.cubin
    w4a16.py w4a16_gemv_kernel
    "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, 128, ${bn}, ${sk}"
    ${warps})
endforeach()
foreach(spec 64:1:4 128:4:4)
  string(REPLACE ":" ";" bsw ${spec})
  list(GET bsw 0 bn)
  list(GET bsw 1 sk)
  list(GET bsw 2 warps)
  tilec_sample_cubin(w4a16_gemm_kernel.fp16.b${bn}.s${sk}.w${warps}.cubin
    w4a16.py w4a16_gemm_kernel
    "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 128, 16, ${bn}, ${sk}"
    ${warps})
endforeach()

if(TILEC_SANITIZE OR TILEC_FUZZ)
  set_source_files_properties(FakeCudaFused.cpp samples_fused.cpp PROPERTIES
    COMPILE_OPTIONS "-O2;$<$<BOOL:${TILEC_FUZZ}>:-fno-sanitize=fuzzer-no-link>")
endif()

add_executable(tilec-gpu-samples-fused samples_fused.cpp)
target_include_directories(tilec-gpu-samples-fused PRIVATE
  ${PROJECT_SOURCE_DIR}/examples/host)
target_link_libraries(tilec-gpu-samples-fused PRIVATE TilecRuntime)
add_dependencies(tilec-gpu-samples-fused tilec-sample-cubins tilec-fake-cuda)
add_test(NAME gpu-samples-fused
  COMMAND tilec-gpu-samples-fused ${TILEC_SAMPLE_DIR})
set_tests_properties(gpu-samples-fused PROPERTIES LABELS gpu
  SKIP_RETURN_CODE 77)

set(fused_fake_env "TILEC_LIBCUDA=$<TARGET_FILE:tilec-fake-cuda>"
  "TILEC_FAKE_CUBIN_DIR=${TILEC_SAMPLE_DIR}")
add_test(NAME gpu-samples-fused-host
  COMMAND tilec-gpu-samples-fused --quick ${TILEC_SAMPLE_DIR})
set_tests_properties(gpu-samples-fused-host PROPERTIES
  ENVIRONMENT "${fused_fake_env}" PASS_REGULAR_EXPRESSION " 0 failed")
foreach(bug stray skip wrong)
  add_test(NAME gpu-samples-fused-host-catches-${bug}
    COMMAND tilec-gpu-samples-fused --quick ${TILEC_SAMPLE_DIR})
  set_tests_properties(gpu-samples-fused-host-catches-${bug} PROPERTIES
    ENVIRONMENT "${fused_fake_env};TILEC_FAKE_BUG=${bug}"
    PASS_REGULAR_EXPRESSION "passed, [1-9][0-9]* failed")
endforeach()

# The same program to carry to a GPU machine without LLVM
# (bench/samples16_fused.sh runs it from .carry/fused/).
add_executable(tilec-gpu-samples-fused-carry EXCLUDE_FROM_ALL
  samples_fused.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/CudaDriver.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/Runtime.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/TensorMap.cpp)
target_include_directories(tilec-gpu-samples-fused-carry PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/examples/host)
target_include_directories(tilec-gpu-samples-fused-carry SYSTEM PRIVATE
  ${TILEC_CUDA_INCLUDE_DIR})
target_link_libraries(tilec-gpu-samples-fused-carry PRIVATE
  ${LLVM_LIBRARY_DIR}/libLLVMSupport.a ${LLVM_LIBRARY_DIR}/libLLVMDemangle.a
  -lz -lzstd -ltinfo -lpthread ${CMAKE_DL_LIBS}
  -static-libstdc++ -static-libgcc)
add_dependencies(tilec-gpu-samples-fused-carry tilec-sample-cubins)

# The JIT host (examples/host/jit_fused.cpp) on the CPU stand-ins: its
# configurations are those of the cubins above, so the JIT compiles the same
# bytes and the fake driver recognizes them. Its own kernel cache, so that
# the run compiles through the JIT every time.
if(TARGET tilec-jit-fused OR TILEC_BUILD_TESTS)
  add_test(NAME gpu-jit-fused-host COMMAND tilec-jit-fused)
  set_tests_properties(gpu-jit-fused-host PROPERTIES
    ENVIRONMENT "${fused_fake_env};TILEC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/jit-fused-cache"
    DEPENDS gpu-samples-fused-host)
endif()
