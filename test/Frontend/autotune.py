# RUN: tilec %s -k inline --list-configs | FileCheck %s --check-prefix=INLINE
# RUN: tilec %s -k forms --list-configs | FileCheck %s --check-prefix=FORMS
# RUN: tilec %s -k from_list --list-configs | FileCheck %s --check-prefix=LIST
# RUN: tilec %s -k no_configs --list-configs | FileCheck %s --check-prefix=EMPTY
#
# `--list-configs` prints what tilec read from `@triton.autotune`: the key,
# then each `triton.Config` with its index, its constexpr bindings in the
# order written, num_warps and num_stages (4 and 3 when not given). Configs
# come inline, positionally or as `kwargs=`, through an imported `Config`,
# or from a module-level list; arguments given as their defaults (None,
# False) are accepted.
import triton
import triton.language as tl
from triton import Config

# INLINE: # key: M, N
# INLINE-NEXT: 0: BLOCK=128, num_warps=8, num_stages=3
# INLINE-NEXT: 1: BLOCK=64, num_warps=4, num_stages=2
# INLINE-NOT: {{.}}


@triton.autotune(configs=[
    triton.Config({'BLOCK': 128}, num_warps=8, num_stages=3),
    triton.Config({'BLOCK': 64}, num_stages=2),
], key=['M', 'N'])
@triton.jit
def inline(x_ptr, M, N, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 0.0)


# Values keep their kind: -0.5 and 2.0 stay floats, True a bool, tl.float16
# a dtype; positional arguments follow Triton's order (kwargs, num_warps,
# num_stages).
# FORMS: # key: n
# FORMS-NEXT: 0: B=64, F=-0.5, FLAG=True, DT=tl.float16, num_warps=2, num_stages=3
# FORMS-NEXT: 1: B=128, F=2.0, num_warps=8, num_stages=2
# FORMS-NOT: {{.}}


@triton.autotune(
    configs=[
        Config(kwargs={'B': 64, 'F': -0.5, 'FLAG': True, 'DT': tl.float16},
               num_warps=2, num_ctas=1, maxnreg=None, pre_hook=None),
        triton.Config({'B': 128, 'F': 2.0}, 8, 2),
    ],
    key=('n',), prune_configs_by=None, reset_to_zero=None, use_cuda_graph=False)
@triton.jit
def forms(x_ptr, n, B: tl.constexpr, F: tl.constexpr = 1.0,
          FLAG: tl.constexpr = False, DT: tl.constexpr = tl.float32):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(x_ptr + offs, (offs * F).to(DT), mask=offs < n)


# A module-level list: the binding above the decorator is the one read.
# LIST: # key: n
# LIST-NEXT: 0: BLOCK=256, num_warps=4, num_stages=3
# LIST-NEXT: 1: BLOCK=512, num_warps=8, num_stages=3
# LIST-NOT: {{.}}
CONFIGS = [triton.Config({'BLOCK': 1})]
CONFIGS = [
    triton.Config({'BLOCK': 256}),
    triton.Config({'BLOCK': 512}, num_warps=8),
]


@triton.autotune(configs=CONFIGS, key=['n'])
@triton.jit
def from_list(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 0.0)


CONFIGS = [triton.Config({'BLOCK': 2})]


# As in Triton, no configs means one default config.
# EMPTY: # key: n
# EMPTY-NEXT: 0: num_warps=4, num_stages=3
# EMPTY-NOT: {{.}}
@triton.autotune(configs=[], key=['n'])
@triton.jit
def no_configs(x_ptr, n):
    tl.store(x_ptr, n)
