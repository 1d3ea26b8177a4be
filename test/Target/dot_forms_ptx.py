# The tl.dot forms beyond 2-D tensor-core dots, in PTX for sm_80 and sm_90a,
# each assembled by ptxas: every kernel of test/GPU/ops/dot_scaled.py and
# test/GPU/ops/dot_batched.py (Inputs/dot_form_kernels.txt:
# file|kernel|signature). e4m3 converts only from sm_89 on (Triton 3.6
# refuses it below too), so the kernels with an e4m3 side are assembled for
# sm_90a only.
#
# RUN: %if ptxas %{ rm -rf %t && mkdir -p %t %}
# RUN: %if ptxas %{ sh -c 'while IFS="|" read -r f k s; do for a in sm_80 sm_90a; do case "$k$a" in *e4m3*sm_80) continue;; esac; tilec %tilec_src/test/GPU/ops/$f -k "$k" -s "$s" --arch=$a --emit=ptx -o %t/$k.$a.ptx && %ptxas --gpu-name=$a %t/$k.$a.ptx -o %t/$k.$a.cubin || exit 1; done; done < %S/Inputs/dot_form_kernels.txt' %}
#
# fp64: one fma.rn.f64 per product, no tensor core. A 64 x 32 x 32 dot on
# 4 warps.
# RUN: tilec %tilec_src/test/GPU/ops/dot_batched.py -k k_dot_fp64_acc -s "*fp64, *fp64, *fp64, 64, 32, 32" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=FP64
# FP64-LABEL: .entry k_dot_fp64_acc
# FP64-NOT: mma
# FP64: fma.rn.f64
# FP64-NOT: mma
# FP64: ret;
#
# Batched: one mma.sync chain per batch (4 batches of 32 x 64 x 32 in fp16:
# 2 x 8 m16n8k16 tiles, 2 K steps, over 4 warps, per batch).
# RUN: tilec %tilec_src/test/GPU/ops/dot_batched.py -k k_dot3d_fp16 -s "*fp16, *fp16, *fp32, 4, 32, 64, 32" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=B3
# B3-LABEL: .entry k_dot3d_fp16
# B3-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# B3-NOT: mma.sync
# B3: ret;
#
# bf16x3: three bf16 dots; bf16x6: six (m16n8k16 bf16 on sm_80; wgmma on
# sm_90a for the 64-row tile).
# RUN: tilec %tilec_src/test/GPU/ops/dot_batched.py -k k_dot_fp32_bf16x3 -s "*fp32, *fp32, *fp32, 64, 64, 32" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=X3
# X3-LABEL: .entry k_dot_fp32_bf16x3
# X3-COUNT-6: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.bf16.bf16
# X3-NOT: wgmma.mma_async
# X3: ret;
# RUN: tilec %tilec_src/test/GPU/ops/dot_batched.py -k k_dot_fp32_bf16x6 -s "*fp32, *fp32, *fp32, 64, 64, 32" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=X6
# X6-LABEL: .entry k_dot_fp32_bf16x6
# X6-COUNT-12: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.bf16.bf16
# X6-NOT: wgmma.mma_async
# X6: ret;
#
# dot_scaled on sm_90a: the upcast operands meet in a bf16 wgmma.
# RUN: tilec %tilec_src/test/GPU/ops/dot_scaled.py -k k_dot_scaled_e4m3_e5m2_fast -s "*u8, *u8, *u8, *u8, *fp32, 128, 64, 64" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=SCALED
# SCALED-LABEL: .entry k_dot_scaled_e4m3_e5m2_fast
# SCALED: cvt.rn.f16x2.e4m3x2
# SCALED: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.bf16.bf16
