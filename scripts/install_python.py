#!/usr/bin/env python3
"""Installs python/tilec into a Python: a `tilec.pth` in its site-packages
that puts this checkout's python/ on sys.path (so `import tilec` works
anywhere and the package finds build/lib/libtilec.so) and imports
python/_tilec_startup.py at each start, which makes TILEC_AS_TRITON=1
route Triton's launches through tilec in scripts that never import tilec.

    python3 scripts/install_python.py [--site DIR] [--uninstall]

Run with the Python to install into (scripts/main.sh runs it with
python3). The file goes to --site, else that Python's purelib
site-packages when writable, else its user site-packages. Idempotent: the
file is rewritten whole. docs/python.md.
"""

import argparse
import os
import site
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PTH = "tilec.pth"


def target_dir(explicit):
    if explicit:
        return explicit
    purelib = sysconfig.get_paths()["purelib"]
    if os.path.isdir(purelib) and os.access(purelib, os.W_OK):
        return purelib
    return site.getusersitepackages()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", help="the site-packages directory to write to")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    directory = target_dir(args.site)
    path = os.path.join(directory, PTH)
    if args.uninstall:
        if os.path.exists(path):
            os.remove(path)
            print(f"install_python: removed {path}")
        return 0
    os.makedirs(directory, exist_ok=True)
    python_dir = os.path.join(ROOT, "python")
    text = (f"{python_dir}\n"
            "import _tilec_startup\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    print(f"install_python: {path} -> {python_dir} "
          f"(Python {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
