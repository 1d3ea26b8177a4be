# RUN: tilec %S/Inputs/evalpkg/ops/kern.py -k k --list-configs | FileCheck %s --check-prefix=CONFIGS
# RUN: tilec %S/Inputs/evalpkg/ops/kern.py -k k --config=1 -s "*fp32" --emit=tile | FileCheck %s --check-prefix=K
# RUN: tilec %S/Inputs/evalpkg/ops/kern.py -k k2 -s "*fp32" --emit=tile | FileCheck %s --check-prefix=K2
# RUN: not tilec %S/Inputs/evalpkg/ops/kern.py -k k_bad -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: tilec %S/Inputs/evalmain.py -I %S/Inputs/evalpath -s "*fp32" --emit=tile | FileCheck %s --check-prefix=INC
# RUN: env PYTHONPATH=%S/Inputs/evalpath tilec %S/Inputs/evalmain.py -s "*fp32" --emit=tile | FileCheck %s --check-prefix=INC
# RUN: env -u PYTHONPATH not tilec %S/Inputs/evalmain.py -s "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOINC
#
# Imports resolved as Python resolves them: relative imports from the kernel
# file's package (Inputs/evalpkg/ops/kern.py), `import pkg.mod as m`, a
# module found through -I or PYTHONPATH (Inputs/evalmain.py). @jit helpers,
# tl.constexpr globals and autotune configs come from those modules, and an
# error inside a helper points into the helper's own file.

# CONFIGS: 0: BLOCK=32
# CONFIGS: 1: BLOCK=64

# K-LABEL: func.func @k
# K: tile.program_id
# K: arith.extsi
# K: tile.make_range 0 to 64
# K: math.exp

# K2-LABEL: func.func @k2
# K2: tile.make_range 0 to 64

# BAD: {{.*}}evalpkg{{/|\\}}utils.py:15:16: error: 'tl.arange' range must be a power of two, got 100
# BAD-NEXT: return x + tl.arange(0, 100)
# BAD: {{.*}}kern.py:25:21: note: called from

# INC-LABEL: func.func @k
# INC: arith.mulf

# NOINC: error: module 'plainmod' is not available in tilec kernels
