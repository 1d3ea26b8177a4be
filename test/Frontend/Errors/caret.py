# The exact shape of a diagnostic: the `FILE:LINE:COL: error:` line, the source
# line echoed, and a caret under the column; an error inside an inlined helper
# adds a `note: called from` (same three-line shape) for every call on the way.
#
# RUN: not tilec %s -k direct -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=DIRECT --strict-whitespace --match-full-lines
# RUN: not tilec %s -k inlined -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=INLINED --strict-whitespace --match-full-lines
# RUN: not tilec %s -k tabbed -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=TABBED --strict-whitespace --match-full-lines
import triton
import triton.language as tl


@triton.jit
def direct(X, N):
    x = N + undefined_name


@triton.jit
def leaf(a):
    return a * tl.arange(0, 100)


@triton.jit
def middle(a):
    return leaf(a) + 1


@triton.jit
def inlined(X, N):
    y = middle(N)


@triton.jit
def tabbed(X, N):
	y = N + undefined_name

# DIRECT:{{.*}}caret.py:14:13: error: name 'undefined_name' is not defined
# DIRECT-NEXT:    x = N + undefined_name
# DIRECT-NEXT:            ^
# DIRECT-NOT:{{.}}

# INLINED:{{.*}}caret.py:19:16: error: 'tl.arange' range must be a power of two, got 100
# INLINED-NEXT:    return a * tl.arange(0, 100)
# INLINED-NEXT:               ^
# INLINED-NEXT:{{.*}}caret.py:24:12: note: called from
# INLINED-NEXT:    return leaf(a) + 1
# INLINED-NEXT:           ^
# INLINED-NEXT:{{.*}}caret.py:29:9: note: called from
# INLINED-NEXT:    y = middle(N)
# INLINED-NEXT:        ^
# INLINED-NOT:{{.}}

# A tab is expanded to the next multiple of 8 in the echo; the caret follows.
# TABBED:{{.*}}caret.py:34:10: error: name 'undefined_name' is not defined
# TABBED-NEXT:        y = N + undefined_name
# TABBED-NEXT:                ^
# TABBED-NOT:{{.}}
