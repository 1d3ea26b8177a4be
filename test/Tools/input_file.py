# What tilec reads as a kernel file: a regular file of at most 16 MiB, or
# standard input up to the same size. Anything else is a file-level error
# that names the file and no line (`FILE: error: ...`), at once: a device
# such as /dev/zero used to be read until memory ran out.
#
# RUN: %python %S/../Frontend/Errors/Inputs/expect_exit.py 1 tilec /dev/zero -k k -s "*fp32"
# RUN: not tilec /dev/zero -k k -s "*fp32" 2>&1 | FileCheck %s --check-prefix=DEVICE --match-full-lines
# DEVICE: /dev/zero: error: not a regular file
#
# A FIFO would block until a writer came.
# RUN: rm -f %t.fifo && mkfifo %t.fifo
# RUN: %python %S/../Frontend/Errors/Inputs/expect_exit.py 1 tilec %t.fifo -k k -s "*fp32"
# RUN: not tilec %t.fifo -k k -s "*fp32" 2>&1 | FileCheck %s --check-prefix=FIFO --match-full-lines
# FIFO: {{.*}}.fifo: error: not a regular file
#
# RUN: not tilec %S -k k -s "*fp32" 2>&1 | FileCheck %s --check-prefix=DIR --match-full-lines
# DIR: {{.*}}Tools: error: is a directory, not a kernel file
#
# RUN: not tilec %s.missing -k k -s "*fp32" 2>&1 | FileCheck %s --check-prefix=MISSING --match-full-lines
# MISSING: {{.*}}input_file.py.missing: error: No such file or directory
#
# A file past 16 MiB, and as much on standard input.
# RUN: %python -c "import sys; sys.stdout.write('#' * (16 * 1024 * 1024) + '\n')" > %t.big.py
# RUN: not tilec %t.big.py -k k -s "*fp32" 2>&1 | FileCheck %s --check-prefix=BIG --match-full-lines
# BIG: {{.*}}.big.py: error: the file has 16777217 bytes; a kernel file may have at most 16777216 bytes (16 MiB)
# RUN: not tilec - -k k -s "*fp32" < %t.big.py 2>&1 | FileCheck %s --check-prefix=BIGSTDIN --match-full-lines
# BIGSTDIN: <stdin>: error: standard input holds more than 16777216 bytes (16 MiB), the most a kernel file may have
#
# Standard input within the limit compiles, and its diagnostics name it.
# RUN: tilec - -k k -s "*fp32" --emit=tile < %s | FileCheck %s --check-prefix=STDIN
# STDIN: func.func @k
# RUN: not tilec - -k nope -s "*fp32" --emit=tile < %s 2>&1 | FileCheck %s --check-prefix=NOKERNEL --match-full-lines
# NOKERNEL: <stdin>: error: no @triton.jit function named 'nope' in the file; it has: k
import triton
import triton.language as tl


@triton.jit
def k(X):
    tl.store(X, 1.0)
