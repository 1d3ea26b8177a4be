# RUN: not tilec %s -k tuned --config=2 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not tilec %s -k plain --list-configs 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec %s -k plain --config=0 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec %s -k tuned --config=0 --num-warps=4 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: not tilec %s -k tuned --config=0 --num-stages=2 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=STAGES
# RUN: not tilec %s -k tuned --config=0 -D BLOCK=32 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=DEFS
# RUN: not tilec %s -k tuned --config=-1 -s "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
# RUN: not tilec %s -k refused --list-configs 2>&1 | FileCheck %s --check-prefix=CARET --strict-whitespace --match-full-lines
# RUN: %python %S/../Frontend/Errors/Inputs/expect_exit.py 1 tilec %s -k refused -s "*fp32, i32"
# RUN: %python %S/../Frontend/Errors/Inputs/expect_exit.py 0 tilec %s -k tuned --list-configs
#
# The command line's autotune flags: --config out of range, on a kernel
# without the decorator, or combined with a flag that sets what the config
# sets, is an error naming both; a refused decorator argument prints as
# every tilec error does (file:line:col, the source line, a caret) and
# exits 1, from --list-configs and from a plain compile alike.
import triton
import triton.language as tl

# RANGE: {{.*}}autotune_cli.py: error: --config=2: the autotune decorator has 2 configs (0 to 1)
# NONE: {{.*}}autotune_cli.py: error: kernel 'plain' has no @triton.autotune decorator
# WARPS: {{.*}}autotune_cli.py: error: --num-warps cannot be combined with --config (config 0 sets num_warps=8)
# STAGES: {{.*}}autotune_cli.py: error: --num-stages cannot be combined with --config (config 0 sets num_stages=3)
# DEFS: {{.*}}autotune_cli.py: error: -D BLOCK conflicts with --config=0, which binds BLOCK=128
# NEGATIVE: tilec: error: --config expects a config index from 0, got -1


@triton.autotune(configs=[
    triton.Config({'BLOCK': 128}, num_warps=8),
    triton.Config({'BLOCK': 64}),
], key=['n'])
@triton.jit
def tuned(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


@triton.jit
def plain(x_ptr, n):
    tl.store(x_ptr, 1.0)


@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], pre_hook=print)
@triton.jit
def refused(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)

# CARET:{{.*}}autotune_cli.py:42:78: error: 'triton.autotune' argument 'pre_hook' runs Python around each timing run, which tilec cannot do
# CARET-NEXT:@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], pre_hook=print)
# CARET-NEXT:                                                                             ^
# CARET-NOT:{{.}}
