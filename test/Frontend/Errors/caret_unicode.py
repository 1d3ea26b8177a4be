# Columns count characters, not bytes, and the caret stays under the
# character the error is about on lines that hold non-ASCII text: accented
# letters take one column, wide (East Asian) characters two, a tab runs to
# the next multiple of 8 in the echo and under it alike.
#
# RUN: not tilec %s -k accented -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ACCENT --strict-whitespace --match-full-lines
# RUN: not tilec %s -k wide -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=WIDE --strict-whitespace --match-full-lines
# RUN: not tilec %s -k tabbed -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=TABBED --strict-whitespace --match-full-lines
# RUN: not tilec %s -k inlined -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=INLINED --strict-whitespace --match-full-lines
# The same through the kernel cache's compile (a string of diagnostics).
# RUN: not tilec %s -k wide -s "*fp32, i32" --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=WIDE --strict-whitespace --match-full-lines
import triton
import triton.language as tl


@triton.jit
def accented(X, N):
    café = N + undefined_name


@triton.jit
def wide(X, N):
    变量 = N + undefined_name


@triton.jit
def tabbed(X, N):
	é = N + undefined_name


@triton.jit
def leaf(a):
    return a * tl.arange(0, 100)


@triton.jit
def inlined(X, N):
    ÿ = leaf(N)

# ACCENT:{{.*}}caret_unicode.py:18:16: error: name 'undefined_name' is not defined
# ACCENT-NEXT:    café = N + undefined_name
# ACCENT-NEXT:               ^
# ACCENT-NOT:{{.}}

# WIDE:{{.*}}caret_unicode.py:23:14: error: name 'undefined_name' is not defined
# WIDE-NEXT:    变量 = N + undefined_name
# WIDE-NEXT:               ^
# WIDE-NOT:{{.}}

# TABBED:{{.*}}caret_unicode.py:28:10: error: name 'undefined_name' is not defined
# TABBED-NEXT:        é = N + undefined_name
# TABBED-NEXT:                ^
# TABBED-NOT:{{.}}

# INLINED:{{.*}}caret_unicode.py:33:16: error: 'tl.arange' range must be a power of two, got 100
# INLINED-NEXT:    return a * tl.arange(0, 100)
# INLINED-NEXT:               ^
# INLINED-NEXT:{{.*}}caret_unicode.py:38:9: note: called from
# INLINED-NEXT:    ÿ = leaf(N)
# INLINED-NEXT:        ^
# INLINED-NOT:{{.}}
