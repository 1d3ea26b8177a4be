# lit configuration of tilec's regression tests (IR, frontend, examples).
import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "tilec"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "lit.local.cfg"]
config.substitutions.append(("%examples",
                             os.path.join(config.tilec_src_root, "examples")))
config.substitutions.append(("%tilec_src", config.tilec_src_root))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tilec", "tilec-opt"], [config.tilec_tools_dir])

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# GPU tests (REQUIRES: cuda) run only where a driver and a GPU answer.
def _have_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], capture_output=True,
                              timeout=20).returncode == 0
    except Exception:
        return False

if _have_gpu():
    config.available_features.add("cuda")
