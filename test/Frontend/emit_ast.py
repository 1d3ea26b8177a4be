# RUN: tilec %s --emit=ast | FileCheck %s
#
# --emit=ast prints the parsed file as s-expressions: imports, module-level
# constexprs, non-jit functions (as `other`), and each @jit function with its
# decorators, parameters (annotations, defaults) and statements. No signature
# is needed.

# CHECK: (module "{{.*}}emit_ast.py"
# CHECK-NEXT: (import triton as triton)
# CHECK-NEXT: (import triton.language as tl)
# CHECK-NEXT: (constexpr BLOCK 64)
# CHECK-NEXT: (other host {{[0-9]+}}:5)
# CHECK-NEXT: (def kern
# CHECK-NEXT: (decorators (. triton jit))
# CHECK-NEXT: (params (x_ptr) (n) (N : (. tl constexpr) = 16))
# CHECK-NEXT: (body
# CHECK-NEXT: (= pid (call (. tl program_id) (kw axis 0)))
# CHECK-NEXT: (= offs (+ (* pid N) (call (. tl arange) 0 N)))
# CHECK-NEXT: (= x (call (. tl load) (+ x_ptr offs) (kw mask (< offs n)) (kw other 0.0)))
# CHECK-NEXT: (if (and (> n 0) (not pid))
# CHECK-NEXT: (then
# CHECK-NEXT: (= x (neg x)))
# CHECK-NEXT: (else
# CHECK-NEXT: (if (== n 1)
# CHECK-NEXT: (then
# CHECK-NEXT: (= x (sub x (slice _ _ _) None)))
# CHECK-NEXT: (else
# CHECK-NEXT: (pass)))))
# CHECK-NEXT: (for i (call range 0 n 2)
# CHECK-NEXT: (body
# CHECK-NEXT: (+= x i)))
# CHECK-NEXT: (while (> n 0)
# CHECK-NEXT: (body
# CHECK-NEXT: (-= n 1)))
# CHECK-NEXT: (= y (ifexp n x 1.5))
# CHECK-NEXT: (= (tuple a b) (tuple 1 (tuple 2 3)))
# CHECK-NEXT: (expr (call (. tl store) (+ x_ptr offs) (** x 2) (kw mask (< offs n))))
# CHECK-NEXT: (return))))
# CHECK-NOT: {{.}}

import triton
import triton.language as tl

BLOCK = tl.constexpr(64)


def host():
    pass


@triton.jit
def kern(x_ptr, n, N: tl.constexpr = 16):
    pid = tl.program_id(axis=0)
    offs = pid * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    if n > 0 and not pid:
        x = -x
    elif n == 1:
        x = x[:, None]
    else:
        pass
    for i in range(0, n, 2):
        x += i
    while n > 0:
        n -= 1
    y = x if n else 1.5
    a, b = 1, (2, 3)
    tl.store(x_ptr + offs, x ** 2, mask=offs < n)
    return
