#===- Norms.cmake - the norm and cross-entropy samples on a GPU ------------===#
#
# Included by test/GPU/CMakeLists.txt inside its `if(TILEC_GPU_PTXAS)`: the
# cubins of examples/rmsnorm.py, examples/layernorm_bwd.py and
# examples/cross_entropy.py (issue 16 items 1-2), tilec-gpu-samples-norms
# (samples_norms.cpp) that checks them against float64 (ctest
# gpu-samples-norms), its host side on the fake driver (gpu-samples-norms-host
# and the planted faults it must catch), and its static variant to carry to
# a GPU machine (tilec-gpu-samples-norms-carry).
#
#===----------------------------------------------------------------------===#

# Cubins named KERNEL.DTYPE.bBLOCK.wWARPS[.d16].cubin (getCubinName in
# GpuHost.h); the row kernels at BLOCK_N 1024 (4 warps), 2048 and 4096 (8),
# 8192 (16), as examples/rmsnorm.py's warps_for; the lock kernel with the
# GROUP layernorm_bwd.py's group_for gives those rows (FakeCudaNorms.cpp
# knows it by BLOCK_N). The reductions: 128 partial rows x 16 columns a
# step on 4 warps (many programs: each walks the partial rows serially). The
# cross-entropy: BLOCK_V 4096 on 8 warps, its loops unrolled twice or not
# (UNROLL 2: `.u2`).
set(TILEC_NORMS_CUBINS_BEFORE ${TILEC_SAMPLE_CUBINS})
foreach(dt fp16 bf16)
  set(p "*${dt}:16")
  set(f "*fp32:16")
  foreach(spec 1024:4:256 2048:8:128 4096:8:128 8192:16:64)
    string(REPLACE ":" ";" bwg ${spec})
    list(GET bwg 0 block)
    list(GET bwg 1 warps)
    list(GET bwg 2 group)
    set(stem b${block}.w${warps})
    tilec_sample_cubins(rmsnorm_fwd_kernel.${dt}.${stem} rmsnorm.py
      rmsnorm_fwd_kernel "${p}, ${p}, ${p}, ${f}, i32:16, @N@, fp32, ${block}"
      ${warps})
    tilec_sample_cubins(rmsnorm_bwd_kernel.${dt}.${stem} rmsnorm.py
      rmsnorm_bwd_kernel
      "${p}, ${p}, ${p}, ${p}, ${f}, ${f}, i32:16, i32, @N@, i32, ${block}"
      ${warps})
    tilec_sample_cubins(layernorm_bwd_kernel.${dt}.${stem} layernorm_bwd.py
      layernorm_bwd_kernel
      "${p}, ${p}, ${p}, ${p}, ${f}, ${f}, ${f}, ${f}, i32:16, i32, @N@, i32, ${block}"
      ${warps})
    tilec_sample_cubins(layernorm_bwd_lock_kernel.${dt}.${stem}
      layernorm_bwd.py layernorm_bwd_lock_kernel
      "${p}, ${p}, ${p}, ${p}, ${f}, ${f}, ${f}, ${f}, *i32:16, *i32:16, i32:16, @N@, ${group}, ${block}"
      ${warps})
  endforeach()
  tilec_sample_cubins(rmsnorm_bwd_dw_kernel.${dt}.b16.w4 rmsnorm.py
    rmsnorm_bwd_dw_kernel "${f}, ${p}, i32, @N@, 128, 16" 4)
  tilec_sample_cubins(layernorm_bwd_dwdb_kernel.${dt}.b16.w4 layernorm_bwd.py
    layernorm_bwd_dwdb_kernel "${f}, ${f}, ${p}, ${p}, i32, @N@, 128, 16" 4)
  tilec_sample_cubins(cross_entropy_kernel.${dt}.b4096.w8 cross_entropy.py
    cross_entropy_kernel
    "${p}, i32:16, *i64:16, ${f}, @N@, i32, fp32, fp32, 4096" 8)
  tilec_sample_cubins(cross_entropy_kernel.${dt}.b4096.w8.u2 cross_entropy.py
    cross_entropy_kernel
    "${p}, i32:16, *i64:16, ${f}, @N@, i32, fp32, fp32, 4096, 2" 8)
endforeach()
set(TILEC_NORMS_CUBINS ${TILEC_SAMPLE_CUBINS})
list(REMOVE_ITEM TILEC_NORMS_CUBINS ${TILEC_NORMS_CUBINS_BEFORE})
add_custom_target(tilec-norms-cubins ALL DEPENDS ${TILEC_NORMS_CUBINS})

add_executable(tilec-gpu-samples-norms samples_norms.cpp)
target_link_libraries(tilec-gpu-samples-norms PRIVATE TilecRuntime)
add_dependencies(tilec-gpu-samples-norms tilec-norms-cubins tilec-fake-cuda)
add_test(NAME gpu-samples-norms
  COMMAND tilec-gpu-samples-norms ${TILEC_SAMPLE_DIR})
set_tests_properties(gpu-samples-norms PROPERTIES LABELS gpu
  SKIP_RETURN_CODE 77)

# The host side on the fake driver (FakeCuda.cpp runs FakeCudaNorms.cpp's
# CPU kernels), and the planted faults it must report.
target_sources(tilec-fake-cuda PRIVATE FakeCudaNorms.cpp)
if(TILEC_SANITIZE OR TILEC_FUZZ)
  set_source_files_properties(FakeCudaNorms.cpp samples_norms.cpp PROPERTIES
    COMPILE_OPTIONS "-O2;$<$<BOOL:${TILEC_FUZZ}>:-fno-sanitize=fuzzer-no-link>")
endif()
add_test(NAME gpu-samples-norms-host
  COMMAND tilec-gpu-samples-norms --quick ${TILEC_SAMPLE_DIR})
set_tests_properties(gpu-samples-norms-host PROPERTIES
  ENVIRONMENT "${fake_env}")
foreach(bug stray skip wrong)
  add_test(NAME gpu-samples-norms-host-catches-${bug}
    COMMAND tilec-gpu-samples-norms --quick ${TILEC_SAMPLE_DIR})
  set_tests_properties(gpu-samples-norms-host-catches-${bug} PROPERTIES
    ENVIRONMENT "${fake_env};TILEC_FAKE_BUG=${bug}"
    PASS_REGULAR_EXPRESSION "passed, [1-9][0-9]* failed")
endforeach()

add_executable(tilec-gpu-samples-norms-carry EXCLUDE_FROM_ALL
  samples_norms.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/CudaDriver.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/Runtime.cpp
  ${PROJECT_SOURCE_DIR}/lib/Runtime/TensorMap.cpp)
target_include_directories(tilec-gpu-samples-norms-carry PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR})
target_include_directories(tilec-gpu-samples-norms-carry SYSTEM PRIVATE
  ${TILEC_CUDA_INCLUDE_DIR})
target_link_libraries(tilec-gpu-samples-norms-carry PRIVATE
  ${LLVM_LIBRARY_DIR}/libLLVMSupport.a ${LLVM_LIBRARY_DIR}/libLLVMDemangle.a
  -lz -lzstd -ltinfo -lpthread ${CMAKE_DL_LIBS}
  -static-libstdc++ -static-libgcc)

# The JIT host program (examples/host/jit_norms.cpp) on the fake driver: its
# JIT-compiled cubins are the ones above byte for byte (same source,
# signature, constexprs, warps and arch), which is how the fake knows them.
add_test(NAME gpu-jit-norms-host COMMAND tilec-jit-norms)
set_tests_properties(gpu-jit-norms-host PROPERTIES ENVIRONMENT
  "${fake_env};TILEC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/jit-norms-cache")
