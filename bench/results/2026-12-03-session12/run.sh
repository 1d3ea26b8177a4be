#!/bin/bash
# Session-12 GPU run: Python JIT, libdevice with the toolkit's libdevice,
# the op suite with Triton's libdevice, sanitizers on the new kernels.
set -u
cd "$(dirname "$0")/.."
mkdir -p $OUT/py
xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0
export TILEC_CACHE_DIR=/tmp/tilec-cache
( timeout 110 python3 bench/python_jit.py $OUT/py > $OUT/py/python_jit.log 2>&1; echo "python_jit rc=$?" >> $OUT/py/python_jit.log )
( timeout 80 python3 -m pytest -q python/tests > $OUT/py/pytest.log 2>&1; echo "pytest rc=$?" >> $OUT/py/pytest.log )
tail -3 $OUT/py/python_jit.log $OUT/py/pytest.log
OPSUITE_CARRY=.carry/ops-cuda timeout 60 bash bench/opsuite/gpu.sh $OUT/ops-cuda > /dev/null 2>&1; echo "ops-cuda rc=$?"
timeout 210 bash bench/opsuite/gpu.sh $OUT/ops > /dev/null 2>&1; echo "ops rc=$?"
timeout 110 bash bench/opsuite/gpu.sh $OUT/ops-san --sanitize --only 'k_(sort|topk|gather|histogram|inline_asm|make_tensor_desc|load_tensor_desc|store_tensor_desc|dot_fp8|cast_fp8|cast_fp16_to_fp8|cast_bf16_to_fp8|cast_fp32_to_fp8|cast_i32_to_i1|cast_i1|atomic_add_bf16|range_unroll|cast_method|dtype_select|tuple_helper)' > /dev/null 2>&1; echo "ops-san rc=$?"
for d in ops-cuda ops ops-san; do echo "== $d"; sed -n '/| status | kernels |/,/^$/p' $OUT/$d/results.md 2>/dev/null; done
