# tilec exits with exactly 1 on every reported error (a compile error, a bad
# command line, a missing file, a failed --verify-diagnostics) and 0 on success;
# never with a signal or another code. `not` only checks non-zero, so run it
# under a helper that compares the status.
#
# RUN: %python %S/Inputs/expect_exit.py 0 tilec %s -k ok -s "*fp32, i32" --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s -k bad -s "*fp32, i32" --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s -k nope -s "*fp32, i32" --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s -k ok -s "*fp17, i32" --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s -k ok -s "*fp32, i32" -D X=1 --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s.missing -k ok -s "*fp32, i32" --emit=tile
# RUN: %python %S/Inputs/expect_exit.py 1 tilec %s -k bad -s "*fp32, i32" --verify-diagnostics
import triton
import triton.language as tl


@triton.jit
def ok(X, N):
    tl.store(X, N.to(tl.float32))


@triton.jit
def bad(X, N):
    x = tl.arange(0, 100)
