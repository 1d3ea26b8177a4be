# Limits whose test kernels are too long to keep in the tree: they are
# written by Inputs/gen_limits.py. Each used to crash or hang tilec; each is
# now a located error, in bounded time.
#
# Helpers nested deeper than 64: refused at the call that goes past, naming
# the helper (64 deep is fine).
# RUN: %python %S/Inputs/gen_limits.py chain 64 > %t.chain64.py
# RUN: tilec %t.chain64.py -k k -s "*fp32" --emit=tile | FileCheck %s --check-prefix=CHAIN64
# RUN: %python %S/Inputs/gen_limits.py chain 65 > %t.chain65.py
# RUN: not tilec %t.chain65.py -k k -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=CHAIN65
# CHAIN64: tile.kernel
# CHAIN65: chain65.py:10:12: error: call to 'h65' nests inlined helpers more than 64 deep
# CHAIN65-NEXT: return h65(x)
# CHAIN65-NEXT: ^
# CHAIN65-NEXT: chain65.py:{{[0-9]+}}:12: note: called from
#
# 40 levels of helpers that each call the next twice (2^40 calls once
# inlined): the call that passes the budget of operations is refused.
# RUN: %python %S/Inputs/gen_limits.py doubling 40 > %t.doubling.py
# RUN: not tilec %t.doubling.py -k k -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=DOUBLING
# DOUBLING: doubling.py:{{[0-9]+}}:{{12|20}}: error: call to 'h{{[0-9]+}}' exceeds the budget of {{[0-9]+}} operations per kernel (helpers are inlined: {{[0-9]+}} calls so far)
# DOUBLING-NEXT: return h{{[0-9]+}}(x) + h{{[0-9]+}}(x)
#
# Literals of more than 4300 digits: CPython's own message for a decimal
# integer, tilec's for the others; a float of 4300 digits is read exactly.
# RUN: %python %S/Inputs/gen_limits.py literal int 4301 > %t.int.py
# RUN: not tilec %t.int.py -k k -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=INT
# INT: int.py:6:17: error: exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits
# RUN: %python %S/Inputs/gen_limits.py literal hex 4301 > %t.hex.py
# RUN: not tilec %t.hex.py -k k -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=HEX
# HEX: hex.py:6:17: error: hexadecimal literal has 4301 digits; tilec accepts at most 4300
# RUN: %python %S/Inputs/gen_limits.py literal float 40000 > %t.float40k.py
# RUN: not tilec %t.float40k.py -k k -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=FLOAT
# FLOAT: float40k.py:6:17: error: float literal has 40000 digits; tilec accepts at most 4300
# RUN: %python %S/Inputs/gen_limits.py literal float 4300 > %t.float4300.py
# RUN: tilec %t.float4300.py -k k -s "*fp32" --emit=tile | FileCheck %s --check-prefix=FLOAT4300
# FLOAT4300: arith.constant 0.111111112 : f32
