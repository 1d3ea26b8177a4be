# The PTX of the atomics in test/GPU/ops (the differential suite's kernels),
# for sm_80 and sm_90a, each through ptxas: Triton's instruction forms, one
# issuing thread per element, the lock loop of layer-norm backward.
# RUN: tilec %tilec_src/test/GPU/ops/atomics_int.py -k k_atomic_add_int32 -s "*i32, *i32, i32, 1024" --emit=ptx | FileCheck %s --check-prefix=HIST
# RUN: tilec %tilec_src/test/GPU/ops/atomics_int.py -k k_atomic_cas_int32 -s "*i32, *i32, *i32, *i32, i32, 256" --emit=ptx | FileCheck %s --check-prefix=CAS
# RUN: tilec %tilec_src/test/GPU/ops/atomics_int.py -k k_atomic_lock_int32 -s "*i32, *i32, *i32, *i32, 256" --emit=ptx | FileCheck %s --check-prefix=LOCK
# RUN: tilec %tilec_src/test/GPU/ops/atomics_int.py -k k_atomic_scalar_int32 -s "*i32, *i32, *i32" --emit=ptx | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %tilec_src/test/GPU/ops/atomics_int.py -k k_atomic_small_block_int32 -s "*i32, 32" --emit=ptx | FileCheck %s --check-prefix=SMALL
# RUN: tilec %tilec_src/test/GPU/ops/atomics_float.py -k k_atomic_max_fp32 -s "*fp32, *fp32, *fp32, *fp32, i32, 1024" --emit=ptx | FileCheck %s --check-prefix=FMAX
# RUN: tilec %tilec_src/test/GPU/ops/atomics_float.py -k k_atomic_add_fp16 -s "*fp16, *fp16, *fp16, i32, 256" --emit=ptx | FileCheck %s --check-prefix=F16
# RUN: tilec %tilec_src/test/GPU/ops/atomics_float.py -k k_atomic_add_bf16 -s "*bf16, *bf16, *bf16, i32, 256" --emit=ptx --arch=sm_90a | FileCheck %s --check-prefix=BF16-90
# RUN: tilec %tilec_src/test/GPU/ops/atomics_float.py -k k_atomic_add_bf16 -s "*bf16, *bf16, *bf16, i32, 256" --emit=ptx --arch=sm_80 | FileCheck %s --check-prefix=BF16-80
#
# Every kernel of test/GPU/ops/{atomics_int,atomics_float,debug_ops}.py
# (Inputs/atomic_kernels.txt: file|kernel|signature), both targets, in
# debug mode (asserts compiled in), through ptxas.
# RUN: %if ptxas %{ rm -rf %t && mkdir -p %t %}
# RUN: %if ptxas %{ sh -c 'for a in sm_80 sm_90a; do while IFS="|" read -r f k s; do TRITON_DEBUG=1 tilec %tilec_src/test/GPU/ops/$f -k "$k" -s "$s" --arch=$a --emit=ptx -o %t/$k.$a.ptx && %ptxas --gpu-name=$a %t/$k.$a.ptx -o %t/$k.$a.cubin || exit 1; done < %S/Inputs/atomic_kernels.txt; done' %}

# A histogram: every element its own atomic (their result unused), masked.
# HIST-LABEL: .entry k_atomic_add_int32(
# HIST: @%p{{[0-9]+}} atom.global.gpu.acq_rel.add.u32
# HIST-NOT: bar.sync

# CAS-LABEL: .entry k_atomic_cas_int32(
# CAS: atom.global.acq_rel.gpu.cas.b32

# The lock: thread 0 tries the CAS, every thread reads its result from
# shared memory between barriers, and the loop runs while it is 1.
# LOCK-LABEL: .entry k_atomic_lock_int32(
# LOCK: [[LOOP:\$L__BB[0-9_]+]]:
# LOCK: @%p{{[0-9]+}} atom.global.acq_rel.gpu.cas.b32
# LOCK: bar.sync 0
# LOCK: st.shared.b32
# LOCK: bar.sync 0
# LOCK: ld.shared.b32
# LOCK: setp.eq.{{[bs]}}32
# LOCK: @%p{{[0-9]+}} bra [[LOOP]]
# LOCK: atom.global.gpu.acq_rel.exch.b32
# LOCK: bar.sync 0
# LOCK: atom.global.gpu.acq_rel.exch.b32

# SCALAR-LABEL: .entry k_atomic_scalar_int32(
# SCALAR: setp.eq.{{[bs]}}32 [[P:%p[0-9]+]], %r{{[0-9]+}}, 0
# SCALAR: @[[P]] atom.global.gpu.acq_rel.add.u32
# SCALAR: bar.sync 0
# SCALAR: ld.shared.b32
# SCALAR: @[[P]] atom.global.gpu.acq_rel.add.u32

# 32 elements over 128 threads: threads of warps 1-3 hold copies and issue
# nothing (tid & 96 == 0, which LLVM turns into tid < 32, issues); the old
# values reach the copies through shared memory.
# SMALL-LABEL: .entry k_atomic_small_block_int32(
# SMALL: setp.lt.u32 [[P:%p[0-9]+]], %r{{[0-9]+}}, 32
# SMALL: @[[P]] atom.global.gpu.acq_rel.add.u32
# SMALL: @[[P]] atom.global.gpu.acq_rel.add.u32
# SMALL: bar.sync 0
# SMALL: st.shared.b32
# SMALL: bar.sync 0
# SMALL: ld.shared.b32

# FMAX-LABEL: .entry k_atomic_max_fp32(
# FMAX-DAG: atom.global.gpu.acq_rel.max.s32
# FMAX-DAG: atom.global.gpu.acq_rel.min.u32

# F16-LABEL: .entry k_atomic_add_fp16(
# F16: atom.global.gpu.acq_rel.add.noftz.f16

# sm_90 has the instruction: Triton's spelling, scope then semantic.
# BF16-90-LABEL: .entry k_atomic_add_bf16(
# BF16-90: atom.global.gpu.acq_rel.add.noftz.bf16

# sm_80 has no bf16 atomic add: LLVM's compare-and-swap loop on the word.
# BF16-80-LABEL: .entry k_atomic_add_bf16(
# BF16-80-NOT: add.noftz.bf16
# BF16-80: atom.acq_rel.gpu.global.cas.b32
