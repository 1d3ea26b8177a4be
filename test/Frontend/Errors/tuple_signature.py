# Tuple entries of the launch signature: malformed ones name the element, and
# a constexpr parameter takes no tuple of types.
#
# RUN: not tilec %s -k k -s "(*fp32:16,*fp17), i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ELT
# RUN: not tilec %s -k k -s "(*fp32:16), i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ONE
# RUN: not tilec %s -k k -s "(*fp32,i32:3), i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=SPECIAL
# RUN: not tilec %s -k k -s "(*fp32,), i32, (i32,i32)" --emit=tile 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not tilec %s -k k -s "(*fp32,4:16), i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=VALSPEC
import triton
import triton.language as tl


@triton.jit
def k(X, N, BLOCK: tl.constexpr):
    tl.store(X[0] + tl.arange(0, BLOCK), N)

# ELT: {{.*}}tuple_signature.py:14:5: error: in the signature of 'k': malformed signature entry 1 '(*fp32:16,*fp17)': in tuple element '*fp17': unknown element type 'fp17'
# ONE: {{.*}}tuple_signature.py:14:5: error: in the signature of 'k': malformed signature entry 1 '(*fp32:16)': a tuple of one element is written with a trailing comma, as '(i32,)'
# SPECIAL: {{.*}}tuple_signature.py:14:5: error: in the signature of 'k': malformed signature entry 1 '(*fp32,i32:3)': in tuple element 'i32:3': the specialization after ':' must be 16 (divisible by 16) or 1 (equal to 1)
# CONSTEXPR: {{.*}}tuple_signature.py:14:13: error: constexpr parameter 'BLOCK' needs a value, but signature entry 3 is the type '(i32,i32)' (give a bare value or -D BLOCK=...)
# VALSPEC: {{.*}}tuple_signature.py:14:5: error: in the signature of 'k': malformed signature entry 1 '(*fp32,4:16)': in tuple element '4:16': a constexpr value takes no ':' specialization
