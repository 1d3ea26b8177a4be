# Triton's debug mode (TRITON_DEBUG) changes the kernel, so it is part of the
# kernel cache key: the same source compiled with and without it, through
# one cache, keeps its asserts only in debug mode.
# RUN: rm -rf %t
# RUN: env TILEC_CACHE_DIR=%t tilec %tilec_src/test/GPU/ops/debug_ops.py -k k_device_assert_int32 -s "*i32, *i32, i32, 256" --emit=ptx | FileCheck %s --check-prefix=OFF
# RUN: env TILEC_CACHE_DIR=%t TRITON_DEBUG=1 tilec %tilec_src/test/GPU/ops/debug_ops.py -k k_device_assert_int32 -s "*i32, *i32, i32, 256" --emit=ptx | FileCheck %s --check-prefix=ON
# RUN: env TILEC_CACHE_DIR=%t TRITON_DEBUG=0 tilec %tilec_src/test/GPU/ops/debug_ops.py -k k_device_assert_int32 -s "*i32, *i32, i32, 256" --emit=ptx | FileCheck %s --check-prefix=OFF

# OFF-LABEL: .entry k_device_assert_int32(
# OFF-NOT: __assertfail

# ON: .extern .func __assertfail
# ON-LABEL: .entry k_device_assert_int32(
# ON: call.uni __assertfail
