# RUN: tilec %s -k k -s "*fp32:16" --emit=tile --split-input-file --verify-diagnostics
# Cache modifiers and eviction policies Triton 3.6 refuses are refused by
# name at their argument: '.cs'/'.wb'/'.wt' on a load, '.ca'/'.cv' on a
# store, 'evict_normal' and unknown names. Combinations PTX has no form for
# (ptxas: "modifier '.evict_first' cannot be combined with modifier '.cg'")
# are refused here too, rather than by ptxas.

import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    # expected-error @+1 {{'tl.load' cache_modifier must be '', '.ca', '.cg' or '.cv', got '.cs'}}
    x = tl.load(X + r, cache_modifier=".cs")
    tl.store(X + r, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    x = tl.load(X + r)
    # expected-error @+1 {{'tl.store' cache_modifier must be '', '.wb', '.cg', '.cs' or '.wt', got '.ca'}}
    tl.store(X + r, x, cache_modifier=".ca")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    # expected-error @+1 {{eviction_policy must be '', 'evict_first' or 'evict_last', got 'evict_normal'}}
    x = tl.load(X + r, eviction_policy="evict_normal")
    tl.store(X + r, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    # expected-error @+1 {{'tl.load' cache_modifier '.cg' cannot be combined with eviction_policy 'evict_first' in PTX}}
    x = tl.load(X + r, cache_modifier=".cg", eviction_policy="evict_first")
    tl.store(X + r, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    x = tl.load(X + r)
    # expected-error @+1 {{'tl.store' cache_modifier '.wt' cannot be combined with eviction_policy 'evict_last' in PTX}}
    tl.store(X + r, x, cache_modifier=".wt", eviction_policy="evict_last")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    # expected-error @+1 {{'tl.load' volatile=True cannot be combined with a cache_modifier or eviction_policy in PTX}}
    x = tl.load(X + r, cache_modifier=".ca", volatile=True)
    tl.store(X + r, x)
