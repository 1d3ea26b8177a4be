# RUN: tilec %s -k comp --list-configs | FileCheck %s --check-prefix=COMP
# RUN: tilec %s -k func --list-configs | FileCheck %s --check-prefix=FUNC
# RUN: tilec %s -k values --list-configs | FileCheck %s --check-prefix=VALUES
# RUN: tilec %s -k target --arch=sm_80 --list-configs | FileCheck %s --check-prefix=SM80
# RUN: tilec %s -k target --arch=sm_90a --list-configs | FileCheck %s --check-prefix=SM90
# RUN: env TILEC_TEST_BLOCKS=16,32 tilec %s -k env --list-configs | FileCheck %s --check-prefix=ENV
# RUN: env -u TILEC_TEST_BLOCKS tilec %s -k env --list-configs | FileCheck %s --check-prefix=NOENV
# RUN: tilec %s -k comp --config=3 -s "*fp32, i32" | FileCheck %s --check-prefix=COMPILE
#
# Autotune configs computed by module-level Python, read as Triton sees them:
# the evaluator runs comprehensions, the program's own functions, the
# builtins they call, triton.cdiv / next_power_of_2, the target queries
# (answered from --arch) and os.environ (read at compile time).
import os

import torch
import triton
import triton.language as tl

BLOCKS = [32, 64]
WARPS = (4, 8)


@triton.autotune(
    configs=[triton.Config({'BLOCK': b}, num_warps=w, num_stages=s)
             for b in BLOCKS for w in WARPS for s in [2, 3] if b * w <= 256],
    key=['n', 'not_a_parameter'],
)
@triton.jit
def comp(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)

# A key naming no parameter is ignored, as Triton ignores it.
# COMP: # key: n
# COMP-NEXT: 0: BLOCK=32, num_warps=4, num_stages=2
# COMP-NEXT: 1: BLOCK=32, num_warps=4, num_stages=3
# COMP-NEXT: 2: BLOCK=32, num_warps=8, num_stages=2
# COMP-NEXT: 3: BLOCK=32, num_warps=8, num_stages=3
# COMP-NEXT: 4: BLOCK=64, num_warps=4, num_stages=2
# COMP-NEXT: 5: BLOCK=64, num_warps=4, num_stages=3
# COMP-NOT: 6:

# COMPILE: module attributes {tile.num_warps = 8 : i32}
# COMPILE: tile.make_range 0 to 32


def get_autotune_config(small):
    """A library's config function: loops, a dict, sorted, slices."""
    configs = []
    sizes = {'M': [16, 128, 64], 'N': [32, 64]}
    for i, bm in enumerate(sorted(sizes['M'], reverse=True)[:2]):
        for bn in sizes['N']:
            if small and bm * bn > 4096:
                continue
            configs.append(triton.Config({'BM': bm, 'BN': bn},
                                         num_warps=max(2, bm // 32)))
    return configs


@triton.autotune(configs=get_autotune_config(small=True), key=['n'])
@triton.jit
def func(x_ptr, n, BM: tl.constexpr, BN: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BM), 1.0)

# FUNC: # key: n
# FUNC-NEXT: 0: BM=128, BN=32, num_warps=4, num_stages=3
# FUNC-NEXT: 1: BM=64, BN=32, num_warps=2, num_stages=3
# FUNC-NEXT: 2: BM=64, BN=64, num_warps=2, num_stages=3
# FUNC-NOT: 3:

SCALE = 0.5 * 3
NAME = "mean" if triton.__version__ >= "3.0.0" else "sum"
SIZES = tuple(triton.next_power_of_2(n) for n in (100, 1000))


@triton.autotune(
    configs=[triton.Config({'R': NAME, 'S': SCALE, 'D': tl.float16,
                            'B': triton.cdiv(1000, 128) * 128, 'T': SIZES,
                            'F': len(NAME) == 4 and not None})],
    key=[],
)
@triton.jit
def values(x_ptr, R: tl.constexpr, S: tl.constexpr, D: tl.constexpr,
           B: tl.constexpr, T: tl.constexpr, F: tl.constexpr):
    pass

# VALUES: 0: R="mean", S=1.5, D=tl.float16, B=1024, T=(128, 1024), F=True, num_warps=4, num_stages=3


CAP = torch.cuda.get_device_capability()


@triton.autotune(
    configs=[triton.Config({'BLOCK': 128 if CAP >= (9, 0) else 64},
                           num_stages=4 if CAP[0] >= 9 else 2)],
    key=[],
)
@triton.jit
def target(x_ptr, BLOCK: tl.constexpr):
    pass

# SM80: 0: BLOCK=64, num_warps=4, num_stages=2
# SM90: 0: BLOCK=128, num_warps=4, num_stages=4

ENV_BLOCKS = [int(b) for b in
              os.environ.get("TILEC_TEST_BLOCKS", "128").split(",")]
if "TILEC_TEST_BLOCKS" in os.environ:
    ENV_BLOCKS = ENV_BLOCKS + [int(os.environ["TILEC_TEST_BLOCKS"][:2]) * 4]


@triton.autotune(configs=[triton.Config({'BLOCK': b}) for b in ENV_BLOCKS],
                 key=[])
@triton.jit
def env(x_ptr, BLOCK: tl.constexpr):
    pass

# ENV: 0: BLOCK=16
# ENV: 1: BLOCK=32
# ENV: 2: BLOCK=64
# NOENV: 0: BLOCK=128
# NOENV-NOT: 1:
