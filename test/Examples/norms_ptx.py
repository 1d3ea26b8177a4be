# The PTX of the norm and cross-entropy samples (examples/rmsnorm.py,
# layernorm_bwd.py, cross_entropy.py; issue 16) at their bf16 configurations
# for 4096-wide rows and 4096-wide vocabulary blocks: every row access is 16
# bytes, the lock kernel takes its slot with an acq_rel compare-and-swap and
# gives it back only after a barrier that follows its partial-sum stores,
# and ptxas accepts every kernel for sm_90a and sm_80 with no spills.
# RUN: tilec %examples/rmsnorm.py -k rmsnorm_fwd_kernel -s "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, fp32, 4096" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=FWD
# RUN: tilec %examples/rmsnorm.py -k rmsnorm_bwd_kernel -s "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32, i32:16, i32, 4096" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=BWD
# RUN: tilec %examples/layernorm_bwd.py -k layernorm_bwd_lock_kernel -s "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *i32:16, *i32:16, i32:16, i32:16, 128, 4096" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=LOCK
# RUN: tilec %examples/cross_entropy.py -k cross_entropy_kernel -s "*bf16:16, i32:16, *i64:16, *fp32:16, i32:16, i32, fp32, fp32, 4096" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=CE

# FWD-LABEL: .entry rmsnorm_fwd_kernel(
# FWD-NOT: ld.global.b16
# FWD: ld.global.v4.b32
# FWD: st.global.v4.b32

# BWD-LABEL: .entry rmsnorm_bwd_kernel(
# BWD-NOT: ld.global.b16
# BWD: ld.global.v4.b32
# BWD: st.global.v4.b32
# BWD: st.global.v4.f32

# LOCK-LABEL: .entry layernorm_bwd_lock_kernel(
# LOCK: st.global.v4.b32
# LOCK: atom.global.acq_rel.gpu.cas.b32
# LOCK: atom.global.gpu.acq_rel.exch.b32
# LOCK: st.global.v4.f32
# LOCK: bar.sync
# LOCK-NOT: st.global
# LOCK: atom.global.gpu.acq_rel.exch.b32

# The cross-entropy's first loop has no reduction, so no barrier: nothing
# keeps ptxas from issuing the next chunk's loads early.
# CE-LABEL: .entry cross_entropy_kernel(
# CE: ld.global.v4.b32
# CE-NOT: bar.sync
# CE: ex2.approx
# CE: bra
# CE: bar.sync
# CE: st.global.v4.b32

# RUN: %if ptxas %{ for a in sm_90a sm_80; do \
# RUN:   tilec %examples/rmsnorm.py -k rmsnorm_fwd_kernel -s "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, i32, fp32, 8192" --num-warps 16 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/rmsnorm.py -k rmsnorm_bwd_kernel -s "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32, i32, i32, 8192" --num-warps 16 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/rmsnorm.py -k rmsnorm_bwd_dw_kernel -s "*fp32:16, *bf16:16, i32, i32, 128, 16" --num-warps 4 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/layernorm_bwd.py -k layernorm_bwd_kernel -s "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32, i32, i32, 8192" --num-warps 16 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/layernorm_bwd.py -k layernorm_bwd_lock_kernel -s "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *i32:16, *i32:16, i32:16, i32, 64, 8192" --num-warps 16 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/layernorm_bwd.py -k layernorm_bwd_dwdb_kernel -s "*fp32:16, *fp32:16, *bf16:16, *bf16:16, i32, i32, 128, 16" --num-warps 4 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/cross_entropy.py -k cross_entropy_kernel -s "*bf16:16, i32:16, *i64:16, *fp32:16, i32, i32, fp32, fp32, 4096" --num-warps 8 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin && \
# RUN:   tilec %examples/cross_entropy.py -k cross_entropy_kernel -s "*bf16:16, i32:16, *i64:16, *fp32:16, i32:16, i32, fp32, fp32, 4096, 2" --num-warps 8 --arch=$a --emit=cubin --print-resources --no-cache -o %t.cubin; \
# RUN: done 2>&1 | FileCheck %s --check-prefix=RES %}

# RES-COUNT-16: {{^[a-z_]+_kernel}}: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack,
# RES-NOT: spill
