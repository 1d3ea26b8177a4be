# Occupancy tuning (lib/Target/Ptxas.cpp): when registers are what limits
# the CTAs per multiprocessor, ptxas is asked once more for one CTA more
# (.minnctapersm), kept when it needs no local memory. The limit counts the
# dynamic shared memory the kernel is launched with, which ptxas never sees:
# attn_bwd_dq at head dim 128 takes 80 KiB of it, so two CTAs fit whatever
# its registers, and asking ptxas for more only took registers away.
#
# REQUIRES: ptxas
# RUN: tilec %examples/attention.py -k attn_bwd_preprocess -s "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:1, i32, i32, 128, 64" --num-warps 4 --emit=cubin --print-resources --no-cache -o %t.pre.cubin 2>&1 | FileCheck %s --check-prefix=TUNED
# RUN: tilec %examples/attention.py -k attn_bwd_dq -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 128, 64, 32, 0" --num-warps 4 --emit=cubin --print-resources --no-cache -o %t.dq.cubin 2>&1 | FileCheck %s --check-prefix=DYNAMIC
#
# TUNED: attn_bwd_preprocess: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, {{[0-9]+}} bytes shared memory, 128 threads, tuned for {{[0-9]+}} CTAs per SM
# DYNAMIC: attn_bwd_dq: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 81920 bytes dynamic shared memory, 128 threads{{$}}
