# The CI op suite's classification of tilec's outcomes, with a fake tilec:
# a signal, an abort, LLVM ERROR, an unlocated error, an error at line 0, a
# generic legalization failure, an error that does not name the function,
# another exit code, and a PTX ptxas rejects all FAIL; a located refusal by
# name is `refused`; a PTX with the key instruction is `lowered`, without
# it FAILED.
#
# REQUIRES: ptxas
# DEFINE: %{suite} = %python %tilec_src/bench/opsuite/ci.py \
# DEFINE:   --tilec %S/Inputs/fake_tilec.py --ptxas %ptxas --targets sm_90a \
# DEFINE:   --only '^k_exp_fp32$'
# RUN: env FAKE_MODE=segv not %{suite} --out %t.segv | FileCheck %s --check-prefix=SEGV
# RUN: env FAKE_MODE=abort not %{suite} --out %t.abort | FileCheck %s --check-prefix=ABORT
# RUN: env FAKE_MODE=llvm_error not %{suite} --out %t.llvm | FileCheck %s --check-prefix=LLVM
# RUN: env FAKE_MODE=unlocated not %{suite} --out %t.unloc | FileCheck %s --check-prefix=UNLOC
# RUN: env FAKE_MODE=line0 not %{suite} --out %t.line0 | FileCheck %s --check-prefix=LINE0
# RUN: env FAKE_MODE=generic not %{suite} --out %t.generic | FileCheck %s --check-prefix=GENERIC
# RUN: env FAKE_MODE=unnamed not %{suite} --out %t.unnamed | FileCheck %s --check-prefix=UNNAMED
# RUN: env FAKE_MODE=exit2 not %{suite} --out %t.exit2 | FileCheck %s --check-prefix=EXIT2
# RUN: env FAKE_MODE=bad_ptx not %{suite} --out %t.bad | FileCheck %s --check-prefix=BADPTX
# RUN: env FAKE_MODE=ptx_nokey not %{suite} --out %t.nokey | FileCheck %s --check-prefix=NOKEY
# RUN: env FAKE_MODE=refused %{suite} --out %t.refused | FileCheck %s --check-prefix=REFUSED
# RUN: env FAKE_MODE=ptx_key %{suite} --out %t.key | FileCheck %s --check-prefix=LOWERED
#
# A known failure passes; a known failure that now lowers fails as fixed.
# RUN: echo 'k_exp_fp32@sm_90a  # crashes' > %t.baseline
# RUN: env FAKE_MODE=segv %{suite} --out %t.known --baseline %t.baseline | FileCheck %s --check-prefix=KNOWN
# RUN: env FAKE_MODE=ptx_key not %{suite} --out %t.fixed --baseline %t.baseline | FileCheck %s --check-prefix=FIXED

# SEGV: FAILED k_exp_fp32@sm_90a: tilec ended with signal/exit code -11
# SEGV: 0 lowered, 0 refused, 0 known failures, 1 FAILED
# ABORT: FAILED k_exp_fp32@sm_90a: tilec ended with signal/exit code -6: LLVM ERROR: Cannot select
# LLVM: FAILED k_exp_fp32@sm_90a: 'LLVM ERROR' in tilec's output
# UNLOC: FAILED k_exp_fp32@sm_90a: unlocated error: error: no libcall available for fexp
# LINE0: FAILED k_exp_fp32@sm_90a: error at line 0, outside the file
# GENERIC: FAILED k_exp_fp32@sm_90a: generic lowering failure, not a refusal by name
# UNNAMED: FAILED k_exp_fp32@sm_90a: error at {{[0-9]+}}:9 does not name exp: something is wrong
# EXIT2: FAILED k_exp_fp32@sm_90a: tilec exit code 2
# BADPTX: FAILED k_exp_fp32@sm_90a: ptxas rejects the PTX
# NOKEY: FAILED k_exp_fp32@sm_90a: key instruction /{{.*}}/ not in the PTX
# REFUSED: exp: refused: lowered 0/1; refused 1 (fp32@sm_90a: 'tl.exp' is not supported by tilec)
# REFUSED: 0 lowered, 1 refused, 0 known failures, 0 FAILED
# LOWERED: exp: lowered: lowered 1/1
# LOWERED: 1 lowered, 0 refused, 0 known failures, 0 FAILED
# KNOWN: known k_exp_fp32@sm_90a: tilec ended with signal
# KNOWN: 0 lowered, 0 refused, 1 known failures, 0 FAILED, 0 fixed
# FIXED: fixed: k_exp_fp32@sm_90a no longer fails: remove it from the baseline
# FIXED: 1 lowered, 0 refused, 0 known failures, 0 FAILED, 1 fixed
