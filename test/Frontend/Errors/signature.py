# Command-line errors: the kernel name, the -s signature and -D bindings, at the
# kernel (or parameter) they are about; a whole-file one says `FILE: error:`.
#
# RUN: not tilec %s -k nope -s "*fp32, i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOKERNEL
# RUN: not tilec %s -s "*fp32, i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=CHOOSE
# RUN: not tilec %s -k k -s "*fp32, i32 32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: not tilec %s -k k -s "*fp32, , 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: not tilec %s -k k -s "*fp17, i32, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=ELTYPE
# RUN: not tilec %s -k k -s "*fp32, i32:3, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=SPECIAL
# RUN: not tilec %s -k k -s "*fp32, i32, 16, 4" --emit=tile 2>&1 | FileCheck %s --check-prefix=TOOMANY
# RUN: not tilec %s -k k -s "" --emit=tile 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not tilec %s -k k -s "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOVALUE
# RUN: not tilec %s -k k -s "*fp32, 5, 16" --emit=tile 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: not tilec %s -k k -s "*fp32, i32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=TYPEFORCONST
# RUN: not tilec %s -k k -s "*fp32, i32, 16" -D FOO=1 --emit=tile 2>&1 | FileCheck %s --check-prefix=DUNKNOWN
# RUN: not tilec %s -k k -s "*fp32, i32, 16" -D N=1 --emit=tile 2>&1 | FileCheck %s --check-prefix=DNOTCONST
# RUN: not tilec %s -k k -s "*fp32, i32, 16" -D BLOCK=abc --emit=tile 2>&1 | FileCheck %s --check-prefix=DBAD
# RUN: not tilec %s -k k -s "*fp32, i32, 16" -D BLOCK=32 --emit=tile 2>&1 | FileCheck %s --check-prefix=DTWICE
# RUN: tilec %s -k k -s "*fp32, i32" -D BLOCK=16 --emit=tile-raw | FileCheck %s --check-prefix=DOK
import triton
import triton.language as tl


@triton.jit
def k(X, N, BLOCK: tl.constexpr):
    x = tl.arange(0, BLOCK)


@triton.jit
def other(Y):
    pass

# NOKERNEL: {{.*}}signature.py: error: no @triton.jit function named 'nope' in the file; it has: k, other
# CHOOSE: {{.*}}signature.py: error: the file has 2 @jit functions; choose one with -k: k, other
# MALFORMED: {{.*}}signature.py:25:5: error: in the signature of 'k': malformed signature entry 2 'i32 32': expected a type such as '*fp16', 'i32' or 'i32:16', or a constexpr value such as 1024
# EMPTY: {{.*}}signature.py:25:5: error: in the signature of 'k': malformed signature entry 2 '': empty entry
# ELTYPE: {{.*}}signature.py:25:5: error: in the signature of 'k': malformed signature entry 1 '*fp17': unknown element type 'fp17' (expected fp16, bf16, fp32, fp64, i1, i8, i16, i32, i64, u8, u16, u32, u64, fp8e4nv, fp8e5 or fp8e4b15)
# SPECIAL: {{.*}}signature.py:25:5: error: in the signature of 'k': malformed signature entry 2 'i32:3': the specialization after ':' must be 16 (divisible by 16) or 1 (equal to 1)
# TOOMANY: {{.*}}signature.py:25:5: error: signature has 4 entries but kernel 'k' has 3 parameters
# NONE: {{.*}}signature.py:25:5: error: missing the launch signature (-s): kernel 'k' has 3 parameters
# NOVALUE: {{.*}}signature.py:25:13: error: constexpr parameter 'BLOCK' has no value: give it in the signature or with -D BLOCK=...
# VALUE: {{.*}}signature.py:25:10: error: parameter 'N' is not a tl.constexpr but signature entry 2 is the value '5'
# TYPEFORCONST: {{.*}}signature.py:25:13: error: constexpr parameter 'BLOCK' needs a value, but signature entry 3 is the type 'i32' (give a bare value or -D BLOCK=...)
# DUNKNOWN: {{.*}}signature.py:25:5: error: -D FOO: kernel 'k' has no parameter named 'FOO'
# DNOTCONST: {{.*}}signature.py:25:10: error: -D N: parameter 'N' is not a tl.constexpr
# DBAD: {{.*}}signature.py:25:13: error: -D BLOCK=abc: expected an integer, a float, True/False, None, a quoted string, a dtype or a tuple
# DTWICE: {{.*}}signature.py:25:5: error: signature has 3 entries but kernel 'k' has 3 parameters; -D binds 1 of them, so the signature lists the other 2
# DOK: func.func @k(%{{.*}}: !tile.ptr<f32>, %{{.*}}: i32)
# DOK: tile.make_range 0 to 16 : tensor<16xi32>
