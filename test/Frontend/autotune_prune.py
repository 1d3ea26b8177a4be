# RUN: tilec %s --list-configs -k k | FileCheck %s --check-prefix=ALL
# RUN: tilec %s --list-configs -k k --prune-for=n=200,EVEN=False | FileCheck %s --check-prefix=SMALL
# RUN: tilec %s --list-configs -k k --prune-for=n=4096 --prune-for=EVEN=True | FileCheck %s --check-prefix=KEEPALL
# RUN: tilec %s --list-configs -k ranked --prune-for=n=4096 | FileCheck %s --check-prefix=RANKED
# RUN: tilec %s --list-configs -k unknowable --prune-for=n=4096 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec %s --list-configs -k empty --prune-for=n=4096 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec %s --list-configs -k k --prune-for=n 2>&1 | FileCheck %s --check-prefix=BADARG
#
# `prune_configs_by` runs the program's own functions, as the C++ autotuner
# runs them when it tunes a key: early_config_prune(configs, named_args,
# **kwargs), then the top_k configs perf_model ranks fastest. Values are
# spelled as -D takes them, so `EVEN is False` holds for EVEN=False.
import triton
import triton.language as tl


def fits(configs, named_args, **kwargs):
    n = named_args["n"]
    return [c for c in configs
            if c.kwargs["BLOCK"] <= n and not (kwargs["EVEN"] is False and c.num_warps == 8)]


def distance(n, BLOCK, num_warps, num_stages, **rest):
    return abs(BLOCK - 128)


def needs_pointer(configs, named_args, **kwargs):
    return [c for c in configs if named_args["x_ptr"] is not None]


def drop_all(configs, named_args, **kwargs):
    return []


CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b in (64, 128, 256) for w in (4, 8)]


@triton.autotune(configs=CONFIGS, key=["n", "EVEN"], prune_configs_by={"early_config_prune": fits})
@triton.jit
def k(x_ptr, n, EVEN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.autotune(configs=CONFIGS, key=["n"], prune_configs_by={"perf_model": distance, "top_k": 3})
@triton.jit
def ranked(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.autotune(configs=CONFIGS, key=["n"], prune_configs_by={"early_config_prune": needs_pointer})
@triton.jit
def unknowable(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.autotune(configs=CONFIGS, key=["n"], prune_configs_by={"early_config_prune": drop_all})
@triton.jit
def empty(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)

# ALL: # key: n, EVEN
# ALL-NEXT: 0: BLOCK=64, num_warps=4, num_stages=3
# ALL-NEXT: 1: BLOCK=64, num_warps=8, num_stages=3
# ALL-NEXT: 2: BLOCK=128, num_warps=4, num_stages=3
# ALL-NEXT: 3: BLOCK=128, num_warps=8, num_stages=3
# ALL-NEXT: 4: BLOCK=256, num_warps=4, num_stages=3
# ALL-NEXT: 5: BLOCK=256, num_warps=8, num_stages=3
# ALL-NOT: {{.}}

# SMALL: # key: n, EVEN
# SMALL-NEXT: 0: BLOCK=64, num_warps=4, num_stages=3
# SMALL-NEXT: 2: BLOCK=128, num_warps=4, num_stages=3
# SMALL-NOT: {{.}}

# KEEPALL: # key: n, EVEN
# KEEPALL-NEXT: 0: BLOCK=64, num_warps=4, num_stages=3
# KEEPALL-NEXT: 1: BLOCK=64, num_warps=8, num_stages=3
# KEEPALL-NEXT: 2: BLOCK=128, num_warps=4, num_stages=3
# KEEPALL-NEXT: 3: BLOCK=128, num_warps=8, num_stages=3
# KEEPALL-NEXT: 4: BLOCK=256, num_warps=4, num_stages=3
# KEEPALL-NEXT: 5: BLOCK=256, num_warps=8, num_stages=3
# KEEPALL-NOT: {{.}}

# Stable order: equal estimates keep the configs' order.
# RANKED: # key: n
# RANKED-NEXT: 2: BLOCK=128, num_warps=4, num_stages=3
# RANKED-NEXT: 3: BLOCK=128, num_warps=8, num_stages=3
# RANKED-NEXT: 0: BLOCK=64, num_warps=4, num_stages=3
# RANKED-NOT: {{.}}

# UNKNOWN: # key: n
# UNKNOWN-NEXT: # not pruned: 'early_config_prune' needs a missing key 'x_ptr' (autotune_prune.py:28)
# UNKNOWN-NEXT: 0: BLOCK=64
# UNKNOWN: 5: BLOCK=256

# EMPTY: error: prune_configs_by: no valid autotuner configs after pruning: 'early_config_prune' should return at least one config

# BADARG: error: --prune-for=n: expected NAME=VALUE
